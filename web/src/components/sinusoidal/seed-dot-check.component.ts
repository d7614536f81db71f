import { html, nothing, type PropertyValues } from 'lit';
import type { Matrix } from '../../lib/types.js';
import { property, state } from 'lit/decorators.js';

import '../table/table.js';
import type { TableData } from '../table/table.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { fillHtml } from '../shared/sci.js';
import { figureHost, tokens } from '../shared/theme.js';

/**
 * A document's printed dot products p_i·p_j (`pairs`, e.g. p₀·p₁, p₀·p₂, p₁·p₂) against the core's:
 * once with the document's own frequencies, through its formula Σ cos((j−i)·ω) (as it computed
 * them), and once from the encoding vectors themselves at d = `dim` (formula (6.1.2)), their Gram
 * matrix. A printed value is marked ✓ when the computation rounds to it. `sameText` says which
 * two pairs one step apart have the same product ({first}, {second}, {a}, {b}).
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
  /** The values the document prints, one per pair. */
  @property({ attribute: false }) printed: string[] = [];
  /** The positions (i, j) of each printed product. */
  @property({ attribute: false }) pairs: readonly (readonly [number, number])[] = [
    [0, 1],
    [0, 2],
  ];
  /** Under the table: two products of pairs at the same distance ({a}, {first}; {b}, {second}). */
  @property() sameText = '';
  @property() caption = '';
  @property() docColumn = '';
  @property() rightColumn = '';

  @state() private doc?: Float64Array;
  /** p_i·p_j of the encoding vectors of positions 0 … the largest in `pairs`. */
  @state() private gram?: Matrix<Float64Array>;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'dim', 'docInvFreq', 'printed', 'pairs')) return;
    const offsets = this.pairs.map(([i, j]) => j - i);
    this.doc = this.pe.analysis.dotByFrequencies({ invFreq: this.docInvFreq, offsets });
    const last = Math.max(...this.pairs.flat());
    this.gram = this.pe.analysis.gram(this.pe.sinusoidal({ positions: last + 1, dim: this.dim, precision: 64 }));
  }

  render() {
    const { doc, gram } = this;
    if (!doc || !gram) return nothing;
    const mark = (printed: string, v: number) => (fmt(v, printed.split('.')[1]?.length ?? 0) === printed ? '✓' : '✗');
    const SUB = '₀₁₂₃₄₅₆₇₈₉';
    const name = ([i, j]: readonly [number, number]) => `p${SUB[i]}·p${SUB[j]}`;
    const right = this.pairs.map(([i, j]) => gram.data[i * gram.cols + j]);
    const data: TableData = {
      caption: this.caption,
      columns: ['', this.t(T.documentPrints), this.docColumn, this.rightColumn],
      rows: this.printed.map((p, k) => ({
        head: name(this.pairs[k]),
        cells: [p, `${fmt(doc[k], 4)} ${mark(p, doc[k])}`, `${fmt(right[k], 4)} ${mark(p, right[k])}`],
      })),
    };
    // The first two pairs at the same distance, to say that their products agree.
    let same: [number, number] | undefined;
    this.pairs.forEach(([i, j], k) => {
      const m = this.pairs.findIndex(([a, b], x) => x > k && b - a === j - i);
      if (!same && m > k) same = [k, m];
    });
    return html`<posenc-table id="seed-dots" .data=${data}></posenc-table>
      ${
        same && this.sameText
          ? html`<p class="note" data-claim="same-offset" data-first=${right[same[0]]} data-second=${right[same[1]]}>
            ${fillHtml(this.sameText, {
              a: name(this.pairs[same[0]]),
              b: name(this.pairs[same[1]]),
              first: { text: fmt(right[same[0]], 6), value: right[same[0]], id: 'dot-first' },
              second: { text: fmt(right[same[1]], 6), value: right[same[1]], id: 'dot-second' },
            })}
          </p>`
          : nothing
      }`;
  }
}
