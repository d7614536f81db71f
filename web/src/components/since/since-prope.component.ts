import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import '../plot/bars.js';
import type { Bar } from '../plot/bars.js';
import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { sinceStyles } from './since.styles.js';

const T = {
  plane: l('平面 {k}', 'plane {k}'),
  kept: l('（转动）', '(turns)'),
  dropped: l('（不再转动）', '(no longer turns)'),
  angle: l('在 {n} 个位置内转过的角度（弧度，对数刻度）', 'angle turned over {n} positions (radians, log scale)'),
  turn: l('一整圈 2π', 'one full turn, 2π'),
};

/**
 * p-RoPE (Barbero et al. 2025): the angle each plane of a head turns through over `length`
 * positions, θ_k·length, on a log axis with a full turn marked; the planes p-RoPE keeps
 * (pe.pRopeFrequencies: θ_k ≠ 0) in one colour, the slowest ones it stops in another, at the angle
 * RoPE would have turned them (pe.inverseFrequencies).
 */
export class PosencSincePrope extends VisibleFigure {
  static styles = sinceStyles;

  @property({ type: Number }) dim = 16;
  @property({ type: Number }) base = 10000;
  @property({ type: Number }) p = 0.75;
  @property({ type: Number }) length = 12;
  @property() caption = '';
  /** {kept}, {planes}, {dropped} (the largest angle, in radians, of a plane p-RoPE stops) filled in. */
  @property() summary = '';

  @state() private kept?: Float64Array;
  @state() private full?: Float64Array;

  protected willUpdate(changed: PropertyValues) {
    if (this.changedAny(changed, 'dim', 'base', 'p')) {
      this.kept = this.pe.pRopeFrequencies({ dim: this.dim, base: this.base, p: this.p });
      this.full = this.pe.inverseFrequencies({ dim: this.dim, base: this.base }).invFreq;
    }
  }

  render() {
    const kept = this.kept,
      full = this.full;
    if (!kept || !full) return nothing;
    const bars: Bar[] = Array.from(full, (theta, k) => ({
      label: `${fill(this.t(T.plane), { k })} ${this.t(kept[k] !== 0 ? T.kept : T.dropped)}`,
      value: theta * this.length,
      color: kept[k] !== 0 ? 'accent' : 'muted',
    }));
    const n = Array.from(kept).filter((v) => v !== 0).length;
    const droppedAngles = Array.from(full, (theta, k) => (kept[k] === 0 ? theta * this.length : 0));
    return html`<posenc-bars
        id="since-prope-bars"
        .bars=${bars}
        caption=${this.caption}
        unit=""
        digits="3"
        value-scale="log"
        value-label=${fill(this.t(T.angle), { n: this.length })}
        .annotations=${[{ kind: 'x', at: 2 * Math.PI, label: this.t(T.turn), color: 'warn' }]}
      ></posenc-bars>
      ${
        this.summary
          ? html`<p class="note" id="since-prope-summary">
            ${fill(this.summary, { kept: n, planes: full.length, dropped: fmt(Math.max(0, ...droppedAngles), 3) })}
          </p>`
          : nothing
      }`;
  }
}
