import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../plot/plot.js';
import type { PlotAnnotation, Series } from '../plot/plot.js';
import { fill } from '../shared/figure.js';
import { LazyFigure } from '../shared/lazy-figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { fillHtml, sci } from '../shared/sci.js';
import { figureHost, tokens } from '../shared/theme.js';
import { modulationStyles } from './modulation.styles.js';

type Curves = ReturnType<Analysis['modulationCurves']>;
const SPAN = 60;
/** Query positions the band runs over: 0 … POSITIONS − 1. */
const POSITIONS = 64;
/** Below this a change is rounding (float64). */
const STILL = 1e-9;

/**
 * What seed 003 drops: the full sinusoidal score (q + p_m)·(k + p_n) of one plane, cross terms
 * included, with the query at position m; the band it sweeps as the query moves over 0 … 63 with Δ
 * fixed; 003's two kept terms; and (withRope) RoPE's score, whose band has no width. From the core.
 *
 * @fires posenc-answer - 'additive' | 'rope' | 'both' | 'neither': which score changes when m moves?
 */

/** The words of this figure, zh and en. */
const T = {
  offsetNM: l('相对距离 Δ = n − m', 'offset Δ = n − m'),
  score: l('分数', 'score'),
};

export class PosencSlidingQuery extends LazyFigure {
  static styles = [tokens, figureHost, modulationStyles];

  @property({ type: Number }) phi = 30;
  @property({ type: Number }) omega = 0.2;
  @property({ type: Number }) delta = 3;
  @property({ type: Number }) m = 0;
  @property({ type: Boolean }) withRope = false;
  @property() caption = '';
  /** Series labels; {m}, {last} are filled in. */
  @property() fullLabel = '';
  @property() highLabel = '';
  @property() lowLabel = '';
  @property() keptLabel = '';
  @property() ropeLabel = '';
  /** The marked point: the full score at the reader's Δ and m; {m}. */
  @property() pointLabel = '';
  /** {delta}, {m}, {full}, {cross}, {kept}, {aspread}, {rspread}, {last}. */
  @property() summary = '';

  @state() private c?: Curves;

  protected willUpdate(changed: PropertyValues) {
    if (!this.due(changed, 'phi', 'omega', 'delta', 'm')) return;
    this.c = this.pe.analysis.modulationCurves({
      phi: this.phi,
      omega: this.omega,
      delta: this.delta,
      m: this.m,
      span: SPAN,
      positions: POSITIONS,
    });
    this.computed();
  }

  protected answered() {
    if (!this.c) return;
    const a = this.c.additiveMSpread > STILL,
      r = this.c.ropeMSpread > STILL;
    this.emitAnswer(a && r ? 'both' : a ? 'additive' : r ? 'rope' : 'neither');
  }

  render() {
    const c = this.c;
    if (!c) return nothing;
    const v = { m: this.m, last: POSITIONS - 1, delta: this.delta };
    const at = this.delta + SPAN;
    const series: Series[] = [
      { label: fill(this.highLabel, v), x: c.deltas, y: c.additiveMax, dash: true, color: 'var(--_accent)' },
      { label: fill(this.lowLabel, v), x: c.deltas, y: c.additiveMin, dash: true, color: 'var(--_accent)' },
      { label: fill(this.keptLabel, v), x: c.deltas, y: c.additiveKept, dash: true, color: 'var(--_muted)' },
      { label: fill(this.fullLabel, v), x: c.deltas, y: c.additiveFull, color: 'var(--_accent)' },
      ...(this.withRope ? [{ label: fill(this.ropeLabel, v), x: c.deltas, y: c.rope, color: 'var(--_accent-2)' }] : []),
    ];
    const marks: PlotAnnotation[] = [
      { kind: 'x', at: this.delta, label: `Δ = ${this.delta}`, color: 'good' },
      { kind: 'point', x: this.delta, y: c.additiveFull[at], label: fill(this.pointLabel, v), color: 'accent' },
    ];
    return html`<posenc-plot
        id=${this.withRope ? 'sliding-both' : 'sliding-additive'}
        .series=${series}
        .annotations=${marks}
        caption=${fill(this.caption, v)}
        xLabel=${this.t(T.offsetNM)}
        yLabel=${this.t(T.score)}
        .yRange=${[-4, 4]}
        .height=${270}
      ></posenc-plot>
      <p class="note" role="status">
        ${fillHtml(this.summary, {
          delta: this.delta,
          m: this.m,
          last: POSITIONS - 1,
          full: { text: fmt(c.additiveFullAt, 3), value: c.additiveFullAt },
          cross: { text: fmt(c.crossAt, 3), value: c.crossAt, id: this.withRope ? undefined : 'cross-at' },
          kept: { text: fmt(c.additiveKeptAt, 3), value: c.additiveKeptAt },
          aspread: { text: fmt(c.additiveMSpread, 3), value: c.additiveMSpread, id: this.withRope ? 'additive-m-spread' : undefined },
          rspread: { text: sci(c.ropeMSpread), value: c.ropeMSpread, id: this.withRope ? 'rope-m-spread' : undefined },
        })}
      </p>`;
  }
}
