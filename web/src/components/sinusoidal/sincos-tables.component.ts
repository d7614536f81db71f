import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Matrix } from '../../lib/types.js';
import { fmt, MINUS } from '../shared/format.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { figureHost, tokens } from '../shared/theme.js';

/** Columns shown at most (pairs); the heatmap shows every column. Keeps a slider step in one frame. */
const MAX_PAIRS = 8;
/**
 * Rows and pairs added per frame when a table grows: n from 1 to 32 at once took 19-24 ms to lay
 * out and paint, d_model from 2 to 64 took 19-26 ms (one frame is 16.7).
 */
const ROWS_PER_FRAME = 8;
const PAIRS_PER_FRAME = 2;

const sub = (i: number) =>
  String(i)
    .split('')
    .map((d) => '₀₁₂₃₄₅₆₇₈₉'[Number(d)])
    .join('');

/**
 * The sin table, the cos table and the full interleaved vectors PE[pos] for positions 0 … n−1,
 * float64 from the core (the d_model = 8 tables of seed 000 at the defaults). Wide encodings show
 * their first MAX_PAIRS pairs, with a note saying so.
 */
export class PosencSincosTables extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .pair {
        display: flex;
        flex-wrap: wrap;
        gap: 0 1.5rem;
      }
      .note {
        font-size: 0.8rem;
        color: var(--_muted);
      }
      .scroll {
        overflow-x: auto;
        max-width: 100%;
        margin: 0.6rem 0;
      }
      /* Fixed layout: column widths come from the first row, so a step that rewrites every value
         does not re-measure every cell. */
      table {
        border-collapse: collapse;
        font-family: var(--_mono);
        font-size: 0.84rem;
        font-variant-numeric: tabular-nums;
        table-layout: fixed;
      }
      col.v {
        width: 4.6rem;
      }
      col.h {
        width: 3rem;
      }
      td {
        contain: strict;
        height: 1.35rem;
      }
      caption {
        text-align: left;
        font-family: var(--_sans);
        color: var(--_muted);
        font-size: 0.85rem;
        padding-bottom: 0.3rem;
      }
      th,
      td {
        padding: 0.16rem 0.5rem;
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
        position: sticky;
        left: 0;
        background: var(--_bg);
      }
      td.neg {
        color: var(--_accent-2);
      }
    `,
  ];

  @property({ type: Number }) dim = 8;
  @property({ type: Number }) n = 11;
  @property({ type: Number }) base = 10000;
  /** Which tables: 'sincos' (two tables) or 'vectors' (the interleaved PE rows). */
  @property() show: 'sincos' | 'vectors' = 'sincos';
  @property() caption = '';
  @property() captionCos = '';
  /** Shown when columns are cut; {shown} {pairs} filled. */
  @property() truncated = '';

  @state() private table?: Matrix<Float64Array>;
  /** Rows and pairs on screen: all of them, except while a grown table fills in (…_PER_FRAME a frame). */
  private rowsShown = -1;
  private pairsShown = -1;

  protected willUpdate(changed: PropertyValues) {
    if (this.changedAny(changed, 'dim', 'n', 'base', 'show')) {
      this.table = this.pe.sinusoidal({
        positions: this.n,
        dim: this.dim,
        base: this.base,
        layout: this.show === 'sincos' ? 'concat' : 'interleaved',
        precision: 64,
      });
    }
    const grow = (shown: number, all: number, step: number) => (shown < 0 || all <= shown ? all : Math.min(all, shown + step));
    const rows = this.table?.rows ?? 0;
    const pairs = Math.min(this.dim / 2, MAX_PAIRS);
    this.rowsShown = grow(this.rowsShown, rows, ROWS_PER_FRAME);
    this.pairsShown = grow(this.pairsShown, pairs, PAIRS_PER_FRAME);
    if (this.rowsShown < rows || this.pairsShown < pairs) requestAnimationFrame(() => this.requestUpdate());
  }

  /**
   * Columns [from, from + count) as a plain table: one text per cell and no per-cell state, so a
   * slider step that changes every value costs one text update per cell and no restyle.
   */
  private view(caption: string, from: number, count: number, head: (c: number) => string, corner: string, digits: number) {
    const m = this.table!;
    const cols = Array.from({ length: count }, (_, c) => c);
    return html`<div class="scroll" role="region" tabindex="0" aria-label=${caption}>
      <table style=${`width:${3 + 4.6 * count}rem`}>
        <caption>${caption}</caption>
        <colgroup><col class="h" />${cols.map(() => html`<col class="v" />`)}</colgroup>
        <thead>
          <tr><th scope="col">${corner}</th>${cols.map((c) => html`<th scope="col">${head(c)}</th>`)}</tr>
        </thead>
        <tbody>
          ${Array.from(
            { length: Math.min(m.rows, this.rowsShown) },
            (_, r) =>
              html`<tr><th scope="row">${r}</th>${cols.map((c) => {
                const text = fmt(m.data[r * m.cols + from + c], digits);
                return html`<td class=${text.startsWith(MINUS) ? 'neg' : ''}>${text}</td>`;
              })}</tr>`,
          )}
        </tbody>
      </table>
    </div>`;
  }

  render() {
    const m = this.table;
    if (!m) return nothing;
    const pairs = this.dim / 2;
    const shown = Math.min(pairs, MAX_PAIRS);
    const note = shown < pairs ? html`<p class="note">${fill(this.truncated, { shown, pairs })}</p>` : nothing;
    const cols = Math.min(shown, this.pairsShown);
    if (this.show === 'sincos') {
      return html`<div class="pair">
          <div id="sin-table">${this.view(this.caption, 0, cols, (c) => `i=${c}`, 'pos', 4)}</div>
          <div id="cos-table">${this.view(this.captionCos, pairs, cols, (c) => `i=${c}`, 'pos', 4)}</div>
        </div>
        ${note}`;
    }
    return html`<div id="pe-table">${this.view(this.caption, 0, 2 * cols, (c) => `${c % 2 ? 'cos' : 'sin'}${sub(c >> 1)}`, 'pos', 3)}</div>${note}`;
  }
}
