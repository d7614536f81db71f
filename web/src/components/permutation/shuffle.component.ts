import { css, html, nothing, type PropertyValues, svg } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import type { Matrix } from '../../lib/types.js';
import '../table/table.js';
import type { TableData } from '../table/table.js';
import { cssColor } from '../shared/colormaps.js';
import { cellColors } from './cell-color.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import { sci } from '../shared/format-sci.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';

/** A sentence and one shuffle of it: `perm[r]` is the word that lands in slot r. */
export interface ShuffleExample {
  zh: string[];
  en: string[];
  perm: number[];
}

type Demo = ReturnType<Analysis['shuffleDemo']>;

/** Below this, a difference is rounding: "the same vector". */
export const SAME = 1e-9;

const HUES = ['#2f62d8', '#b23a10', '#1e8a4c', '#8a5cd1', '#0f9fb0', '#b25d00'];

/**
 * A toy self-attention layer (4-dimensional tokens, weights drawn from `seed`) run on a sentence
 * and on a shuffle of it. Each word's output vector is drawn as a strip of coloured cells (one
 * colour scale for both sides) and a line joins each word to the slot it moved to, marked with how
 * much its output changed. Without a position encoding the change is rounding: the layer is
 * permutation equivariant, Y(ΠX) = Π·Y(X), and not invariant (the rows move). With the encoding
 * added to the slots the words come out changed.
 *
 * @fires posenc-answer - { value: 'same' | 'changed' }: does every word keep its output vector?
 */

/** The words of this figure, zh and en. */
const T = {
  slot: l('位置', 'slot'),
  same: l('不变', 'same'),
  changed: l('变了', 'changed'),
  valuesAsTable: l('以表格显示数值', 'Values as a table'),
  yXSentence: l('Y(X)：原句', 'Y(X): the sentence'),
  yXShuffled: l('Y(ΠX)：打乱后再算', 'Y(ΠX): shuffled, then attention'),
  yXAttention: l('Π·Y(X)：算完再打乱', 'Π·Y(X): attention, then shuffled'),
};

