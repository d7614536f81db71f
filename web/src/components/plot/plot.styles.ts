import { css } from 'lit';

import { figureStyles } from '../figure/figure.styles.js';
import { figureHost, tokens } from '../shared/theme.js';

export const plotStyles = [
  tokens,
  figureHost,
  figureStyles,
  css`
    :host {
      max-width: min(100%, 46rem);
    }
  `,
];
