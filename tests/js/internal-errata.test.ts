// The measurements behind the Errata chapter's checks (analysis_checks) get the hostile-input
// treatment of the other internal surfaces: every argument × bad values gives a TypeError or
// RangeError naming the argument, and the instance keeps working. Plus their values against
// independent float64 computations written here.
import { beforeAll, describe, expect, it } from 'vitest';

import type { PosencFull } from '../../web/src/lib/internal.js';
import { evenDim, finite, hostileSlots, isInt, type Slot } from './hostile-harness.js';
import { loadInternal } from './load-internal.js';

let pe: PosencFull;
beforeAll(async () => {
  pe = await loadInternal();
});

const a = () => pe.analysis;
const m2 = () => ({ rows: 2, cols: 2, data: [1, 0.5, -0.25, 2] });
const withData = (data: unknown) => ({ rows: 2, cols: 2, data: data as number[] }); // bad data on purpose, typed for the call
const slots = (): Slot[] => [
  { fn: 'maxAbsDifference', arg: 'a', call: (v) => a().maxAbsDifference(v as never, m2()), ok: () => false },
  { fn: 'maxAbsDifference', arg: 'b.data', call: (v) => a().maxAbsDifference(m2(), withData(v)), ok: () => false, name: /b\.data/ },
  {
    fn: 'maxAbsDifference',
    arg: 'transposeB',
    call: (v) => a().maxAbsDifference(m2(), m2(), { transposeB: v as never }),
    ok: (v) => v === undefined || typeof v === 'boolean',
  },
  { fn: 'gram', arg: 'x', call: (v) => a().gram(v as never), ok: () => false },
  { fn: 'rowNorms', arg: 'x.data', call: (v) => a().rowNorms(withData(v)), ok: () => false, name: /x\.data/ },
  { fn: 'rowRanges', arg: 'x', call: (v) => a().rowRanges(v as never), ok: () => false },
  {
    fn: 'closestPair',
    arg: 'columns',
    call: (v) => a().closestPair(m2(), { columns: v as never }),
    ok: (v) => v === undefined || (Array.isArray(v) && v.every((c) => c === 0 || c === 1)),
  },
  {
    fn: 'sequenceStats',
    arg: 'values',
    call: (v) => a().sequenceStats(v as never),
    ok: (v) => Array.isArray(v) && v.length > 0 && v.every(finite),
  },
  { fn: 'frequencyTable', arg: 'dim', call: (v) => a().frequencyTable({ dim: v as never }), ok: evenDim },
  {
    fn: 'frequencyTable',
    arg: 'base',
    call: (v) => a().frequencyTable({ dim: 8, base: v as never }),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 1),
  },
  {
    fn: 'frequencyTable',
    arg: 'position',
    call: (v) => a().frequencyTable({ dim: 8, position: v as never }),
    ok: (v) => v === undefined || finite(v),
  },
  {
    fn: 'offsetDistances',
    arg: 'offsets',
    call: (v) => a().offsetDistances({ dim: 8, offsets: v as never }),
    ok: (v) => Array.isArray(v) && v.every(finite),
  },
  {
    fn: 'closestOffset',
    arg: 'maxOffset',
    call: (v) => a().closestOffset({ dim: 8, maxOffset: v as never }),
    ok: (v) => isInt(v) && v >= 1 && v <= 2 ** 20,
  },
  {
    fn: 'sinusoidalNearest',
    arg: 'positions',
    call: (v) => a().sinusoidalNearest({ dim: 2, positions: v as never, point: [1, 0] }),
    ok: (v) => isInt(v) && v >= 1 && v <= 2 ** 20,
  },
  {
    fn: 'sinusoidalNearest',
    arg: 'point',
    call: (v) => a().sinusoidalNearest({ dim: 2, positions: 4, point: v as never }),
    ok: (v) => Array.isArray(v) && v.length === 2 && v.every(finite),
  },
  {
    fn: 'numericalRank',
    arg: 'tolerance',
    call: (v) => a().numericalRank(m2(), { tolerance: v as never }),
    ok: (v) => finite(v) && (v as number) >= 0 && (v as number) < 1,
  },
  { fn: 'sweptAngle', arg: 'points', call: (v) => a().sweptAngle(v as never), ok: () => false },
  {
    fn: 'linearShiftResidual',
    arg: 'k',
    call: (v) => a().linearShiftResidual({ rows: 4, cols: 2, data: [0, 1, 1, 0, 0, -1, -1, 0] }, { k: v as never }),
    ok: (v) => v === 1 || v === 2,
  },
  { fn: 'expFormCheck', arg: 'dim', call: (v) => a().expFormCheck({ dim: v as never }), ok: evenDim },
  {
    fn: 'permutationReport',
    arg: 'permutation',
    call: (v) => a().permutationReport({ x: m2(), permutation: v as never, wq: m2(), wk: m2(), wv: m2() }),
    ok: (v) => Array.isArray(v) && v.length === 2 && new Set(v).size === 2 && v.every((p) => p === 0 || p === 1),
  },
  {
    fn: 'causalReport',
    arg: 'changeFrom',
    call: (v) => a().causalReport({ x: m2(), wq: m2(), wk: m2(), wv: m2(), changeFrom: v as never, delta: 1 }),
    ok: (v) => v === 1,
  },
  {
    fn: 'causalReport',
    arg: 'delta',
    call: (v) => a().causalReport({ x: m2(), wq: m2(), wk: m2(), wv: m2(), changeFrom: 1, delta: v as never }),
    ok: finite,
  },
  { fn: 'concatVersusAdd', arg: 'w', call: (v) => a().concatVersusAdd({ x: m2(), p: m2(), w: v as never }), ok: () => false },
  { fn: 'bagCompare', arg: 'b', call: (v) => a().bagCompare({ a: m2(), b: v as never, wq: m2(), wk: m2(), wv: m2() }), ok: () => false },
  { fn: 'fourTermsResidual', arg: 'p', call: (v) => a().fourTermsResidual(m2(), v as never, m2(), m2()), ok: () => false },
  { fn: 'ropeScore', arg: 'm', call: (v) => a().ropeScore({ q: [1, 0], k: [0, 1], m: v as never, n: 1, invFreq: [1] }), ok: finite },
  {
    fn: 'ropeScore',
    arg: 'invFreq',
    call: (v) => a().ropeScore({ q: [1, 0], k: [0, 1], m: 0, n: 1, invFreq: v as never }),
    ok: (v) => Array.isArray(v) && v.length === 1 && v.every(finite),
  },
  {
    fn: 'ropeScore',
    arg: 'project',
    call: (v) => a().ropeScore({ q: [1, 0], k: [0, 1], m: 0, n: 1, invFreq: [1], project: v as never }),
    ok: (v) => v === undefined,
  },
  {
    fn: 'rotationIdentity',
    arg: 'dim',
    call: (v) => a().rotationIdentity({ dim: v as never, m: 1, n: 2 }),
    ok: (v) => evenDim(v) && (v as number) <= 4096,
  },
  { fn: 'rotationIdentity', arg: 'n', call: (v) => a().rotationIdentity({ dim: 4, m: 1, n: v as never }), ok: finite },
  {
    fn: 'complexRopeScore',
    arg: 'theta',
    call: (v) => a().complexRopeScore({ q: [1, 0], k: [0, 1], m: 0, n: 1, theta: v as never }),
    ok: finite,
  },
  {
    fn: 'complexRopeScore',
    arg: 'q',
    call: (v) => a().complexRopeScore({ q: v as never, k: [0, 1], m: 0, n: 1, theta: 1 }),
    ok: (v) => Array.isArray(v) && v.length === 2 && v.every(finite),
  },
];

