import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../heatmap/heatmap-view.js';
import '../plot/plot.js';
import { LazyFigure } from '../shared/lazy-figure.js';
import { l } from '../shared/i18n.js';
import { fillHtml, pct } from '../shared/sci.js';
import { figureHost, tokens } from '../shared/theme.js';
import { relativeStyles } from './relative.styles.js';

type Bias = ReturnType<Analysis['relativeBiasExample']>;

/**
 * A learned bias per offset: the 2n − 1 numbers b(j − i) as a curve, and the n × n matrix they fill,
 * constant along every diagonal. From the core (relativeBiasExample).
 */

/** The words of this figure, zh and en. */
const T = {
  queryI: l('查询 i', 'query i'),
  keyJ: l('键 j', 'key j'),
  valuesAsTable: l('以表格显示数值', 'Values as a table'),
  offsetJI: l('偏移 j − i（键减查询）', 'offset j − i (key minus query)'),
};

export class PosencRelativeBias extends LazyFigure {
  static styles = [tokens, figureHost, relativeStyles];

  @property({ type: Number }) n = 16;
  @property({ type: Number }) seed = 2;
  @property() curveCaption = '';
  @property() matrixCaption = '';
  /** {count}, {n}, {cells}, {spread}. */
  @property() summary = '';

  @state() private b?: Bias;

  protected willUpdate(changed: PropertyValues) {
    if (!this.due(changed, 'n', 'seed')) return;
    this.b = this.pe.analysis.relativeBiasExample({ n: this.n, seed: this.seed });
    this.computed();
  }

  render() {
    const b = this.b;
    if (!b) return nothing;
    return html`<div class="row">
        <posenc-heatmap-view
          id="bias"
          .matrix=${b.matrix}
          caption=${this.matrixCaption}
          rowAxis=${this.t(T.queryI)}
          colAxis=${this.t(T.keyJ)}
          colormap="diverging"
          .size=${256}
          tableLabel=${this.t(T.valuesAsTable)}
        ></posenc-heatmap-view>
        <posenc-plot
          class="grow"
          id="bias-curve"
          .series=${[{ label: 'b(j − i)', x: b.offsets, y: b.bias, color: 'var(--_accent-2)' }]}
          caption=${this.curveCaption}
          xLabel=${this.t(T.offsetJI)}
          yLabel="b"
          .height=${230}
        ></posenc-plot>
      </div>
      <p class="note" role="status">
        ${fillHtml(this.summary, {
          count: { text: String(b.bias.length), value: b.bias.length },
          n: this.n,
          cells: { text: String(b.matrix.data.length), value: b.matrix.data.length },
          spread: { text: pct(b.relativeSpread), value: b.relativeSpread, id: 'bias-spread' },
        })}
      </p>`;
  }
}
