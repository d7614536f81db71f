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
        radial-gradient(farthest-side at 0 50%, color-mix(in srgb, var(--_fg) 30%, transparent), transparent) left / 0.6rem 100% no-repeat scroll,
        radial-gradient(farthest-side at 100% 50%, color-mix(in srgb, var(--_fg) 30%, transparent), transparent) right / 0.6rem 100% no-repeat scroll;
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
    /* A display formula's statements (see statements()) sit side by side while they fit, the gap
       the \qquad they were written with; a statement wider than its box breaks where TeX would
       (after a top-level relation or operator) instead of scrolling sideways. KaTeX's sheet is
       adopted after this one: :host makes the last rule win. */
    .formula.statements {
      display: flex;
      flex-wrap: wrap;
      justify-content: center;
      align-items: baseline;
      column-gap: 2em;
    }
    .statement {
      min-width: 0;
      max-width: 100%;
    }
    .statement .katex-display {
      margin: 0.15em 0;
    }
    :host .katex-display > .katex {
      white-space: normal;
    }
    .pending {
      font-family: var(--_mono);
      font-size: 0.9em;
      color: var(--_muted);
    }
    /* Linked terms (\htmlData{term=…}): a dotted underline says "point here"; the lit one is marked. */
    .formula [data-term] {
      cursor: pointer;
      border-bottom: 1px dotted var(--_accent);
      border-radius: 3px;
      transition: background-color 120ms;
    }
    .formula [data-term].lit {
      background: color-mix(in srgb, var(--_focus) 30%, transparent);
      border-bottom-style: solid;
    }
    .terms {
      position: sticky;
      left: 0;
      display: flex;
      flex-wrap: wrap;
      justify-content: center;
      align-items: baseline;
      gap: 0.3rem 0.4rem;
      margin: 0.2rem 0 0.3rem;
      font-size: 0.82rem;
    }
    .terms-label {
      color: var(--_muted);
    }
    button.term {
      font: inherit;
      color: var(--_fg);
      background: var(--_panel);
      border: 1px solid var(--_line);
      border-radius: 999px;
      padding: 0.15rem 0.6rem;
      min-height: 1.8rem;
      cursor: pointer;
    }
    button.term.lit,
    button.term[aria-pressed='true'] {
      background: color-mix(in srgb, var(--_focus) 30%, var(--_panel));
      border-color: var(--_focus);
    }
    .error {
      color: var(--_warn);
      font-family: var(--_mono);
    }
  `,
];
