// The RoPE chapter's measurements (analysis_rope.hpp: ropePlane, ropeTurn, ropeAngles, ropeLayouts,
// ropeRelativeScores, ropeShiftScores, ropeDemo, ropeDecay, countRises, rope2dScores) under hostile
// arguments: every bad value is a named TypeError/RangeError and the instance keeps working.
import { beforeAll, describe, expect, it } from 'vitest';

import type { PosencFull } from '../../web/src/lib/internal.js';
import { finite, hostileSlots, isInt, type Slot } from './hostile-harness.js';
import { loadInternal } from './load-internal.js';

let pe: PosencFull;
beforeAll(async () => {
  pe = await loadInternal();
});

const a = () => pe.analysis;
const m2 = () => ({ rows: 2, cols: 2, data: [1, 0.5, -0.25, 2] });
const list = (v: unknown) => Array.isArray(v) && v.every(finite);

const slots = (): Slot[] => [
  {
    fn: 'ropePlane',
    arg: 'q',
    call: (v) => a().ropePlane({ q: v as never, k: [1, 0], m: 1, n: 2, thetaDeg: 30 }),
    ok: (v) => list(v) && (v as unknown[]).length === 2,
  },
  {
    fn: 'ropePlane',
    arg: 'qScale',
    call: (v) => a().ropePlane({ q: [1, 0], k: [1, 0], qScale: v as never, m: 1, n: 2, thetaDeg: 30 }),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 0),
  },
  { fn: 'ropePlane', arg: 'm', call: (v) => a().ropePlane({ q: [1, 0], k: [1, 0], m: v as never, n: 2, thetaDeg: 30 }), ok: finite },
  { fn: 'ropePlane', arg: 'thetaDeg', call: (v) => a().ropePlane({ q: [1, 0], k: [1, 0], m: 1, n: 2, thetaDeg: v as never }), ok: finite },
  {
    fn: 'ropePlane',
    arg: 'sameGap',
    call: (v) => a().ropePlane({ q: [1, 0], k: [1, 0], m: 1, n: 2, thetaDeg: 30, sameGap: v as never }),
    ok: (v) => v === undefined || list(v),
  },
  {
    fn: 'ropePlane',
    arg: 'offsets',
    call: (v) => a().ropePlane({ q: [1, 0], k: [1, 0], m: 1, n: 2, thetaDeg: 30, offsets: v as never }),
    ok: (v) => v === undefined || list(v),
  },
  {
    fn: 'ropeTurn',
    arg: 'x',
    call: (v) => a().ropeTurn({ x: v as never, angleDeg: 90 }),
    ok: (v) => list(v) && (v as unknown[]).length === 2,
  },
  { fn: 'ropeTurn', arg: 'angleDeg', call: (v) => a().ropeTurn({ x: [1, 0], angleDeg: v as never }), ok: finite },
  { fn: 'ropeAngles', arg: 'invFreq', call: (v) => a().ropeAngles({ invFreq: v as never, position: 2 }), ok: list },
  { fn: 'ropeAngles', arg: 'position', call: (v) => a().ropeAngles({ invFreq: [1], position: v as never }), ok: finite },
  {
    fn: 'ropeLayouts',
    arg: 'x',
    call: (v) => a().ropeLayouts({ x: v as never, position: 1, invFreq: [1] }),
    ok: (v) => list(v) && (v as unknown[]).length === 2,
  },
  {
    fn: 'ropeLayouts',
    arg: 'layout',
    call: (v) => a().ropeLayouts({ x: [1, 2], position: 1, invFreq: [1], layout: v as never }),
    ok: (v) => v === undefined,
  },
  {
    fn: 'ropeRelativeScores',
    arg: 'count',
    call: (v) => a().ropeRelativeScores({ q: [1, 2], k: [3, 4], count: v as never, invFreq: [1] }),
    ok: (v) => isInt(v) && v >= 1 && v <= 4096,
  },
  {
    fn: 'ropeRelativeScores',
    arg: 'k',
    call: (v) => a().ropeRelativeScores({ q: [1, 2], k: v as never, count: 4, invFreq: [1] }),
    ok: (v) => list(v) && (v as unknown[]).length === 2,
  },
  {
    fn: 'ropeShiftScores',
    arg: 'gap',
    call: (v) => a().ropeShiftScores({ q: [1, 2], k: [3, 4], gap: v as never, count: 4 }),
    ok: (v) => isInt(v) && Math.abs(v) <= 2 ** 26,
  },
  {
    fn: 'ropeShiftScores',
    arg: 'count',
    call: (v) => a().ropeShiftScores({ q: [1, 2], k: [3, 4], gap: 1, count: v as never }),
    ok: (v) => isInt(v) && v >= 1 && v <= 2 ** 20,
  },
  {
    fn: 'ropeShiftScores',
    arg: 'base',
    call: (v) => a().ropeShiftScores({ q: [1, 2], k: [3, 4], gap: 1, count: 4, base: v as never }),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 1),
  },
  {
    fn: 'ropeDemo',
    arg: 'tokens',
    call: (v) => a().ropeDemo({ tokens: v as never, wq: m2(), wk: m2(), anglesDeg: [10, 20] }),
    ok: () => false,
  },
  {
    fn: 'ropeDemo',
    arg: 'anglesDeg',
    call: (v) => a().ropeDemo({ tokens: m2(), wq: m2(), wk: m2(), anglesDeg: v as never }),
    ok: (v) => list(v) && (v as unknown[]).length === 2,
  },
  {
    fn: 'ropeDecay',
    arg: 'offsets',
    call: (v) => a().ropeDecay({ invFreq: [1, 0.1], offsets: v as never, q: [1, 2, 3, 4], k: [4, 3, 2, 1] }),
    ok: list,
  },
  {
    fn: 'ropeDecay',
    arg: 'q',
    call: (v) => a().ropeDecay({ invFreq: [1, 0.1], offsets: [0, 1], q: v as never, k: [4, 3, 2, 1] }),
    ok: (v) => list(v) && (v as unknown[]).length === 4,
  },
  {
    fn: 'countRises',
    arg: 'values',
    call: (v) => a().countRises({ values: v as never, offsets: [0, 1] }),
    ok: (v) => list(v) && (v as unknown[]).length === 2,
  },
  {
    fn: 'rope2dScores',
    arg: 'grid',
    call: (v) => a().rope2dScores({ q: [1, 2, 3, 4], k: [4, 3, 2, 1], grid: v as never, shiftX: 1, shiftY: 2 }),
    ok: (v) => isInt(v) && v >= 1 && v <= 256,
  },
  {
    fn: 'rope2dScores',
    arg: 'shiftX',
    call: (v) => a().rope2dScores({ q: [1, 2, 3, 4], k: [4, 3, 2, 1], grid: 4, shiftX: v as never, shiftY: 2 }),
    ok: finite,
  },
];

