import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Matrix } from '../../lib/types.js';
import '../heatmap/heatmap-view.js';
import { fill } from '../shared/figure.js';
import { l, type L10n } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import '../slider/slider.js';
import { FrameJob } from '../shared/frame-job.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { spreadText } from '../rope/rope-shift.component.js';

const T = {
  caption: l(
    'M-RoPE 画在二维 RoPE 的图上：中心图块的 q 对每个图块的 k（晚 Δt 帧），按三段维度对拆开；每张图画的是这一段对 q′·k′ 的贡献比在 q 自己的位置上变了多少（各用自己的色标）',
    "M-RoPE on the 2-D RoPE view: the centre patch's query against every patch's key (Δt frames later), split by the three sections; each map shows how far that section's share of q′·k′ moves from its value at the query's own patch (each on its own colour scale)",
  ),
  time: l('时间段 {n} 对', 'time pairs ({n})'),
  height: l('高度段 {n} 对', 'height pairs ({n})'),
  width: l('宽度段 {n} 对', 'width pairs ({n})'),
  total: l('三段之和 q′·k′', 'all pairs: q′·k′'),
  query: l('q 在这里', 'query'),
  grid: l('每边图块数', 'patches per side'),
  dt: l('k 晚几帧 Δt', 'key frames later Δt'),
  rows: l('行（高度）', 'row (height)'),
  cols: l('列（宽度）', 'column (width)'),
  table: l('数值表', 'Values as a table'),
  summary: l(
    '量出来的：时间段在同一帧的所有图块上一样（差 {ts}）；高度段只随行变（同一行内差 {hr}，上下最多差 {hd}）；宽度段只随列变（同一列内差 {wc}，左右最多差 {wa}）。',
    'Measured: the time share is the same on every patch of a frame (spread {ts}); the height share changes only from row to row (within a row {hr}, down a column up to {hd}); the width share only from column to column (within a column {wc}, along a row up to {wa}).',
  ),
  slowWidth: l(
    '这个模型按块分段，宽度分到的是最慢的 {n} 对频率，在 {g} 个图块内几乎不转：宽度段左右只差 {wa}，而高度段上下差 {hd}。`Qwen3-VL` 改成交错分段（`mrope_interleaved`），让三个坐标都分到快慢各种频率。',
    'This model splits in blocks, so width gets the slowest {n} frequencies, which barely turn across {g} patches: along a row the width share changes by only {wa}, against {hd} for height down a column. `Qwen3-VL` interleaves the sections (`mrope_interleaved`) so each coordinate gets fast and slow frequencies alike.',
  ),
};

type Scores = {
  total: Matrix<Float64Array>;
  time: Matrix<Float64Array>;
  height: Matrix<Float64Array>;
  width: Matrix<Float64Array>;
  timeSpread: number;
  heightSpreadInRow: number;
  widthSpreadInColumn: number;
  heightChangeDown: number;
  widthChangeAcross: number;
};

/**
 * M-RoPE's three sections drawn on the RoPE chapter's 2-D view, for the model in the card
 * (analysis.mropeScores with the model's frequencies and pair assignment): the centre patch's query
 * against every patch's key, the share of the time, height and width pairs and their sum, on one
 * colour scale, with the properties the picture shows measured beside it. q and k are seeded normals.
 */
