import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../table/table.js';
import type { TableData } from '../table/table.js';
import { LazyFigure } from '../shared/lazy-figure.js';
import { MINUS } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { fillHtml } from '../shared/sci.js';
import { figureHost, tokens } from '../shared/theme.js';
import { relativeStyles } from './relative.styles.js';

type Offsets = ReturnType<Analysis['sentenceOffsets']>;
const signed = (v: number) => (v > 0 ? `+${v}` : v < 0 ? `${MINUS}${-v}` : '0');

/**
 * Seed 004 §2.3's example from its own position table: the offset of each pair of neighbouring words
 * in both sentences, then every ordered pair (word i → word j) with its offset in sentence 1 and in
 * sentence 2, the pairs whose offset is the same highlighted. Offsets from the core (sentenceOffsets);
 * the words are example tokens and shown as code.
 */

/** The words of this figure, zh and en. */
const T = {
  neighbouringWords: l('相邻的词', 'neighbouring words'),
  from: l('从 \\ 到', 'from \\ to'),
};

export class PosencSentenceOffsets extends LazyFigure {
  static styles = [tokens, figureHost, relativeStyles];

  @property({ attribute: false }) words: readonly string[] = [];
  @property({ attribute: false }) positions1: readonly number[] = [];
  @property({ attribute: false }) positions2: readonly number[] = [];
  @property() caption = '';
  @property() pairCaption = '';
  @property() sentence1 = '';
  @property() sentence2 = '';
  /** Why a row of the neighbour table is highlighted (its offsets differ). */
  @property() differs = '';
  /** {same}, {pairs}. */
  @property() summary = '';

  @state() private o?: Offsets;

  protected willUpdate(changed: PropertyValues) {
    if (!this.due(changed, 'positions1', 'positions2')) return;
    this.o = this.pe.analysis.sentenceOffsets({ positions1: this.positions1, positions2: this.positions2 });
    this.computed();
  }

  render() {
    const o = this.o;
    if (!o) return nothing;
    const w = this.words;
    const word = (i: number) => html`<code>${w[i] ?? String(i)}</code>`;
    const data: TableData = {
      caption: this.caption,
      columns: [this.t(T.neighbouringWords), this.sentence1, this.sentence2],
      rows: Array.from(o.neighbours1, (a, k) => ({
        head: html`${word(k)} → ${word(k + 1)}`,
        cells: [signed(a), signed(o.neighbours2[k])],
        highlight: a !== o.neighbours2[k] ? this.differs : undefined,
      })),
    };
    const n = o.offsets1.rows;
    return html`<posenc-table id="sentence" .data=${data}></posenc-table>
      <div class="scroll">
        <table class="pairs" id="sentence-pairs">
          <caption>
            ${this.pairCaption}
          </caption>
          <thead>
            <tr>
              <th>${this.t(T.from)}</th>
              ${Array.from({ length: n }, (_, j) => html`<th>${word(j)}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${Array.from(
              { length: n },
              (_, i) =>
                html`<tr>
                  <th>${word(i)}</th>
                  ${Array.from({ length: n }, (_, j) => {
                    const a = o.offsets1.data[i * n + j],
                      b = o.offsets2.data[i * n + j];
                    const cls = i === j ? 'self' : a === b ? 'same' : '';
                    return html`<td class=${cls}>${i === j ? '·' : `${signed(a)} / ${signed(b)}`}</td>`;
                  })}
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      <p class="note" role="status">
        ${fillHtml(this.summary, {
          same: { text: String(o.samePairs), value: o.samePairs, id: 'same-pairs' },
          pairs: { text: String(o.pairs), value: o.pairs },
        })}
      </p>`;
  }
}
