import { css } from 'lit';

import { tokens } from '../shared/theme.js';

export const dialsStyles = [
  tokens,
  css`
    :host {
      display: block;
    }
    .row {
      display: flex;
      flex-wrap: wrap;
      gap: 0.4rem;
    }
    .dial {
      text-align: center;
      font-family: var(--_mono);
      font-size: 0.7rem;
      color: var(--_muted);
      width: 4.2rem;
    }
    svg {
      width: 3.4rem;
      height: 3.4rem;
    }
    @media (prefers-reduced-motion: no-preference) {
      line {
        transition: transform 0.15s linear;
      }
    }
  `,
];
