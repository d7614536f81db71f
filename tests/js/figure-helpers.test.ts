// The figures' pure helpers in Node: which ticks and tick labels the axes choose, the readout's
// number format, and the values a log slider stops at. (The components themselves are tested in
// Chromium: tests/e2e/components.test.ts.)
import { describe, expect, it } from 'vitest';

import { axis, linearTickFormat } from '../../web/src/components/figure/scales.js';
import { seriesPath } from '../../web/src/components/plot/path.js';
import { fmtExact, pow10 } from '../../web/src/components/shared/format.js';
import { logGrid, nearestIndex, snapToStep } from '../../web/src/components/slider/log-grid.js';

const labels = (lo: number, hi: number, count = 5) => axis('linear', [lo, hi], [0, 300], { count }).ticks.map((t) => t.label);

describe('linear ticks', () => {
  it('label the ranges the hand-written ticks got wrong with distinct, evenly stepped values', () => {
    expect(labels(10, 22)).toEqual(['10', '12', '14', '16', '18', '20', '22']);
    expect(labels(10, 22, 3)).toEqual(['10', '15', '20']);
    expect(labels(0, 0.0012)).toEqual(['0', '0.0002', '0.0004', '0.0006', '0.0008', '0.0010', '0.0012']);
    expect(labels(100.2, 101.4)).toEqual(['100.2', '100.4', '100.6', '100.8', '101.0', '101.2', '101.4']);
  });

  it('use a true minus sign, digit grouping, and ×10ⁿ far from 1', () => {
    expect(labels(-2, 2)).toEqual(['\u22122', '\u22121', '0', '1', '2']);
    expect(labels(0, 40000, 4)).toEqual(['0', '10,000', '20,000', '30,000', '40,000']);
    expect(labels(0, 4e6, 4)).toEqual(['0', '1×10⁶', '2×10⁶', '3×10⁶', '4×10⁶']);
    expect(labels(0, 4e-5, 4)).toEqual(['0', '1×10⁻⁵', '2×10⁻⁵', '3×10⁻⁵', '4×10⁻⁵']);
    expect(linearTickFormat(-1, 1, 5)(-1e-17)).toBe('0');
  });

  it('round a y domain outwards to ticks when asked (nice)', () => {
    expect(axis('linear', [0.03, 0.97], [0, 100], { nice: true, count: 5 }).domain).toEqual([0, 1]);
  });
});

describe('log ticks', () => {
  it('one tick per power of ten, equally spaced, written 10ⁿ outside 0.001…10000', () => {
    const a = axis('log', [1, 1e5], [0, 500], { count: 10 });
    expect(a.ticks.map((t) => t.label)).toEqual(['10⁰', '10¹', '10²', '10³', '10⁴', '10⁵']);
    const gaps = a.ticks.slice(1).map((t, i) => t.at - a.ticks[i].at);
    for (const g of gaps) expect(g).toBeCloseTo(100, 9);
    expect(a.minor.length).toBe(8 * 5);
    expect(axis('log', [1, 1000], [0, 300], { count: 10 }).ticks.map((t) => t.label)).toEqual(['1', '10', '100', '1,000']);
  });

  it('skip decades when short of room, and fall back to linear-looking ticks inside one decade', () => {
    expect(axis('log', [1e-6, 1e6], [0, 200], { count: 4 }).ticks.map((t) => t.label)).toEqual(['10⁻⁶', '10⁻²', '10²', '10⁶']);
    expect(axis('log', [2, 8], [0, 200], { count: 4 }).ticks.map((t) => t.label)).toEqual(['2', '3', '4', '5', '6', '7', '8']);
  });

  it('never takes log of zero or a negative bound', () => {
    const a = axis('log', [0, 100], [0, 100]);
    expect(a.domain[0]).toBeGreaterThan(0);
    expect(a.ticks.every((t) => Number.isFinite(t.at))).toBe(true);
  });
});

describe('readout numbers', () => {
  it('are exact enough to compare, parseable, with a true minus sign', () => {
    expect(fmtExact(128)).toBe('128');
    expect(fmtExact(-32767)).toBe('\u221232767');
    expect(fmtExact(0.1 + 0.2)).toBe('0.3');
    expect(fmtExact(Math.PI)).toBe('3.14159');
    expect(fmtExact(-1.5e-7)).toBe('\u22121.5×10⁻⁷');
    expect(fmtExact(6.02e23)).toBe('6.02×10²³');
    expect(fmtExact(-Infinity)).toBe('\u2212∞');
    expect(pow10(-3)).toBe('10⁻³');
  });
});

