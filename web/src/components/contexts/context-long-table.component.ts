import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Matrix, WasmTensor } from '../../lib/types.js';
import '../table/table.js';
import type { TableData } from '../table/table.js';
import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { figureHost, tokens } from '../shared/theme.js';
import { FrameJob } from '../shared/frame-job.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import './region-heatmap.js';

const N = 131072;
const EVERY = 512;
const LAST = 131071;

/** The table's wasm buffer, shared by every instance and grown when a larger d asks for it. */
let table: WasmTensor | undefined;

/**
 * The cos/sin table for 131072 positions × d, computed by the SIMD kernel on wasm memory (no copy
 * out of up to 32 M floats), a block of rows per call (kernels.sinusoidal with `start`, bit for bit
 * the whole table), in frame-sized slices after the slider step: the step stays within a frame and
 * the previous picture stays until the new table is complete. Every 512th row is drawn, rows past L
 * hatched; the last position's first values are printed exactly.
 */
export class PosencContextLongTable extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .status {
        font-size: 0.85rem;
        color: var(--_muted);
        min-height: 1.4em;
      }
    `,
  ];

  @property({ type: Number }) dim = 64;
  @property({ type: Number }) base = 10000;
  @property({ type: Number }) ltrain = 4096;
  /** {N}, {d}, {ms}, {blocks} are filled in. */
  @property() timeLine = '';
  @property() computing = '';
  @property() heatmapCaption = '';
  /** {pos} is filled in. */
  @property() lastCaption = '';
  @property() regionLabel = '';
  @property() tableLabel = '';

  @state() private drawn?: Matrix<Float32Array>;
  @state() private last?: Float32Array;
  @state() private ms = 0;
  @state() private shownDim = 0;
  @state() private busy = false;
  @state() private blocks = 0;
  private rowPositions = Float64Array.from({ length: N / EVERY }, (_, r) => r * EVERY);
  private job = new FrameJob();

  disconnectedCallback() {
    this.job.cancel();
    super.disconnectedCallback();
  }

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'dim', 'base')) return;
    const d = this.dim,
      base = this.base;
    // About a million floats per block (4096 rows at d = 256): a few ms of kernel time each.
    // Whole multiples of 1024 rows: blocks start where the kernel re-seeds its angles (bit-identical).
    const rowsPerBlock = Math.max(1024, Math.floor(2 ** 20 / d / 1024) * 1024);
    let start = 0,
      ms = 0,
      blocks = 0;
    this.busy = true;
    this.job.start(() => {
      if (!table || table.length < N * d) {
        // Room for d up to 64, then 128, then 256: at most three times the memory grows.
        table?.free();
        table = this.pe.tensor(N * (d <= 64 ? 64 : d <= 128 ? 128 : 256));
      }
      const t0 = performance.now();
      this.pe.kernels.sinusoidal(table, { start, count: Math.min(rowsPerBlock, N - start), dim: d, base });
      ms += performance.now() - t0;
      blocks++;
      start += rowsPerBlock;
      if (start < N) return false;
      // Zero-copy: read only the rows drawn and the last row out of wasm memory.
      const view = table.view();
      const rows = N / EVERY;
      const drawn = new Float32Array(rows * d);
      for (let r = 0; r < rows; r++) drawn.set(view.subarray(r * EVERY * d, r * EVERY * d + d), r * d);
      this.drawn = { rows, cols: d, data: drawn };
      this.last = view.slice(LAST * d, LAST * d + Math.min(8, d));
      this.ms = ms;
      this.blocks = blocks;
      this.shownDim = d;
      this.busy = false;
      return true;
    });
  }

  render() {
    const past = this.rowPositions.findIndex((p) => p > this.ltrain);
    const status = this.busy
      ? this.computing
      : this.drawn
        ? fill(this.timeLine, { N, d: this.shownDim, ms: fmt(this.ms, 1), blocks: this.blocks })
        : '';
    return html`<p class="status" id="long-table-time" role="status">${status}</p>
      ${
        this.drawn
          ? html`<posenc-region-heatmap
            id="long-heatmap"
            .matrix=${this.drawn}
            caption=${this.heatmapCaption}
            rowLabel="pos"
            colLabel=${this.t({ zh: '维度', en: 'dimension' })}
            .rowValues=${this.rowPositions}
            .regionFrom=${past < 0 ? undefined : past}
            regionAxis="rows"
            regionLabel=${this.regionLabel}
            .lo=${-1}
            .hi=${1}
            size="300"
            tableLabel=${this.tableLabel}
          ></posenc-region-heatmap>`
          : nothing
      }
      ${
        this.last
          ? html`<posenc-table
            id="last-row"
            .data=${
              {
                caption: fill(this.lastCaption, { pos: LAST }),
                columns: Array.from(this.last, (_, c) => `${c % 2 ? 'cos' : 'sin'}${Math.floor(c / 2)}`),
                rows: [{ head: String(LAST), cells: Array.from(this.last) }],
                digits: 6,
              } as TableData
            }
          ></posenc-table>`
          : nothing
      }`;
  }
}
