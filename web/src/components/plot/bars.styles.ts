import { css } from 'lit';

import { figureStyles } from '../figure/figure.styles.js';
import { figureHost, tokens } from '../shared/theme.js';

export const barsStyles = [
  tokens,
  figureHost,
  figureStyles,
  css`
    :host {
      max-width: min(100%, 44rem);
    }
    text.bar-label {
      fill: var(--_fg);
      font-size: 12.5px;
      font-family: var(--_sans);
      paint-order: stroke;
      stroke: var(--_bg);
      stroke-width: 3px;
      stroke-linejoin: round;
    }
    text.bar-value {
      fill: var(--_fg);
      font-size: 12px;
    }
    rect.row-hit {
      fill: transparent;
    }
    rect.row-hit.active {
      fill: color-mix(in srgb, var(--_focus) 18%, transparent);
    }
  `,
];
