/** Series as SVG paths: gaps break the line, very long series are thinned for drawing only. */
import type { AxisModel, ScaleKind } from '../figure/scales.js';

/** A value can be drawn on an axis of this kind (finite, and positive on a log axis). */
export function finiteFor(kind: ScaleKind, v: number): boolean {
  return Number.isFinite(v) && (kind === 'linear' || v > 0);
}

/** SVG path of a line series; gaps (non-finite or, on log axes, non-positive values) break it. */
export function linePath(s: { x: ArrayLike<number>; y: ArrayLike<number> }, x: AxisModel, y: AxisModel, pw: number): string {
  const n = Math.min(s.x.length, s.y.length);
  const out: string[] = [];
  const ok = (i: number) => finiteFor(x.kind, s.x[i]) && finiteFor(y.kind, s.y[i]);
  if (n > 2 * pw) {
    // At most ~2 points per pixel column: its first/min/max/last, so peaks survive thinning.
    let col = NaN,
      mn = 0,
      mx = 0,
      pen = false;
    const flush = () => {
      if (Number.isNaN(col)) return;
      out.push(`${pen ? 'L' : 'M'}${col},${mn.toFixed(1)}L${col},${mx.toFixed(1)}`);
      pen = true;
    };
    for (let i = 0; i < n; i++) {
      if (!ok(i)) {
        flush();
        col = NaN;
        pen = false;
        continue;
      }
      const px = Math.round(x.map(s.x[i])),
        py = y.map(s.y[i]);
      if (px !== col) {
        flush();
        col = px;
        mn = mx = py;
      } else {
        if (py < mn) mn = py;
        if (py > mx) mx = py;
      }
    }
    flush();
    return out.join('');
  }
  let pen = false;
  for (let i = 0; i < n; i++) {
    if (!ok(i)) {
      pen = false;
      continue;
    }
    out.push(`${pen ? 'L' : 'M'}${x.map(s.x[i]).toFixed(1)},${y.map(s.y[i]).toFixed(1)}`);
    pen = true;
  }
  return out.join('');
}
