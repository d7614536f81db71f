import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../plot/plot.js';
import type { PlotAnnotation, Series } from '../plot/plot.js';
import { fill } from '../shared/figure.js';
import { LazyFigure } from '../shared/lazy-figure.js';
import { fmt, fmtSig } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { fillHtml } from '../shared/sci.js';
import { figureHost, tokens } from '../shared/theme.js';
import { modulationStyles } from './modulation.styles.js';

type Curves = ReturnType<Analysis['modulationCurves']>;
const SPAN = 60;

/**
 * Offset or phase: one plane, unit q and k at angle φ, score against Δ = n − m. Left, the two terms
 * seed 003 keeps for the sinusoidal encoding, cos φ + cos ωΔ: φ lifts the curve (arrow from the φ = 0
 * curve). Right, RoPE's qᵀR(ωΔ)k = cos(φ + ωΔ): φ slides the curve sideways by −φ/ω (arrow from the
 * φ = 0 peak). A marker at the reader's Δ on each. Every value from the core (modulationCurves).
 */

/** The words of this figure, zh and en. */
const T = {
  offsetNM: l('相对距离 Δ = n − m', 'offset Δ = n − m'),
  score: l('分数', 'score'),
};

export class PosencOffsetGate extends LazyFigure {
  static styles = [tokens, figureHost, modulationStyles];

  /** Degrees. */
  @property({ type: Number }) phi = 30;
  @property({ type: Number }) omega = 0.2;
  @property({ type: Number }) delta = 3;
  @property() additiveCaption = '';
  @property() ropeCaption = '';
  /** Series labels; {phi} is filled in. */
  @property() additiveLabel = '';
  @property() additiveZeroLabel = '';
  @property() ropeLabel = '';
  @property() ropeZeroLabel = '';
  /**
   * Band labels, {shift} filled with the size of the move (never a signed "lift" of −1.000): the
   * sinusoidal curve can only go down as φ grows (cos φ − 1 ≤ 0), the RoPE curve slides left
   * (−φ/ω < 0 for φ, ω > 0).
   */
  @property() lowerLabel = '';
  @property() slideLabel = '';
  /** Marker label: {delta}. */
  @property() markerLabel = '';
  /**
   * {phi}, {lower} (1 − cos φ), {slide} (φ/ω positions), {delta}, {additive}, {rope}; `summaryZero`
   * at φ = 0, where neither curve moves.
   */
  @property() summary = '';
  @property() summaryZero = '';

  @state() private c?: Curves;

  protected willUpdate(changed: PropertyValues) {
    if (!this.due(changed, 'phi', 'omega', 'delta')) return;
    this.c = this.pe.analysis.modulationCurves({ phi: this.phi, omega: this.omega, delta: this.delta, span: SPAN, positions: 1 });
    this.computed();
  }

  render() {
    const c = this.c;
    if (!c) return nothing;
    const v = { phi: this.phi, delta: this.delta };
    const x = this.t(T.offsetNM);
    const y = this.t(T.score);
    const mid = SPAN; // index of Δ = 0
    const at = this.delta + SPAN;
    const additive: Series[] = [
      { label: fill(this.additiveZeroLabel, v), x: c.deltas, y: c.additiveKeptPhi0, dash: true, color: 'var(--_muted)' },
      { label: fill(this.additiveLabel, v), x: c.deltas, y: c.additiveKept, color: 'var(--_accent)' },
    ];
    // The lift: the band between the two curves' peaks (at Δ = 0); the slide: between the peaks' Δs.
    const lift: PlotAnnotation[] = [
      {
        kind: 'y-range',
        from: Math.min(c.additiveKept[mid], c.additiveKeptPhi0[mid]),
        to: Math.max(c.additiveKept[mid], c.additiveKeptPhi0[mid]),
        label: fill(this.lowerLabel, { shift: fmtSig(-c.verticalShift, 3) }),
        color: 'good',
      },
      { kind: 'point', x: this.delta, y: c.additiveKept[at], label: fill(this.markerLabel, v), color: 'accent' },
    ];
    const rope: Series[] = [
      { label: fill(this.ropeZeroLabel, v), x: c.deltas, y: c.ropePhi0, dash: true, color: 'var(--_muted)' },
      { label: fill(this.ropeLabel, v), x: c.deltas, y: c.rope, color: 'var(--_accent-2)' },
    ];
    const slide: PlotAnnotation[] = [
      {
        kind: 'x-range',
        from: Math.min(0, c.horizontalShift),
        to: Math.max(0, c.horizontalShift),
        label: fill(this.slideLabel, { shift: fmtSig(-c.horizontalShift, 3) }),
        color: 'good',
      },
      { kind: 'point', x: this.delta, y: c.ropeAt, label: fill(this.markerLabel, v), color: 'accent2' },
    ];
    return html`<div class="pair">
        <posenc-plot
          id="offset-additive"
          .series=${additive}
          .annotations=${lift}
          caption=${fill(this.additiveCaption, v)}
          xLabel=${x}
          yLabel=${y}
          .yRange=${[-2, 2]}
          .height=${250}
        ></posenc-plot>
        <posenc-plot
          id="offset-gate"
          .series=${rope}
          .annotations=${slide}
          caption=${fill(this.ropeCaption, v)}
          xLabel=${x}
          yLabel=${y}
          .yRange=${[-2, 2]}
          .height=${250}
        ></posenc-plot>
      </div>
      <p class="note" role="status" data-claim="offset-gate" data-moved=${c.verticalShift !== 0 ? 'yes' : 'no'}>
        ${fillHtml(c.verticalShift !== 0 ? this.summary : this.summaryZero, {
          phi: this.phi,
          delta: this.delta,
          lower: { text: fmtSig(-c.verticalShift, 3), value: c.verticalShift, id: 'lift' },
          slide: { text: fmtSig(-c.horizontalShift, 3), value: c.horizontalShift, id: 'slide' },
          additive: { text: fmt(c.additiveKeptAt, 4), value: c.additiveKeptAt, id: 'additive-at' },
          rope: { text: fmt(c.ropeAt, 4), value: c.ropeAt, id: 'rope-at' },
        })}
      </p>`;
  }
}
