import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Matrix } from '../../lib/types.js';
import '../table/table.js';
import type { TableData } from '../table/table.js';
import { fill, PosencFigure } from '../shared/figure.js';
import { figureHost, tokens } from '../shared/theme.js';

/** Columns shown at most (pairs); the heatmap shows every column. Keeps a slider step in one frame. */
const MAX_PAIRS = 8;

const sub = (i: number) => String(i).split('').map((d) => '₀₁₂₃₄₅₆₇₈₉'[Number(d)]).join('');

/**
 * The sin table, the cos table and the full interleaved vectors PE[pos] for positions 0 … n−1,
 * float64 from the core (the d_model = 8 tables of seed 000 at the defaults). Wide encodings show
 * their first MAX_PAIRS pairs, with a note saying so.
 */
export class PosencSincosTables extends PosencFigure {
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

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'dim', 'n', 'base', 'show')) return;
    this.table = this.pe.sinusoidal({ positions: this.n, dim: this.dim, base: this.base, layout: this.show === 'sincos' ? 'concat' : 'interleaved', precision: 64 });
  }

  /** Columns [from, from + count) of the table as rows of cells. */
  private data(caption: string, from: number, count: number, head: (c: number) => string, corner: string, digits: number): TableData {
    const m = this.table!;
    return {
      caption,
      columns: [corner, ...Array.from({ length: count }, (_, c) => head(c))],
      rows: Array.from({ length: m.rows }, (_, r) => ({ head: String(r), cells: Array.from(m.data.subarray(r * m.cols + from, r * m.cols + from + count)) })),
      digits,
    };
  }

  render() {
    const m = this.table;
    if (!m) return nothing;
    const pairs = this.dim / 2;
    const shown = Math.min(pairs, MAX_PAIRS);
    const note = shown < pairs ? html`<p class="note">${fill(this.truncated, { shown, pairs })}</p>` : nothing;
    if (this.show === 'sincos') {
      return html`<div class="pair">
          <div id="sin-table"><posenc-table .data=${this.data(this.caption, 0, shown, (c) => `i=${c}`, 'pos', 4)}></posenc-table></div>
          <div id="cos-table"><posenc-table .data=${this.data(this.captionCos, pairs, shown, (c) => `i=${c}`, 'pos', 4)}></posenc-table></div>
        </div>
        ${note}`;
    }
    return html`<div id="pe-table"><posenc-table .data=${this.data(this.caption, 0, 2 * shown, (c) => `${c % 2 ? 'cos' : 'sin'}${sub(c >> 1)}`, 'pos', 3)}></posenc-table></div>${note}`;
  }
}
