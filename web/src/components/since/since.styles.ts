import { css } from 'lit';

import { figureHost, tokens } from '../shared/theme.js';

/** The chapter Since 2023's figures: the page's tokens and figure host, and the sentence under a figure. */
export const sinceStyles = [
  tokens,
  figureHost,
  css`
    .note {
      font-size: 0.9rem;
      margin: 0.3rem 0;
    }
  `,
];
