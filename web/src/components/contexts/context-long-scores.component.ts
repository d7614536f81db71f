import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { ContextKind } from '../../lib/internal-types.js';
import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { CONTEXT_INPUTS, ContextFigure, KIND_NAMES } from './context-figure.js';
import { FrameJob } from '../shared/frame-job.js';
import './range-plot.js';
import type { RangeSeries, Region } from './range-plot.js';

interface Curves {
  x: Float64Array;
  plain: { lo: Float64Array; hi?: Float64Array };
  scaled?: { lo: Float64Array; hi?: Float64Array };
  /** true: one exact value per column (drawn at once); false: every Δ of each column, min and max. */
  preview: boolean;
}

/**
 * q₀ᵀk_Δ for q = k = (1, …, 1) at every Δ = 0 … L′, before and after the chosen scaling, with the
 * training range [0, L] and the extrapolation range (L, L′] shaded. A slider step draws at once the
 * exact values at one Δ per pixel column; the min and max over every Δ of each column are then
 * computed in frame-sized slices (analysis.longRangeEnvelope) and replace it when complete. The
 * readout gives the exact values at the Δ under the cursor (analysis.longRangeValues).
 */

/** The words of this figure, zh and en. */
const T = {
  qK: l('q₀ᵀk(Δ)', 'q₀ᵀk(Δ)'),
  /** The axis is logarithmic: said in the reader's language (the plot added an English "(log)"). */
  deltaLog: l('Δ = n − m（对数刻度）', 'Δ = n − m (log scale)'),
};

export class PosencContextLongScores extends ContextFigure {
  @property() kind: ContextKind = 'yarn';
  @property({ type: Number }) columns = 600;
  /** {L} and {count} are filled in. */
  @property() caption = '';
  @property() plainLabel = '';
  @property() trainRegion = '';
  @property() extraRegion = '';
  @property() progressLabel = '';

  @state() private curves?: Curves;
  /** What the plot draws, rebuilt when the curves or the words change (not on every progress step). */
  private drawn?: { series: RangeSeries[]; regions: Region[]; xRange: [number, number] };
  @state() private progress?: number;
  private job = new FrameJob();
  private plainInv?: Float64Array;
  private scaledInv?: Float64Array;
  private af = 1;

  disconnectedCallback() {
    this.job.cancel();
    super.disconnectedCallback();
  }

  protected willUpdate(changed: PropertyValues) {
    this.startCurves(changed);
    this.plotInputs(changed);
  }

  private startCurves(changed: PropertyValues) {
    this.updateFrequencies(changed);
    if (!this.changedAny(changed, ...CONTEXT_INPUTS, 'kind', 'columns') || !this.f) return;
    const s = this.scaling(this.kind);
    this.plainInv = this.f.invFreq;
    this.scaledInv = s && !s.error ? s.invFreq : undefined;
    this.af = s && !s.error ? s.attentionFactor : 1;
    const a = this.pe.analysis;
    const columns = this.columns;
    // At once: the exact values at the first Δ of every other column (the full range replaces them).
    const x = a.longRangeColumns({ length: this.ltarget, columns: columns / 2, logSpaced: true });
    const starts = a.longRangeColumns({ length: this.ltarget, columns, logSpaced: true });
    const preview: Curves = {
      x,
      plain: { lo: a.longRangeValues({ invFreq: this.plainInv, offsets: x }) },
      scaled: this.scaledInv ? { lo: a.longRangeValues({ invFreq: this.scaledInv, attentionFactor: this.af, offsets: x }) } : undefined,
      preview: true,
    };
    this.curves = preview;
    // Then every Δ, a slice of columns at a time.
    const plainLo = new Float64Array(columns),
      plainHi = new Float64Array(columns);
    const scaledLo = new Float64Array(columns),
      scaledHi = new Float64Array(columns);
    const pairs = this.plainInv.length,
      length = this.ltarget;
    // Columns are log-spaced: the last ones hold the most offsets. Steps of about 100 000
    // offset × pair steps, measured from the column starts.
    const budget = 100_000 / (pairs * (this.scaledInv ? 2 : 1));
    const plainInv = this.plainInv,
      scaledInv = this.scaledInv,
      af = this.af;
    let c = 0;
    this.progress = 0;
    this.job.start(
      () => {
        let last = c + 1;
        while (last < columns && starts[last] - starts[c] < budget) last++;
        const p = a.longRangeEnvelope({ invFreq: plainInv, length, columns, firstColumn: c, lastColumn: last, logSpaced: true });
        plainLo.set(p.lo, c);
        plainHi.set(p.hi, c);
        if (scaledInv) {
          const q = a.longRangeEnvelope({
            invFreq: scaledInv,
            attentionFactor: af,
            length,
            columns,
            firstColumn: c,
            lastColumn: last,
            logSpaced: true,
          });
          scaledLo.set(q.lo, c);
          scaledHi.set(q.hi, c);
        }
        c = last;
        return c >= columns;
      },
      {
        onSlice: () => (this.progress = c / columns),
        onDone: () => {
          this.progress = undefined;
          this.curves = {
            x: starts,
            plain: { lo: plainLo, hi: plainHi },
            scaled: scaledInv ? { lo: scaledLo, hi: scaledHi } : undefined,
            preview: false,
          };
        },
      },
    );
  }

  private readout = (x: number): string => {
    if (!this.plainInv) return '';
    const delta = Math.max(0, Math.min(this.ltarget, Math.round(x)));
    const a = this.pe.analysis;
    const p = a.longRangeValues({ invFreq: this.plainInv, offsets: [delta] })[0];
    let text = `${this.plainLabel}: (${delta}, ${fmt(p, 4)})`;
    if (this.scaledInv) {
      const q = a.longRangeValues({ invFreq: this.scaledInv, attentionFactor: this.af, offsets: [delta] })[0];
      text += `   ${this.t(KIND_NAMES[this.kind])}: (${delta}, ${fmt(q, 4)})`;
    }
    return text;
  };

  private plotInputs(changed: PropertyValues) {
    const c = this.curves,
      f = this.f;
    if (!c || !f) return;
    if (this.drawn && !this.changedAny(changed, 'curves', 'lang', 'plainLabel', 'trainRegion', 'extraRegion')) return;
    const series: RangeSeries[] = [{ label: this.plainLabel, x: c.x, y: c.plain.lo, y2: c.plain.hi, color: 'var(--_muted)' }];
    if (c.scaled) series.push({ label: this.t(KIND_NAMES[this.kind]), x: c.x, y: c.scaled.lo, y2: c.scaled.hi, color: 'var(--_accent)' });
    const regions: Region[] = [
      { from: 1, to: Math.min(this.ltrain, this.ltarget), label: this.trainRegion, tone: 'train' },
      ...(f.needsScaling ? [{ from: this.ltrain, to: this.ltarget, label: this.extraRegion, tone: 'extra' as const }] : []),
    ];
    this.drawn = { series, regions, xRange: [1, this.ltarget] };
  }

  render() {
    const d = this.drawn;
    if (!d) return nothing;
    return html`<posenc-range-plot
      id="long-scores"
      .series=${d.series}
      .regions=${d.regions}
      .xRange=${d.xRange}
      logX
      .readout=${this.readout}
      .progress=${this.progress}
      progressLabel=${this.progressLabel}
      caption=${fill(this.caption, { L: this.ltarget })}
      xLabel=${this.t(T.deltaLog)}
      yLabel=${this.t(T.qK)}
      height="280"
    ></posenc-range-plot>`;
  }
}
