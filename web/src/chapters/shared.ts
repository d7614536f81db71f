/** Helpers the chapters share: core results as tables, heatmaps and plots. */
import { html } from 'lit';

import '../components/heatmap/heatmap-view.js';
import '../components/plot/plot.js';
import type { Series } from '../components/plot/plot.js';
import type { ColormapName } from '../components/shared/colormaps.js';
import { l } from '../components/shared/i18n.js';
import type { TableData } from '../components/table/table.js';
import '../components/table/table.js';
import type { Matrix, Posenc } from '../lib/types.js';

export { l };

/** A matrix as a <posenc-table>: one row per matrix row. */
export function matrixTable(
  m: Matrix,
  o: { caption: string; rowHead: (r: number) => string; colHead: (c: number) => string; corner: string; digits?: number | number[]; id?: string },
) {
  const data: TableData = {
    caption: o.caption,
    columns: [o.corner, ...Array.from({ length: m.cols }, (_, c) => o.colHead(c))],
    rows: Array.from({ length: m.rows }, (_, r) => ({
      head: o.rowHead(r),
      cells: Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols)),
    })),
    digits: o.digits,
  };
  return html`<posenc-table id=${o.id ?? ''} .data=${data}></posenc-table>`;
}

export function heatmap(
  m: Matrix,
  o: { caption: string; rowAxis: string; colAxis: string; colormap?: ColormapName; lo?: number; hi?: number; id?: string; digits?: number; tableLabel: string; size?: number },
) {
  return html`<posenc-heatmap-view
    id=${o.id ?? ''}
    .matrix=${m}
    caption=${o.caption}
    rowAxis=${o.rowAxis}
    colAxis=${o.colAxis}
    colormap=${o.colormap ?? 'diverging'}
    .lo=${o.lo}
    .hi=${o.hi}
    .digits=${o.digits ?? 4}
    .size=${o.size ?? 360}
    tableLabel=${o.tableLabel}
  ></posenc-heatmap-view>`;
}

export function plot(series: Series[], o: { caption: string; xLabel: string; yLabel: string; id?: string; height?: number; equal?: boolean; yRange?: [number, number] }) {
  return html`<posenc-plot
    id=${o.id ?? ''}
    .series=${series}
    caption=${o.caption}
    xLabel=${o.xLabel}
    yLabel=${o.yLabel}
    .height=${o.height ?? 260}
    ?equal=${o.equal ?? false}
    .yRange=${o.yRange}
  ></posenc-plot>`;
}

export const TABLE_LABEL = l('以表格显示数值', 'Values as a table');

export const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);

/** Row-major matrix from rows. */
export function fromRows(rows: number[][]): Matrix<Float64Array> {
  const r = rows.length, c = rows[0]?.length ?? 0;
  return { rows: r, cols: c, data: Float64Array.from(rows.flat()) };
}

export function row(m: Matrix, r: number): Float64Array {
  return Float64Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols));
}

/** Permutes matrix rows: out row r = in row perm[r]. */
export function permuteRows(m: Matrix, perm: number[]): Matrix<Float64Array> {
  const out = new Float64Array(m.rows * m.cols);
  perm.forEach((src, r) => out.set(m.data.subarray(src * m.cols, (src + 1) * m.cols), r * m.cols));
  return { rows: m.rows, cols: m.cols, data: out };
}

export function maxAbsDiff(a: Matrix, b: Matrix): number {
  let d = 0;
  for (let i = 0; i < a.data.length; i++) d = Math.max(d, Math.abs(a.data[i] - b.data[i]));
  return d;
}

/** A slice of positions × dims of the float64 sinusoidal table. */
export function sinTable(pe: Posenc, n: number, d: number, base = 10000): Matrix<Float64Array> {
  return pe.sinusoidal({ positions: n, dim: d, base, precision: 64 });
}

export function deg(rad: number): number {
  return (rad * 180) / Math.PI;
}

/**
 * How far a matrix is from depending on i − j only: max over diagonals of (max − min). Transitional:
 * moved here from the scores chapter (which now asks the core: analysis.diagonalProfile) for the
 * chapters not yet rewritten.
 */
export function toeplitzDeviation(m: Matrix): number {
  let worst = 0;
  for (let off = -(m.rows - 1); off < m.cols; off++) {
    let mn = Infinity, mx = -Infinity;
    for (let i = 0; i < m.rows; i++) {
      const j = i + off;
      if (j < 0 || j >= m.cols) continue;
      const v = m.data[i * m.cols + j];
      mn = Math.min(mn, v);
      mx = Math.max(mx, v);
    }
    if (mx >= mn) worst = Math.max(worst, mx - mn);
  }
  return worst;
}
