import { css, html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';

import '../table/table.js';
import type { TableData } from '../table/table.js';
import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import { ANGLE_COLOR, K_COLOR, Plane, planeStyles, Q_COLOR } from './plane-draw.js';
import { PlaneFigure } from './plane-figure.js';

/**
 * The same q and k moved along the sequence together (q at m₀, k at m₀ + (n − m)): small planes
 * side by side show the pair turning as one rigid body, the angle between them unchanged, and a
 * table gives q′·k′ for each. Answers "does q′·k′ change?" from the core's spread of those scores.
 *
 * @fires posenc-answer - 'same' | 'changes'
 */
export class PosencRopeShiftedPairs extends PlaneFigure {
  static styles = [
    tokens,
    figureHost,
    planeStyles,
    css`
      .panels {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem 1rem;
        --posenc-plane-size: 11rem;
        --posenc-plane-font: 0.13px;
      }
      .panel {
        text-align: center;
        font-family: var(--_mono);
        font-size: 0.78rem;
      }
      .caption {
        font-size: 0.85rem;
        color: var(--_muted);
      }
    `,
  ];

  /** Where q is moved to (m₀); k goes to m₀ + (n − m). */
  @property({ attribute: false }) shifts: readonly number[] = [0, 7, 30];
  /** {gap} is filled in. */
  @property() caption = '';
  @property() currentLabel = '';
  /** A sentence under the panels. */
  @property() note = '';

  protected extraKeys = ['shifts'];

  protected measure() {
    this.p = this.pe.analysis.ropePlane({ ...this.planeInputs(), sameGap: this.shifts });
  }

  protected updated(changed: PropertyValues) {
    if (this.p && this.changedAny(changed, 'qx', 'qy', 'kx', 'ky', 'qScale', 'theta', 'm', 'n', 'shifts')) {
      this.emitAnswer(this.p.gapSpread < 1e-9 ? 'same' : 'changes');
    }
  }

  render() {
    const p = this.p;
    if (!p) return nothing;
    const pl = new Plane(Math.max(1, p.normQ, p.normK) * 1.25);
    const rad = Math.PI / 180;
    const data: TableData = {
      caption: fill(this.caption, { gap: p.gap }),
      columns: ['', 'q′·k′'],
      rows: [
        { head: `${this.currentLabel}: m = ${this.m}, n = ${this.n}`, cells: [p.dot] },
        ...Array.from(this.shifts, (m0, i) => ({ head: `m = ${m0}, n = ${p.gapN[i]}`, cells: [p.gapScores[i]] })),
      ],
      digits: 6,
    };
    return html`<div class="panels" role="list">
        ${Array.from(this.shifts, (m0, i) => {
          const qx = p.gapQRot[2 * i],
            qy = p.gapQRot[2 * i + 1],
            kx = p.gapKRot[2 * i],
            ky = p.gapKRot[2 * i + 1];
          const from = Math.atan2(qy, qx);
          return html`<div class="panel" role="listitem">
            <svg class="plane" viewBox="-1 -1 2 2" role="img" aria-label=${`m = ${m0}, n = ${p.gapN[i]}: φ = ${fmt(p.gapBetween[i], 1)}°, q′·k′ = ${fmt(p.gapScores[i], 4)}`}>
              ${pl.grid('', '', true)}
              ${pl.arc(from, p.gapBetween[i] * rad, 0.45, ANGLE_COLOR, `${fmt(p.gapBetween[i], 1)}°`, { width: 0.02, labelR: 0.6 })}
              ${pl.arrow(qx, qy, Q_COLOR, { label: 'q′', width: 0.03 })}
              ${pl.arrow(kx, ky, K_COLOR, { label: 'k′', width: 0.03 })}
            </svg>
            <div>m = ${m0}, n = ${p.gapN[i]}</div>
            <div>q′·k′ = ${fmt(p.gapScores[i], 4)}</div>
          </div>`;
        })}
      </div>
      <posenc-table id="relative-dot" .data=${data}></posenc-table>
      <p class="caption">${rich(this.note)}</p>`;
  }
}
