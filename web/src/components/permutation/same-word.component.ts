import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { fillHtml, sci } from '../shared/sci.js';
import { figureHost, tokens } from '../shared/theme.js';

type Same = ReturnType<Analysis['sameWord']>;

/**
 * Seed 004 §1.1–1.2: a sentence whose word vectors are given (rows a and b the same word), the
 * sinusoidal encoding of positions 0 … n−1 added to them, and what a toy self-attention layer
 * makes of both (analysis.sameWord). A table shows x, p and x + p for every word, the two rows of
 * the repeated word marked; two sentences say how far apart the two rows are, as inputs and as
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
      .scroll {
        overflow-x: auto;
        max-width: 100%;
      }
      table {
        border-collapse: collapse;
        font-size: 0.8rem;
      }
      th,
      td {
        padding: 0.15rem 0.45rem;
        text-align: right;
        white-space: nowrap;
      }
      th {
        color: var(--_muted);
        font-weight: 600;
        border-bottom: 1px solid var(--_line);
      }
      td.word,
      th.word {
        text-align: left;
        font-family: inherit;
      }
      td {
        font-family: var(--_mono);
        font-variant-numeric: tabular-nums;
      }
      td.gap {
        border-left: 1px solid var(--_line);
      }
      tr.same td {
        background: color-mix(in srgb, var(--_focus) 18%, transparent);
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
  /** Column heads of the three groups: the word vector, the encoding, their sum. */
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
    const group = (head: string) => html`<th colspan=${d} class="gap">${head}</th>`;
    const vec = (m: { cols: number; data: ArrayLike<number> }, i: number) => `[${dims.map((c) => fmt(at(m, i, c), 3)).join(', ')}]`;
    const same = r.outputGapPlain === 0 && r.inputGapPlain === 0;
    return html`<figure>
      <figcaption>${this.caption}</figcaption>
      <div class="scroll">
        <table id="same-word-table">
          <thead>
            <tr>
              <th class="word">${this.t(T.word)}</th>
              <th>${this.t(T.pos)}</th>
              ${group(this.xHead)} ${group(this.pHead)} ${group(this.sumHead)}
            </tr>
          </thead>
          <tbody>
            ${Array.from({ length: n }, (_, i) => {
              const cells = (m: { cols: number; data: ArrayLike<number> }, name: string) =>
                dims.map(
                  (c) =>
                    html`<td class=${c === 0 ? 'gap' : ''} data-cell=${`${name}-${i}-${c}`} data-value=${at(m, i, c)}>${fmt(at(m, i, c), 3)}</td>`,
                );
              const x = { cols: d, data: this.vectors.flat() };
              return html`<tr class=${i === this.a || i === this.b ? 'same' : ''}>
                <td class="word"><code>${this.words[i] ?? ''}</code></td>
                <td>${i}</td>
                ${cells(x, 'x')} ${cells(r.encoding, 'p')} ${cells(r.sum, 'sum')}
              </tr>`;
            })}
          </tbody>
        </table>
      </div>
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
