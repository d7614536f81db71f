/**
 * Series as SVG paths: gaps break the line; very long series are drawn as pixel-column envelopes.
 *
 * What costs here is rasterising, not building the string: in headless Chromium's software raster
 * a 2000-point zigzag with round joins and a dash pattern took ~12 ms of raster per frame (the dot
 * product against Δ up to 2000), enough to make the next frame late. So a series with more points
 * than pixel columns becomes the band between each column's lowest and highest value (one fill)
 * plus its two edges, and a dense series gets bevel joins and no dash (a 6-4 dash cannot be read on
 * points closer than 4 px anyway).
 */
import type { AxisModel, ScaleKind } from '../figure/scales.js';

/** A value can be drawn on an axis of this kind (finite, and positive on a log axis). */
export function finiteFor(kind: ScaleKind, v: number): boolean {
  return Number.isFinite(v) && (kind === 'linear' || v > 0);
}

export interface SeriesPath {
  /** The stroke: the polyline, or for an envelope its upper and lower edges. */
  line: string;
  /** The filled envelope between each pixel column's extremes ('' when the series is not thinned). */
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

/** A run of columns as its two edges and the band between them. */
function envelope(run: Column[]): { line: string; band: string } {
  const top = run.map((c) => xy(c.px, c.lo)).join('L');
  const bottom = run.map((c) => xy(c.px, c.hi)).join('L');
  const back = run
    .slice()
    .reverse()
    .map((c) => xy(c.px, c.hi))
    .join('L');
  return { line: `M${top}M${bottom}`, band: `M${top}L${back}Z` };
}

export function seriesPath(s: { x: ArrayLike<number>; y: ArrayLike<number> }, x: AxisModel, y: AxisModel, pw: number): SeriesPath {
  const n = Math.min(s.x.length, s.y.length);
  const ok = (i: number) => finiteFor(x.kind, s.x[i]) && finiteFor(y.kind, s.y[i]);
  const dense = n > pw / 4;
  if (n > pw) {
    // Each pixel column keeps its extremes, so peaks survive; the readout still uses every point.
    const line: string[] = [],
      band: string[] = [];
    let run: Column[] = [];
    const flush = () => {
      if (run.length) {
        const e = envelope(run);
        line.push(e.line);
        band.push(e.band);
      }
      run = [];
    };
    for (let i = 0; i < n; i++) {
      if (!ok(i)) {
        flush();
        continue;
      }
      const px = Math.round(x.map(s.x[i])),
        py = y.map(s.y[i]);
      const last = run[run.length - 1];
      if (last && last.px === px) {
        if (py < last.lo) last.lo = py;
        if (py > last.hi) last.hi = py;
      } else run.push({ px, lo: py, hi: py });
    }
    flush();
    return { line: line.join(''), band: band.join(''), dense };
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
