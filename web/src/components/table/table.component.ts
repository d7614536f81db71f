import { css, html, LitElement, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';

import { fmt, MINUS } from '../shared/format.js';
import { figureHost, tokens } from '../shared/theme.js';

export type Cell = number | string | TemplateResult;

export interface TableData {
  caption: string;
  columns: Cell[];
  rows: { head: Cell; cells: Cell[] }[];
  /** Decimals for numeric cells (one value, or one per column). */
  digits?: number | number[];
}

/**
 * A real <table> of numbers. Cells whose value changed since the last render flash briefly
 * (not under prefers-reduced-motion), so a reader sees which numbers a slider moved.
 *
 * @csspart table - the table element
 */
export class PosencTable extends LitElement {
  static styles = [
    tokens,
    figureHost,
    css`
      .scroll {
        overflow-x: auto;
        max-width: 100%;
      }
      table {
        border-collapse: collapse;
        font-family: var(--_mono);
        font-size: 0.86rem;
        font-variant-numeric: tabular-nums;
      }
      caption {
        text-align: left;
        font-family: var(--_sans);
        color: var(--_muted);
        font-size: 0.85rem;
        padding-bottom: 0.3rem;
        caption-side: top;
      }
      th,
      td {
        padding: 0.22rem 0.55rem;
        border-bottom: 1px solid var(--_line);
        text-align: right;
        white-space: nowrap;
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
      td.neg {
        color: var(--_accent-2);
      }
      td.changed {
        animation: flash 0.9s ease-out;
      }
      @keyframes flash {
        from {
          background: color-mix(in srgb, var(--_focus) 45%, transparent);
        }
        to {
          background: transparent;
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

  @property({ attribute: false }) data?: TableData;
  private previous = new Map<string, string>();
  private changed = new Set<string>();

  protected willUpdate(changes: PropertyValues) {
    if (!changes.has('data') || !this.data) return;
    const next = new Map<string, string>();
    this.changed.clear();
    this.data.rows.forEach((row, r) =>
      row.cells.forEach((cell, c) => {
        const key = `${r}:${c}`;
        const text = this.text(cell, c);
        next.set(key, text);
        const before = this.previous.get(key);
        if (before !== undefined && before !== text) this.changed.add(key);
      }),
    );
    this.previous = next;
  }

  private text(cell: Cell, c: number): string {
    if (typeof cell === 'number') {
      const d = this.data?.digits;
      return fmt(cell, Array.isArray(d) ? (d[c] ?? 4) : (d ?? 4));
    }
    return typeof cell === 'string' ? cell : '';
  }

  render() {
    const d = this.data;
    if (!d) return null;
    return html`<div class="scroll" role="region" aria-label=${d.caption} tabindex="0">
      <table part="table">
        <caption>${d.caption}</caption>
        <thead>
          <tr>
            ${d.columns.map((c) => html`<th scope="col">${c}</th>`)}
          </tr>
        </thead>
        <tbody>
          ${d.rows.map(
            (row, r) => html`<tr>
              <th scope="row">${row.head}</th>
              ${row.cells.map((cell, c) => {
                const text = typeof cell === 'object' ? '' : this.text(cell, c);
                // Colour follows what is printed: −0.0000 from a tiny negative is shown as 0.0000.
                const cls = [this.changed.has(`${r}:${c}`) ? 'changed' : '', text.startsWith(MINUS) ? 'neg' : ''].join(' ');
                return html`<td class=${cls}>${typeof cell === 'object' ? cell : text}</td>`;
              })}
            </tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }
}
