import { css } from 'lit';

import { tokens } from '../shared/theme.js';

export const mathStyles = [
  tokens,
  css`
    :host {
      display: inline;
      font-family: inherit;
      color: inherit;
    }
    :host([display]),
    :host([wide]) {
      display: block;
      max-width: 100%;
      overflow-x: auto;
      overflow-y: hidden;
      /* Scroll shadows: the covers scroll with the content, the shadows stay at the edges. */
      background:
        linear-gradient(to right, var(--_bg) 40%, transparent) left / 1.5rem 100% no-repeat local,
        linear-gradient(to left, var(--_bg) 40%, transparent) right / 1.5rem 100% no-repeat local,
        radial-gradient(farthest-side at 0 50%, color-mix(in srgb, var(--_fg) 30%, transparent), transparent) left / 0.6rem 100% no-repeat
          scroll,
        radial-gradient(farthest-side at 100% 50%, color-mix(in srgb, var(--_fg) 30%, transparent), transparent) right / 0.6rem 100%
          no-repeat scroll;
    }
    :host([display]) {
      margin: 0.6em 0;
      padding: 0.1em 0;
      text-align: center;
    }
    :host([wide]:not([display])) {
      margin: 0.2em 0;
    }
    .katex-display {
      margin: 0.3em 0;
    }
    .pending {
      font-family: var(--_mono);
      font-size: 0.9em;
      color: var(--_muted);
    }
    .error {
      color: var(--_warn);
      font-family: var(--_mono);
    }
  `,
];
