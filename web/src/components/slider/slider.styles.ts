import { css } from 'lit';

import { tokens } from '../shared/theme.js';

export const sliderStyles = [
  tokens,
  css`
    :host {
      display: inline-flex;
      flex-direction: column;
      gap: 0.2rem;
      min-width: min(100%, 11rem);
      flex: 1 1 11rem;
      max-width: 22rem;
    }
    label {
      font-size: 0.85rem;
      color: var(--_muted);
      overflow-wrap: anywhere;
    }
    .row {
      display: flex;
      align-items: center;
      gap: 0.5rem;
    }
    input[type='range'] {
      flex: 1;
      min-width: 5rem;
      accent-color: var(--_accent);
      height: 1.6rem;
      margin: 0;
    }
    input[type='number'] {
      font: inherit;
      font-family: var(--_mono);
      font-size: 0.9rem;
      padding: 0.2rem 0.3rem;
      border: 1px solid var(--_line);
      border-radius: 4px;
      background: var(--_bg);
      color: var(--_fg);
      box-sizing: content-box;
      min-width: 3ch;
    }
    .unit {
      font-size: 0.8rem;
      color: var(--_muted);
    }
  `,
];
