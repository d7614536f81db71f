import { css } from 'lit';

import { figureStyles } from '../figure/figure.styles.js';
import { figureHost, tokens } from '../shared/theme.js';

export const heatmapViewStyles = [
  tokens,
  figureHost,
  figureStyles,
  css`
    .frame {
      position: relative;
    }
    /* Cells at least a pixel wide stay crisp squares; a matrix shrunk below that is smoothed, not aliased. */
    canvas {
      position: absolute;
      cursor: crosshair;
      touch-action: none;
      outline: 1px solid var(--_line);
    }
    canvas:focus-visible {
      outline: 3px solid var(--_focus);
      outline-offset: 2px;
    }
    svg.overlay {
      position: absolute;
      left: 0;
      top: 0;
      pointer-events: none;
      overflow: visible;
      font-family: var(--_mono);
    }
    .cursor {
      fill: none;
      stroke: var(--_focus);
      stroke-width: 2;
    }
    .cursor-halo {
      fill: none;
      stroke: var(--_bg);
      stroke-width: 4;
    }
    .annotation .outline {
      fill: none;
      stroke-width: 2;
    }
    .annotation .outline-halo {
      fill: none;
      stroke: var(--_bg);
      stroke-width: 4;
      opacity: 0.8;
    }
    .annotation .path {
      fill: none;
      stroke-width: 2;
      stroke-dasharray: 6 3;
    }
    .annotation .path-halo {
      fill: none;
      stroke: var(--_bg);
      stroke-width: 4;
      opacity: 0.8;
    }
    svg.legend-bar {
      display: block;
      margin-top: 0.35rem;
      overflow: visible;
      font-family: var(--_mono);
    }
    .legend-tick {
      fill: var(--_muted);
      font-size: 11px;
    }
    details {
      margin-top: 0.3rem;
      font-size: 0.85rem;
    }
    summary {
      cursor: pointer;
      color: var(--_accent);
    }
  `,
];
