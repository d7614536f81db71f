import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../table/table.js';
import type { TableData } from '../table/table.js';
import { LazyFigure } from '../shared/lazy-figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { fillHtml, sci } from '../shared/sci.js';
import { figureHost, tokens } from '../shared/theme.js';
import { modulationStyles } from './modulation.styles.js';

type Split = ReturnType<Analysis['modulationSplit']>;

/**
 * Seed 003 §3.2 checked plane by plane: for random 8-dimensional q, k (seeded) and the offset Δ, the
 * cos term, the sin term, their sum and the dot product after actually turning k by Δ. From the core.
 */

/** The words of this figure, zh and en. */
const T = {
  planeI: l('平面 i', 'plane i'),
};

export class PosencModulationSplit extends LazyFigure {
  static styles = [tokens, figureHost, modulationStyles];

  @property({ type: Number }) delta = 3;
  @property({ type: Number }) seed = 4;
  @property({ type: Number }) dim = 8;
  @property() caption = '';
  /** Column heads after the plane. */
  @property() cosHead = 'cos(Δθᵢ)·qᵀk';
  @property() sinHead = 'sin(Δθᵢ)·qᵀJ·k';
  @property() sumHead = '';
  @property() directHead = 'qᵀR(Δθᵢ)k';
  /** {diff}, {total}. */
  @property() summary = '';

  @state() private s?: Split;

  protected willUpdate(changed: PropertyValues) {
    if (!this.due(changed, 'delta', 'seed', 'dim')) return;
    this.s = this.pe.analysis.modulationSplit({ seed: this.seed, delta: this.delta, dim: this.dim });
    this.computed();
  }

  render() {
    const s = this.s;
    if (!s) return nothing;
    const data: TableData = {
      caption: this.caption,
      columns: [this.t(T.planeI), this.cosHead, this.sinHead, this.sumHead, this.directHead],
      rows: Array.from(s.cosTerm, (_, i) => ({ head: String(i), cells: [s.cosTerm[i], s.sinTerm[i], s.sum[i], s.direct[i]] })),
      digits: 6,
    };
    return html`<posenc-table id="split" .data=${data}></posenc-table>
      <p class="note" role="status">
        ${fillHtml(this.summary, {
          diff: { text: sci(s.maxAbsDifference), value: s.maxAbsDifference, id: 'split-diff' },
          total: { text: fmt(s.total, 6), value: s.total },
        })}
      </p>`;
  }
}
