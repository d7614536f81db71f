import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Matrix } from '../../lib/types.js';
import '../heatmap/heatmap-view.js';
import { fill } from '../shared/figure.js';
import { LazyFigure } from '../shared/lazy-figure.js';
import { l } from '../shared/i18n.js';
import { pctOrRounding } from '../shared/sci.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import { comparisonStyles } from './comparison.styles.js';
import { measures, type Measures } from './measures.js';

const IDS = ['gallery-sinusoidal', 'gallery-learned', 'gallery-t5', 'gallery-rope'];

/**
 * The part of the score each encoding contributes from position alone, n × n, one heatmap per
 * encoding on its own colour scale (the four are different quantities), each captioned with its
 * relative diagonal spread: stripes mean "depends on j − i only". From the core.
 */

/** The words of this figure, zh and en. */
const T = {
  rounding: l('0（舍入误差）', '0 (rounding)'),
  queryI: l('查询 i', 'query i'),
  keyJ: l('键 j', 'key j'),
  valuesAsTable: l('以表格显示数值', 'Values as a table'),
  noRow: l('没有行', 'no row'),
  /** After the learned spread when the sequence is longer than the table: which pairs it reads. */
  rowsOnly: l('（只算有行的前 {nMax} 个位置）', ' (over the first {nMax} positions, the ones with a row)'),
};

const LEARNED = 1;

/**
 * The learned Gram matrix with every pair that involves a position ≥ n_max set to NaN (drawn grey):
 * a table of n_max rows has nothing there, and the core draws the first n rows of a longer seeded
 * table only because they equal the short table's rows where both exist.
 */
function withoutMissingRows(m: Matrix<Float64Array>, nMax: number): Matrix<Float64Array> {
  if (m.rows <= nMax) return m;
  const data = new Float64Array(m.data);
  for (let i = 0; i < m.rows; i++) for (let j = 0; j < m.cols; j++) if (i >= nMax || j >= nMax) data[i * m.cols + j] = NaN;
  return { rows: m.rows, cols: m.cols, data };
}

export class PosencComparisonGallery extends LazyFigure {
  static styles = [tokens, figureHost, comparisonStyles];

  @property({ type: Number }) n = 32;
  @property({ type: Number }) dim = 16;
  @property({ type: Number }) nMax = 64;
  /** Captions; {spread} is filled in. */
  @property() sinusoidalLabel = '';
  @property() learnedLabel = '';
  @property() t5Label = '';
  @property() ropeLabel = '';
  /** Under the heatmaps. */
  @property() scaleNote = '';

  @state() private m?: Measures;
  /** The four matrices as drawn (the learned one without its missing rows). */
  private drawn: Matrix<Float64Array>[] = [];

  protected willUpdate(changed: PropertyValues) {
    if (!this.due(changed, 'n', 'dim', 'nMax')) return;
    this.m = measures(this.pe, { n: this.n, dim: this.dim, nMax: this.nMax });
    this.drawn = this.m.positionScores.map((s, k) => (k === LEARNED ? withoutMissingRows(s, this.nMax) : s));
    this.computed();
  }

  render() {
    const m = this.m;
    if (!m) return nothing;
    const labels = [this.sinusoidalLabel, this.learnedLabel, this.t5Label, this.ropeLabel];
    return html`<div class="row">
        ${m.positionScores.map(
          (_, k) =>
            html`<posenc-heatmap-view
              id=${IDS[k]}
              data-spread=${m.spreadAlone[k]}
              .matrix=${this.drawn[k]}
              masked-label=${k === LEARNED ? this.t(T.noRow) : ''}
              caption=${
                fill(labels[k], { spread: pctOrRounding(m.spreadAlone[k], this.t(T.rounding)) }) +
                (k === LEARNED && this.n > this.nMax ? fill(this.t(T.rowsOnly), { nMax: this.nMax }) : '')
              }
              rowAxis=${this.t(T.queryI)}
              colAxis=${this.t(T.keyJ)}
              colormap="diverging"
              .size=${180}
              tableLabel=${this.t(T.valuesAsTable)}
            ></posenc-heatmap-view>`,
        )}
      </div>
      <p class="note">${rich(this.scaleNote)}</p>`;
  }
}
