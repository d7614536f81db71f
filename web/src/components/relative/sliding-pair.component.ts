import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../plot/plot.js';
import type { Series } from '../plot/plot.js';
import { fill } from '../shared/figure.js';
import { LazyFigure } from '../shared/lazy-figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { fillHtml } from '../shared/sci.js';
import { figureHost, tokens } from '../shared/theme.js';
import { relativeStyles } from './relative.styles.js';

type Pair = ReturnType<Analysis['slidingPair']>;

/**
 * Why relative encodings: two words `gap` apart slide along the sentence. The position part of their
 * score under an absolute encoding (sinusoidal P through random projections) changes as they slide;
 * a relative bias b(gap) does not. From the core (slidingPair).
 */

/** The words of this figure, zh and en. */
const T = {
  positionIFirst: l('前一个词的位置 i（后一个在 i + 间隔）', 'position i of the first word (the second at i + gap)'),
  positionPartScore: l('分数里位置的部分', 'position part of the score'),
};

export class PosencSlidingPair extends LazyFigure {
  static styles = [tokens, figureHost, relativeStyles];

  @property({ type: Number }) n = 32;
  @property({ type: Number }) dim = 16;
  @property({ type: Number }) seed = 2;
  @property({ type: Number }) gap = 3;
  @property() caption = '';
  @property() absoluteLabel = '';
  @property() relativeLabel = '';
  /** {gap}, {last}, {abs}, {bias}, {rel}. */
  @property() summary = '';

  @state() private p?: Pair;

  private get g() {
    return Math.min(this.gap, this.n - 1);
  }

  protected willUpdate(changed: PropertyValues) {
    if (!this.due(changed, 'n', 'dim', 'seed', 'gap')) return;
    this.p = this.pe.analysis.slidingPair({ n: this.n, dim: this.dim, seed: this.seed, gap: this.g });
    this.computed();
  }

  render() {
    const p = this.p;
    if (!p) return nothing;
    const v = { gap: this.g };
    const series: Series[] = [
      { label: fill(this.absoluteLabel, v), x: p.starts, y: p.absolute, color: 'var(--_accent)' },
      { label: fill(this.relativeLabel, v), x: p.starts, y: p.relative, color: 'var(--_accent-2)' },
    ];
    return html`<posenc-plot
        id="sliding-pair"
        .series=${series}
        caption=${fill(this.caption, v)}
        xLabel=${this.t(T.positionIFirst)}
        yLabel=${this.t(T.positionPartScore)}
        .height=${240}
      ></posenc-plot>
      <p class="note" role="status">
        ${fillHtml(this.summary, {
          gap: this.g,
          last: p.starts.length - 1,
          abs: { text: fmt(p.absoluteSpread, 3), value: p.absoluteSpread, id: 'absolute-swing' },
          bias: { text: fmt(p.relative[0], 3), value: p.relative[0] },
          rel: { text: fmt(p.relativeSpread, 3), value: p.relativeSpread, id: 'relative-swing' },
        })}
      </p>`;
  }
}
