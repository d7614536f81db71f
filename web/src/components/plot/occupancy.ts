/**
 * Where a plot's lines are, on a coarse pixel grid, so a point's label can be put where it covers
 * the fewest of them (a "Δ = 3" or "first rise" label sat on its own curve). Layout only: it reads
 * the data the plot already draws and computes nothing shown.
 */
import type { AxisModel } from '../figure/scales.js';
import { finiteFor } from './path.js';

const CELL = 4; // px

export class Occupancy {
  private cols: number;
  private rows: number;
  private cells: Uint8Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.cols = Math.ceil(width / CELL) + 1;
    this.rows = Math.ceil(height / CELL) + 1;
    this.cells = new Uint8Array(this.cols * this.rows);
  }

  /** Marks a series' line: each segment's vertical extent in the columns it spans. */
  addSeries(s: { x: ArrayLike<number>; y: ArrayLike<number> }, x: AxisModel, y: AxisModel): void {
    const n = Math.min(s.x.length, s.y.length);
    let px0 = NaN,
      py0 = NaN;
    for (let i = 0; i < n; i++) {
      if (!finiteFor(x.kind, s.x[i]) || !finiteFor(y.kind, s.y[i])) {
        px0 = NaN;
        continue;
      }
      const px = x.map(s.x[i]),
        py = y.map(s.y[i]);
      if (Number.isNaN(px0)) [px0, py0] = [px, py];
      this.mark(px0, py0, px, py);
      [px0, py0] = [px, py];
    }
  }

  private mark(xa: number, ya: number, xb: number, yb: number): void {
    const c0 = Math.max(0, Math.floor(Math.min(xa, xb) / CELL)),
      c1 = Math.min(this.cols - 1, Math.floor(Math.max(xa, xb) / CELL));
    for (let c = c0; c <= c1; c++) {
      // the segment's y range within this column (a straight line between the two points)
      const xl = Math.max(Math.min(xa, xb), c * CELL),
        xr = Math.min(Math.max(xa, xb), (c + 1) * CELL);
      const at = (px: number) => (xb === xa ? ya : ya + ((yb - ya) * (px - xa)) / (xb - xa));
      const lo = Math.min(at(xl), at(xr), xb === xa ? yb : Infinity),
        hi = Math.max(at(xl), at(xr), xb === xa ? yb : -Infinity);
      const r0 = Math.max(0, Math.floor(lo / CELL)),
        r1 = Math.min(this.rows - 1, Math.floor(hi / CELL));
      for (let r = r0; r <= r1; r++) this.cells[r * this.cols + c] = 1;
    }
  }

  /** How many occupied cells a box covers. */
  count(x0: number, y0: number, x1: number, y1: number): number {
    const c0 = Math.max(0, Math.floor(x0 / CELL)),
      c1 = Math.min(this.cols - 1, Math.floor(x1 / CELL));
    const r0 = Math.max(0, Math.floor(y0 / CELL)),
      r1 = Math.min(this.rows - 1, Math.floor(y1 / CELL));
    let k = 0;
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) k += this.cells[r * this.cols + c];
    return k;
  }
}
