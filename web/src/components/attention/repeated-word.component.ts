import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../plot/plot.js';
import type { PlotAnnotation, Series } from '../plot/plot.js';
import { fill } from '../shared/figure.js';
import { LazyFigure } from '../shared/lazy-figure.js';
import { l } from '../shared/i18n.js';
import { fmt } from '../shared/format.js';
import { fillHtml } from '../shared/sci.js';
import { figureHost, tokens } from '../shared/theme.js';
import { attentionStyles } from './attention.styles.js';

type Row = ReturnType<Analysis['repeatedWordRow']>;

/**
 * The failure that motivates position encodings, seen in the scores: one word repeated n times.
 * Without an encoding query i scores every key alike (a flat row, softmax weights 1/n); with the
 * sinusoidal encoding added the row has a shape. Both rows from the core (repeatedWordRow).
 */

/** The words of this figure, zh and en. */
const T = {
  keyPositionJ: l('键的位置 j', 'key position j'),
  scoreSI: l('分数 S(i, j)', 'score S(i, j)'),
};

export class PosencRepeatedWord extends LazyFigure {
  static styles = [tokens, figureHost, attentionStyles];

  @property({ type: Number }) n = 16;
  @property({ type: Number }) dim = 16;
  @property({ type: Number }) seed = 3;
  @property() weights: 'random' | 'identity' = 'random';
  /** Query position; clamped to the sequence. */
  @property({ type: Number }) query = 5;
  @property() caption = '';
  /** Series labels. */
  @property() withoutLabel = '';
  @property() withLabel = '';
  /** Marker labels; {query} and {argmax} are filled in. */
  @property() selfLabel = '';
  @property() topLabel = '';
  /** Sentence under the plot: {n}, {flat}, {weight}, {argmax}, {top}, {query}. */
  @property() summary = '';

  @state() private row?: Row;

  private get q() {
    return Math.min(this.query, this.n - 1);
  }

  protected willUpdate(changed: PropertyValues) {
    if (!this.due(changed, 'n', 'dim', 'seed', 'weights', 'query')) return;
    this.row = this.pe.analysis.repeatedWordRow({ n: this.n, dim: this.dim, seed: this.seed, weights: this.weights, query: this.q });
    this.computed();
  }

  render() {
    const r = this.row;
    if (!r) return nothing;
    const keys = Array.from({ length: this.n }, (_, j) => j);
    const q = this.q;
    const series: Series[] = [
      { label: this.withoutLabel, x: keys, y: r.withoutPosition, dash: true, color: 'var(--_muted)' },
      { label: this.withLabel, x: keys, y: r.withPosition, color: 'var(--_accent)' },
    ];
    const marks: PlotAnnotation[] = [
      { kind: 'point', x: q, y: r.withPosition[q], label: fill(this.selfLabel, { query: q }), color: 'accent2' },
      { kind: 'point', x: r.argmax, y: r.withPosition[r.argmax], label: fill(this.topLabel, { argmax: r.argmax }), color: 'good' },
    ];
    return html`<posenc-plot
        id="repeated-word"
        .series=${series}
        .annotations=${marks}
        caption=${fill(this.caption, { query: q, n: this.n })}
        xLabel=${this.t(T.keyPositionJ)}
        yLabel=${this.t(T.scoreSI)}
        .height=${240}
      ></posenc-plot>
      <p class="note" role="status">
        ${fillHtml(this.summary, {
          n: this.n,
          query: q,
          flat: { text: fmt(r.withoutPosition[0], 3), value: r.withoutPosition[0], id: 'flat-score' },
          spread: { text: fmt(r.withoutSpread, 3), value: r.withoutSpread, id: 'flat-spread' },
          weight: { text: fmt(r.uniformWeight, 3), value: r.uniformWeight, id: 'uniform-weight' },
          argmax: { text: String(r.argmax), value: r.argmax, id: 'top-key' },
          top: { text: fmt(r.topWeight, 3), value: r.topWeight, id: 'top-weight' },
        })}
      </p>`;
  }
}
