import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Matrix } from '../../lib/types.js';
import '../plot/plot.js';
import type { PlotAnnotation, Series } from '../plot/plot.js';
import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { sinceStyles } from './since.styles.js';

const T = {
  distance: l('查询与键相隔的位置数 m − n', 'positions between query and key, m − n'),
  factor: l('该平面分数上的系数', "factor on the plane's score"),
  plane: l('平面 {i}', 'plane {i}'),
  trained: l('训练长度以内', 'trained distances'),
};

/**
 * xPos's decay (Sun et al. 2022): a query at m and a key at n carry ζ_i^((m−n)/B) on plane i
 * (pe.xposScale at the distances 0 … length), one curve per plane: the fast planes (small ζ) fade
 * within a few positions, the slow ones barely. Live in the head dimension and the scale base B.
 */
export class PosencSinceXpos extends VisibleFigure {
  static styles = sinceStyles;

  @property({ type: Number }) dim = 16;
  @property({ type: Number }) scaleBase = 6;
  @property({ type: Number }) length = 48;
  @property({ type: Number }) trainLength = 12;
  @property() caption = '';
  /** {fast} and {slow} (the first and last plane's factor at the training length) and {B} filled in. */
  @property() summary = '';

  @state() private scale?: Matrix<Float64Array>;

  protected willUpdate(changed: PropertyValues) {
    if (this.changedAny(changed, 'dim', 'scaleBase', 'length'))
      this.scale = this.pe.xposScale({ dim: this.dim, positions: this.length + 1, scaleBase: this.scaleBase });
  }

  render() {
    const m = this.scale;
    if (!m) return nothing;
    const x = Array.from({ length: m.rows }, (_, d) => d);
    const series: Series[] = Array.from({ length: m.cols }, (_, i) => ({
      label: fill(this.t(T.plane), { i }),
      x,
      y: Array.from({ length: m.rows }, (_, d) => m.data[d * m.cols + i]),
      dash: i % 2 === 1,
    }));
    const annotations: PlotAnnotation[] = [{ kind: 'x-range', from: 0, to: this.trainLength, label: this.t(T.trained), color: 'good' }];
    const at = Math.min(this.trainLength, m.rows - 1);
    return html`<posenc-plot
        id="since-xpos-plot"
        .series=${series}
        .annotations=${annotations}
        caption=${fill(this.caption, { B: fmt(this.scaleBase, 1) })}
        xLabel=${this.t(T.distance)}
        yLabel=${this.t(T.factor)}
        .yRange=${[0, 1] as [number, number]}
        digits="3"
        height="260"
      ></posenc-plot>
      ${
        this.summary
          ? html`<p class="note" id="since-xpos-summary">
            ${fill(this.summary, { fast: fmt(m.data[at * m.cols], 3), slow: fmt(m.data[at * m.cols + m.cols - 1], 3), B: fmt(this.scaleBase, 1) })}
          </p>`
          : nothing
      }`;
  }
}
