import { css } from 'lit';

import { figureHost, tokens } from '../shared/theme.js';

export const tableStyles = [
  tokens,
  figureHost,
  css`
    :host {
      --_hl: var(--posenc-highlight, color-mix(in srgb, var(--_focus) 20%, var(--_bg)));
    }
    .scroll {
      overflow-x: auto;
      max-width: 100%;
    }
    /* More columns past the right edge: a fade over the last visible ones and an arrow. */
    .frame {
      position: relative;
      max-width: 100%;
      width: fit-content;
    }
    .frame.more::after {
      content: '';
      position: absolute;
      top: 0;
      right: 0;
      bottom: 0;
      width: 2.5rem;
      pointer-events: none;
      background: linear-gradient(to right, transparent, var(--_bg));
    }
    .more-hint {
      position: absolute;
      right: 0.2rem;
      top: 0.1rem;
      z-index: 2;
      color: var(--_accent);
      font-weight: 700;
      pointer-events: none;
    }
    /* A list of facts measures the room it is given (not its own content) to decide whether to stack. */
    .frame.stack {
      width: auto;
      container-type: inline-size;
    }
    @container (max-width: 480px) {
      .stacked,
      .stacked tbody,
      .stacked tr,
      .stacked th,
      .stacked td {
        display: block;
      }
      /* heads over columns that are no longer there: kept for screen readers only */
      .stacked thead,
      .cards thead {
        position: absolute;
        width: 1px;
        height: 1px;
        overflow: hidden;
        clip-path: inset(50%);
      }
      .stacked tr {
        border-bottom: 1px solid var(--_line);
        padding: 0.2rem 0;
      }
      .stacked th,
      .stacked td {
        border-bottom: 0;
        text-align: left;
        white-space: normal;
        padding: 0.05rem 0.55rem;
      }
      .stacked tbody th:first-child {
        position: static;
        box-shadow: none;
      }
      .stacked td {
        padding-left: 1.4rem;
      }
      /* cards: a row's head over its cells, each cell a labelled number in a wrapping grid */
      .cards,
      .cards tbody,
      .cards tr,
      .cards tbody th {
        display: block;
      }
      .cards tr {
        border-bottom: 1px solid var(--_line);
        padding: 0.25rem 0 0.35rem;
      }
      .cards tbody th:first-child {
        position: static;
        box-shadow: none;
        text-align: left;
        border-bottom: 0;
        padding: 0.1rem 0.3rem;
        /* over its cards the head has the whole width; wrap-heads' 11rem was for a column beside them */
        max-width: none;
      }
      .cards td {
        display: inline-flex;
        flex-direction: column;
        align-items: flex-end;
        min-width: 4.6rem;
        border-bottom: 0;
        padding: 0.1rem 0.3rem;
      }
      .cards td::before {
        content: attr(data-card);
        font-family: var(--_sans);
        font-size: 0.72rem;
        color: var(--_muted);
      }
      /* cells of words ("added to the input") do not tile as numbers do: side by side they wrapped
         unevenly, label over value; one line each, the label before its value, reads as a list */
      .cards td.text-col {
        display: flex;
        flex-direction: row;
        align-items: baseline;
        gap: 0.5rem;
        text-align: left;
        white-space: normal;
      }
      .cards td.text-col::before {
        flex: 0 0 4.5rem;
      }
    }
    table {
      border-collapse: separate;
      border-spacing: 0;
      font-family: var(--_mono);
      font-size: 0.86rem;
      font-variant-numeric: tabular-nums;
    }
    .caption {
      font-family: var(--_sans);
      color: var(--_muted);
      font-size: 0.85rem;
      padding-bottom: 0.3rem;
    }
    caption.sr-only {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    th,
    td {
      padding: 0.22rem 0.55rem;
      border-bottom: 1px solid var(--_line);
      text-align: right;
      white-space: nowrap;
      background: var(--_bg);
    }
    td.text {
      text-align: left;
      white-space: normal;
      min-width: 12ch;
      font-family: var(--_sans);
    }
    .wrap-heads tbody th {
      white-space: normal;
      min-width: 7rem;
      max-width: 11rem;
    }
    .wrap-columns thead th {
      white-space: normal;
      word-break: keep-all;
      vertical-align: bottom;
    }
    th.text-col,
    td.text-col {
      text-align: left;
    }
    thead th {
      background: var(--_panel);
      font-family: var(--_sans);
      font-weight: 600;
    }
    tbody th {
      color: var(--_muted);
      font-weight: 500;
    }
    tbody th.text {
      text-align: left;
    }
    /* The first column stays in view when the table scrolls sideways (phones). */
    th:first-child {
      position: sticky;
      left: 0;
      z-index: 1;
      box-shadow: inset -1px 0 0 var(--_line);
    }
    /* A value that does not exist (a learned table's missing row): aligned with the numbers, quieter. */
    .absent {
      font-family: var(--_sans);
      font-size: 0.8rem;
      color: var(--_muted);
      font-style: italic;
    }
    td.neg {
      color: var(--_accent-2);
    }
    tr.hl > *,
    td.hl {
      background: var(--_hl);
    }
    tr.hl > th:first-child {
      box-shadow: inset 3px 0 0 var(--_focus), inset -1px 0 0 var(--_line);
      color: var(--_fg);
    }
    td.hl {
      box-shadow: inset 0 0 0 2px var(--_focus);
    }
    [data-mark]::after {
      content: attr(data-mark);
      font-size: 0.7em;
      /* Raised without vertical-align, which would make the row taller than its neighbours. */
      position: relative;
      top: -0.5em;
      line-height: 0;
      margin-left: 0.15em;
      color: var(--_fg);
      font-family: var(--_sans);
    }
    ol.notes {
      margin: 0.3rem 0 0;
      padding: 0;
      list-style: none;
      font-size: 0.82rem;
      color: var(--_fg);
    }
    ol.notes .mark {
      display: inline-block;
      min-width: 1.1em;
      font-weight: 600;
    }
    td.changed {
      animation: flash 0.9s ease-out;
    }
    @keyframes flash {
      from {
        background: color-mix(in srgb, var(--_focus) 45%, transparent);
      }
    }
    @media (prefers-reduced-motion: reduce) {
      td.changed {
        animation: none;
        outline: 1px dashed var(--_focus);
      }
    }
  `,
];
