/**
 * Axes for the figures: d3 scales, d3 ticks and d3 tick formats, shaped into what a component
 * draws (pixel positions and finished labels). Pure functions, so they are unit-tested in Node.
 */
import { tickStep } from 'd3-array';
import { format, precisionFixed, precisionRound } from 'd3-format';
import { scaleLinear, scaleLog } from 'd3-scale';

import { MINUS, pow10, sciText } from '../shared/format.js';

export type ScaleKind = 'linear' | 'log';

export interface Tick {
  value: number;
  label: string;
  /** Position in pixels along the axis. */
  at: number;
}

export interface AxisModel {
  kind: ScaleKind;
  domain: [number, number];
  range: [number, number];
  map(v: number): number;
  invert(px: number): number;
  ticks: Tick[];
  /** Unlabelled minor ticks in pixels (2…9 × 10ᵏ on log axes). */
  minor: number[];
}

export interface AxisOptions {
  /** Roughly how many labelled ticks (d3 treats it as a hint). */
  count?: number;
  /** Round the domain outwards to tick values (y axes; x axes stay tight to the data). */
  nice?: boolean;
  /** Explicit tick values instead of d3's choice. */
  values?: number[];
}

/** Magnitudes where fixed notation turns into a×10ⁿ (a label longer than ~8 characters is hard to read). */
const SCI_HIGH = 1e6;
const SCI_LOW = 1e-3;

/**
 * d3's tick format for [lo, hi] with `count` ticks: fixed decimals from the tick step, digit
 * grouping for large numbers, exponent form (rewritten as ×10ⁿ) far from 1, exactly "0" for zero.
 */
export function linearTickFormat(lo: number, hi: number, count: number): (v: number) => string {
  const step = Math.abs(tickStep(lo, hi, count)) || Math.abs(hi - lo) || 1;
  const max = Math.max(Math.abs(lo), Math.abs(hi));
  let f: (v: number) => string;
  if (max >= SCI_HIGH || (max > 0 && max < SCI_LOW)) {
    const p = Math.max(0, precisionRound(step, max) - 1);
    const e = format(`.${p}e`);
    f = (v) => sciText(e(v).replace(MINUS, '-'), true);
  } else {
    f = format(`,.${precisionFixed(step)}f`);
  }
  // Round-off can leave a tick at ±1e-17 instead of 0: print the zero as people write it.
  return (v) => (Math.abs(v) < step * 1e-9 ? '0' : f(v));
}

function linearAxis(domain: [number, number], range: [number, number], o: AxisOptions): AxisModel {
  const count = o.count ?? 5;
  const s = scaleLinear().domain(domain).range(range);
  if (o.nice) s.nice(count);
  const [lo, hi] = s.domain() as [number, number];
  const values = o.values ?? s.ticks(count);
  const label = linearTickFormat(lo, hi, count);
  return {
    kind: 'linear',
    domain: [lo, hi],
    range,
    map: (v) => s(v),
    invert: (px) => s.invert(px),
    ticks: values.map((value) => ({ value, label: label(value), at: s(value) })),
    minor: [],
  };
}

function logAxis(domain: [number, number], range: [number, number], o: AxisOptions): AxisModel {
  const count = o.count ?? 5;
  const s = scaleLog().domain(domain).range(range);
  if (o.nice) s.nice();
  const [lo, hi] = s.domain() as [number, number];
  const k0 = Math.ceil(Math.log10(lo) - 1e-9);
  const k1 = Math.floor(Math.log10(hi) + 1e-9);
  let ticks: Tick[];
  let minor: number[] = [];
  if (o.values) {
    const fmt = s.tickFormat(Infinity, '~g');
    ticks = o.values.map((value) => ({ value, label: fmt(value), at: s(value) }));
  } else if (k1 - k0 >= 1) {
    // One labelled tick per power of ten (every 2nd or 3rd when the axis is short of room).
    const stride = Math.max(1, Math.ceil((k1 - k0 + 1) / Math.max(2, count)));
    const plain = lo >= 1e-3 && hi <= 1e4;
    ticks = [];
    for (let k = k0; k <= k1; k += stride) {
      const value = 10 ** k;
      ticks.push({ value, label: plain ? format(',~g')(value) : pow10(k), at: s(value) });
    }
    if (k1 - k0 <= 8) {
      for (let k = k0 - 1; k <= k1; k++) {
        for (let m = 2; m <= 9; m++) {
          const v = m * 10 ** k;
          if (v > lo && v < hi) minor.push(s(v));
        }
      }
    }
  } else {
    // Less than a decade: a log axis looks linear, so label it like one.
    const values = s.ticks(count);
    const label = linearTickFormat(lo, hi, count);
    ticks = values.map((value) => ({ value, label: label(value), at: s(value) }));
    minor = [];
  }
  return { kind: 'log', domain: [lo, hi], range, map: (v) => s(v), invert: (px) => s.invert(px), ticks, minor };
}

/** An axis from data space `domain` to pixel `range`; log axes need a positive domain. */
export function axis(kind: ScaleKind, domain: [number, number], range: [number, number], o: AxisOptions = {}): AxisModel {
  let [a, b] = domain;
  if (kind === 'log') {
    if (!(a > 0)) a = b > 0 ? b / 10 : 1;
    if (!(b > a)) b = a * 10;
    return logAxis([a, b], range, o);
  }
  if (!(b > a)) [a, b] = a === 0 ? [-1, 1] : [a - Math.abs(a) * 0.1, a + Math.abs(a) * 0.1];
  return linearAxis([a, b], range, o);
}

/** How many labelled ticks fit along `px` pixels when each wants about `spacing` pixels. */
export function tickCount(px: number, spacing: number): number {
  return Math.max(2, Math.min(10, Math.round(px / spacing)));
}

/** Width in pixels of a label in the figures' 12 px monospace font (layout estimate, no DOM). */
export function textWidth(s: string, px = 12): number {
  let w = 0;
  // CJK characters are about twice as wide as Latin ones in a monospace fallback.
  for (const ch of s) w += /[\u2e80-\u9fff\uff00-\uffef]/.test(ch) ? 1 : 0.6;
  return w * px;
}
