import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Matrix } from '../../lib/types.js';
import '../heatmap/heatmap-view.js';
import '../plot/plot.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import { spreadText } from './rope-shift.component.js';

/**
 * q_mᵀk_n for the same q at every m and the same k at every n (analysis.ropeRelativeScores,
 * float64): the matrix, one diagonal n − m = gap outlined and plotted, and the largest spread along
 * any diagonal.
 */
export class PosencRopeRelativeMatrix extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 1.5rem;
        align-items: flex-start;
      }
      posenc-plot {
        flex: 1 1 18rem;
      }
      p {
        max-width: 46rem;
      }
    `,
  ];

  @property({ type: Number }) count = 64;
  @property({ type: Number }) dim = 8;
  @property({ type: Number }) base = 10000;
  @property({ type: Number }) gap = 3;
  @property({ type: Number }) seedQ = 11;
  @property({ type: Number }) seedK = 12;
  @property() caption = '';
  /** {gap} is filled in. */
  @property() diagonalCaption = '';
  /** {dev} is filled in. */
  @property() summary = '';
  @property() tableLabel = '';

  @state() private r?: { scores: Matrix<Float64Array>; maxDiagonalDeviation: number };
  /** The plot's y range: ±1.1 × the largest |score| (a loop: spreading 65 536 values into Math.max took ms per render). */
  private yRange: [number, number] = [-1, 1];
  @state() private diag?: { x: number[]; y: number[] };

  protected willUpdate(changed: PropertyValues) {
    if (this.changedAny(changed, 'count', 'dim', 'base', 'seedQ', 'seedK')) {
      const a = this.pe.analysis;
      const q = a.randomNormal({ seed: this.seedQ, rows: 1, cols: this.dim }).data;
      const k = a.randomNormal({ seed: this.seedK, rows: 1, cols: this.dim }).data;
      const inv = this.pe.inverseFrequencies({ dim: this.dim, base: this.base }).invFreq;
      this.r = a.ropeRelativeScores({ q, k, count: this.count, invFreq: inv });
      let top = 0;
      for (const v of this.r.scores.data) top = Math.max(top, Math.abs(v));
      this.yRange = [-1.1 * top, 1.1 * top];
    }
    if (this.r && this.changedAny(changed, 'count', 'dim', 'base', 'seedQ', 'seedK', 'gap')) {
      // the cells (m, m + gap) of the outlined diagonal, read out of the matrix
      const S = this.r.scores,
        x: number[] = [],
        y: number[] = [];
      for (let m = 0; m < S.rows; m++) {
        const n = m + this.gap;
        if (n >= 0 && n < S.cols) {
          x.push(m);
          y.push(S.data[m * S.cols + n]);
        }
      }
      this.diag = { x, y };
    }
  }

  render() {
    const r = this.r,
      d = this.diag;
    if (!r || !d) return nothing;
    const [before, after] = this.summary.split('{dev}');
    return html`<div class="row">
        <posenc-heatmap-view
          id="rope-scores"
          .matrix=${r.scores}
          caption=${this.caption}
          rowAxis="m"
          colAxis="n"
          .annotations=${[{ kind: 'diagonal', offset: this.gap, label: `n − m = ${this.gap}`, color: 'warn' }]}
          size="300"
          tableLabel=${this.tableLabel}
        ></posenc-heatmap-view>
        <posenc-plot
          id="rope-diagonal"
          .series=${[{ label: fill(this.diagonalCaption, { gap: this.gap }), x: d.x, y: d.y, color: 'warn', points: d.x.length < 80 }]}
          .yRange=${this.yRange}
          caption=${fill(this.diagonalCaption, { gap: this.gap })}
          xLabel="m"
          yLabel="qₘᵀkₙ"
          height="220"
        ></posenc-plot>
      </div>
      <p data-claim="rope-toeplitz" data-dev=${r.maxDiagonalDeviation}>${rich(before)}<strong id="rope-toeplitz">${spreadText(r.maxDiagonalDeviation)}</strong>${rich(after ?? '')}</p>`;
  }
}
