import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';

import { fmt, MINUS } from '../shared/format.js';
import { tableStyles } from './table.styles.js';

export type Cell = number | string | TemplateResult;

export interface TableRow {
  head: Cell;
  cells: Cell[];
  /** Highlights the row, with the reason shown as a numbered note under the table (e.g. "the 7→8 step"). */
  highlight?: string;
}

export interface TableData {
  caption: string;
  columns: Cell[];
  rows: TableRow[];
  /** Decimals for numeric cells (one value, or one per column). */
  digits?: number | number[];
  /** Highlighted cells (row and column index into `cells`), each with its reason. */
  highlights?: { row: number; col: number; reason: string }[];
  /**
   * Row heads that are sentences, not names: they wrap (at most about 11rem wide), so on a phone the
   * kept-in-view first column leaves room for the columns it labels.
   */
  wrapHeads?: boolean;
  /**
   * Column heads that are words: they wrap at their spaces (never inside a word or a Chinese term),
   * so a table of many short numbers fits its box instead of scrolling for the width of its heads.
   */
  wrapColumns?: boolean;
  /**
   * A list of facts (a label and one value per row): in a box narrower than 480 px each label
   * stands over its value, so no value hides past the right edge of a phone (the labels are
   * sentences, too long to leave room for a second column there).
   */
  stack?: boolean;
  /**
   * A grid of numbers read one row at a time (the lab's accuracy per length): in a box narrower than
   * 480 px each row's head stands over its cells and every cell carries its column's label ("24
   * tokens 0.472"), so no column hides past the right edge of a phone behind a scroll.
   */
  cards?: boolean;
  /** The label each cell carries in cards (default: the column's heading). */
  cardLabels?: string[];
}

/** A string that reads as a number ("−3", "1.2e-3", "29 / 6 / 29", "+1"): aligned like one. */
const NUMERIC = /^\s*[+\-−]?(\d|\.\d|∞)/;

/**
 * A real <table> of numbers: numbers right-aligned in tabular figures with a true minus sign,
 * text left-aligned, the first column kept in view while a wide table scrolls sideways, and
 * optional highlighted rows and cells, each with its reason as a numbered note. Cells whose value
 * changed since the last render flash briefly (not under prefers-reduced-motion), so a reader sees
 * which numbers a slider moved.
 *
 * @prop {TableData} data - caption, columns, rows (with optional `highlight`), digits, highlights
 * @csspart table - the table element
 * @csspart notes - the list of reasons under the table
 * @cssproperty --posenc-highlight - background of highlighted rows and cells
 */
export class PosencTable extends LitElement {
  static styles = tableStyles;

  @property({ attribute: false }) data?: TableData;
  /** Columns hidden past the right edge: a fade and a hint say the table scrolls. */
  @state() private more = false;
  private watch?: ResizeObserver;
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

  disconnectedCallback() {
    this.watch?.disconnect();
    super.disconnectedCallback();
  }

  protected firstUpdated() {
    const scroller = this.renderRoot.querySelector('.scroll');
    if (scroller && typeof ResizeObserver !== 'undefined') {
      this.watch = new ResizeObserver(() => this.measure());
      this.watch.observe(scroller);
      scroller.addEventListener('scroll', () => this.measure(), { passive: true });
    }
  }

  protected updated(changes: PropertyValues) {
    if (changes.has('data')) this.measure();
  }

  private measure() {
    const el = this.renderRoot.querySelector<HTMLElement>('.scroll');
    if (!el) return;
    const more = el.scrollWidth - el.clientWidth - el.scrollLeft > 2;
    if (more !== this.more) this.more = more;
  }

  private text(cell: Cell, c: number): string {
    if (typeof cell === 'number') {
      const d = this.data?.digits;
      return fmt(cell, Array.isArray(d) ? (d[c] ?? 4) : (d ?? 4));
    }
    // A number given as text gets the true minus sign too ("-3" → "−3").
    return typeof cell === 'string' ? cell.replace(/^-(?=[\d.∞])/, MINUS) : '';
  }

