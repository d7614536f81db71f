import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Matrix } from '../../lib/types.js';
import '../heatmap/heatmap-view.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import { spreadText } from './rope-shift.component.js';

/**
 * Axial 2-D RoPE on a grid of patches (analysis.rope2dScores): the centre patch's query against
 * every patch's key, the centre marked, and the largest change when the query and all keys are
 * shifted together.
 */
export class PosencRope2d extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      p {
        max-width: 46rem;
      }
    `,
  ];

  @property({ type: Number }) grid = 12;
  @property({ type: Number }) dim = 16;
  @property({ type: Number }) seedQ = 21;
  @property({ type: Number }) seedK = 22;
  @property({ attribute: false }) shift: readonly number[] = [5, -3];
  @property() caption = '';
  @property() centreLabel = '';
  /** {sx}, {sy} are filled in; {diff} marks where the number goes. */
  @property() summary = '';
  @property() tableLabel = '';

  @state() private r?: { scores: Matrix<Float64Array>; shifted: Matrix<Float64Array>; maxAbsDifference: number };

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'grid', 'dim', 'seedQ', 'seedK', 'shift')) return;
    const a = this.pe.analysis;
    const q = a.randomNormal({ seed: this.seedQ, rows: 1, cols: this.dim }).data;
    const k = a.randomNormal({ seed: this.seedK, rows: 1, cols: this.dim }).data;
    this.r = a.rope2dScores({ q, k, grid: this.grid, shiftX: this.shift[0], shiftY: this.shift[1] });
  }

  render() {
    const r = this.r;
    if (!r) return nothing;
    const centre = Math.floor(this.grid / 2);
    const [before, after] = fill(this.summary, { sx: this.shift[0], sy: this.shift[1] }).split('{diff}');
    return html`<posenc-heatmap-view
        id="rope2d"
        .matrix=${r.scores}
        caption=${this.caption}
        rowAxis="y"
        colAxis="x"
        .annotations=${[{ kind: 'cell', row: centre, col: centre, label: this.centreLabel, color: 'warn' }]}
        size="280"
        tableLabel=${this.tableLabel}
      ></posenc-heatmap-view>
      <p data-claim="rope2d-shift" data-diff=${r.maxAbsDifference}>${rich(before)}<strong id="rope2d-shift">${spreadText(r.maxAbsDifference)}</strong>${rich(after ?? '')}</p>`;
  }
}
