import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import { cellColors } from './cell-color.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import { sci } from '../shared/format-sci.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import { SAME, type ShuffleExample } from './shuffle.component.js';

type Demo = ReturnType<Analysis['shuffleDemo']>;

/**
 * What a model reads out of the toy layer's output, for the sentence and for its shuffle: the mean
 * over the words (what a classifier pools) and a decoder's cross-attention read-out C_t (two
 * queries reading K = H·W_k, V = H·W_v from the output H). Without a position encoding both are
 * invariant, equal to rounding; the figure marks each pair of rows "same" or "changed".
 */

/** The words of this figure, zh and en. */
const T = {
  sentence: l('原句', 'sentence'),
  shuffled: l('打乱后', 'shuffled'),
};

export class PosencReadouts extends VisibleFigure {
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
      .block {
        margin: 0.5rem 0;
      }
      .block h4 {
        font-size: 0.85rem;
        margin: 0 0 0.2rem;
      }
      .row {
        display: flex;
        align-items: center;
        gap: 0.4rem;
        flex-wrap: wrap;
        min-height: 2.1rem;
      }
      .name {
        min-width: 7.5rem;
        font-size: 0.8rem;
        color: var(--_muted);
      }
      .cells {
        display: flex;
      }
      .cell {
        width: 2.9rem;
        height: 1.8rem;
        display: flex;
        align-items: center;
        justify-content: center;
        font-family: var(--_mono);
        font-size: 0.72rem;
        border: 1px solid var(--_bg);
      }
      .verdict {
        font-size: 0.85rem;
        margin: 0.2rem 0 0.6rem;
      }
      .same {
        color: var(--_good);
      }
      .changed {
        color: var(--_warn);
      }
    `,
  ];

  @property({ type: Number }) seed = 7;
  @property() perm = '';
  @property({ attribute: false }) examples: Record<string, ShuffleExample> = {};
  @property() encoding: 'off' | 'on' = 'off';
  @property() caption = '';
  @property() pooledLabel = '';
  @property() crossLabel = '';
  /** Verdict sentences; {gap} filled. */
  @property() sameText = '';
  @property() changedText = '';

  @state() private demo?: Demo;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'seed', 'perm', 'examples', 'encoding')) return;
    const ex = this.examples[this.perm];
    if (!ex) return;
    const a = this.pe.analysis;
    const n = ex.perm.length,
      d = 4,
      s = this.seed * 10;
    this.demo = a.shuffleDemo({
      x: a.randomNormal({ seed: s + 1, rows: n, cols: d }),
      permutation: ex.perm,
      wq: a.randomNormal({ seed: s + 2, rows: d, cols: d, stddev: 0.7 }),
      wk: a.randomNormal({ seed: s + 3, rows: d, cols: d, stddev: 0.7 }),
      wv: a.randomNormal({ seed: s + 4, rows: d, cols: d, stddev: 0.7 }),
      encoding: this.encoding === 'on' ? this.pe.sinusoidal({ positions: n, dim: d, precision: 64 }) : undefined,
      queries: a.randomNormal({ seed: s + 5, rows: 2, cols: d }),
    });
  }

  private strip(values: ArrayLike<number>, scale: number) {
    return html`<span class="cells">${Array.from(values, (v) => {
      const c = cellColors(0.5 + v / (2 * scale));
      return html`<span class="cell" title=${fmt(v, 6)} style=${`background:${c.background};color:${c.text}`}>${fmt(v, 2)}</span>`;
    })}</span>`;
  }

  private verdict(gap: number, id: string) {
    const same = gap < SAME;
    return html`<p class="verdict" id=${id} data-claim="readout" data-verdict=${same ? 'same' : 'changed'} data-gap=${gap}>
      <strong class=${same ? 'same' : 'changed'}>${same ? '=' : '≠'}</strong> ${rich(fill(same ? this.sameText : this.changedText, { gap: sci(gap) }))}
    </p>`;
  }

  render() {
    const d = this.demo;
    if (!d) return nothing;
    let scale = 0;
    for (const v of [...d.pooled, ...d.pooledPermuted, ...d.cross.data, ...d.crossPermuted.data]) scale = Math.max(scale, Math.abs(v));
    scale ||= 1;
    const orig = this.t(T.sentence);
    const shuf = this.t(T.shuffled);
    const row = (i: number, m: { data: Float64Array; cols: number }) => m.data.subarray(i * m.cols, (i + 1) * m.cols);
    return html`<figure>
      <figcaption>${this.caption}</figcaption>
      <div class="block">
        <h4>${this.pooledLabel}</h4>
        <div class="row"><span class="name">${orig}</span>${this.strip(d.pooled, scale)}</div>
        <div class="row"><span class="name">${shuf}</span>${this.strip(d.pooledPermuted, scale)}</div>
        ${this.verdict(d.pooledGap, 'pooled-diff')}
      </div>
      <div class="block">
        <h4>${this.crossLabel}</h4>
        ${[0, 1].map(
          (t) => html`<div class="row"><span class="name">${orig}, t = ${t}</span>${this.strip(row(t, d.cross), scale)}</div>
            <div class="row"><span class="name">${shuf}, t = ${t}</span>${this.strip(row(t, d.crossPermuted), scale)}</div>`,
        )}
        ${this.verdict(d.crossGap, 'cross-diff')}
      </div>
    </figure>`;
  }
}