export class PosencMropeView extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      figure {
        margin: 0.6rem 0;
      }
      figcaption {
        max-width: 46rem;
      }
      .pending {
        min-height: 40rem;
      }
      .maps {
        display: flex;
        flex-wrap: wrap;
        gap: 0.8rem;
      }
      .controls {
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem 1.2rem;
        max-width: 40rem;
      }
      p {
        max-width: 46rem;
      }
    `,
  ];

  @property({ attribute: false }) invFreq?: ArrayLike<number>;
  /** Per frequency pair: 0 time, 1 height, 2 width (ropeFromConfig's mrope.axes). */
  @property({ attribute: false }) axes?: ArrayLike<number>;
  @property({ type: Boolean }) interleaved = false;
  @state() private grid = 12;
  @state() private dt = 0;
  @state() private r?: Scores;
  @state() private error = '';
  /**
   * False until the frame in which the view appears has painted: choosing an M-RoPE model builds the
   * whole card, and four new heatmaps on top of it took that frame to 22 ms. They come in a FrameJob
   * slice after the next paint instead (a requestAnimationFrame callback would put them at the
   * start of the next frame, making that one late).
   */
  @state() private ready = false;
  private reveal = new FrameJob();

  connectedCallback() {
    super.connectedCallback();
    this.ready = false;
    this.reveal.start(() => (this.ready = true));
  }

  disconnectedCallback() {
    this.reveal.cancel();
    super.disconnectedCallback();
  }

  protected willUpdate(changed: PropertyValues) {
    if (!this.ready || !this.changedAny(changed, 'invFreq', 'axes', 'grid', 'dt', 'ready') || !this.invFreq || !this.axes) return;
    const a = this.pe.analysis;
    const dim = 2 * this.invFreq.length;
    const q = a.randomNormal({ seed: 21, rows: 1, cols: dim }).data;
    const k = a.randomNormal({ seed: 22, rows: 1, cols: dim }).data;
    try {
      this.r = a.mropeScores({ q, k, invFreq: this.invFreq, axes: this.axes, grid: this.grid, dt: this.dt });
      this.error = '';
    } catch (e) {
      // A pasted config the card could read but the view cannot draw: say why, keep the card.
      this.r = undefined;
      this.error = (e as Error).message;
    }
  }

  render() {
    const r = this.r;
    if (this.error) return html`<p class="error" role="alert">${this.error}</p>`;
    if (!r || !this.axes) return html`<div class="pending"></div>`;
    const t = (s: L10n) => this.t(s);
    const count = (v: number) => Array.from(this.axes!).filter((x) => x === v).length;
    const c = Math.floor(this.grid / 2);
    const map = (id: string, matrix: Matrix<Float64Array>, caption: string) =>
      html`<posenc-heatmap-view
        id=${id}
        .matrix=${matrix}
        caption=${caption}
        rowAxis=${t(T.rows)}
        colAxis=${t(T.cols)}
        .annotations=${[{ kind: 'cell', row: c, col: c, label: t(T.query), color: 'warn' }]}
        size="200"
        tableLabel=${t(T.table)}
      ></posenc-heatmap-view>`;
    const widthLast = !this.interleaved && count(2) > 0 && this.axes[this.axes.length - 1] === 2;
    return html`<figure id="config-mrope-view">
      <figcaption>${t(T.caption)}</figcaption>
      <div class="controls">
        <posenc-slider
          id="mrope-grid"
          data-frame-control="M-RoPE patches per side"
          .label=${t(T.grid)}
          .min=${4}
          .max=${32}
          .step=${1}
          .value=${this.grid}
          @posenc-input=${(e: CustomEvent) => {
            e.stopPropagation();
            this.grid = e.detail.value;
          }}
        ></posenc-slider>
        <posenc-slider
          id="mrope-dt"
          data-frame-control="M-RoPE Δt"
          .label=${t(T.dt)}
          .min=${0}
          .max=${16}
          .step=${1}
          .value=${this.dt}
          @posenc-input=${(e: CustomEvent) => {
            e.stopPropagation();
            this.dt = e.detail.value;
          }}
        ></posenc-slider>
      </div>
      <div class="maps">
        ${map('mrope-time', r.time, fill(t(T.time), { n: count(0) }))}
        ${map('mrope-height', r.height, fill(t(T.height), { n: count(1) }))}
        ${map('mrope-width', r.width, fill(t(T.width), { n: count(2) }))}
        ${map('mrope-total', r.total, t(T.total))}
      </div>
      <p id="mrope-summary">
        ${fill(t(T.summary), {
          ts: spreadText(r.timeSpread),
          hr: spreadText(r.heightSpreadInRow),
          hd: spreadText(r.heightChangeDown),
          wc: spreadText(r.widthSpreadInColumn),
          wa: spreadText(r.widthChangeAcross),
        })}
      </p>
      ${
        widthLast && r.widthChangeAcross < r.heightChangeDown / 10
          ? html`<p id="mrope-slow-width">
              ${rich(
                fill(t(T.slowWidth), {
                  n: count(2),
                  g: this.grid,
                  wa: spreadText(r.widthChangeAcross),
                  hd: spreadText(r.heightChangeDown),
                }),
              )}
            </p>`
          : nothing
      }
    </figure>`;
  }
}
