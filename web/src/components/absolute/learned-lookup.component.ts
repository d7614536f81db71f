import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Matrix } from '../../lib/types.js';
import '../heatmap/heatmap-view.js';
import type { HeatmapAnnotation } from '../heatmap/heatmap-view.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { l } from '../shared/i18n.js';
import { figureHost, tokens } from '../shared/theme.js';

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/**
 * A learned position table (n_max × d, initialised as BERT does) and what a sequence of `length`
 * tokens finds in it: one heatmap row per position of the sequence, and whether every position has
 * a row. Past n_max the core refuses the lookup: those positions are drawn empty (grey) and outlined
 * as having no row, and the sentence says so in the reader's language (the core's own message kept in
 * data-refusal), never a clamped row.
 *
 * @fires posenc-answer - { value: 'yes' | 'no' }: does every position of the sequence have a row?
 */

/** The words of this figure, zh and en. */
const T = {
  dimension: l('维度', 'dimension'),
  valuesAsTable: l('以表格显示数值', 'Values as a table'),
  noRow: l('没有这一行（核心拒绝查找）', 'no row (the core refuses)'),
  noRowShort: l('没有行', 'no row'),
  refused: l(
    '位置 {nmax} 在表里没有行（表只有第 0 到 {last} 行）：核心拒绝查找，不会悄悄借用最后一行。',
    'position {nmax} has no row in the table (it has rows 0 to {last}): the core refuses the lookup rather than borrow the last row.',
  ),
};

export class PosencLearnedLookup extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .status.beyond {
        color: var(--_warn);
      }
    `,
  ];

  @property({ type: Number }) nMax = 32;
  @property({ type: Number }) dim = 16;
  @property({ type: Number }) length = 24;
  @property({ type: Number }) seed = 1;
  @property() caption = '';
  /** Sentence when every position has a row; {len} and {nmax} are filled in. */
  @property() within = '';
  /** Sentence when some do not; {len} and {nmax} are filled in. */
  @property() beyond = '';

  @state() private rows?: Matrix<Float64Array>;
  @state() private refusal = '';

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'nMax', 'dim', 'length', 'seed')) return;
    const a = this.pe.analysis;
    const o = { nMax: this.nMax, dim: this.dim, seed: this.seed };
    const found = a.learnedLookup({ ...o, positions: range(Math.min(this.length, this.nMax)) });
    // every position of the sequence gets a row of the figure; those without a row in the table stay NaN (drawn grey)
    const data = new Float64Array(this.length * found.cols).fill(NaN);
    data.set(found.data);
    this.rows = { rows: this.length, cols: found.cols, data };
    this.refusal = '';
    try {
      a.learnedLookup({ ...o, positions: range(this.length) });
    } catch (e) {
      this.refusal = (e as Error).message;
    }
  }

  protected updated(changed: PropertyValues<this>) {
    if (changed.has('length') || changed.has('nMax')) this.emitAnswer(this.refusal ? 'no' : 'yes');
  }

  render() {
    if (!this.rows) return nothing;
    const values = { len: this.length, nmax: this.nMax };
    const marks: HeatmapAnnotation[] =
      this.length > this.nMax
        ? [
            {
              kind: 'rect',
              row0: this.nMax,
              col0: 0,
              row1: this.length - 1,
              col1: this.rows.cols - 1,
              label: this.t(T.noRow),
              color: 'warn',
            },
          ]
        : [];
    return html`<posenc-heatmap-view
        id="learned-heatmap"
        .matrix=${this.rows}
        .annotations=${marks}
        masked-label=${this.t(T.noRowShort)}
        caption=${this.caption}
        rowAxis="pos"
        colAxis=${this.t(T.dimension)}
        colormap="diverging"
        tableLabel=${this.t(T.valuesAsTable)}
      ></posenc-heatmap-view>
      <p id="learned-status" class=${this.refusal ? 'status beyond' : 'status'} role="status">
        ${fill(this.refusal ? this.beyond : this.within, values)}
        ${this.refusal ? html`<span data-refusal=${this.refusal}>${fill(this.t(T.refused), { nmax: this.nMax, last: this.nMax - 1 })}</span>` : nothing}
      </p>`;
  }
}
