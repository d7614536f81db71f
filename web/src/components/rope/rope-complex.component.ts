import { css, html, nothing, svg } from 'lit';
import { property } from 'lit/decorators.js';

import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import { PlaneFigure } from './plane-figure.js';
import { angleText, K_COLOR, Plane, planeStyles, Q_COLOR } from './plane-draw.js';

/**
 * RoPE as complex multiplication: q̃ = q₀ + i·q₁ times e^{imθ} (a point on the unit circle). The
 * product's length is |q̃|·1 and its angle is ∠q̃ + mθ: multiplying by e^{imθ} is the rotation.
 * The score Re[q̃′·conj(k̃′)] is printed next to the real form q′·k′; both come from the core.
 */

/** The words of this figure, zh and en. */
const T = {
  re: l('实部', 'Re'),
  im: l('虚部', 'Im'),
};

export class PosencRopeComplex extends PlaneFigure {
  static styles = [
    tokens,
    figureHost,
    planeStyles,
    css`
      .wrap {
        display: flex;
        flex-wrap: wrap;
        gap: 0.6rem 1.4rem;
        align-items: flex-start;
      }
      .facts {
        font-family: var(--_mono);
        font-size: 0.84rem;
        line-height: 1.7;
        flex: 1 1 15rem;
      }
      .q {
        color: var(--_accent);
      }
      .k {
        color: var(--_accent-2);
      }
      figcaption {
        font-size: 0.85rem;
        color: var(--_muted);
      }
    `,
  ];

  @property() caption = '';
  /** {complex} and {real} are filled in. */
  @property() scoreLine = '';
  @property() turnWord = 'turns';

  render() {
    const p = this.p;
    if (!p) return nothing;
    const pl = new Plane(Math.max(1, p.normQ, p.normK) * 1.25);
    const rad = Math.PI / 180;
    // e^{imθ}, e^{inθ}: points on the unit circle at the turned angles
    const rotor = (a: number, color: string, label: string) => svg`
      <line x1="0" y1="0" x2=${pl.x(Math.cos(a))} y2=${pl.y(Math.sin(a))} stroke-width="0.008" style=${`stroke:${color}`} opacity="0.6"></line>
      <circle cx=${pl.x(Math.cos(a))} cy=${pl.y(Math.sin(a))} r="0.035" style=${`fill:${color}`}></circle>
      <text x=${pl.x(Math.cos(a)) * 1.12} y=${pl.y(Math.sin(a)) * 1.12 + 0.02} text-anchor="middle" style=${`fill:${color}`}>${label}</text>`;
    const values = { complex: fmt(p.complexScore, 6), real: fmt(p.dot, 6) };
    return html`<figure>
      <div class="wrap">
        <svg class="plane" viewBox="-1 -1 2 2" role="img" aria-label=${this.caption}>
          ${pl.grid(this.t(T.re), this.t(T.im))}
          ${rotor(p.turnQ.radians, Q_COLOR, 'eⁱᵐᶿ')}
          ${rotor(p.turnK.radians, K_COLOR, 'eⁱⁿᶿ')}
          ${pl.arrow(p.q[0], p.q[1], Q_COLOR, { dash: true, label: 'q̃', labelDy: 0.09 })}
          ${pl.arrow(p.k[0], p.k[1], K_COLOR, { dash: true, label: 'k̃', labelDy: 0.09 })}
          ${pl.arc(p.dirQ.radians - p.turnQ.degrees * rad, p.turnQ.degrees * rad, 0.24, Q_COLOR, '+mθ')}
          ${pl.arc(p.dirK.radians - p.turnK.degrees * rad, p.turnK.degrees * rad, 0.34, K_COLOR, '+nθ')}
          ${pl.arrow(p.qRot[0], p.qRot[1], Q_COLOR, { label: 'q̃·eⁱᵐᶿ', width: 0.026 })}
          ${pl.arrow(p.kRot[0], p.kRot[1], K_COLOR, { label: 'k̃·eⁱⁿᶿ', width: 0.026 })}
        </svg>
        <div class="facts" aria-live="polite">
          <div class="q">q̃ = ${fmt(p.q[0], 3)} ${p.q[1] < 0 ? '−' : '+'} ${fmt(Math.abs(p.q[1]), 3)}i</div>
          <div class="q">eⁱᵐᶿ: mθ = ${angleText(p.turnQ.degrees, p.turnQ.turns, this.turnWord)}</div>
          <div class="q">q̃·eⁱᵐᶿ = ${fmt(p.qRot[0], 3)} ${p.qRot[1] < 0 ? '−' : '+'} ${fmt(Math.abs(p.qRot[1]), 3)}i</div>
          <div class="k">k̃·eⁱⁿᶿ = ${fmt(p.kRot[0], 3)} ${p.kRot[1] < 0 ? '−' : '+'} ${fmt(Math.abs(p.kRot[1]), 3)}i</div>
          <div id="complex-score">${rich(fill(this.scoreLine, values))}</div>
        </div>
      </div>
      <figcaption>${rich(this.caption)}</figcaption>
    </figure>`;
  }
}
