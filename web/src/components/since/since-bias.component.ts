import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';

import '../plot/plot.js';
import type { PlotAnnotation, Series } from '../plot/plot.js';
import { ENCODING_COLORS, ENCODING_DASHED, ENCODING_NAMES } from '../lab/lab-figure.js';
import type { Since2023Examples } from '../lab/lab-types.js';
import type { LabEncoding } from '../../lib/lab/info.generated.js';
import { fill } from '../shared/figure.js';
import { l } from '../shared/i18n.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { sinceStyles } from './since.styles.js';

const T = {
  distance: l('查询与键相隔的位置数 i − j', 'positions between query and key, i − j'),
  bias: l('加在注意力分数上的偏置', 'bias added to the attention score'),
  trained: l('训练中见过的距离', 'distances seen in training'),
};

/**
 * What the bias encodings learned: the bias each adds to a score against the distance from the query,
 * after training on the default task (T5's buckets, ALiBi's fixed slope, Kerple's log kernel, FIRE's
 * MLP), all on one axis, for one head of one block. The curves are the trained models' own
 * (model.biasCurves, saved by the reference run: the last of `biasLength` queries against every key).
 */
export class PosencSinceBias extends VisibleFigure {
  static styles = sinceStyles;

  @property({ attribute: false }) examples?: Since2023Examples;
  /** The head and the block, counted from 1 as the caption and the chapter's sliders count them. */
  @property({ type: Number }) head = 1;
  @property({ type: Number }) layer = 1;
  @property({ type: Number }) trainLength = 12;
  /** {head} and {layer} (counted from 1) filled in. */
  @property() caption = '';

  render() {
    const ex = this.examples;
    if (!ex) return nothing;
    const n = ex.biasLength;
    const series: Series[] = [];
    for (const [enc, c] of Object.entries(ex.biasCurves)) {
      const head = Math.max(0, Math.min(this.head - 1, c.heads - 1)),
        layer = Math.max(0, Math.min(this.layer - 1, c.layers - 1));
      const row = (layer * c.heads + head) * n;
      series.push({
        label: this.t(ENCODING_NAMES[enc as LabEncoding] ?? l(enc, enc)),
        x: Array.from({ length: n }, (_, d) => d),
        y: Array.from({ length: n }, (_, d) => c.data[row + n - 1 - d]), // distance d: key n − 1 − d
        color: ENCODING_COLORS[enc],
        dash: ENCODING_DASHED[enc],
      });
    }
    const annotations: PlotAnnotation[] = [{ kind: 'x-range', from: 0, to: this.trainLength - 1, label: this.t(T.trained), color: 'good' }];
    return html`<posenc-plot
      id="since-bias-plot"
      .series=${series}
      .annotations=${annotations}
      caption=${fill(this.caption, { head: this.head, layer: this.layer })}
      xLabel=${this.t(T.distance)}
      yLabel=${this.t(T.bias)}
      digits="3"
      height="280"
    ></posenc-plot>`;
  }
}
