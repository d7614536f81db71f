import { css, html, nothing, svg } from 'lit';
import { property } from 'lit/decorators.js';

import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import { PlaneFigure } from './plane-figure.js';
import { ANGLE_COLOR, angleText, K_COLOR, Plane, planeStyles, Q_COLOR } from './plane-draw.js';

const clampVec = (v: number) => Math.max(-2, Math.min(2, Math.round(v * 100) / 100));

/**
 * RoPE in two dimensions: q at position m and k at position n, each turned by θ per step (drag
 * their tips, or focus a tip and use the arrow keys). Arcs show the turns mθ and nθ, reduced to
 * (−180°, 180°] with the whole turns counted, and the angle φ from q′ to k′ that the score reads:
 * q′·k′ = |q||k|cos φ. Every number comes from analysis.ropePlane. The strokes are marked for
 * linked formula terms: q, k (the originals), qrot, krot (turned), mtheta, ntheta (the turns), phi.
 *
 * @fires posenc-set - qx, qy, kx, ky while a tip is dragged or nudged
 */
/** The words of this figure, zh and en. */
const T = {
  turn: l('圈', 'turn'),
  turns: l('圈', 'turns'),
};

export class PosencRopePlane extends PlaneFigure {
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
        min-width: 15rem;
        flex: 1 1 15rem;
      }
      .facts .q {
        color: var(--_accent);
      }
      .facts .k {
        color: var(--_accent-2);
      }
      .facts .phi {
        /* the arc's green, darkened toward the text colour: readable at this size on either theme */
        color: color-mix(in srgb, var(--_good) 70%, var(--_fg));
      }
      .facts .score {
        font-weight: 600;
        margin-top: 0.3rem;
      }
      figcaption {
        font-size: 0.85rem;
        color: var(--_muted);
      }
    `,
  ];

  @property() caption = '';
  @property() handleLabel = '';
  /** Sentence under the numbers; {dot}, {nq}, {nk}, {phi} are filled in. */
  @property() scoreLine = '';

  private dragging = -1;

  private extent(): number {
    const p = this.p!;
    return Math.max(1, p.normQ, p.normK) * 1.25;
  }

  private toPlane(e: PointerEvent, el: SVGSVGElement): [number, number] {
    const r = el.getBoundingClientRect();
    const R = this.extent();
    return [((e.clientX - r.left) / r.width) * 2 * R - R, R - ((e.clientY - r.top) / r.height) * 2 * R];
  }

  /** A dragged tip becomes the parameters: q's tip is drawn scaled, so its parameters are the tip over qScale. */
  private setVector(index: number, x: number, y: number, commit: boolean) {
    const s = index === 0 ? this.qScale : 1;
    const id = index === 0 ? 'q' : 'k';
    this.emitSet(`${id}x`, clampVec(x / s), false);
    this.emitSet(`${id}y`, clampVec(y / s), commit);
  }

  render() {
    const p = this.p;
    if (!p) return nothing;
    const pl = new Plane(this.extent());
    const turns = (n: number) => this.t(n === 1 || n === -1 ? T.turn : T.turns);
    const turn = turns(p.turnQ.turns);
    const turnK = turns(p.turnK.turns);
    const rad = Math.PI / 180;
    const handle = (i: number, x: number, y: number, color: string, name: string) => svg`<circle class="handle" tabindex="0" role="slider"
      aria-label=${`${name}: ${this.handleLabel}`} aria-valuetext=${`(${fmt(x, 2)}, ${fmt(y, 2)})`}
      cx=${pl.x(x)} cy=${pl.y(y)} r="0.07" style=${`fill:${color}`}
      @pointerdown=${(e: PointerEvent) => {
        this.dragging = i;
        (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
      }}
      @keydown=${(e: KeyboardEvent) => {
        const d = 0.05 * pl.extent;
        const mv: Record<string, [number, number]> = { ArrowLeft: [-d, 0], ArrowRight: [d, 0], ArrowUp: [0, d], ArrowDown: [0, -d] };
        const m = mv[e.key];
        if (!m) return;
        e.preventDefault();
        this.setVector(i, x + m[0], y + m[1], true);
      }}></circle>`;
    const values = { dot: fmt(p.dot, 4), nq: fmt(p.normQ, 3), nk: fmt(p.normK, 3), phi: `${fmt(p.between.degrees, 1)}°` };
    return html`<figure>
      <div class="wrap">
        <svg class="plane" viewBox="-1 -1 2 2" role="group" aria-label=${this.caption}
          @pointermove=${(e: PointerEvent) => {
            if (this.dragging < 0) return;
            const [x, y] = this.toPlane(e, e.currentTarget as SVGSVGElement);
            this.setVector(this.dragging, x, y, false);
          }}
          @pointerup=${(e: PointerEvent) => {
            if (this.dragging < 0) return;
            const [x, y] = this.toPlane(e, e.currentTarget as SVGSVGElement);
            this.setVector(this.dragging, x, y, true);
            this.dragging = -1;
          }}
          @pointerleave=${() => (this.dragging = -1)}>
          ${pl.grid()}
          ${pl.arrow(p.q[0], p.q[1], Q_COLOR, { dash: true, label: 'q', labelDy: 0.09, term: 'q' })}
          ${pl.arrow(p.k[0], p.k[1], K_COLOR, { dash: true, label: 'k', labelDy: 0.09, term: 'k' })}
          ${pl.arc(p.dirQ.radians - p.turnQ.degrees * rad, p.turnQ.degrees * rad, 0.2, Q_COLOR, 'mθ', { term: 'mtheta' })}
          ${pl.arc(p.dirK.radians - p.turnK.degrees * rad, p.turnK.degrees * rad, 0.3, K_COLOR, 'nθ', { term: 'ntheta' })}
          ${pl.arc(p.dirQ.radians, p.between.degrees * rad, 0.5, ANGLE_COLOR, `φ = ${fmt(p.between.degrees, 1)}°`, { width: 0.018, labelR: 0.62, term: 'phi' })}
          ${pl.arrow(p.qRot[0], p.qRot[1], Q_COLOR, { label: 'q′', width: 0.026, term: 'qrot' })}
          ${pl.arrow(p.kRot[0], p.kRot[1], K_COLOR, { label: 'k′', width: 0.026, term: 'krot' })}
          ${handle(0, p.q[0], p.q[1], Q_COLOR, 'q')}
          ${handle(1, p.k[0], p.k[1], K_COLOR, 'k')}
        </svg>
        <div class="facts" aria-live="polite">
          <div class="q" data-term="mtheta">m = ${this.m}: mθ = ${angleText(p.turnQ.degrees, p.turnQ.turns, turn)}</div>
          <div class="q" data-term="q qrot">q = (${fmt(p.q[0], 3)}, ${fmt(p.q[1], 3)}) → q′ = (${fmt(p.qRot[0], 3)}, ${fmt(p.qRot[1], 3)})</div>
          <div class="k" data-term="ntheta">n = ${this.n}: nθ = ${angleText(p.turnK.degrees, p.turnK.turns, turnK)}</div>
          <div class="k" data-term="k krot">k = (${fmt(p.k[0], 3)}, ${fmt(p.k[1], 3)}) → k′ = (${fmt(p.kRot[0], 3)}, ${fmt(p.kRot[1], 3)})</div>
          <div class="phi" data-term="phi">φ (q′ → k′) = ${fmt(p.between.degrees, 1)}°</div>
          <div class="score" id="plane-score">${rich(fill(this.scoreLine, values))}</div>
        </div>
      </div>
      <figcaption>${rich(this.caption)}</figcaption>
    </figure>`;
  }
}