describe('log slider grid', () => {
  it('stops at round values, ten per decade, including both ends', () => {
    const g = logGrid(2, 100000, 1);
    expect(g[0]).toBe(2);
    expect(g[g.length - 1]).toBe(100000);
    expect(g.slice(0, 12)).toEqual([2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30]);
    expect(g).toContain(10000);
    expect(g[g.indexOf(10000) + 1]).toBe(12000);
    // Equal steps in log space: each decade has the same number of stops once steps allow it.
    expect(g.indexOf(1000) - g.indexOf(100)).toBe(g.indexOf(10000) - g.indexOf(1000));
  });

  it('starts a range at 0 from its first positive step, and snaps to the step', () => {
    const g = logGrid(0, 131072, 1);
    expect(g.slice(0, 4)).toEqual([0, 1, 2, 3]);
    expect(g[g.length - 1]).toBe(131072);
    expect(new Set(g).size).toBe(g.length);
    expect(logGrid(0.5, 4, 0.5)).toEqual([0.5, 1, 1.5, 2, 2.5, 3, 4]);
    expect(snapToStep(0.1 + 0.2, 0.1)).toBe(0.3);
    expect(nearestIndex(g, 4096)).toBe(g.indexOf(4000));
  });
});

describe('series paths', () => {
  // x 0…99 onto 0…99 px (one column per unit), y 0…1 onto 100…0 px.
  const X = axis('linear', [0, 99], [0, 99]);
  const Y = axis('linear', [0, 1], [100, 0]);
  const nums = (d: string) => (d.match(/-?[\d.]+/g) ?? []).map(Number);

  it('keep every point of a series with no more points than pixel columns', () => {
    const x = Array.from({ length: 50 }, (_, i) => 2 * i);
    const y = x.map((v) => (v % 4 === 0 ? 1 : 0));
    const p = seriesPath({ x, y }, X, Y, 99);
    expect(p.band).toBe('');
    expect(nums(p.line)).toEqual(x.flatMap((v, i) => [v, y[i] ? 0 : 100]));
    expect(p.dense).toBe(true); // 50 points on 99 px: closer than 4 px
    expect(seriesPath({ x: [0, 50, 99], y: [0, 1, 0] }, X, Y, 99).dense).toBe(false);
  });

  it('draw a longer series as one filled envelope: each column from its lowest to its highest point, half the line width beyond, gaps break it', () => {
    // 10 points per column, alternating between the column's own low and high.
    const n = 1000;
    const x = Array.from({ length: n }, (_, i) => Math.floor(i / 10) + (i % 10) / 20);
    const y = x.map((v, i) => (i % 2 ? 0.5 + (v % 7) / 20 : 0.25 - (v % 5) / 40));
    y[505] = NaN; // a gap in column 50
    const p = seriesPath({ x, y }, X, Y, 99, 2);
    expect(p.line).toBe('');
    const polygons = p.band.split('M').filter(Boolean);
    expect(polygons.length).toBe(2); // broken at the gap
    const byCol = new Map<number, number[]>();
    x.forEach((v, i) => {
      if (!Number.isFinite(y[i])) return;
      const px = Math.round(X.map(v));
      byCol.set(px, [...(byCol.get(px) ?? []), Y.map(y[i])]);
    });
    // Each polygon: its columns left to right along the tops, then right to left along the bottoms.
    const top = new Map<number, number>(),
      bottom = new Map<number, number>();
    for (const poly of polygons) {
      const v = nums(poly);
      const k = v.length / 4;
      for (let j = 0; j < k; j++) top.set(v[2 * j], v[2 * j + 1]);
      for (let j = k; j < 2 * k; j++) bottom.set(v[2 * j], v[2 * j + 1]);
    }
    expect(top.size).toBe(byCol.size);
    for (const [px, ys] of byCol) {
      // Pixel y is written to 0.1 px.
      expect(Math.abs(top.get(px)! - (Math.min(...ys) - 1))).toBeLessThanOrEqual(0.05 + 1e-9);
      expect(Math.abs(bottom.get(px)! - (Math.max(...ys) + 1))).toBeLessThanOrEqual(0.05 + 1e-9);
    }
  });
});
