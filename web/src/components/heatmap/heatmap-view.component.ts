import { html, LitElement, nothing, type PropertyValues, svg } from 'lit';
import { property, query, state } from 'lit/decorators.js';

import type { Matrix } from '../../lib/types.js';
import { type ColorScale, colorbar } from '../colorbar/colorbar-template.js';
import { LabelRows } from '../figure/labels.js';
import { textWidth } from '../figure/scales.js';
import { WidthController } from '../figure/width.js';
import { type ColormapName, colormap } from '../shared/colormaps.js';
import { fmtExact } from '../shared/format.js';
import { core } from '../shared/pe.js';
import '../table/table.js';
import type { TableData } from '../table/table.js';
import { aboveX, annotationLayer, ROW } from './annotation-layer.js';
import { describeCell, type HeatmapAnnotation } from './annotations.js';
import { heatmapViewStyles } from './heatmap-view.styles.js';
import { cellAfterKey, cellAt } from './cell-nav.js';

export type { HeatmapAnnotation } from './annotations.js';
export type { ColorScale } from '../colorbar/colorbar-template.js';
export { sharedScale } from '../colorbar/colorbar-template.js';

const MASKED = 0xffc8c8c8; // light grey (ImageData byte order) for −∞ / NaN cells

interface Layout {
  /** Column width and row height, px (may be fractional once the grid is shrunk to fit a phone). */
  cw: number;
  ch: number;
  gw: number;
  gh: number;
  m: { l: number; r: number; t: number; b: number };
  rowTicks: number[];
  colTicks: number[];
  labelRows: number;
  width: number;
}

/** Indices to label along an axis of n cells of `cell` px, labels up to `labelPx` wide. */
function indexTicks(n: number, cell: number, labelPx: number): number[] {
  if (n <= 0) return [];
  const every = Math.max(1, Math.ceil(labelPx / cell));
  if (every === 1) return Array.from({ length: n }, (_, i) => i);
  // Round strides (1, 2, 5, 10, 20, …) so the labelled indices are ones people count in.
  const mag = 10 ** Math.floor(Math.log10(every));
  const stride = [1, 2, 5, 10].map((k) => k * mag).find((s) => s >= every) ?? every;
  const out: number[] = [];
  for (let i = 0; i < n; i += stride) out.push(i);
  // The last index is labelled too when it does not crowd the previous label.
  if (out[out.length - 1] !== n - 1 && (n - 1 - out[out.length - 1]) * cell >= 1.5 * labelPx) out.push(n - 1);
  return out;
}

/**
 * A matrix as a canvas heatmap, painted by the wasm colormap kernel in one putImageData per data
 * change, with row and column tick labels, a colour legend with d3 ticks, annotations (rows,
 * columns, cells, blocks, diagonal bands) and the exact value of the cell under the pointer or the
 * keyboard cursor, read out through an aria-live region. Moving the cursor never repaints the
 * canvas. The values are also offered as a table for readers who do not use colour.
 *
 * Keyboard: focus the heatmap, arrows move one cell, Home/End the row ends, PageUp/PageDown the
 * column ends.
 *
 * Several heatmaps compared by magnitude share one colour range: give them the same `scale`
 * (e.g. from `sharedScale()`), hide their legends and show one `<posenc-colorbar>`.
 *
 * @attr caption - text above the figure
 * @attr colormap - diverging (default) or sequential
 * @attr lo - value mapped to the first colour (overrides scale.lo)
 * @attr hi - value mapped to the last colour (overrides scale.hi)
 * @attr rowAxis - what rows are (attribute `rowaxis`), e.g. "query i"
 * @attr colAxis - what columns are (attribute `colaxis`), e.g. "key j"
 * @attr digits - decimals in the table view (the readout is exact)
 * @attr size - largest side of the grid in CSS pixels (default 360); shrinks to fit the width
 * @attr tableLabel - text of the "values as a table" switch (attribute `tablelabel`)
 * @attr legend-label - what the colour means, with unit, shown under the legend
 * @attr unit - unit appended to values in the readout
 * @attr hide-legend - no legend (a shared `<posenc-colorbar>` shows it)
 * @prop {Matrix} matrix - the values, row-major
 * @prop {ColorScale} scale - a colour range shared with other heatmaps ({lo, hi})
 * @prop {ArrayLike<string|number>} rowLabels - tick/readout label per row (default: the index)
 * @prop {ArrayLike<string|number>} colLabels - tick/readout label per column (default: the index)
 * @prop {HeatmapAnnotation[]} annotations - marks drawn over the grid
 * @fires posenc-cell - detail { row, col, value } when the readout moves to a cell
 * @csspart canvas - the heatmap canvas
 * @csspart readout - the exact value line
 */