export class PosencShuffle extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      :host {
        container-type: inline-size;
      }
      figure {
        margin: 0;
      }
      figcaption {
        font-size: 0.85rem;
        color: var(--_muted);
        margin-bottom: 0.4rem;
      }
      .grid {
        display: grid;
        grid-template-columns: max-content minmax(2.5rem, 1fr) max-content;
        align-items: start;
        gap: 0 0.4rem;
        max-width: 40rem;
      }
      .side h4 {
        font-size: 0.8rem;
        font-weight: 600;
        margin: 0 0 0.2rem;
        height: 2.4rem;
        display: flex;
        align-items: flex-end;
      }
      .row {
        display: flex;
        align-items: center;
        gap: 0.3rem;
        height: 2.4rem;
      }
      .slot {
        font-family: var(--_mono);
        font-size: 0.7rem;
        color: var(--_muted);
        width: 2.6rem;
        white-space: nowrap;
      }
      .word {
        min-width: 3.2rem;
        font-weight: 600;
        border-left: 4px solid var(--hue);
        padding-left: 0.3rem;
      }
      .cells {
        display: flex;
      }
      .cell {
        width: 2.7rem;
        height: 1.9rem;
        display: flex;
        align-items: center;
        justify-content: center;
        font-family: var(--_mono);
        font-size: 0.72rem;
        border: 1px solid var(--_bg);
      }
      .lines {
        width: 100%;
        display: block;
        margin-top: 2.6rem;
      }
      .badge {
        font-family: var(--_mono);
        font-size: 0.72rem;
        padding: 0.05rem 0.35rem;
        border-radius: 3px;
        white-space: nowrap;
      }
      /* Text a shade darker than the tone: small type needs 4.5:1 in both themes. */
      .badge.same {
        color: color-mix(in srgb, var(--_good) 70%, var(--_fg));
        border: 1px solid var(--_good);
      }
      .badge.changed {
        color: color-mix(in srgb, var(--_warn) 70%, var(--_fg));
        border: 1px solid var(--_warn);
      }
      .facts {
        margin: 0.6rem 0 0;
        padding-left: 1.1rem;
        max-width: 44rem;
      }
      .facts li {
        margin: 0.25rem 0;
      }
      .legend {
        display: flex;
        align-items: center;
        gap: 0.4rem;
        font-family: var(--_mono);
        font-size: 0.72rem;
        margin-top: 0.3rem;
      }
      .bar {
        width: 8rem;
        height: 0.6rem;
        border: 1px solid var(--_line);
      }
      details {
        margin-top: 0.4rem;
        font-size: 0.85rem;
      }
      summary {
        cursor: pointer;
        color: var(--_accent);
      }
      /* Narrow: the shuffled sentence goes under the original one; no joining lines. */
      @container (max-width: 33rem) {
        .cell {
          width: 2.45rem;
        }
        .slot {
          width: 2.2rem;
        }
        .grid {
          grid-template-columns: max-content;
        }
        .lines {
          display: none;
        }
        .side + .side {
          margin-top: 0.6rem;
        }
      }
    `,
  ];

  @property({ type: Number }) seed = 7;
  /** Key of `examples`. */
  @property() perm = '';
  @property({ attribute: false }) examples: Record<string, ShuffleExample> = {};
  /** 'on': the sinusoidal encoding of the slots is added to the input. */
  @property() encoding: 'off' | 'on' = 'off';
  @property() caption = '';
  /** Heading of each side. */
  @property() originalLabel = '';
  @property() shuffledLabel = '';
  /** Sentence when Y(ΠX) = Π·Y(X) to rounding; {eq} filled. */
  @property() equalText = '';
  /** Sentence when it is not; {eq} filled. */
  @property() brokenText = '';
  /** Sentence about Y(ΠX) against Y(X); {inv} filled. */
  @property() notInvariantText = '';
  /** Id on the sentence with the equivariance gap (tests read it); '' for none. */
  @property() factsId = '';

  @state() private demo?: Demo;
  @state() private error = '';

  private get example(): ShuffleExample | undefined {
    return this.examples[this.perm];
  }

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'seed', 'perm', 'examples', 'encoding')) return;
    const ex = this.example;
    if (!ex) return;
    const a = this.pe.analysis;
    const n = ex.perm.length,
      d = 4,
      s = this.seed * 10;
    try {
      this.demo = a.shuffleDemo({
        x: a.randomNormal({ seed: s + 1, rows: n, cols: d }),
        permutation: ex.perm,
        wq: a.randomNormal({ seed: s + 2, rows: d, cols: d, stddev: 0.7 }),
        wk: a.randomNormal({ seed: s + 3, rows: d, cols: d, stddev: 0.7 }),
        wv: a.randomNormal({ seed: s + 4, rows: d, cols: d, stddev: 0.7 }),
        encoding: this.encoding === 'on' ? this.pe.sinusoidal({ positions: n, dim: d, precision: 64 }) : undefined,
      });
      this.error = '';
    } catch (e) {
      this.error = (e as Error).message;
    }
  }

  protected updated(changed: PropertyValues) {
    if (this.demo && this.changedAny(changed, 'seed', 'perm', 'examples', 'encoding')) {
      this.emitAnswer(Math.max(...this.demo.tokenChange) < SAME ? 'same' : 'changed');
    }
    super.updated(changed);
  }

  private strip(m: Matrix, r: number, scale: number) {
    const cells = Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols));
    return html`<span class="cells">${cells.map((v) => {
      const c = cellColors(0.5 + v / (2 * scale));
      return html`<span class="cell" title=${fmt(v, 6)} style=${`background:${c.background};color:${c.text}`}>${fmt(v, 2)}</span>`;
    })}</span>`;
  }

  private table(m: Matrix, words: string[], caption: string, id: string) {
    const data: TableData = {
      caption,
      columns: ['', ...Array.from({ length: m.cols }, (_, c) => `y${'₀₁₂₃₄₅₆₇₈₉'[c] ?? c}`)],
      rows: words.map((w, r) => ({ head: w, cells: Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols)) })),
      digits: 4,
    };
    return html`<posenc-table id=${id} .data=${data}></posenc-table>`;
  }

  render() {
    if (this.error) return html`<p role="alert">${this.error}</p>`;
    const ex = this.example,
      d = this.demo;
    if (!ex || !d) return nothing;
    const words = ex[this.lang];
    const n = ex.perm.length;
    const moved = ex.perm.map((t) => words[t]);
    const slotOf = (t: number) => ex.perm.indexOf(t);
    let scale = 0;
    for (const v of [...d.y.data, ...d.yPermuted.data]) scale = Math.max(scale, Math.abs(v));
    scale ||= 1;
    const slot = this.t(T.slot);
    const same = this.t(T.same);
    const changedBy = this.t(T.changed);
    const H = n * 24;
    const eq = d.equivarianceGap;
    return html`<figure>
      <figcaption>${this.caption}</figcaption>
      <div class="grid">
        <div class="side">
          <h4>${this.originalLabel}</h4>
          ${words.map(
            (w, t) => html`<div class="row" style=${`--hue:${HUES[t % HUES.length]}`}>
              <span class="slot">${slot} ${t}</span><span class="word">${w}</span>${this.strip(d.y, t, scale)}
            </div>`,
          )}
        </div>
        <svg class="lines" viewBox=${`0 0 100 ${H}`} preserveAspectRatio="none" style=${`height:${n * 2.4}rem`} aria-hidden="true">
          ${words.map((_, t) => {
            const y0 = (t + 0.5) * 24,
              y1 = (slotOf(t) + 0.5) * 24;
            return svg`<line x1="0" y1=${y0} x2="100" y2=${y1} stroke-width="2.5" vector-effect="non-scaling-stroke" style=${`stroke:${HUES[t % HUES.length]}`}></line>`;
          })}
        </svg>
        <div class="side">
          <h4>${this.shuffledLabel}</h4>
          ${moved.map((w, r) => {
            const t = ex.perm[r];
            const c = d.tokenChange[t];
            return html`<div class="row" style=${`--hue:${HUES[t % HUES.length]}`}>
              <span class="slot">${slot} ${r}</span><span class="word">${w}</span>${this.strip(d.yPermuted, r, scale)}
              <span class=${c < SAME ? 'badge same' : 'badge changed'} title=${fmt(c, 17)}>${c < SAME ? `= ${same}` : `${changedBy} ${sci(c)}`}</span>
            </div>`;
          })}
        </div>
      </div>
      <div class="legend" aria-hidden="true">
        <span>${fmt(-scale, 2)}</span><span class="bar" style=${`background:linear-gradient(to right, ${cssColor('diverging', 0)}, ${cssColor('diverging', 0.5)}, ${cssColor('diverging', 1)})`}></span><span>${fmt(scale, 2)}</span>
      </div>
      <ul class="facts">
        <li id=${this.factsId || nothing} data-claim="equivariance" data-verdict=${eq < SAME ? 'equal' : 'broken'} data-gap=${eq}>${rich(fill(eq < SAME ? this.equalText : this.brokenText, { eq: sci(eq) }))}</li>
        <li data-gap=${d.invarianceGap}>${rich(fill(this.notInvariantText, { inv: sci(d.invarianceGap, 3) }))}</li>
      </ul>
      <details>
        <summary>${this.t(T.valuesAsTable)}</summary>
        ${this.table(d.y, words, this.t(T.yXSentence), 'y-orig')}
        ${this.table(d.yPermuted, moved, this.t(T.yXShuffled), 'y-perm')}
        ${this.table(d.permutedY, moved, this.t(T.yXAttention), 'py')}
      </details>
    </figure>`;
  }
}
