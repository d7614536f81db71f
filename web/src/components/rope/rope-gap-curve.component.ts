import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { RopePlane } from '../../lib/internal-types.js';
import '../plot/plot.js';
import type { PlotAnnotation, Series } from '../plot/plot.js';
import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { PlaneFigure } from './plane-figure.js';

/**
 * The 2-D score against the offset: q′·k′ = |q||k|cos(φ₀ + (n − m)θ) for every n − m in
 * −range … range, with the amplitude ±|q||k| marked and the reader's current n − m as a point. A
 * thin curve shows the same at |q| unscaled: scaling q stretches the curve, it does not move its
 * zeros (position multiplies the score, it does not add to it).
 */

/** The words of this figure, zh and en. */
const T = {
  qK: l('q′·k′', 'q′·k′'),
};

export class PosencRopeGapCurve extends PlaneFigure {
  @property({ type: Number }) range = 48;
  @property() caption = '';
  /** Legend of the scaled curve; {s} is filled in. */
  @property() curveLabel = '';
  @property() baseLabel = '';
  /** {amp} is filled in. */
  @property() ampLabel = '';
  /** {gap} and {dot} are filled in. */
  @property() pointLabel = '';

  protected extraKeys = ['range'];
  @state() private base?: RopePlane;
  private offsets: number[] = [];

  protected willUpdate(changed: PropertyValues) {
    if (changed.has('range')) this.offsets = Array.from({ length: 2 * this.range + 1 }, (_, i) => i - this.range);
    super.willUpdate(changed);
  }

  protected measure() {
    const o = { ...this.planeInputs(), offsets: this.offsets };
    this.p = this.pe.analysis.ropePlane(o);
    this.base = this.pe.analysis.ropePlane({ ...o, qScale: 1 });
  }

  render() {
    const p = this.p,
      b = this.base;
    if (!p || !b) return nothing;
    const series: Series[] = [
      { label: fill(this.curveLabel, { s: fmt(this.qScale, 2) }), x: this.offsets, y: p.offsetScores, color: 'accent' },
      ...(this.qScale !== 1 ? [{ label: this.baseLabel, x: this.offsets, y: b.offsetScores, dash: true, color: 'muted' }] : []),
    ];
    const amp = fmt(p.amplitude, 3);
    const annotations: PlotAnnotation[] = [
      { kind: 'y', at: p.amplitude, label: fill(this.ampLabel, { amp }), color: 'accent2' },
      { kind: 'y', at: -p.amplitude, label: `\u2212${amp}`, color: 'accent2' },
      { kind: 'point', x: p.gap, y: p.dot, label: fill(this.pointLabel, { gap: p.gap, dot: fmt(p.dot, 3) }), color: 'warn' },
    ];
    return html`<posenc-plot
      id="gap-curve"
      .series=${series}
      .annotations=${annotations}
      .yRange=${[-1.15 * Math.max(p.amplitude, b.amplitude), 1.15 * Math.max(p.amplitude, b.amplitude)] as [number, number]}
      caption=${this.caption}
      xLabel="n − m"
      yLabel=${this.t(T.qK)}
      height="240"
    ></posenc-plot>`;
  }
}