export class PosencHeatmapView extends LitElement {
  static styles = heatmapViewStyles;

  @property({ attribute: false }) matrix?: Matrix;
  @property() caption = '';
  @property() colormap: ColormapName = 'diverging';
  @property({ type: Number }) lo?: number;
  @property({ type: Number }) hi?: number;
  @property({ attribute: false }) scale?: ColorScale;
  @property() rowAxis = 'row';
  @property() colAxis = 'col';
  @property({ attribute: false }) rowLabels?: ArrayLike<string | number>;
  @property({ attribute: false }) colLabels?: ArrayLike<string | number>;
  @property({ attribute: false }) annotations: HeatmapAnnotation[] = [];
  @property({ type: Number }) digits = 4;
  @property({ type: Number }) size = 360;
  @property() tableLabel = 'Values as a table';
  @property({ attribute: 'legend-label' }) legendLabel = '';
  @property() unit = '';
  @property({ type: Boolean, attribute: 'hide-legend' }) hideLegend = false;
  /** What the grey swatch of masked cells (−∞ / NaN) means here; '−∞' when unset. */
  @property({ attribute: 'masked-label' }) maskedLabel = '';
  /**
   * Columns widen (up to 24 px) until the grid is `size` px wide, rows keep their height: a tall,
   * narrow matrix (128 positions × 64 dimensions) is no longer drawn 190 px wide.
   */
  @property({ type: Boolean, attribute: 'fill-width' }) fillWidth = false;

  @state() private cell?: [number, number];
  @state() private tableOpen = false;
  @query('canvas') private canvas?: HTMLCanvasElement;
  private range: [number, number] = [0, 1];
  private hasMasked = false;
  private size_ = new WidthController(this);
  private layout?: Layout;
  private laidOutAt = -1;

  private computeRange(): [number, number] {
    const d = this.matrix!.data;
    let mn = Infinity,
      mx = -Infinity,
      masked = false;
    for (let i = 0; i < d.length; i++) {
      const v = d[i];
      if (!Number.isFinite(v)) {
        masked = true;
        continue;
      }
      if (v < mn) mn = v;
      if (v > mx) mx = v;
    }
    this.hasMasked = masked;
    if (!Number.isFinite(mn)) [mn, mx] = [0, 1];
    if (this.colormap === 'diverging') {
      const m = Math.max(Math.abs(mn), Math.abs(mx)) || 1;
      [mn, mx] = [-m, m];
    }
    const lo = this.lo ?? this.scale?.lo ?? mn;
    const hi = this.hi ?? this.scale?.hi ?? (mx > mn ? mx : mn + 1);
    return [lo, hi];
  }

  private rowText(i: number): string {
    const v = this.rowLabels?.[i];
    return v === undefined ? String(i) : typeof v === 'number' ? fmtExact(v) : v;
  }

  private colText(i: number): string {
    const v = this.colLabels?.[i];
    return v === undefined ? String(i) : typeof v === 'number' ? fmtExact(v) : v;
  }

