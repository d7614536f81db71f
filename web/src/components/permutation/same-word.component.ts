import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../table/table.js';
import type { TableData } from '../table/table.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { fillHtml, sci } from '../shared/sci.js';
import { figureHost, tokens } from '../shared/theme.js';

type Same = ReturnType<Analysis['sameWord']>;

/**
 * Seed 004 §1.1–1.2: a sentence whose word vectors are given (rows a and b the same word), the
 * sinusoidal encoding of positions 0 … n−1 added to them, and what a toy self-attention layer
 * makes of both (analysis.sameWord). A table (posenc-table) shows x, p and x + p for every word,
 * the two rows of the repeated word marked; two sentences say how far apart the two rows are, as inputs and as
 * outputs, without and with p.
 */

/** The words of this figure, zh and en. */
const T = {
  word: l('词', 'word'),
  pos: l('位置', 'position'),
};

export class PosencSameWord extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      figure {
        margin: 0;
      }
      figcaption {
        font-size: 0.85rem;
        color: var(--_muted);
        margin-bottom: 0.4rem;
      }
      p {
        margin: 0.4rem 0;
        max-width: 46rem;
      }
      code {
        font-family: var(--_mono);
      }
    `,
  ];

  /** The words, one per row of `vectors` (already in the reader's language). */
  @property({ attribute: false }) words: readonly string[] = [];
  /** The word vectors, one row per word (the seed's toy numbers). */
  @property({ attribute: false }) vectors: readonly (readonly number[])[] = [];
  /** The two rows of the same word. */
  @property({ type: Number }) a = 0;
  @property({ type: Number }) b = 4;
  @property({ type: Number }) base = 10000;
  @property({ type: Number }) seed = 1;
  @property() caption = '';
  /** Why the two rows of the repeated word are marked (the table's note). */
  @property() sameLabel = '';
  /** Column heads of the three groups (subscripted by dimension): the word vector, the encoding, their sum. */
  @property() xHead = 'x';
  @property() pHead = 'p';
  @property() sumHead = 'x + p';
  /** Sentences: {inPlain}, {outPlain}; {inEncoded}, {outEncoded}; {pa}, {suma}, {pb}, {sumb}, {a}, {b}. */
  @property() plainText = '';
  @property() rowsText = '';
  @property() encodedText = '';

  @state() private r?: Same;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'vectors', 'a', 'b', 'base', 'seed')) return;
    const v = this.vectors;
    if (!v.length) return;
    const cols = v[0].length;
    this.r = this.pe.analysis.sameWord({
      x: { rows: v.length, cols, data: v.flat() },
      a: this.a,
      b: this.b,
      base: this.base,
      seed: this.seed,
    });
  }

  render() {
    const r = this.r;
    if (!r) return nothing;
    const n = r.sum.rows,
      d = r.sum.cols;
    const at = (m: { cols: number; data: ArrayLike<number> }, i: number, c: number) => m.data[i * m.cols + c];
    const dims = Array.from({ length: d }, (_, c) => c);
    const vec = (m: { cols: number; data: ArrayLike<number> }, i: number) => `[${dims.map((c) => fmt(at(m, i, c), 3)).join(', ')}]`;
    const same = r.outputGapPlain === 0 && r.inputGapPlain === 0;
    const SUB = '₀₁₂₃₄₅₆₇₈₉';
    const heads = (name: string) => dims.map((c) => `${name}${SUB[c]}`);
    const data: TableData = {
      caption: this.caption,
      columns: [this.t(T.word), this.t(T.pos), ...heads(this.xHead), ...heads(this.pHead), ...heads(this.sumHead)],
      digits: 3,
      rows: Array.from({ length: n }, (_, i) => ({
        head: html`<code>${this.words[i] ?? ''}</code>`,
        cells: [
          String(i),
          ...dims.map((c) => this.vectors[i][c]),
          ...dims.map((c) => at(r.encoding, i, c)),
          ...dims.map((c) => at(r.sum, i, c)),
        ],
        highlight: i === this.a || i === this.b ? this.sameLabel : undefined,
      })),
    };
    return html`<figure>
      <posenc-table id="same-word-table" .data=${data}></posenc-table>
      <p id="same-rows">
        ${fillHtml(this.rowsText, {
          a: this.a,
          b: this.b,
          pa: vec(r.encoding, this.a),
          suma: vec(r.sum, this.a),
          pb: vec(r.encoding, this.b),
          sumb: vec(r.sum, this.b),
        })}
      </p>
      <div
        data-claim="same-word"
        data-in-plain=${r.inputGapPlain}
        data-out-plain=${r.outputGapPlain}
        data-in-encoded=${r.inputGapEncoded}
        data-out-encoded=${r.outputGapEncoded}
        data-verdict=${same ? 'same' : 'apart'}
      >
        <p>
        ${fillHtml(this.plainText, {
          inPlain: { text: sci(r.inputGapPlain), value: r.inputGapPlain, id: 'same-in-plain' },
          outPlain: { text: sci(r.outputGapPlain), value: r.outputGapPlain, id: 'same-out-plain' },
        })}
      </p>
      <p>
        ${fillHtml(this.encodedText, {
          inEncoded: { text: fmt(r.inputGapEncoded, 3), value: r.inputGapEncoded, id: 'same-in-encoded' },
          outEncoded: { text: fmt(r.outputGapEncoded, 3), value: r.outputGapEncoded, id: 'same-out-encoded' },
        })}
      </p>
      </div>
    </figure>`;
  }
}