function stillWorks() {
  expect(a().ropeScore({ q: [1, 0], k: [0, 1], m: 0, n: 1, invFreq: [1] })).toBeCloseTo(-Math.sin(1), 14);
}

hostileSlots('errata measurements × bad values', slots, stillWorks);

describe('errata measurements against independent float64 values', () => {
  it('frequencyTable, offsetDistances, closestOffset', () => {
    const f = a().frequencyTable({ dim: 8, position: 3 });
    [0, 1, 2, 3].forEach((i) => expect(Math.abs(f.period[i] / (2 * Math.PI * 10000 ** (i / 4)) - 1)).toBeLessThan(1e-14));
    expect(f.angle[1]).toBeCloseTo(0.3, 15);
    const dist = (d: number) => Math.sqrt([1, 0.1, 0.01, 0.001].reduce((s, w) => s + 2 - 2 * Math.cos(d * w), 0));
    const got = a().offsetDistances({ dim: 8, offsets: [3, 6, 100] });
    [3, 6, 100].forEach((d, k) => expect(got[k]).toBeCloseTo(dist(d), 12));
    expect(a().closestOffset({ dim: 2, maxOffset: 1000 })).toEqual({
      offset: 710,
      distance: expect.closeTo(2 * Math.abs(Math.sin(355)), 15),
    });
  });

  it('permutationReport: the sum of the weights is n, equivariance holds, invariance does not', () => {
    const x = a().randomNormal({ seed: 1, rows: 5, cols: 4 });
    const w = (s: number) => a().randomNormal({ seed: s, rows: 4, cols: 4 });
    const r = a().permutationReport({ x, permutation: [3, 1, 4, 0, 2], wq: w(2), wk: w(3), wv: w(4) });
    expect(r.weightSum).toBeCloseTo(5, 13);
    expect(r.equivariance).toBeLessThan(1e-12);
    expect(r.invariance).toBeGreaterThan(0.1);
    expect(r.outputCols).toBe(4);
  });

  it('ropeScore and complexRopeScore against the formula qᵀR((n − m)θ)k', () => {
    const q = [0.3, 1.2];
    const k = [-0.7, 0.5];
    const t = 5 * 0.4;
    const direct = q[0] * (Math.cos(t) * k[0] - Math.sin(t) * k[1]) + q[1] * (Math.sin(t) * k[0] + Math.cos(t) * k[1]);
    expect(a().ropeScore({ q, k, m: 3, n: 8, invFreq: [0.4] })).toBeCloseTo(direct, 14);
    expect(a().complexRopeScore({ q, k, m: 3, n: 8, theta: 0.4 })).toBeCloseTo(direct, 14);
  });
});