  private computeLayout(): Layout {
    const { rows, cols } = this.matrix!;
    const avail = this.size_.width || Math.max(this.size, 320);
    const ch = Math.max(1, Math.min(24, Math.floor(this.size / Math.max(rows, cols))) || 1);
    let cw = this.fillWidth ? Math.max(ch, Math.min(24, Math.floor(this.size / cols))) : ch;
    const rowLabelW = Math.max(...Array.from({ length: Math.min(rows, 400) }, (_, i) => textWidth(this.rowText(i), 11)), 8);
    const colLabelW = Math.max(...Array.from({ length: Math.min(cols, 400) }, (_, i) => textWidth(this.colText(i), 11)), 8);
    const rowNotes = this.annotations.filter((a) => a.kind === 'row' && a.label) as { label: string }[];
    const m = {
      l: 22 + rowLabelW + 6,
      r: rowNotes.length ? 10 + Math.max(...rowNotes.map((a) => textWidth(a.label))) : 6,
      t: 4,
      b: 16 + 20,
    };
    // Row-note labels on the right must not push the grid off a phone: below 420 px they go on top.
    if (avail < 420 && rowNotes.length) m.r = 6;
    if (cols * cw + m.l + m.r > avail) cw = Math.max(0.5, (avail - m.l - m.r) / cols);
    // Shrunk to fit: rows shrink with the columns unless the columns were stretched.
    const rh = this.fillWidth ? ch : cw;
    const gw = cols * cw,
      gh = rows * rh;
    // Rows of labels above the grid for column, cell, block and diagonal marks.
    const rowsAbove = new LabelRows();
    for (const a of this.annotations) {
      if (!a.label || (a.kind === 'row' && avail >= 420)) continue;
      const x = aboveX(a, a.label, cw, gw, m);
      rowsAbove.place(x, x + textWidth(a.label));
    }
    m.t = 4 + rowsAbove.count * ROW;
    return {
      cw,
      ch: rh,
      gw,
      gh,
      m,
      rowTicks: indexTicks(rows, rh, 14),
      colTicks: indexTicks(cols, cw, colLabelW + 6),
      labelRows: rowsAbove.count,
      width: Math.min(avail, m.l + gw + m.r),
    };
  }

  protected willUpdate(changes: PropertyValues) {
    const dataChanged = ['matrix', 'lo', 'hi', 'colormap', 'scale'].some((k) => changes.has(k));
    if (this.matrix && dataChanged) {
      this.range = this.computeRange();
      if (this.cell && (this.cell[0] >= this.matrix.rows || this.cell[1] >= this.matrix.cols)) this.cell = undefined;
    }
    const cursorOnly = [...changes.keys()].every((k) => k === 'cell' || k === 'tableOpen');
    if (this.matrix && (!this.layout || !cursorOnly || this.laidOutAt !== this.size_.width)) {
      this.layout = this.computeLayout();
      this.laidOutAt = this.size_.width;
    }
  }

  protected updated(changes: PropertyValues) {
    if (!this.matrix || !this.canvas) return;
    if (!['matrix', 'lo', 'hi', 'colormap', 'scale'].some((k) => changes.has(k))) return;
    const { rows, cols, data } = this.matrix;
    if (rows === 0 || cols === 0) return;
    const values = data instanceof Float32Array ? data : Float32Array.from(data);
    const px = core().colormap(values, { lo: this.range[0], hi: this.range[1], lut: colormap(this.colormap), masked: MASKED });
    // Resizing a canvas reallocates it: only when the shape changed.
    if (this.canvas.width !== cols) this.canvas.width = cols;
    if (this.canvas.height !== rows) this.canvas.height = rows;
    const ctx = this.canvas.getContext('2d')!;
    ctx.putImageData(new ImageData(new Uint8ClampedArray(px.buffer as ArrayBuffer, px.byteOffset, px.byteLength), cols, rows), 0, 0);
  }

  private setCell(next: [number, number] | undefined) {
    if (!next || (this.cell && this.cell[0] === next[0] && this.cell[1] === next[1])) return;
    this.cell = next;
    const m = this.matrix!;
    this.dispatchEvent(
      new CustomEvent('posenc-cell', {
        detail: { row: next[0], col: next[1], value: m.data[next[0] * m.cols + next[1]] },
        bubbles: true,
        composed: true,
      }),
    );
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
    this.setCell(next);
  }

  private table() {
    const m = this.matrix!;
    const R = Math.min(m.rows, 32),
      C = Math.min(m.cols, 16);
    const data: TableData = {
      caption: `${this.caption}${R < m.rows || C < m.cols ? ` (${R}×${C} of ${m.rows}×${m.cols})` : ''}`,
      columns: [`${this.rowAxis} \\ ${this.colAxis}`, ...Array.from({ length: C }, (_, c) => this.colText(c))],
      rows: Array.from({ length: R }, (_, r) => ({
        head: this.rowText(r),
        cells: Array.from(m.data.subarray(r * m.cols, r * m.cols + C)),
      })),
      digits: this.digits,
    };
    return html`<posenc-table .data=${data}></posenc-table>`;
  }

