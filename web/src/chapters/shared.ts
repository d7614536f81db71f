/** Helpers the chapters share: turning core results into tables and labels. */
import { html } from 'lit';

import type { TableData } from '../components/table/table.js';
import '../components/table/table.js';
import type { Matrix } from '../lib/types.js';

/** A matrix as a <posenc-table>: one row per matrix row. */
export function matrixTable(
  m: Matrix,
  o: { caption: string; rowHead: (r: number) => string; colHead: (c: number) => string; corner: string; digits?: number | number[] },
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
  return html`<posenc-table .data=${data}></posenc-table>`;
}

export const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => from + i);
