import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import '../plot/plot.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { grouped } from '../shared/format-sci.js';
import type { PlotAnnotation as Annotation } from '../plot/plot.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';

const DIMS = Array.from({ length: 32 }, (_, i) => 2 * (i + 1));

/**
 * The slowest pair's period 2π/ω₍d/2−1₎ = 2π·base^((d−2)/d) against d (log axis), with a
 * sequence length as a reference line: where the period passes it, and the reader's d marked.
 * The facts (the period at d, at d = 512, the first d above the length) come from the core.
 */

/** The words of this figure, zh and en. */
const T = {
  modelDimensionD: l('模型维度 d', 'model dimension d'),
  longestPeriodPositions: l('最长周期（位置数，对数轴）', 'longest period (positions, log axis)'),
};

export class PosencPeriodCheck extends VisibleFigure {
  static styles = [tokens, figureHost];

  @property({ type: Number }) dim = 8;
  @property({ type: Number }) base = 10000;
  @property({ type: Number }) length = 10000;
  @property() caption = '';
  /** {d} {base} {period} {length} {p512} {dmin} filled; one sentence for each side of the length, one when no d reaches it. */
  @property() aboveText = '';
  @property() belowText = '';
  @property() neverText = '';

  @state() private longest: number[] = [];
  @state() private check?: { longest: number; exceeds: boolean; longest512: number; minDim: number };

  protected willUpdate(changed: PropertyValues) {
    const a = this.pe.analysis;
    if (this.changedAny(changed, 'base')) this.longest = DIMS.map((d) => a.wavelengths({ dim: d, base: this.base })[d / 2 - 1]);
    if (this.changedAny(changed, 'dim', 'base', 'length'))
      this.check = a.periodCheck({ dim: this.dim, base: this.base, length: this.length });
  }

  render() {
    const c = this.check;
    if (!c || !this.longest.length) return nothing;
    const ann: Annotation[] = [
      { kind: 'y', at: this.length, label: `${grouped(this.length)}`, color: 'warn' },
      { kind: 'point', x: this.dim, y: c.longest, label: `d = ${this.dim}: ${grouped(c.longest)}`, color: c.exceeds ? 'good' : 'warn' },
    ];
    if (c.minDim > 0 && c.minDim <= 64) ann.push({ kind: 'x', at: c.minDim, label: `d = ${c.minDim}`, color: 'good' });
    const values = {
      d: this.dim,
      base: grouped(this.base),
      period: grouped(c.longest),
      length: grouped(this.length),
      p512: grouped(c.longest512),
      dmin: c.minDim,
    };
    const text = c.minDim < 0 ? this.neverText : c.exceeds ? this.aboveText : this.belowText;
    return html`<posenc-plot
        id="period-plot"
        .series=${[{ label: '2π/ω₍d/2−1₎', x: DIMS, y: this.longest, points: true }]}
        .annotations=${ann}
        y-scale="log"
        caption=${this.caption}
        xLabel=${this.t(T.modelDimensionD)}
        yLabel=${this.t(T.longestPeriodPositions)}
        .digits=${0}
      ></posenc-plot>
      <p id="period-status" data-claim="period" data-verdict=${c.minDim < 0 ? 'never' : c.exceeds ? 'above' : 'below'} data-longest=${c.longest} data-longest512=${c.longest512} data-min-dim=${c.minDim}>${rich(fill(text, values))}</p>`;
  }
}