  render() {
    const mat = this.matrix;
    const L = this.layout;
    if (!mat || !L) return nothing;
    const { cw, ch, gw, gh, m } = L;
    const [lo, hi] = this.range;
    const W = m.l + gw + m.r,
      H = m.t + gh + m.b;
    const value = this.cell ? mat.data[this.cell[0] * mat.cols + this.cell[1]] : undefined;
    const notes = this.annotations
      .map((a) =>
        describeCell(
          a,
          (r) => this.rowText(r),
          (k) => this.colText(k),
        ),
      )
      .filter((d) => d.trim());
    const summary = [`${this.caption}: ${mat.rows} × ${mat.cols}, ${fmtExact(lo)} … ${fmtExact(hi)}`, ...notes].join('; ');
    const cb = this.hideLegend
      ? undefined
      : colorbar({
          colormap: this.colormap,
          lo,
          hi,
          width: Math.min(L.width, 360),
          label: this.legendLabel,
          masked: this.hasMasked,
          maskedLabel: this.maskedLabel || undefined,
        });
    const readout =
      this.cell && value !== undefined
        ? `${this.rowAxis} ${this.rowText(this.cell[0])}, ${this.colAxis} ${this.colText(this.cell[1])}: ${fmtExact(value)}${this.unit ? ` ${this.unit}` : ''}`
        : '';
    return html`<figure>
      ${this.caption ? html`<figcaption>${this.caption}</figcaption>` : nothing}
      <div class="frame" style=${`width:${W}px;height:${H}px`}>
        <canvas
          part="canvas"
          tabindex="0"
          role="img"
          aria-label=${summary}
          style=${`left:${m.l}px;top:${m.t}px;width:${gw}px;height:${gh}px;image-rendering:${cw < 1 ? 'auto' : 'pixelated'}`}
          @pointermove=${(e: PointerEvent) => this.setCell(this.at(e))}
          @pointerdown=${(e: PointerEvent) => this.setCell(this.at(e))}
          @keydown=${this.onKey}
          @focus=${() => this.setCell(this.cell ?? [0, 0])}
        ></canvas>
        <svg class="overlay" width=${W} height=${H} viewBox=${`0 0 ${W} ${H}`} aria-hidden="true">
          <defs><clipPath id="grid-clip"><rect x=${m.l} y=${m.t} width=${gw} height=${gh}></rect></clipPath></defs>
          <g class="axis">
            ${L.rowTicks.map((r) => svg`<text class="row-tick" x=${m.l - 5} y=${m.t + (r + 0.5) * ch + 4} text-anchor="end" font-size="11">${this.rowText(r)}</text>`)}
            ${L.colTicks.map((c) => svg`<text class="col-tick" x=${m.l + (c + 0.5) * cw} y=${m.t + gh + 14} text-anchor="middle" font-size="11">${this.colText(c)}</text>`)}
          </g>
          <text class="axis-label" x=${m.l + gw / 2} y=${m.t + gh + 32} text-anchor="middle">${this.colAxis} →</text>
          <text class="axis-label" x="12" y=${m.t + gh / 2} text-anchor="middle" transform=${`rotate(-90 12 ${m.t + gh / 2})`}>← ${this.rowAxis}</text>
          ${annotationLayer(
            { ...L, rows: mat.rows, cols: mat.cols, wide: (this.size_.width || 640) >= 420 },
            this.annotations,
            (r) => this.rowText(r),
            (k) => this.colText(k),
          )}
          ${
            this.cell
              ? svg`<rect class="cursor-halo" x=${m.l + this.cell[1] * cw} y=${m.t + this.cell[0] * ch} width=${Math.max(cw, 3)} height=${Math.max(ch, 3)}></rect>
                <rect class="cursor" x=${m.l + this.cell[1] * cw} y=${m.t + this.cell[0] * ch} width=${Math.max(cw, 3)} height=${Math.max(ch, 3)}></rect>`
              : nothing
          }
        </svg>
      </div>
      ${
        cb
          ? html`<svg class="legend-bar" width=${cb.width} height=${cb.height} viewBox=${`0 0 ${cb.width} ${cb.height}`} role="img"
            aria-label=${`${this.legendLabel || 'colour scale'}: ${fmtExact(lo)} … ${fmtExact(hi)}`}>${cb.template}</svg>`
          : nothing
      }
      <div class="readout" part="readout" aria-live="polite">${readout}</div>
      <details @toggle=${(e: Event) => (this.tableOpen = (e.target as HTMLDetailsElement).open)}>
        <summary>${this.tableLabel}</summary>
        ${this.tableOpen ? this.table() : nothing}
      </details>
    </figure>`;
  }
}