function stillWorks() {
  const r = pe.analysis.ropeTurn({ x: [1, 0], angleDeg: 90 });
  expect(r.rotated[1]).toBeCloseTo(1, 15);
}

hostileSlots('RoPE chapter measurements × bad values', slots, stillWorks);

describe('RoPE chapter measurements: values', () => {
  it('ropePlane reduces angles and its two forms of the score agree', () => {
    const p = a().ropePlane({ q: [1, 0.5], k: [0.8, -0.4], m: 26, n: 29, thetaDeg: 30, sameGap: [0, 7] });
    expect(p.turnQ.degrees).toBeCloseTo(60, 10);
    expect(p.turnQ.turns).toBe(2);
    expect(p.complexScore).toBeCloseTo(p.dot, 14);
    expect(p.gapSpread).toBeLessThan(1e-14);
    expect(p.gap).toBe(3);
  });
  it('ropeLayouts: the two pairings differ by the permutation only', () => {
    const x = [1, 2, 3, 4, 5, 6, 7, 8];
    const inv = pe.inverseFrequencies({ dim: 8 }).invFreq;
    const r = a().ropeLayouts({ x, position: 3, invFreq: inv, layout: 'half' });
    expect(Array.from(r.partner.slice(0, 4))).toEqual([4, 5, 6, 7]);
    expect(r.maxAbsDifference).toBe(0);
    expect(Array.from(r.permuted)).toEqual([1, 3, 5, 7, 2, 4, 6, 8]);
  });
  it('countRises counts the steps that go up', () => {
    expect(a().countRises({ values: [3, 2, 2.5, 1, 1.5], offsets: [0, 1, 2, 3, 4] })).toEqual({ rises: 2, steps: 4, firstRise: 2 });
  });
});
