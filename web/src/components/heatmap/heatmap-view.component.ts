import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';

import type { Matrix } from '../../lib/types.js';
import { type ColormapName, colormap, gradient } from '../shared/colormaps.js';
import { fmt } from '../shared/format.js';
import { posenc } from '../shared/pe.js';
import { figureHost, tokens } from '../shared/theme.js';
import '../table/table.js';
import type { TableData } from '../table/table.js';

const MASKED = 0xffc8c8c8; // light grey (ImageData byte order) for −∞ / NaN cells

/**
 * A matrix as a canvas heatmap, painted by the wasm colormap kernel, with a colour legend, the
 * exact value of the cell under the pointer or the keyboard cursor (arrow keys), and the values as
 * a table for readers who do not use colour.
 *
 * @csspart canvas - the heatmap canvas
 */
export class PosencHeatmapView extends LitElement {
  static styles = [
    tokens,
    figureHost,
    css`
      figure {
        margin: 0;
        overflow-x: auto;
      }
      figcaption {
        font-size: 0.85rem;
        color: var(--_muted);
        margin-bottom: 0.3rem;
      }
      .frame {
        position: relative;
        display: inline-block;
        max-width: 100%;
        line-height: 0;
      }
      canvas {
        image-rendering: pixelated;
        max-width: 100%;
        border: 1px solid var(--_line);
        cursor: crosshair;
        touch-action: none;
      }
      .cursor {
        position: absolute;
        border: 2px solid var(--_focus);
        pointer-events: none;
        box-sizing: border-box;
      }
      .axes {
        display: flex;
        max-width: 100%;
        justify-content: space-between;
        font-size: 0.75rem;
        color: var(--_muted);
        max-width: 100%;
      }
      .legend {
        display: flex;
        align-items: center;
        gap: 0.5rem;
        font-family: var(--_mono);
        font-size: 0.78rem;
        margin-top: 0.35rem;
        flex-wrap: wrap;
      }
      .bar {
        width: 11rem;
        height: 0.7rem;
        border: 1px solid var(--_line);
      }
      .readout {
        font-family: var(--_mono);
        font-size: 0.82rem;
        min-height: 1.3em;
        margin-top: 0.2rem;
      }
      details {
        margin-top: 0.3rem;
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
  /** Value mapped to the first / last colour; default: symmetric ±max|v| (diverging) or min…max. */
  @property({ type: Number }) lo?: number;
  @property({ type: Number }) hi?: number;
  @property() rowAxis = 'row';
  @property() colAxis = 'col';
  @property({ type: Number }) digits = 4;
  /** Largest side, in CSS pixels, the canvas is drawn at. */
  @property({ type: Number }) size = 360;
  /** Text of the "values as a table" switch (the page passes its translation). */
  @property() tableLabel = 'Values as a table';

  @state() private cell?: [number, number];
  @state() private tableOpen = false;
  @query('canvas') private canvas?: HTMLCanvasElement;
  private range: [number, number] = [0, 1];

  private computeRange(): [number, number] {
    const d = this.matrix!.data;
    let mn = Infinity, mx = -Infinity;
    for (let i = 0; i < d.length; i++) {
      const v = d[i];
      if (!Number.isFinite(v)) continue;
      if (v < mn) mn = v;
      if (v > mx) mx = v;
    }
    if (!Number.isFinite(mn)) [mn, mx] = [0, 1];
    if (this.colormap === 'diverging') {
      const m = Math.max(Math.abs(mn), Math.abs(mx)) || 1;
      [mn, mx] = [-m, m];
    }
    return [this.lo ?? mn, this.hi ?? (mx > mn ? mx : mn + 1)];
  }

  protected willUpdate(changes: PropertyValues) {
    if (this.matrix && (changes.has('matrix') || changes.has('lo') || changes.has('hi') || changes.has('colormap'))) {
      this.range = this.computeRange();
      if (this.cell && (this.cell[0] >= this.matrix.rows || this.cell[1] >= this.matrix.cols)) this.cell = undefined;
    }
  }

  protected updated(changes: PropertyValues) {
    if (!this.matrix || !this.canvas) return;
    if (!(changes.has('matrix') || changes.has('lo') || changes.has('hi') || changes.has('colormap'))) return;
    const { rows, cols, data } = this.matrix;
    if (rows === 0 || cols === 0) return;
    const values = data instanceof Float32Array ? data : Float32Array.from(data);
    const px = posenc().colormap(values, { lo: this.range[0], hi: this.range[1], lut: colormap(this.colormap), masked: MASKED });
    // Resizing a canvas reallocates it: only when the shape changed.
    if (this.canvas.width !== cols) this.canvas.width = cols;
    if (this.canvas.height !== rows) this.canvas.height = rows;
    const ctx = this.canvas.getContext('2d')!;
    ctx.putImageData(new ImageData(new Uint8ClampedArray(px.buffer as ArrayBuffer, px.byteOffset, px.byteLength), cols, rows), 0, 0);
  }

  private scale(): number {
    const m = this.matrix!;
    return Math.max(1, Math.min(24, Math.floor(this.size / Math.max(m.rows, m.cols))) || 1);
  }

  private at(e: PointerEvent): [number, number] | undefined {
    const m = this.matrix;
    if (!m || !this.canvas) return undefined;
    const r = this.canvas.getBoundingClientRect();
    const col = Math.floor(((e.clientX - r.left) / r.width) * m.cols);
    const row = Math.floor(((e.clientY - r.top) / r.height) * m.rows);
    return row >= 0 && row < m.rows && col >= 0 && col < m.cols ? [row, col] : undefined;
  }

  private onKey(e: KeyboardEvent) {
    const m = this.matrix;
    if (!m) return;
    const [r, c] = this.cell ?? [0, 0];
    const moves: Record<string, [number, number]> = {
      ArrowUp: [r - 1, c], ArrowDown: [r + 1, c], ArrowLeft: [r, c - 1], ArrowRight: [r, c + 1],
      Home: [r, 0], End: [r, m.cols - 1], PageUp: [0, c], PageDown: [m.rows - 1, c],
    };
    const next = moves[e.key];
    if (!next) return;
    e.preventDefault();
    this.cell = [Math.max(0, Math.min(m.rows - 1, next[0])), Math.max(0, Math.min(m.cols - 1, next[1]))];
  }

  private table() {
    const m = this.matrix!;
    const R = Math.min(m.rows, 32), C = Math.min(m.cols, 16);
    const data: TableData = {
      caption: `${this.caption}${R < m.rows || C < m.cols ? ` (${R}×${C} of ${m.rows}×${m.cols})` : ''}`,
      columns: [`${this.rowAxis} \\ ${this.colAxis}`, ...Array.from({ length: C }, (_, c) => String(c))],
      rows: Array.from({ length: R }, (_, r) => ({ head: String(r), cells: Array.from(m.data.subarray(r * m.cols, r * m.cols + C)) })),
      digits: this.digits,
    };
    return html`<posenc-table .data=${data}></posenc-table>`;
  }

  render() {
    const m = this.matrix;
    if (!m) return nothing;
    const s = this.scale();
    const [lo, hi] = this.range;
    const value = this.cell ? m.data[this.cell[0] * m.cols + this.cell[1]] : undefined;
    const summary = `${this.caption}: ${m.rows} × ${m.cols}, ${fmt(lo, 3)} … ${fmt(hi, 3)}`;
    return html`<figure>
      <figcaption>${this.caption}</figcaption>
      <div class="frame">
        <canvas
          part="canvas"
          tabindex="0"
          role="img"
          aria-label=${summary}
          style=${`width:${m.cols * s}px;height:${m.rows * s}px`}
          @pointermove=${(e: PointerEvent) => (this.cell = this.at(e) ?? this.cell)}
          @pointerdown=${(e: PointerEvent) => (this.cell = this.at(e) ?? this.cell)}
          @keydown=${this.onKey}
          @focus=${() => (this.cell ??= [0, 0])}
        ></canvas>
        ${this.cell
          ? html`<div class="cursor" style=${`left:${(this.cell[1] / m.cols) * 100}%;top:${(this.cell[0] / m.rows) * 100}%;width:${100 / m.cols}%;height:${100 / m.rows}%`}></div>`
          : nothing}
      </div>
      <div class="axes" style=${`width:${m.cols * s}px`}><span>↓ ${this.rowAxis} · → ${this.colAxis}</span><span>${m.rows} × ${m.cols}</span></div>
      <div class="legend" aria-hidden="true">
        <span>${fmt(lo, 3)}</span><span class="bar" style=${`background:${gradient(this.colormap)}`}></span><span>${fmt(hi, 3)}</span>
      </div>
      <div class="readout" aria-live="polite">
        ${this.cell && value !== undefined ? `${this.rowAxis} ${this.cell[0]}, ${this.colAxis} ${this.cell[1]}: ${fmt(value, this.digits)}` : ''}
      </div>
      <details @toggle=${(e: Event) => (this.tableOpen = (e.target as HTMLDetailsElement).open)}>
        <summary>${this.tableLabel}</summary>
        ${this.tableOpen ? this.table() : nothing}
      </details>
    </figure>`;
  }
}
