import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../heatmap/heatmap-view.js';
import { LazyFigure } from '../shared/lazy-figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { fillHtml, sci } from '../shared/sci.js';
import { figureHost, tokens } from '../shared/theme.js';
import { attentionStyles } from './attention.styles.js';

type View = ReturnType<Analysis['causalView']>;

/**
 * Causal self-attention on X + P: the scores after the mask (masked cells grey) and the softmax
 * weights, with what the core measured: the largest weight on a later key, the row sums, and how
 * far the outputs of the first half move when the second half of the input (its contents and its
 * position encodings) changes.
 *
 * @fires posenc-answer - { value: 'yes' | 'no' }: can later tokens change the outputs of earlier ones?
 */

/** The words of this figure, zh and en. */
const T = {
  valuesAsTable: l('以表格显示数值', 'Values as a table'),
  queryI: l('查询 i', 'query i'),
  keyJ: l('键 j', 'key j'),
};

export class PosencCausalMask extends LazyFigure {
  static styles = [tokens, figureHost, attentionStyles];

  @property({ type: Number }) n = 16;
  @property({ type: Number }) dim = 16;
  @property({ type: Number }) seed = 3;
  @property() weights: 'random' | 'identity' = 'random';
  /** 'on' or 'off'. */
  @property() mask = 'on';
  @property() scoresCaption = '';
  @property() weightsCaption = '';
  /** Label of the masked band (keys after the query). */
  @property() maskedLabel = '';
  /** {future}, {rowsum}, {leak}, {half}. */
  @property() summary = '';

  @state() private view?: View;

  protected willUpdate(changed: PropertyValues) {
    if (!this.due(changed, 'n', 'dim', 'seed', 'weights', 'mask')) return;
    this.view = this.pe.analysis.causalView({
      n: this.n,
      dim: this.dim,
      seed: this.seed,
      weights: this.weights,
      causal: this.mask === 'on',
    });
    this.computed();
  }

  protected answered() {
    if (this.view) this.emitAnswer(this.view.leak > 0 ? 'yes' : 'no');
  }

  render() {
    const v = this.view;
    if (!v) return nothing;
    const table = this.t(T.valuesAsTable);
    const axes = { row: this.t(T.queryI), col: this.t(T.keyJ) };
    return html`<div class="row">
        <posenc-heatmap-view
          id="masked-scores"
          .matrix=${v.scores}
          caption=${this.scoresCaption}
          rowAxis=${axes.row}
          colAxis=${axes.col}
          .annotations=${this.mask === 'on' && this.n > 1 ? [{ kind: 'diagonal', offset: 1, to: this.n - 1, label: this.maskedLabel, color: 'accent2' }] : []}
          colormap="diverging"
          .size=${256}
          tableLabel=${table}
        ></posenc-heatmap-view>
        <posenc-heatmap-view
          id="weights"
          .matrix=${v.weights}
          caption=${this.weightsCaption}
          rowAxis=${axes.row}
          colAxis=${axes.col}
          colormap="sequential"
          .lo=${0}
          .hi=${1}
          .size=${256}
          tableLabel=${table}
        ></posenc-heatmap-view>
      </div>
      <p class="note" role="status">
        ${fillHtml(this.summary, {
          half: Math.floor(this.n / 2),
          future: { text: v.futureWeight === 0 ? '0' : sci(v.futureWeight, 2), value: v.futureWeight, id: 'future-weight' },
          rowsum: { text: sci(v.rowSumError), value: v.rowSumError, id: 'row-sum' },
          leak: { text: v.leak === 0 ? '0' : fmt(v.leak, 4), value: v.leak, id: 'leak' },
        })}
      </p>`;
  }
}
