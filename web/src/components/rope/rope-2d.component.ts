import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import type { Matrix } from '../../lib/types.js';
import '../heatmap/heatmap-view.js';
import { fill } from '../shared/figure.js';
import { fmt, fmtSig } from '../shared/format.js';
import { fillHtml } from '../shared/sci.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import { spreadText } from './rope-shift.component.js';

/**
 * Axial 2-D RoPE on a grid of patches (analysis.rope2dScores): the centre patch's query against
 * every patch's key, the centre marked, and the largest change when the query and all keys are
 * shifted together. With `thetaText`, the two lists of angles per step θ_x and θ_y
 * (analysis.rope2dFrequencies) and the turns each pair makes for a key at `offset` from the query.
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
  /** A key's offset (Δx, Δy) from the query, for the turns of `thetaText`. */
  @property({ attribute: false }) offset: readonly number[] = [3, 1];
  /** {d}, {half}, {pairs}, {thetaX}, {thetaY}, {dx}, {dy}, {angleX}, {angleY}; '' for none. */
  @property() thetaText = '';

  @state() private r?: { scores: Matrix<Float64Array>; shifted: Matrix<Float64Array>; maxAbsDifference: number };
  @state() private f?: ReturnType<Analysis['rope2dFrequencies']>;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'grid', 'dim', 'seedQ', 'seedK', 'shift', 'offset', 'thetaText')) return;
    const a = this.pe.analysis;
    const q = a.randomNormal({ seed: this.seedQ, rows: 1, cols: this.dim }).data;
    const k = a.randomNormal({ seed: this.seedK, rows: 1, cols: this.dim }).data;
    this.r = a.rope2dScores({ q, k, grid: this.grid, shiftX: this.shift[0], shiftY: this.shift[1] });
    this.f = this.thetaText ? a.rope2dFrequencies({ dim: this.dim, dx: this.offset[0], dy: this.offset[1] }) : undefined;
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
      <p data-claim="rope2d-shift" data-diff=${r.maxAbsDifference}>${rich(before)}<strong id="rope2d-shift">${spreadText(r.maxAbsDifference)}</strong>${rich(after ?? '')}</p>
      ${this.f ? this.thetas(this.f) : nothing}`;
  }

  private thetas(f: ReturnType<Analysis['rope2dFrequencies']>) {
    const list = (v: ArrayLike<number>, sig: (x: number) => string) => `[${Array.from(v, sig).join(', ')}]`;
    const theta = (x: number) => fmtSig(x, 3);
    const angle = (x: number) => fmt(x, 3);
    return html`<p
      id="rope2d-thetas"
      data-claim="rope2d-theta"
      data-dim=${this.dim}
      data-theta-x=${JSON.stringify(Array.from(f.thetaX))}
      data-theta-y=${JSON.stringify(Array.from(f.thetaY))}
      data-angle-x=${JSON.stringify(Array.from(f.angleX))}
      data-angle-y=${JSON.stringify(Array.from(f.angleY))}
    >
      ${fillHtml(this.thetaText, {
        d: this.dim,
        half: f.dimX,
        pairs: f.thetaX.length,
        thetaX: list(f.thetaX, theta),
        thetaY: list(f.thetaY, theta),
        dx: this.offset[0],
        dy: this.offset[1],
        angleX: list(f.angleX, angle),
        angleY: list(f.angleY, angle),
      })}
    </p>`;
  }
}
