import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import '../plot/plot.js';
import type { PlotAnnotation, Series } from '../plot/plot.js';
import { FrameJob } from '../shared/frame-job.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';

interface Curves {
  offsets: Float64Array;
  relativeBound: Float64Array;
  ones: Float64Array;
  pair: Float64Array;
  bound0: number;
}

/**
 * RoFormer's long-distance "decay" as it is: an upper bound, relative to its value at 0, against
 * n − m, beside the score of q = k = (1, …, 1) and of one random pair (q, k seeded), both relative
 * to their largest possible value (analysis.ropeDecay). A slider step draws the curves at once at a
 * few hundred offsets; every integer offset up to `delta` is then computed in frame-sized pieces,
 * and the core reads the whole curve (analysis.decayTrend): how often the bound rises (the first
 * rise marked) and how high it comes back up over the far half of the range (the peak marked, the
 * threshold drawn). The sentence under the plot is the one of three that the numbers make true.
 *
 * @fires posenc-answer - 'every' when the bound falls at every step, 'overall' when it rises at
 *   some steps but stays below the threshold over the far half, 'none' when it comes back above it
 */

/** The words of this figure, zh and en. */
const T = {
  relativeValue: l('相对值', 'relative value'),
};

/** A share as a whole percent (the sentence and the marks print the same). */
const pct = (x: number) => `${fmt(100 * x, 0)} %`;

type Trend = ReturnType<PosencRopeDecay['pe']['analysis']['decayTrend']>;

