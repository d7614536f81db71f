import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../plot/plot.js';
import type { Series } from '../plot/plot.js';
import { LazyFigure } from '../shared/lazy-figure.js';
import { l } from '../shared/i18n.js';
import { fillHtml, pctOrRounding } from '../shared/sci.js';
import { figureHost, tokens } from '../shared/theme.js';
import { attentionStyles } from './attention.styles.js';

type Diagonals = ReturnType<Analysis['positionDiagonals']>;

/** Below this relative spread a matrix counts as a function of j − i (float64 rounding is ~1e-16). */
const FLAT = 1e-9;

/**
 * The position–position term P·W_QW_Kᵀ·Pᵀ/√d against the offset j − i: for each diagonal the
 * smallest and largest entry, with W = I (one curve: the band has no width) and with the seed's
 * random projections (a wide band: the same offset gets different values). From the core.
 *
 * @fires posenc-answer - { value: 'yes' | 'no' }: with random projections, is every diagonal constant?
 */

/** The words of this figure, zh and en. */
const T = {
  rounding: l('0（舍入误差）', '0 (rounding)'),
  smallest: l('（最小）', ' (smallest)'),
  largest: l('（最大）', ' (largest)'),
  offsetJI: l('偏移 j − i（键减查询）', 'offset j − i (key minus query)'),
  positionPositionTerm: l('位置—位置项', 'position–position term'),
};

export class PosencPositionDiagonals extends LazyFigure {
  static styles = [tokens, figureHost, attentionStyles];

  @property({ type: Number }) n = 16;
  @property({ type: Number }) dim = 16;
  @property({ type: Number }) seed = 3;
  @property() caption = '';
  @property() identityLabel = '';
  @property() projectedLabel = '';
  /** {identity} and {projected}: each relative spread. */
  @property() summary = '';

  @state() private d?: Diagonals;

  protected willUpdate(changed: PropertyValues) {
    if (!this.due(changed, 'n', 'dim', 'seed')) return;
    this.d = this.pe.analysis.positionDiagonals({ n: this.n, dim: this.dim, seed: this.seed });
    this.computed();
  }

  protected answered() {
    if (this.d) this.emitAnswer(this.d.projected.relativeSpread < FLAT ? 'yes' : 'no');
  }

  render() {
    const d = this.d;
    if (!d) return nothing;
    const lo = this.t(T.smallest),
      hi = this.t(T.largest);
    const series: Series[] = [
      { label: this.projectedLabel + hi, x: d.projected.offsets, y: d.projected.max, color: 'var(--_accent-2)' },
      { label: this.projectedLabel + lo, x: d.projected.offsets, y: d.projected.min, color: 'var(--_accent-2)', dash: true },
      { label: this.identityLabel + hi, x: d.identity.offsets, y: d.identity.max, color: 'var(--_accent)' },
      { label: this.identityLabel + lo, x: d.identity.offsets, y: d.identity.min, color: 'var(--_accent)', dash: true },
    ];
    return html`<posenc-plot
        id="pp-diagonals"
        .series=${series}
        caption=${this.caption}
        xLabel=${this.t(T.offsetJI)}
        yLabel=${this.t(T.positionPositionTerm)}
        .height=${250}
      ></posenc-plot>
      <p class="note" role="status" data-claim="pp-diagonals" data-identity=${d.identity.relativeSpread} data-projected=${d.projected.relativeSpread}>
        ${fillHtml(this.summary, {
          identity: {
            text: pctOrRounding(d.identity.relativeSpread, this.t(T.rounding)),
            value: d.identity.relativeSpread,
            id: 'pp-spread-identity',
          },
          projected: {
            text: pctOrRounding(d.projected.relativeSpread, this.t(T.rounding)),
            value: d.projected.relativeSpread,
            id: 'pp-spread-projected',
          },
        })}
      </p>`;
  }
}