  /** Numbered reasons: the same reason written twice is one note. */
  private notes(d: TableData): string[] {
    const out: string[] = [];
    for (const r of d.rows) if (r.highlight && !out.includes(r.highlight)) out.push(r.highlight);
    for (const h of d.highlights ?? []) if (!out.includes(h.reason)) out.push(h.reason);
    return out;
  }

  render() {
    const d = this.data;
    if (!d) return null;
    const notes = this.notes(d);
    const mark = (reason: string) => String(notes.indexOf(reason) + 1);
    const cellNote = new Map((d.highlights ?? []).map((h) => [`${h.row}:${h.col}`, h.reason]));
    // A column mostly of words is read from the left, its header too: right-aligned over
    // a wide column, a header sat past the right edge of a phone's screen (the comparison table).
    const isText = (cell: Cell) => typeof cell === 'object' || (typeof cell === 'string' && !NUMERIC.test(cell));
    const textCol = (d.rows[0]?.cells ?? []).map(
      (_, c) => d.rows.filter((r) => r.cells[c] !== undefined && isText(r.cells[c])).length > d.rows.length / 2,
    );
    // The visible caption sits outside the scroller so it wraps to the screen, not to the table;
    // the <caption> stays for screen readers.
    return html`${d.caption ? html`<div class="caption" aria-hidden="true">${d.caption}</div>` : nothing}
      <div class="frame ${this.more ? 'more' : ''} ${d.stack || d.cards ? 'stack' : ''}">
      <div class="scroll" role="region" aria-label=${d.caption} tabindex="0">
        <table part="table" class=${[d.wrapHeads ? 'wrap-heads' : '', d.wrapColumns ? 'wrap-columns' : '', d.stack ? 'stacked' : '', d.cards ? 'cards' : ''].filter(Boolean).join(' ')}>
          <caption class="sr-only">${d.caption}</caption>
          <thead>
            <tr>
              ${d.columns.map((c, k) => html`<th scope="col" class=${k > 0 && textCol[k - 1] ? 'text-col' : ''}>${c}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${d.rows.map(
              (row, r) => html`<tr class=${row.highlight ? 'hl' : ''}>
                <th scope="row" class=${typeof row.head === 'string' && !NUMERIC.test(row.head) ? 'text' : ''} data-mark=${row.highlight ? mark(row.highlight) : nothing} aria-describedby=${row.highlight ? `note-${mark(row.highlight)}` : nothing}>${row.head}</th>
                ${row.cells.map((cell, c) => {
                  const text = typeof cell === 'object' ? '' : this.text(cell, c);
                  const reason = cellNote.get(`${r}:${c}`);
                  // Colour follows what is printed: −0.0000 from a tiny negative is shown as 0.0000.
                  const cls = [
                    this.changed.has(`${r}:${c}`) ? 'changed' : '',
                    text.startsWith(MINUS) ? 'neg' : '',
                    typeof cell === 'string' && !NUMERIC.test(cell) ? 'text' : '',
                    reason ? 'hl' : '',
                    textCol[c] ? 'text-col' : '',
                  ]
                    .filter(Boolean)
                    .join(' ');
                  const card = d.cards ? (d.cardLabels?.[c] ?? d.columns[c + 1]) : undefined;
                  return html`<td class=${cls} data-mark=${reason ? mark(reason) : nothing} data-card=${card ?? nothing} aria-describedby=${reason ? `note-${mark(reason)}` : nothing}>${typeof cell === 'object' ? cell : text}</td>`;
                })}
              </tr>`,
            )}
          </tbody>
        </table>
      </div>
      ${this.more ? html`<span class="more-hint" aria-hidden="true">⇢</span>` : nothing}
      </div>
      ${
        notes.length
          ? html`<ol class="notes" part="notes">
            ${notes.map((n, i) => html`<li id=${`note-${i + 1}`}><span class="mark">${i + 1}</span> ${n}</li>`)}
          </ol>`
          : nothing
      }`;
  }
}
