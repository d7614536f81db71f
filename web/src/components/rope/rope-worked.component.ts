import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import '../table/table.js';
import type { TableData } from '../table/table.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import { ANGLE_COLOR, angleText, Plane, planeStyles, Q_COLOR, sub } from './plane-draw.js';

/**
 * Seed 000's worked example, q = [1, 2, 3, 4] at position m (d = 4): each pair drawn in its own
 * plane turning by mθ_i, then step by step in float64 (analysis.ropeAngles, ropeRotate) and the
 * npm package's float32 applyRope beside it.
 */

/** The words of this figure, zh and en. */
const T = {
  mRad: l('mθᵢ（弧度）', 'mθᵢ (rad)'),
  mWithinOne: l('mθᵢ（化到一圈内）', 'mθᵢ (within one turn)'),
  fQM: l('f(q, m) 双精度', 'f(q, m) float64'),
  float32: l('单精度', 'float32'),
};

export class PosencRopeWorked extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    planeStyles,
    css`
      .panels {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem 1.2rem;
        --posenc-plane-size: 11rem;
        --posenc-plane-font: 0.12px;
      }
      .panel {
        font-family: var(--_mono);
        font-size: 0.78rem;
        text-align: center;
      }
      .tables {
        display: flex;
        flex-wrap: wrap;
        gap: 0 1.5rem;
      }
    `,
  ];

  @property({ attribute: false }) q: readonly number[] = [1, 2, 3, 4];
  @property({ type: Number }) m = 2;
  @property({ type: Number }) base = 10000;
  @property() stepsCaption = '';
  @property() resultCaption = '';
  @property() turnWord = 'turns';

  @state() private angles?: Record<'theta' | 'radians' | 'degrees' | 'turns' | 'cos' | 'sin', Float64Array>;
  @state() private exact?: Float64Array;
  @state() private f32?: Float32Array;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'q', 'm', 'base')) return;
    const d = this.q.length;
    const inv = this.pe.inverseFrequencies({ dim: d, base: this.base }).invFreq;
    this.angles = this.pe.analysis.ropeAngles({ invFreq: inv, position: this.m });
    this.exact = this.pe.analysis.ropeRotate({ x: this.q, position: this.m, invFreq: inv });
    this.f32 = this.pe.applyRope(new Float32Array(this.q), { shape: [1, d], positions: [this.m], base: this.base });
  }

  render() {
    const a = this.angles,
      y = this.exact,
      f = this.f32;
    if (!a || !y || !f) return nothing;
    const pairs = a.theta.length;
    const steps: TableData = {
      caption: this.stepsCaption,
      columns: ['i', 'θᵢ', this.t(T.mRad), this.t(T.mWithinOne), 'cos mθᵢ', 'sin mθᵢ'],
      rows: Array.from({ length: pairs }, (_, i) => ({
        head: String(i),
        cells: [a.theta[i], a.radians[i], angleText(a.degrees[i], a.turns[i], this.turnWord, 2), a.cos[i], a.sin[i]],
      })),
      digits: [4, 4, 0, 4, 4],
    };
    const result: TableData = {
      caption: this.resultCaption,
      columns: ['', 'q', this.t(T.fQM), html`<code>applyRope</code> ${this.t(T.float32)}`],
      rows: Array.from(this.q, (v, k) => ({ head: `q${sub(k)}`, cells: [v, y[k], f[k]] })),
      digits: [0, 4, 4],
    };
    const rad = Math.PI / 180;
    return html`<div class="panels" role="list">
        ${Array.from({ length: pairs }, (_, i) => {
          const x0 = this.q[2 * i],
            x1 = this.q[2 * i + 1];
          const pl = new Plane(Math.hypot(x0, x1) * 1.25);
          return html`<div class="panel" role="listitem">
            <svg class="plane" viewBox="-1 -1 2 2" role="img" aria-label=${`pair ${i}: (${x0}, ${x1}) → (${fmt(y[2 * i], 4)}, ${fmt(y[2 * i + 1], 4)})`}>
              ${pl.grid(`q${sub(2 * i)}`, `q${sub(2 * i + 1)}`, false)}
              ${pl.arrow(x0, x1, Q_COLOR, { dash: true })}
              ${pl.arc(Math.atan2(x1, x0), a.degrees[i] * rad, 0.3, ANGLE_COLOR, `${fmt(a.degrees[i], 1)}°`, { width: 0.018, labelR: 0.44 })}
              ${pl.arrow(y[2 * i], y[2 * i + 1], Q_COLOR, { width: 0.028 })}
            </svg>
            <div>${rich(`i = ${i}: (${x0}, ${x1}) → (${fmt(y[2 * i], 3)}, ${fmt(y[2 * i + 1], 3)})`)}</div>
          </div>`;
        })}
      </div>
      <div class="tables">
        <posenc-table id="worked-steps" .data=${steps}></posenc-table>
        <posenc-table id="worked" .data=${result}></posenc-table>
      </div>`;
  }
}