export class PosencRopeDecay extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      p {
        max-width: 46rem;
        margin: 0.2rem 0;
      }
    `,
  ];

  @property({ type: Number }) dim = 128;
  @property({ type: Number }) base = 10000;
  @property({ type: Number }) delta = 2000;
  @property({ type: Number }) seedQ = 11;
  @property({ type: Number }) seedK = 12;
  @property() caption = '';
  @property() boundLabel = '';
  @property() onesLabel = '';
  @property() pairLabel = '';
  /**
   * One sentence per verdict (every step down, down on the whole, no decay); {rises}, {steps},
   * {first}, {peak} (far peak, % of the start), {at} (its offset), {from} (start of the far half)
   * and {threshold} (%) are filled in.
   */
  @property() summaryEvery = '';
  @property() summaryOverall = '';
  @property() summaryNone = '';
  /** Label of the far-peak marker; {peak} and {at} are filled in. */
  @property() peakLabel = '';
  /** Label of the threshold line; {threshold} is filled in. */
  @property() thresholdLabel = '';
  /** While the offsets are being counted. */
  @property() counting = '';
  /** Label of the first-rise marker; {first} is filled in. */
  @property() riseLabel = '';

  @state() private curves?: Curves;
  @state() private rises?: Trend;
  @state() private progress?: number;
  private drawn?: { series: Series[]; annotations: PlotAnnotation[]; xRange: [number, number] };
  private job = new FrameJob();

  disconnectedCallback() {
    this.job.cancel();
    super.disconnectedCallback();
  }

  protected willUpdate(changed: PropertyValues) {
    if (this.changedAny(changed, 'dim', 'base', 'delta', 'seedQ', 'seedK')) this.start();
    if (
      !this.drawn ||
      this.changedAny(changed, 'curves', 'rises', 'boundLabel', 'onesLabel', 'pairLabel', 'riseLabel', 'peakLabel', 'thresholdLabel')
    )
      this.plot();
  }

  private start() {
    const a = this.pe.analysis;
    const inv = this.pe.inverseFrequencies({ dim: this.dim, base: this.base }).invFreq;
    const q = a.randomNormal({ seed: this.seedQ, rows: 1, cols: this.dim }).data;
    const k = a.randomNormal({ seed: this.seedK, rows: 1, cols: this.dim }).data;
    const delta = this.delta;
    // At once: a few hundred offsets, spread evenly on the log axis.
    const sample = [0, ...new Set(Array.from({ length: 400 }, (_, i) => Math.round(delta ** (i / 399))))];
    const p = a.ropeDecay({ invFreq: inv, offsets: sample, q, k });
    this.curves = { offsets: Float64Array.from(sample), relativeBound: p.relativeBound, ones: p.ones, pair: p.pair, bound0: p.bound[0] };
    this.rises = undefined;
    // Then every integer offset, a piece at a time; pieces overlap by one offset.
    const n = delta + 1;
    const all = {
      offsets: new Float64Array(n),
      bound: new Float64Array(n),
      relativeBound: new Float64Array(n),
      ones: new Float64Array(n),
      pair: new Float64Array(n),
    };
    const piece = Math.max(128, Math.floor(100_000 / inv.length));
    let from = 0;
    this.progress = 0;
    this.job.start(
      () => {
        const first = Math.max(0, from - 1),
          last = Math.min(n, from + piece);
        const offsets = Array.from({ length: last - first }, (_, i) => first + i);
        const r = a.ropeDecay({ invFreq: inv, offsets, q, k });
        const skip = from - first;
        all.offsets.set(offsets.slice(skip), from);
        all.bound.set(r.bound.subarray(skip), from);
        all.relativeBound.set(r.relativeBound.subarray(skip), from);
        all.ones.set(r.ones.subarray(skip), from);
        all.pair.set(r.pair.subarray(skip), from);
        from = last;
        return from >= n;
      },
      {
        onSlice: () => (this.progress = from / n),
        onDone: () => {
          this.progress = undefined;
          this.curves = { offsets: all.offsets, relativeBound: all.relativeBound, ones: all.ones, pair: all.pair, bound0: all.bound[0] };
          this.rises = a.decayTrend({ values: all.bound, offsets: all.offsets });
        },
      },
    );
  }

  private plot() {
    const c = this.curves;
    if (!c) return;
    const r = this.rises;
    const series: Series[] = [
      { label: this.boundLabel, x: c.offsets, y: c.relativeBound, color: 'accent' },
      { label: this.onesLabel, x: c.offsets, y: c.ones, color: 'good' },
      { label: this.pairLabel, x: c.offsets, y: c.pair, color: 'accent2' },
    ];
    const annotations: PlotAnnotation[] = [];
    if (r) {
      annotations.push({ kind: 'x-range', from: r.farFrom, to: this.delta, color: 'muted' });
      annotations.push({ kind: 'y', at: r.threshold, label: fill(this.thresholdLabel, { threshold: pct(r.threshold) }), color: 'muted' });
      annotations.push({
        kind: 'point',
        x: r.farPeakAt,
        y: r.farPeak,
        label: fill(this.peakLabel, { peak: pct(r.farPeak), at: r.farPeakAt }),
        color: r.fallsOverall ? 'good' : 'warn',
      });
      if (r.firstRise >= 0) {
        annotations.push({
          kind: 'point',
          x: r.firstRise,
          y: c.relativeBound[r.firstRise],
          label: fill(this.riseLabel, { first: r.firstRise }),
          color: 'warn',
        });
      }
    }
    this.drawn = { series, annotations, xRange: [1, this.delta] };
  }

  protected updated(changed: PropertyValues) {
    if (changed.has('rises') && this.rises) this.emitAnswer(this.rises.verdict);
  }

  private sentence(r: Trend): string {
    return r.verdict === 'every' ? this.summaryEvery : r.verdict === 'overall' ? this.summaryOverall : this.summaryNone;
  }

  private values(r: Trend) {
    return {
      rises: r.rises,
      steps: r.steps,
      first: r.firstRise >= 0 ? r.firstRise : '—',
      peak: pct(r.farPeak),
      at: r.farPeakAt,
      from: r.farFrom,
      threshold: pct(r.threshold),
    };
  }

  render() {
    const d = this.drawn,
      r = this.rises;
    if (!d) return nothing;
    return html`<posenc-plot
        id="decay"
        .series=${d.series}
        .annotations=${d.annotations}
        .yRange=${[-1, 1] as [number, number]}
        .xRange=${d.xRange}
        x-scale="log"
        caption=${this.caption}
        xLabel="n − m"
        yLabel=${this.t(T.relativeValue)}
        height="260"
      ></posenc-plot>
      ${this.progress !== undefined ? html`<progress max="1" value=${this.progress} aria-label=${this.counting}></progress>` : nothing}
      <p
        id="decay-rises"
        role="status"
        data-claim="decay"
        data-verdict=${r?.verdict ?? nothing}
        data-rises=${r?.rises ?? nothing}
        data-far-peak=${r?.farPeak ?? nothing}
      >
        ${r ? rich(fill(this.sentence(r), this.values(r))) : this.counting}
      </p>`;
  }
}
