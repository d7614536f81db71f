import { css, html, LitElement, nothing, svg, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';

import type { Matrix } from '../../lib/types.js';
import { type ColormapName, colormap, gradient } from '../shared/colormaps.js';
import { fmt } from '../shared/format.js';
import { posenc } from '../shared/pe.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import '../table/table.js';
import type { TableData } from '../table/table.js';
import { tickText } from './range-plot.component.js';
import { cellAfterKey, cellAt } from '../heatmap/cell-nav.js';

const MASKED = 0xffc8c8c8;
const exact = (v: number) => (Number.isInteger(v) ? String(v) : fmt(v, 3));

/**
 * A matrix as a heatmap with annotations drawn on top: a boundary after which rows and columns lie
 * past a length (the extrapolation region, hatched), a highlighted diagonal, a marked cell. Axes
 * carry the positions the rows and columns stand for; hovering or the arrow keys show the exact
 * value of a cell; the values are also available as a table.
 */
export class PosencRegionHeatmap extends LitElement {
  static styles = [
    tokens,
    figureHost,
    css`
      :host {
        display: inline-block;
        vertical-align: top;
        max-width: 100%;
      }
      figure {
        margin: 0;
      }
      figcaption {
        font-size: 0.85rem;
        color: var(--_muted);
        margin-bottom: 0.3rem;
        max-width: 24rem;
      }
      .frame {
        position: relative;
        display: inline-block;
        line-height: 0;
        margin: 0 1.2rem 1.1rem 2.6rem;
      }
      .axes {
        font-size: 0.75rem;
        color: var(--_muted);
        margin-left: 2.6rem;
      }
      canvas {
        image-rendering: pixelated;
        border: 1px solid var(--_line);
        cursor: crosshair;
        touch-action: none;
        max-width: calc(100vw - 5rem);
        height: auto;
      }
      svg.over {
        position: absolute;
        inset: 0;
        width: 100%;
        height: 100%;
        pointer-events: none;
        overflow: visible;
      }
      svg.over text {
        font-family: var(--_mono);
        font-size: 10.5px;
        fill: var(--_muted);
      }
      svg.over text.label {
        font-family: var(--_sans);
        font-size: 11px;
        font-weight: 600;
        /* a halo in the page colour: the label sits on the heatmap itself, inside the figure on a phone */
        paint-order: stroke;
        stroke: var(--_bg);
        stroke-width: 3px;
        stroke-linejoin: round;
      }
      .legend {
        display: flex;
        align-items: center;
        gap: 0.5rem;
        font-family: var(--_mono);
        font-size: 0.78rem;
        margin-top: 0.2rem;
        flex-wrap: wrap;
      }
      .bar {
        width: 9rem;
        height: 0.7rem;
        border: 1px solid var(--_line);
      }
      .readout {
        font-family: var(--_mono);
        font-size: 0.8rem;
        min-height: 1.3em;
        margin-top: 0.2rem;
      }
      details {
        font-size: 0.85rem;
      }
      summary {
        cursor: pointer;
        color: var(--_accent);
      }
    `,
  ];

  @property({ attribute: false }) matrix?: Matrix;
  @property() caption = '';
  @property() colormap: ColormapName = 'diverging';
  @property({ type: Number }) lo?: number;
  @property({ type: Number }) hi?: number;
  @property() rowLabel = 'row';
  @property() colLabel = 'col';
  /** The position each row / column stands for (axis ticks and readout); default: its index. */
  @property({ attribute: false }) rowValues?: ArrayLike<number>;
  @property({ attribute: false }) colValues?: ArrayLike<number>;
  /** Rows and columns from this index on are hatched as a region (e.g. positions past L). */
  @property({ type: Number }) regionFrom?: number;
  @property() regionLabel = '';
  /** Which axes the region covers: rows and columns (position × position), or rows only. */
  @property() regionAxis: 'both' | 'rows' = 'both';
  /** A diagonal to outline: cells (r, r + diagonal). */
  @property({ type: Number }) diagonal?: number;
  @property() diagonalLabel = '';
  /** A cell to mark [row, col]. */
  @property({ attribute: false }) mark?: [number, number];
  @property() markLabel = '';
  @property({ type: Number }) size = 300;
  @property({ type: Number }) digits = 4;
  @property() tableLabel = 'Values as a table';

  @state() private cell?: [number, number];
  @state() private tableOpen = false;
  @query('canvas') private canvas?: HTMLCanvasElement;
  private range: [number, number] = [0, 1];

  protected willUpdate(changed: PropertyValues) {
    if (!this.matrix) return;
    if (changed.has('matrix') || changed.has('lo') || changed.has('hi') || changed.has('colormap')) {
      const d = this.matrix.data;
      let mn = Infinity,
        mx = -Infinity;
      for (let i = 0; i < d.length; i++) {
        const v = d[i];
        if (!Number.isFinite(v)) continue;
        if (v < mn) mn = v;
        if (v > mx) mx = v;
      }
      if (!Number.isFinite(mn)) [mn, mx] = [0, 1];
      if (this.colormap === 'diverging') {
        const a = Math.max(Math.abs(mn), Math.abs(mx)) || 1;
        [mn, mx] = [-a, a];
      }
      this.range = [this.lo ?? mn, this.hi ?? (mx > mn ? mx : mn + 1)];
      if (this.cell && (this.cell[0] >= this.matrix.rows || this.cell[1] >= this.matrix.cols)) this.cell = undefined;
    }
  }

  protected updated(changed: PropertyValues) {
    if (!this.matrix || !this.canvas) return;
    if (!(changed.has('matrix') || changed.has('lo') || changed.has('hi') || changed.has('colormap'))) return;
    const { rows, cols, data } = this.matrix;
    if (!rows || !cols) return;
    const values = data instanceof Float32Array ? data : Float32Array.from(data);
    const px = posenc().colormap(values, { lo: this.range[0], hi: this.range[1], lut: colormap(this.colormap), masked: MASKED });
    if (this.canvas.width !== cols) this.canvas.width = cols;
    if (this.canvas.height !== rows) this.canvas.height = rows;
    this.canvas
      .getContext('2d')!
      .putImageData(new ImageData(new Uint8ClampedArray(px.buffer as ArrayBuffer, px.byteOffset, px.byteLength), cols, rows), 0, 0);
  }

  private at(e: PointerEvent): [number, number] | undefined {
    const m = this.matrix;
    return m && this.canvas ? cellAt(e, this.canvas, m.rows, m.cols) : undefined;
  }

  private onKey(e: KeyboardEvent) {
    const m = this.matrix;
    if (!m) return;
    const next = cellAfterKey(e.key, this.cell, m.rows, m.cols);
    if (!next) return;
    e.preventDefault();
    this.cell = next;
  }

  private value(axis: 'row' | 'col', i: number): number {
    const v = axis === 'row' ? this.rowValues : this.colValues;
    return v ? v[i] : i;
  }

  private ticks(n: number): number[] {
    const k = Math.min(n, 5);
    if (k < 2) return [0];
    // Even steps over the indices where they divide (257 rows: 0, 64, …, 256), else over the count,
    // the last tick on the last index (128 dimensions: 0, 32, 64, 96, 127 rather than …, 95, 127).
    const step = (n - 1) % (k - 1) !== 0 && n % (k - 1) === 0 ? n / (k - 1) : (n - 1) / (k - 1);
    return Array.from({ length: k }, (_, i) => Math.min(n - 1, Math.round(i * step)));
  }

  private table() {
    const m = this.matrix!;
    const R = Math.min(m.rows, 24),
      C = Math.min(m.cols, 12);
    const data: TableData = {
      caption: `${this.rowLabel} \u00d7 ${this.colLabel}${R < m.rows || C < m.cols ? ` (${R} \u00d7 ${C} / ${m.rows} \u00d7 ${m.cols})` : ''}`,
      columns: ['', ...Array.from({ length: C }, (_, c) => tickText(this.value('col', c)))],
      rows: Array.from({ length: R }, (_, r) => ({
        head: tickText(this.value('row', r)),
        cells: Array.from(m.data.subarray(r * m.cols, r * m.cols + C)),
      })),
      digits: this.digits,
    };
    return html`<posenc-table .data=${data}></posenc-table>`;
  }

  render() {
    const m = this.matrix;
    if (!m) return nothing;
    // One scale per axis: a tall table (many rows, few columns) still fills the figure.
    const scale = (n: number) => Math.max(1, Math.min(24, Math.floor(this.size / n) || 1));
    const sq = m.rows === m.cols ? scale(m.rows) : 0;
    const w = m.cols * (sq || scale(m.cols)),
      h = m.rows * (sq || scale(m.rows));
    const [lo, hi] = this.range;
    const cell = this.cell;
    const value = cell ? m.data[cell[0] * m.cols + cell[1]] : undefined;
    const fx = (c: number) => (c / m.cols) * 100,
      fy = (r: number) => (r / m.rows) * 100;
    const rf = this.regionFrom;
    const region =
      rf !== undefined && rf < Math.max(m.rows, m.cols)
        ? svg`
      <defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <line x1="0" y1="0" x2="0" y2="6" stroke="var(--_warn)" stroke-width="1.2" opacity="0.45"></line></pattern></defs>
      ${
        this.regionAxis === 'both'
          ? svg`<rect x=${`${fx(rf)}%`} y="0" width=${`${100 - fx(rf)}%`} height="100%" fill="url(#hatch)"></rect>
        <line x1=${`${fx(rf)}%`} x2=${`${fx(rf)}%`} y1="0" y2="100%" stroke="var(--_warn)" stroke-width="1.5"></line>`
          : nothing
      }
      <rect x="0" y=${`${fy(rf)}%`} width=${this.regionAxis === 'both' ? `${fx(rf)}%` : '100%'} height=${`${100 - fy(rf)}%`} fill="url(#hatch)"></rect>
      <line x1="0" x2="100%" y1=${`${fy(rf)}%`} y2=${`${fy(rf)}%`} stroke="var(--_warn)" stroke-width="1.5"></line>
      <text class="label" x=${this.regionAxis === 'both' ? `${Math.min(fx(rf) + 1, 70)}%` : '100%'} y=${this.regionAxis === 'both' ? '-4' : `${fy(rf)}%`}
        dy=${this.regionAxis === 'both' ? 0 : -4} dx=${this.regionAxis === 'both' ? 0 : -4} text-anchor=${this.regionAxis === 'both' ? 'start' : 'end'}
        style="fill:var(--_warn)">${this.regionLabel}</text>`
        : nothing;
    const dg = this.diagonal;
    const diag =
      dg !== undefined && Math.abs(dg) < m.cols
        ? svg`
      <line x1=${`${fx(Math.max(0, dg) + 0.5)}%`} y1=${`${fy(Math.max(0, -dg) + 0.5)}%`}
        x2=${`${fx(Math.min(m.cols, m.rows + dg) - 0.5)}%`} y2=${`${fy(Math.min(m.rows, m.cols - dg) - 0.5)}%`}
        stroke="var(--_focus)" stroke-width="3" opacity="0.9"></line>
      <text class="label" x="100%" y="100%" dy="-5" dx="-4" text-anchor="end" style="fill:var(--_fg)">${this.diagonalLabel}</text>`
        : nothing;
    const mk = this.mark;
    const mark = mk
      ? svg`<rect x=${`${fx(mk[1])}%`} y=${`${fy(mk[0])}%`} width=${`${100 / m.cols}%`} height=${`${100 / m.rows}%`}
        fill="none" stroke="var(--_focus)" stroke-width="2.5"></rect>
      <text class="label" x=${`${Math.min(fx(mk[1]) + 100 / m.cols + 1, 75)}%`} y=${`${fy(mk[0]) + 100 / m.rows / 2}%`} dy="4" style="fill:var(--_fg)">${this.markLabel}</text>`
      : nothing;
    const cursor = cell
      ? svg`<rect x=${`${fx(cell[1])}%`} y=${`${fy(cell[0])}%`} width=${`${100 / m.cols}%`} height=${`${100 / m.rows}%`} fill="none" stroke="var(--_fg)" stroke-width="1.5"></rect>`
      : nothing;
    const rowTicks = this.ticks(m.rows),
      colTicks = this.ticks(m.cols);
    const axes = svg`
      ${rowTicks.map((r) => svg`<text x="-4" y=${`${fy(r + 0.5)}%`} dy="4" text-anchor="end">${tickText(this.value('row', r))}</text>`)}
      ${colTicks.map((c) => svg`<text x=${`${fx(c + 0.5)}%`} y="100%" dy="13" text-anchor="middle">${tickText(this.value('col', c))}</text>`)}
`;
    const summary = `${this.caption}: ${m.rows} \u00d7 ${m.cols}, ${fmt(lo, 3)} \u2026 ${fmt(hi, 3)}`;
    return html`<figure>
      <figcaption>${rich(this.caption)}</figcaption>
      <div class="frame">
        <canvas
          tabindex="0"
          role="img"
          aria-label=${summary}
          style=${`width:${w}px;height:${h}px`}
          @pointermove=${(e: PointerEvent) => (this.cell = this.at(e) ?? this.cell)}
          @pointerdown=${(e: PointerEvent) => (this.cell = this.at(e) ?? this.cell)}
          @keydown=${this.onKey}
          @focus=${() => (this.cell ??= [0, 0])}
        ></canvas>
        <svg class="over" aria-hidden="true">${region}${diag}${mark}${cursor}${axes}</svg>
      </div>
      <div class="axes">\u2193 ${this.rowLabel} \u00b7 \u2192 ${this.colLabel}</div>
      <div class="legend" aria-hidden="true">
        <span>${fmt(lo, 2)}</span><span class="bar" style=${`background:${gradient(this.colormap)}`}></span><span>${fmt(hi, 2)}</span>
      </div>
      <div class="readout" aria-live="polite">
        ${
          cell && value !== undefined
            ? `${this.rowLabel} ${exact(this.value('row', cell[0]))}, ${this.colLabel} ${exact(this.value('col', cell[1]))}: ${Number.isFinite(value) ? fmt(value, this.digits) : '\u2212\u221e'}`
            : ''
        }
      </div>
      <details @toggle=${(e: Event) => (this.tableOpen = (e.target as HTMLDetailsElement).open)}>
        <summary>${this.tableLabel}</summary>
        ${this.tableOpen ? this.table() : nothing}
      </details>
    </figure>`;
  }
}
