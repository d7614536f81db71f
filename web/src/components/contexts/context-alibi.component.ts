import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Matrix } from '../../lib/types.js';
import '../table/table.js';
import type { TableData } from '../table/table.js';
import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { figureHost, tokens } from '../shared/theme.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import './range-plot.js';
import type { RangeSeries, Region } from './range-plot.js';
import '../heatmap/heatmap-view.js';

/**
 * ALiBi (Press et al.): the slopes mₕ of H heads (the paper's rule, including head counts that are
 * not powers of two), one head's causal bias −mₕ(i − j) as a heatmap, and the penalty against the
 * distance up to L′ for every head, with the training range shaded: past L there are no unseen
 * angles, only larger penalties of the same kind (analysis.alibiHeadBias, alibiByOffset).
 */

/** The words of this figure, zh and en. */
const T = {
  queryI: l('查询 i', 'query i'),
  keyJ: l('键 j', 'key j'),
  bias: l('偏置', 'bias'),
};

export class PosencContextAlibi extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 1.5rem;
        align-items: flex-start;
      }
      posenc-range-plot {
        flex: 1 1 20rem;
      }
      .note {
        font-size: 0.85rem;
        color: var(--_warn);
      }
    `,
  ];

  @property({ type: Number }) heads = 12;
  /** Which head to show, counted from 1 as in the formula's h = 1 … H. */
  @property({ type: Number }) head = 1;
  @property({ type: Number }) length = 64;
  @property({ type: Number }) ltrain = 4096;
  @property({ type: Number }) ltarget = 32768;
  /** {H} is filled in. */
  @property() slopesCaption = '';
  /** {h} is filled in. */
  @property() biasCaption = '';
  @property() distanceCaption = '';
  /** {h} is filled in. */
  @property() headLabel = '';
  @property() trainRegion = '';
  @property() extraRegion = '';
  /** {head}, {H} and {shown} are filled in. */
  @property() clamped = '';
  @property() tableLabel = '';

  @state() private slopes?: Float64Array;
  @state() private bias?: Matrix<Float64Array>;
  @state() private byOffset?: Matrix<Float64Array>;
  /** The head shown, from 1: the one asked for, or the last one. */
  private shown = 1;
  private offsets: number[] = [];

  protected willUpdate(changed: PropertyValues) {
    const a = this.pe.analysis;
    // A head past the last one shows the last one (the sliders are independent), and says so.
    this.shown = Math.max(1, Math.min(this.head, this.heads));
    if (this.changedAny(changed, 'heads')) this.slopes = this.pe.alibiSlopes(this.heads);
    if (this.changedAny(changed, 'heads', 'head', 'length'))
      this.bias = a.alibiHeadBias({ numHeads: this.heads, head: this.shown - 1, length: this.length });
    if (this.changedAny(changed, 'heads', 'ltarget')) {
      this.offsets = [0, this.ltarget];
      this.byOffset = a.alibiByOffset({ numHeads: this.heads, offsets: this.offsets });
    }
  }

  render() {
    const s = this.slopes,
      b = this.bias,
      o = this.byOffset;
    if (!s || !b || !o) return nothing;
    const slopes: TableData = {
      caption: fill(this.slopesCaption, { H: this.heads }),
      columns: ['h', ...Array.from(s, (_, h) => String(h + 1))],
      rows: [{ head: 'mₕ', cells: Array.from(s, (v) => fmt(v, 6)) }],
    };
    const series: RangeSeries[] = Array.from({ length: o.rows }, (_, h) => ({
      label: h === this.shown - 1 ? fill(this.headLabel, { h: this.shown }) : '',
      x: this.offsets,
      y: o.data.subarray(h * o.cols, (h + 1) * o.cols),
      color: h === this.shown - 1 ? 'var(--_accent)' : 'var(--_line)',
      thin: h !== this.shown - 1,
    }));
    // the highlighted head drawn last, on top
    series.push(series.splice(this.shown - 1, 1)[0]);
    const regions: Region[] = [
      { from: 0, to: Math.min(this.ltrain, this.ltarget), label: this.trainRegion, tone: 'train' },
      ...(this.ltarget > this.ltrain ? [{ from: this.ltrain, to: this.ltarget, label: this.extraRegion, tone: 'extra' as const }] : []),
    ];
    return html`<posenc-table id="alibi-slopes" .data=${slopes}></posenc-table>
      ${this.shown !== this.head ? html`<p class="note" role="status">${fill(this.clamped, { head: this.head, H: this.heads, shown: this.shown })}</p>` : nothing}
      <div class="row">
        <posenc-heatmap-view
          id="alibi-bias"
          .matrix=${b}
          caption=${fill(this.biasCaption, { h: this.shown })}
          rowAxis=${this.t(T.queryI)}
          colAxis=${this.t(T.keyJ)}
          colormap="sequential"
          size="260"
          tableLabel=${this.tableLabel}
        ></posenc-heatmap-view>
        <posenc-range-plot
          id="alibi-distance"
          .series=${series}
          .regions=${regions}
          .xRange=${[0, this.ltarget] as [number, number]}
          regionLabels="bottom"
          caption=${this.distanceCaption}
          xLabel="i − j"
          yLabel=${this.t(T.bias)}
          height="240"
        ></posenc-range-plot>
      </div>`;
  }
}
