/**
 * Series as SVG paths: gaps break the line; very long series are drawn as pixel-column envelopes.
 *
 * What costs here is rasterising, not building the string: in headless Chromium's software raster
 * a 2000-point zigzag with round joins and a dash pattern took ~12 ms of raster per frame (the dot
 * product against Δ up to 2000), enough to make the next frame late, and stroking the envelope's
 * edges still cost most of that. So a series with more points than pixel columns becomes one filled
 * polygon: each column from its lowest to its highest value, widened by half the line width on
 * both sides (what the stroke would have covered), with no stroke at all. A dense series gets bevel
 * joins and no dash (a 6-4 dash cannot be read on points closer than 4 px anyway).
 */
import type { AxisModel, ScaleKind } from '../figure/scales.js';

/** A value can be drawn on an axis of this kind (finite, and positive on a log axis). */
export function finiteFor(kind: ScaleKind, v: number): boolean {
  return Number.isFinite(v) && (kind === 'linear' || v > 0);
}

export interface SeriesPath {
  /** The stroke: the polyline ('' for an envelope). */
  line: string;
  /** The filled envelope of each pixel column's extremes, widened by half the line width ('' when not thinned). */
  band: string;
  /** Points closer than 4 px on average: bevel joins, and a dashed series is drawn thin instead. */
  dense: boolean;
}

interface Column {
  px: number;
  lo: number;
  hi: number;
}

const xy = (x: number, y: number) => `${x},${y.toFixed(1)}`;

/** A run of columns as one polygon: along the tops, back along the bottoms, `half` px outside both. */
function envelope(run: Column[], half: number): string {
  const top = run.map((c) => xy(c.px, c.lo - half)).join('L');
  const back = run
    .slice()
    .reverse()
    .map((c) => xy(c.px, c.hi + half))
    .join('L');
  return `M${top}L${back}Z`;
}

/** `width`: the line width in px, which an envelope covers by its own area instead. */
export function seriesPath(
  s: { x: ArrayLike<number>; y: ArrayLike<number> },
  x: AxisModel,
  y: AxisModel,
  pw: number,
  width = 2,
): SeriesPath {
  const n = Math.min(s.x.length, s.y.length);
  const ok = (i: number) => finiteFor(x.kind, s.x[i]) && finiteFor(y.kind, s.y[i]);
  const dense = n > pw / 4;
  if (n > pw) {
    // Each pixel column keeps its extremes, so peaks survive; the readout still uses every point.
    // Extremes are kept as data values and mapped once per column (the y scale is monotonic):
    // mapping every point cost ~1 ms per 20 000 (RoPE's decay bound at the largest distance).
    const band: string[] = [];
    let run: Column[] = [];
    const flush = () => {
      for (const c of run) {
        const a = y.map(c.lo),
          b = y.map(c.hi);
        [c.lo, c.hi] = a < b ? [a, b] : [b, a];
      }
      if (run.length) band.push(envelope(run, width / 2));
      run = [];
    };
    for (let i = 0; i < n; i++) {
      if (!ok(i)) {
        flush();
        continue;
      }
      const px = Math.round(x.map(s.x[i])),
        v = s.y[i];
      const last = run[run.length - 1];
      if (last && last.px === px) {
        if (v < last.lo) last.lo = v;
        if (v > last.hi) last.hi = v;
      } else run.push({ px, lo: v, hi: v });
    }
    flush();
    return { line: '', band: band.join(''), dense };
  }
  const out: string[] = [];
  let pen = false;
  for (let i = 0; i < n; i++) {
    if (!ok(i)) {
      pen = false;
      continue;
    }
    out.push(`${pen ? 'L' : 'M'}${x.map(s.x[i]).toFixed(1)},${y.map(s.y[i]).toFixed(1)}`);
    pen = true;
  }
  return { line: out.join(''), band: '', dense };
}
