import { html, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import '../table/table.js';
import type { TableData } from '../table/table.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { l } from '../shared/i18n.js';

/**
 * Sinusoidal against learned, at the current sizes: how many parameters each has, and whether each
 * has a vector for the last position of a sequence of `length` tokens, asked of the core (the
 * sinusoidal formula is evaluated there; the learned table is looked up there).
 */

/** The words of this figure, zh and en. */
const T = {
  sinusoidal: l('正弦', 'sinusoidal'),
  learned: l('可学习', 'learned'),
  parameters: l('参数个数', 'parameters'),
};

export class PosencEncodingCoverage extends VisibleFigure {
  @property({ type: Number }) nMax = 32;
  @property({ type: Number }) dim = 16;
  @property({ type: Number }) length = 24;
  @property() caption = '';
  /** Row label for the vector question; {pos} is filled in. */
  @property() hasVector = '';

  @state() private sinusoidalHas = false;
  @state() private learnedHas = false;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'nMax', 'dim', 'length')) return;
    const last = this.length - 1;
    this.sinusoidalHas = this.pe.sinusoidal({ positions: [last], dim: this.dim, precision: 64 }).rows === 1;
    try {
      this.learnedHas = this.pe.analysis.learnedLookup({ nMax: this.nMax, dim: this.dim, positions: [last] }).rows === 1;
    } catch {
      this.learnedHas = false;
    }
  }

  render() {
    const mark = (b: boolean) => (b ? '✓' : '✗');
    const data: TableData = {
      caption: this.caption,
      columns: ['', this.t(T.sinusoidal), this.t(T.learned)],
      rows: [
        { head: this.t(T.parameters), cells: ['0', String(this.nMax * this.dim)] },
        { head: fill(this.hasVector, { pos: this.length - 1 }), cells: [mark(this.sinusoidalHas), mark(this.learnedHas)] },
      ],
    };
    return html`<posenc-table id="learned-vs-sin" .data=${data}></posenc-table>`;
  }
}
