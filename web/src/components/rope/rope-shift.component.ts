import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import '../plot/plot.js';
import type { Series } from '../plot/plot.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';

/** A spread printed as a reader reads it: 0.8123, or 3.3e−16 for rounding noise. */
export function spreadText(v: number): string {
  return v !== 0 && Math.abs(v) < 1e-9 ? v.toExponential(1).replace('-', '\u2212') : fmt(v, 4);
}

/**
 * The failure RoPE fixes, shown: the same two vectors a fixed gap apart, slid along the sequence.
 * With the sinusoidal encoding added to them the score wanders with the position; with RoPE it
 * stays put (analysis.ropeShiftScores; q, k drawn from seeded normals).
 */

/** The words of this figure, zh and en. */
const T = {
  positionMQ: l('q 的位置 m（k 在 m + 间隔）', 'position m of q (k at m + gap)'),
  score: l('分数', 'score'),
};

export class PosencRopeShift extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .summary {
        max-width: 46rem;
        margin: 0.2rem 0 0;
      }
    `,
  ];

  @property({ type: Number }) dim = 8;
  @property({ type: Number }) gap = 3;
  @property({ type: Number }) count = 64;
  @property({ type: Number }) base = 10000;
  @property({ type: Number }) seedQ = 3;
  @property({ type: Number }) seedK = 4;
  @property() caption = '';
  @property() additiveLabel = '';
  @property() rotaryLabel = '';
  /** {additive} and {rotary} (the spreads, max − min) are filled in. */
  @property() summary = '';

  @state() private s?: { additive: Float64Array; rotary: Float64Array; additiveSpread: number; rotarySpread: number };
  private xs: number[] = [];

  protected willUpdate(changed: PropertyValues) {
    if (changed.has('count')) this.xs = Array.from({ length: this.count }, (_, i) => i);
    if (!this.changedAny(changed, 'dim', 'gap', 'count', 'base', 'seedQ', 'seedK')) return;
    const a = this.pe.analysis;
    const q = a.randomNormal({ seed: this.seedQ, rows: 1, cols: this.dim }).data;
    const k = a.randomNormal({ seed: this.seedK, rows: 1, cols: this.dim }).data;
    this.s = a.ropeShiftScores({ q, k, gap: this.gap, count: this.count, base: this.base });
  }

  render() {
    const s = this.s;
    if (!s) return nothing;
    const series: Series[] = [
      { label: this.additiveLabel, x: this.xs, y: s.additive, color: 'warn' },
      { label: this.rotaryLabel, x: this.xs, y: s.rotary, color: 'accent' },
    ];
    return html`<posenc-plot
        id="rope-shift"
        .series=${series}
        caption=${this.caption}
        xLabel=${this.t(T.positionMQ)}
        yLabel=${this.t(T.score)}
        height="230"
      ></posenc-plot>
      <p class="summary" id="rope-shift-spread" data-claim="rope-shift" data-additive=${s.additiveSpread} data-rotary=${s.rotarySpread}>${rich(fill(this.summary, { additive: spreadText(s.additiveSpread), rotary: spreadText(s.rotarySpread) }))}</p>`;
  }
}
