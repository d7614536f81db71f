import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import '../plot/plot.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import type { PlotAnnotation as Annotation } from '../plot/plot.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';

/**
 * Why many frequencies: the distance ‖p₀ − p_Δ‖ over the offsets Δ, with one fast hand alone
 * (pair 0: it comes back round and confuses far positions), one slow hand alone (the last pair:
 * neighbours barely differ), and all the pairs together. Distances from the core (4 sin² form).
 */

/** The words of this figure, zh and en. */
const T = {
  offset: l('位置差 Δ', 'offset Δ'),
  distanceP0: l('距离 ‖p(0) − p(Δ)‖', 'distance ‖p(0) − p(Δ)‖'),
};

export class PosencHandDistance extends VisibleFigure {
  static styles = [tokens, figureHost];

  @property({ type: Number }) dim = 8;
  @property({ type: Number }) base = 10000;
  @property({ type: Number }) maxOffset = 120;
  /** The offset the sentence points at, where the fast hand nearly comes back. */
  @property({ type: Number }) example = 44;
  @property() caption = '';
  /** {ex} {fastEx} {allEx} {slow1} {all1} {pairs} filled. */
  @property() sentence = '';
  @property() fastLabel = '';
  @property() slowLabel = '';
  @property() allLabel = '';

  @state() private fast?: Float64Array;
  @state() private slow?: Float64Array;
  @state() private all?: Float64Array;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'dim', 'base', 'maxOffset')) return;
    const inv = this.pe.inverseFrequencies({ dim: this.dim, base: this.base }).invFreq;
    const offsets = Array.from({ length: this.maxOffset + 1 }, (_, i) => i);
    const a = this.pe.analysis;
    this.fast = a.distanceByFrequencies({ invFreq: [inv[0]], offsets });
    this.slow = a.distanceByFrequencies({ invFreq: [inv[inv.length - 1]], offsets });
    this.all = a.distanceByFrequencies({ invFreq: inv, offsets });
  }

  render() {
    const { fast, slow, all } = this;
    if (!fast || !slow || !all) return nothing;
    const ex = Math.min(this.example, this.maxOffset);
    const xs = Array.from({ length: fast.length }, (_, i) => i);
    // Δ = 1 first: its marker sits in the corner by the y axis, with the least room, so its label
    // takes the place beside it before Δ = 44's label is placed
    const ann: Annotation[] = [
      { kind: 'point', x: 1, y: slow[1], label: `Δ = 1: ${fmt(slow[1], 4)}`, color: 'accent2' },
      { kind: 'point', x: ex, y: fast[ex], label: `Δ = ${ex}: ${fmt(fast[ex], 3)}`, color: 'accent' },
      { kind: 'point', x: ex, y: all[ex], label: fmt(all[ex], 2), color: 'good' },
    ];
    const values = {
      ex,
      fastEx: fmt(fast[ex], 3),
      allEx: fmt(all[ex], 2),
      slow1: fmt(slow[1], 4),
      all1: fmt(all[1], 3),
      pairs: this.dim / 2,
    };
    return html`<posenc-plot
        id="hand-distance"
        .series=${[
          { label: this.fastLabel, x: xs, y: fast },
          { label: this.slowLabel, x: xs, y: slow },
          { label: this.allLabel, x: xs, y: all, color: 'var(--_good)' },
        ]}
        .annotations=${ann}
        caption=${this.caption}
        xLabel=${this.t(T.offset)}
        yLabel=${this.t(T.distanceP0)}
        .digits=${4}
      ></posenc-plot>
      <p
        data-claim="hand-distance"
        data-ex=${ex}
        data-fast-ex=${fast[ex]}
        data-slow1=${slow[1]}
        data-all-ex=${all[ex]}
        data-all1=${all[1]}
      >
        ${rich(fill(this.sentence, values))}
      </p>`;
  }
}
