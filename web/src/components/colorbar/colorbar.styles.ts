import { css } from 'lit';

import { figureStyles } from '../figure/figure.styles.js';
import { tokens } from '../shared/theme.js';

export const colorbarStyles = [
  tokens,
  figureStyles,
  css`
    :host {
      display: block;
      max-width: 100%;
      margin: 0.3rem 0;
    }
    svg {
      display: block;
      overflow: visible;
      font-family: var(--_mono);
    }
    .legend-tick {
      fill: var(--_muted);
      font-size: 11px;
    }
  `,
];
