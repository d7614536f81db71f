import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import '../table/table.js';
import type { TableData } from '../table/table.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { figureHost, tokens } from '../shared/theme.js';

/**
 * A document's printed dot products p₀·p₁, p₀·p₂ against the core's: once with the document's
 * own frequencies (as it computed them) and once with formula (6.1.2) at d = `dim`. A printed
 * value is marked ✓ when the computation rounds to it.
 */

/** The words of this figure, zh and en. */
const T = {
  documentPrints: l('讲义印的', 'the document prints'),
};

export class PosencSeedDotCheck extends VisibleFigure {
  static styles = [tokens, figureHost];

  @property({ type: Number }) dim = 8;
  /** The frequencies the document used (its divisors inverted), as printed. */
  @property({ attribute: false }) docInvFreq: number[] = [];
  /** The values the document prints for offsets 1, 2 … */
  @property({ attribute: false }) printed: string[] = [];
  @property() caption = '';
  @property() docColumn = '';
  @property() rightColumn = '';

  @state() private doc?: Float64Array;
  @state() private right?: Float64Array;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'dim', 'docInvFreq', 'printed')) return;
    const offsets = this.printed.map((_, i) => i + 1);
    this.doc = this.pe.analysis.dotByFrequencies({ invFreq: this.docInvFreq, offsets });
    this.right = this.pe.analysis.dotByFrequencies({ invFreq: this.pe.inverseFrequencies({ dim: this.dim }).invFreq, offsets });
  }

  render() {
    const { doc, right } = this;
    if (!doc || !right) return nothing;
    const mark = (printed: string, v: number) => (fmt(v, printed.split('.')[1]?.length ?? 0) === printed ? '✓' : '✗');
    const data: TableData = {
      caption: this.caption,
      columns: ['', this.t(T.documentPrints), this.docColumn, this.rightColumn],
      rows: this.printed.map((p, i) => ({
        head: `p₀·p${'₁₂₃₄₅₆₇₈₉'[i]}`,
        cells: [p, `${fmt(doc[i], 4)} ${mark(p, doc[i])}`, `${fmt(right[i], 4)} ${mark(p, right[i])}`],
      })),
    };
    return html`<posenc-table id="seed-dots" .data=${data}></posenc-table>`;
  }
}
