import { css } from 'lit';

import { tokens } from '../shared/theme.js';

export const rotationStyles = [
  tokens,
  css`
    :host {
      display: inline-block;
      max-width: 100%;
    }
    figure {
      margin: 0.6rem 0;
    }
    figcaption {
      font-size: 0.85rem;
      color: var(--_muted);
    }
    svg {
      width: min(100%, var(--posenc-rotation-size, 22rem));
      height: auto;
      display: block;
      touch-action: none;
      overflow: visible;
    }
    .grid {
      stroke: var(--_line);
      fill: none;
    }
    .axis-line {
      stroke: var(--_muted);
    }
    text {
      font-family: var(--_mono);
      font-size: 0.075px;
    }
    text.tick {
      font-size: 0.06px;
      fill: var(--_muted);
    }
    text.axis-name {
      font-family: var(--_sans);
      font-style: italic;
      fill: var(--_fg);
    }
    text.halo {
      paint-order: stroke;
      stroke: var(--_bg);
      stroke-width: 0.02px;
      stroke-linejoin: round;
    }
    .handle {
      cursor: grab;
      fill-opacity: 0.25;
    }
    .handle:focus-visible {
      outline: none;
      stroke: var(--_focus);
      stroke-width: 0.03;
    }
    .coords {
      font-family: var(--_mono);
      font-size: 0.8rem;
      overflow-wrap: anywhere;
    }
  `,
];
