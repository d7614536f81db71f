// The internal surfaces the page uses (analysis: float64 measurements; kernels: zero-copy tensors)
// get the same hostile-input treatment as the public API: every argument × bad values gives a named
// TypeError/RangeError and leaves the instance working. They are not part of the npm contract, so
// they run on the build's own modules (dist/lib) rather than on the installed tarball.
import { beforeAll, describe, expect, it } from 'vitest';

import type { PosencFull } from '../../web/src/lib/internal.js';
import { finite, hostileSlots, isInt, type Slot } from './hostile-harness.js';
import { loadInternal } from './load-internal.js';

let pe: PosencFull;
beforeAll(async () => {
  pe = await loadInternal();
});

const m2 = () => ({ rows: 2, cols: 2, data: [1, 0.5, -0.25, 2] });
const withData = (data: unknown) => ({ rows: 2, cols: 2, data: data as number[] }); // bad data on purpose, typed for the call
const a = () => pe.analysis;

const slots = (): Slot[] => [
  { fn: 'bestLinearMap', arg: 'k', call: (v) => a().bestLinearMap({ k: v as never, dim: 8 }), ok: finite },
  {
    fn: 'bestLinearMap',
    arg: 'n',
    call: (v) => a().bestLinearMap({ k: 1, dim: 8, n: v as never }),
    ok: (v) => v === undefined || (isInt(v) && v >= 2 && v <= 8192),
  },
  {
    fn: 'pca',
    arg: 'components',
    call: (v) => a().pca(withData([1, 2, 3, 5]), v as never),
    ok: (v) => v === undefined || v === 1 || v === 2,
  },
  { fn: 'pca', arg: 'x', call: (v) => a().pca(v as never, 1), ok: () => false, name: /x/ },
  { fn: 'pca', arg: 'x.data', call: (v) => a().pca(withData(v), 1), ok: () => false, name: /x\.data/ },
  { fn: 'attention', arg: 'q', call: (v) => a().attention(v as never, m2(), m2()), ok: () => false },
  {
    fn: 'attention',
    arg: 'causal',
    call: (v) => a().attention(m2(), m2(), m2(), { causal: v as never }),
    ok: (v) => v === undefined || v === true,
  },
  {
    fn: 'permutationCheck',
    arg: 'permutation',
    call: (v) => a().permutationCheck({ x: m2(), permutation: v as never, wq: m2(), wk: m2(), wv: m2() }),
    ok: () => false,
  },
  {
    fn: 'crossAttentionCheck',
    arg: 'permutation',
    call: (v) => a().crossAttentionCheck({ queries: m2(), source: m2(), permutation: v as never, wk: m2(), wv: m2() }),
    ok: () => false,
  },
  { fn: 'ropeRotate', arg: 'position', call: (v) => a().ropeRotate({ x: [1, 2], position: v as never, invFreq: [1] }), ok: finite },
  {
    fn: 'ropeRotate',
    arg: 'attentionFactor',
    call: (v) => a().ropeRotate({ x: [1, 2], position: 1, invFreq: [1], attentionFactor: v as never }),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 0),
  },
  {
    fn: 'ropeRotate',
    arg: 'invFreq',
    call: (v) => a().ropeRotate({ x: [1, 2], position: 1, invFreq: v as never }),
    ok: (v) => Array.isArray(v) && v.length <= 1 && v.every(finite),
  },
  {
    fn: 'ropeRotate2d',
    arg: 'px',
    call: (v) => a().ropeRotate2d({ x: [1, 2, 3, 4], px: v as never, py: 0 }),
    ok: finite,
    name: /px|x position/,
  },
  {
    fn: 'ropeDecayBound',
    arg: 'offsets',
    call: (v) => a().ropeDecayBound({ invFreq: [1, 0.1], offsets: v as never }),
    ok: (v) => Array.isArray(v) && v.every(finite),
  },
  { fn: 'ropeSplit', arg: 'delta', call: (v) => a().ropeSplit({ q: [1, 2], k: [3, 4], delta: v as never, invFreq: [1] }), ok: finite },
  {
    fn: 'binaryEncoding',
    arg: 'bits',
    call: (v) => a().binaryEncoding({ n: 4, bits: v as never }),
    ok: (v) => isInt(v) && v >= 2 && v <= 52,
  },
  { fn: 'normalizedEncoding', arg: 'n', call: (v) => a().normalizedEncoding(v as never), ok: (v) => isInt(v) && v >= 0 && v <= 2 ** 20 },
  {
    fn: 'learnedLookup',
    arg: 'positions',
    call: (v) => a().learnedLookup({ nMax: 8, dim: 4, positions: v as never }),
    ok: (v) => Array.isArray(v) && v.every((p) => isInt(p) && p >= 0 && p < 8),
  },
  {
    fn: 'learnedLookup',
    arg: 'seed',
    call: (v) => a().learnedLookup({ nMax: 8, dim: 4, seed: v as never, positions: [1] }),
    ok: (v) => v === undefined || (isInt(v) && v >= 0 && v <= 2 ** 53 - 1),
  },
  {
    fn: 'randomNormal',
    arg: 'rows',
    call: (v) => a().randomNormal({ seed: 1, rows: v as never, cols: 2 }),
    ok: (v) => isInt(v) && v >= 0 && v <= 4096,
  },
  {
    fn: 'relativeBiasMatrix',
    arg: 'bias',
    call: (v) => a().relativeBiasMatrix({ length: 2, bias: v as never }),
    ok: (v) => Array.isArray(v) && v.length === 3 && v.every(finite),
  },
  { fn: 'shawIndices', arg: 'k', call: (v) => a().shawIndices({ length: 3, k: v as never }), ok: (v) => isInt(v) && v >= 0 && v <= 4096 },
  { fn: 'matmul', arg: 'b', call: (v) => a().matmul(m2(), v as never), ok: () => false },
  {
    fn: 'kernels.ropeApply',
    arg: 'x',
    call: (v) => pe.kernels.ropeApply(v as never, v as never, { shape: [1, 2], invFreq: v as never }),
    ok: () => false,
    name: /kernels\.ropeApply/,
  },
];

function stillWorks() {
  const r = pe.analysis.ropeRotate({ x: [1, 2], position: 2, invFreq: [1] });
  expect(r[0]).toBeCloseTo(Math.cos(2) - 2 * Math.sin(2), 12);
}

hostileSlots('internal surfaces × bad values', slots, stillWorks);

describe('reported inconsistencies, now refused like the public API refuses them', () => {
  it('ropeRotate refuses attentionFactor NaN and an infinite invFreq (applyRope does)', () => {
    expect(() => a().ropeRotate({ x: [1, 2], position: 1, invFreq: [1], attentionFactor: NaN })).toThrow(
      /attentionFactor must be a finite number > 0, got NaN/,
    );
    expect(() => a().ropeRotate({ x: [1, 2], position: 1, invFreq: [Infinity] })).toThrow(
      /invFreq\[0\] must be a finite number, got Infinity/,
    );
  });
  it('pca(x, NaN) names NaN, not 0', () => {
    expect(() => a().pca(withData([1, 2, 3, 5]), NaN)).toThrow(/components must be an integer from 1 to \d+, got NaN/);
  });
  it('a permutation holding 0.5 is refused', () => {
    expect(() => a().permutationCheck({ x: m2(), permutation: [0.5, 1], wq: m2(), wk: m2(), wv: m2() })).toThrow(
      /permutation\[0\] must be an integer/,
    );
  });
});
