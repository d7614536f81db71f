import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../plot/plot.js';
import type { Series } from '../plot/plot.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import { grouped } from '../shared/format-sci.js';
import type { PlotAnnotation as Annotation } from '../plot/plot.js';
import { l } from '../shared/i18n.js';
import { fillHtml } from '../shared/sci.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';

/**
 * What base sets: the wavelength 2π/ωᵢ of every pair on a log axis, at `base` and (dashed) at a
 * reference base. The fastest pair always has wavelength 2π; base moves the slow end, so it sets
 * the range of wavelengths. A reference line marks a context length.
 *
 * @fires posenc-answer - { value: 'slow' | 'all' | 'fast' }: which wavelengths differ between the
 *   reference base and `base` (the fastest stays when only the slow ones move)
 */

/** The words of this figure, zh and en. */
const T = {
  fastest: l('最快', 'fastest'),
  slowest: l('最慢', 'slowest'),
  pairI: l('维度对 i', 'pair i'),
  wavelength2Positions: l('波长 2π/ωᵢ（位置数，对数轴）', 'wavelength 2π/ωᵢ (positions, log axis)'),
};

export class PosencWavelengthLadder extends VisibleFigure {
  static styles = [tokens, figureHost];

  @property({ type: Number }) dim = 64;
  @property({ type: Number }) base = 10000;
  @property({ type: Number }) refBase = 10000;
  /** A context length drawn as a reference line (0: none). */
  @property({ type: Number }) context = 0;
  @property() caption = '';
  @property() contextLabel = '';
  /** {base} {fast} {slow} {refSlow} {refBase} {pairs} filled. */
  @property() sentence = '';
  /** Under the plot: the logarithm behind the ladder ({base}, {lnBase}, {ratio}, {step}, {span}, {octaves}); '' for none. */
  @property() logText = '';

  @state() private waves?: Float64Array;
  @state() private ref?: Float64Array;
  @state() private ladder?: ReturnType<Analysis['logLadder']>;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'dim', 'base', 'refBase', 'logText')) return;
    const a = this.pe.analysis;
    this.waves = a.wavelengths({ dim: this.dim, base: this.base });
    this.ref = a.wavelengths({ dim: this.dim, base: this.refBase });
    this.ladder = this.logText ? a.logLadder({ dim: this.dim, base: this.base }) : undefined;
  }

  protected updated(changed: PropertyValues) {
    const w = this.waves,
      r = this.ref;
    if (w && r && this.changedAny(changed, 'dim', 'base', 'refBase')) {
      const fastSame = w[0] === r[0],
        slowSame = w[w.length - 1] === r[r.length - 1];
      this.emitAnswer(fastSame && !slowSame ? 'slow' : !fastSame && slowSame ? 'fast' : 'all');
    }
    super.updated(changed);
  }

  render() {
    const w = this.waves,
      r = this.ref;
    if (!w || !r) return nothing;
    const xs = Array.from(w, (_, i) => i);
    const last = w.length - 1;
    const same = this.base === this.refBase;
    const ann: Annotation[] = [
      { kind: 'y', at: w[0], label: `${this.t(T.fastest)}: 2π ≈ ${fmt(w[0], 2)}`, color: 'accent' },
      { kind: 'y', at: w[last], label: `${this.t(T.slowest)}: ${grouped(w[last])}`, color: 'accent2' },
    ];
    if (this.context > 0) ann.push({ kind: 'y', at: this.context, label: this.contextLabel, color: 'muted' });
    const series: Series[] = [{ label: `base = ${grouped(this.base)}`, x: xs, y: w, points: true }];
    if (!same) series.push({ label: `base = ${grouped(this.refBase)}`, x: xs, y: r, dash: true, color: 'var(--_muted)' });
    const values = {
      base: grouped(this.base),
      fast: fmt(w[0], 2),
      slow: grouped(w[last]),
      refSlow: grouped(r[last]),
      refBase: grouped(this.refBase),
      pairs: w.length,
    };
    return html`<posenc-plot
        .series=${series}
        .annotations=${ann}
        y-scale="log"
        .xTicks=${xs.length <= 8 ? xs : undefined}
        caption=${this.caption}
        xLabel=${this.t(T.pairI)}
        yLabel=${this.t(T.wavelength2Positions)}
        .digits=${2}
      ></posenc-plot>
      <p data-slowest=${w[last]}>${rich(fill(this.sentence, values))}</p>
      ${
        this.ladder
          ? html`<p
            id="log-ladder"
            data-claim="log-ladder"
            data-ln-base=${this.ladder.lnBase}
            data-ratio=${this.ladder.ratio}
            data-step=${this.ladder.step}
            data-span=${this.ladder.span}
            data-octaves=${this.ladder.octaves}
          >
            ${fillHtml(this.logText, {
              base: grouped(this.base),
              lnBase: { text: fmt(this.ladder.lnBase, 4), value: this.ladder.lnBase, id: 'ln-base' },
              ratio: { text: fmt(this.ladder.ratio, 4), value: this.ladder.ratio, id: 'ladder-ratio' },
              step: { text: fmt(this.ladder.step, 4), value: this.ladder.step, id: 'ladder-step' },
              span: { text: fmt(this.ladder.span, 3), value: this.ladder.span, id: 'ladder-span' },
              octaves: { text: fmt(this.ladder.octaves, 1), value: this.ladder.octaves, id: 'ladder-octaves' },
            })}
          </p>`
          : nothing
      }`;
  }
}
