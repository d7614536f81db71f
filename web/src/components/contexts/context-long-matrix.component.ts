import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { ContextKind } from '../../lib/internal-types.js';
import type { Matrix } from '../../lib/types.js';
import { figureHost, tokens } from '../shared/theme.js';
import { CONTEXT_INPUTS, ContextFigure, KIND_NAMES } from './context-figure.js';
import { FrameJob } from '../shared/frame-job.js';
import './region-heatmap.js';

interface Pair {
  plain: Matrix<Float64Array>;
  scaled?: Matrix<Float64Array>;
  positions: Float64Array;
  /** First row / column past L (drawn hatched), or undefined. */
  past?: number;
}

/**
 * `size` positions spread evenly over 0 … L′, q = k = (1, …, 1) at each, and the matrix of
 * q_mᵀk_n without scaling and with the chosen one (analysis.longRangeMatrix, float64). Rows and
 * columns past L are hatched. Computed in the task after the slider step; the previous pair of
 * matrices stays until the new one is ready.
 */
export class PosencContextLongMatrix extends ContextFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 1.5rem;
      }
    `,
  ];

  @property() kind: ContextKind = 'yarn';
  @property({ type: Number }) size = 128;
  @property() plainCaption = '';
  @property() regionLabel = '';
  @property() tableLabel = '';

  @state() private m?: Pair;
  private job = new FrameJob();

  disconnectedCallback() {
    this.job.cancel();
    super.disconnectedCallback();
  }

  protected willUpdate(changed: PropertyValues) {
    this.updateFrequencies(changed);
    if (!this.changedAny(changed, ...CONTEXT_INPUTS, 'kind', 'size') || !this.f) return;
    const f = this.f,
      s = this.scaling(this.kind),
      a = this.pe.analysis;
    const length = this.ltarget,
      size = this.size,
      ltrain = this.ltrain;
    const run = () => {
      const plain = a.longRangeMatrix({ invFreq: f.invFreq, length, size });
      const scaled =
        s && !s.error ? a.longRangeMatrix({ invFreq: s.invFreq, attentionFactor: s.attentionFactor, length, size }).scores : undefined;
      const past = plain.positions.findIndex((p) => p > ltrain);
      this.m = { plain: plain.scores, scaled, positions: plain.positions, past: past < 0 ? undefined : past };
      return true;
    };
    if (!this.m) run();
    else this.job.start(run);
  }

  render() {
    const m = this.m;
    if (!m) return nothing;
    const one = (matrix: Matrix<Float64Array>, caption: string, id: string) => html`<posenc-region-heatmap
      id=${id}
      .matrix=${matrix}
      caption=${caption}
      rowLabel="m"
      colLabel="n"
      .rowValues=${m.positions}
      .colValues=${m.positions}
      .regionFrom=${m.past}
      regionLabel=${this.regionLabel}
      size="256"
      tableLabel=${this.tableLabel}
    ></posenc-region-heatmap>`;
    return html`<div class="row">
      ${one(m.plain, this.plainCaption, 'long-matrix-plain')}
      ${m.scaled ? one(m.scaled, this.t(KIND_NAMES[this.kind]), 'long-matrix-scaled') : nothing}
    </div>`;
  }
}
