// The measurements of the seed passages taught in the third pass (analysis_seeds): hostile inputs,
// and their values against float64 written here.
import { beforeAll, describe, expect, it } from 'vitest';

import type { PosencFull } from '../../web/src/lib/internal.js';
import { evenDim, finite, hostileSlots, isInt, type Slot } from './hostile-harness.js';
import { loadInternal } from './load-internal.js';

let pe: PosencFull;
beforeAll(async () => {
  pe = await loadInternal();
});
const a = () => pe.analysis;
const X = { rows: 3, cols: 4, data: [0.1, 0.3, 0.5, 0.7, 0.2, 0.4, 0.6, 0.8, 0.1, 0.3, 0.5, 0.7] };
const base = (v: unknown) => v === undefined || (finite(v) && (v as number) > 1);
/** An optional argument: absent takes its default. */
const opt = (ok: (v: unknown) => boolean) => (v: unknown) => v === undefined || ok(v);

const slots = (): Slot[] => [
  { fn: 'sameWord', arg: 'a', call: (v) => a().sameWord({ x: X, a: v as never, b: 2 }), ok: (v) => isInt(v) && v >= 0 && v <= 2 },
  { fn: 'sameWord', arg: 'b', call: (v) => a().sameWord({ x: X, a: 0, b: v as never }), ok: (v) => isInt(v) && v >= 0 && v <= 2 },
  { fn: 'sameWord', arg: 'base', call: (v) => a().sameWord({ x: X, a: 0, b: 2, base: v as never }), ok: base },
  {
    fn: 'sameWord',
    arg: 'seed',
    call: (v) => a().sameWord({ x: X, a: 0, b: 2, seed: v as never }),
    ok: opt((v) => isInt(v) && v >= 0 && v <= Math.floor((2 ** 53 - 1) / 4)),
  },
  { fn: 'logLadder', arg: 'dim', call: (v) => a().logLadder({ dim: v as never }), ok: evenDim },
  { fn: 'logLadder', arg: 'base', call: (v) => a().logLadder({ dim: 8, base: v as never }), ok: base },
  {
    fn: 'rope2dFrequencies',
    arg: 'dim',
    call: (v) => a().rope2dFrequencies({ dim: v as never }),
    ok: (v) => evenDim(v) && (v as number) % 4 === 0,
  },
  { fn: 'rope2dFrequencies', arg: 'base', call: (v) => a().rope2dFrequencies({ dim: 8, base: v as never }), ok: base },
  { fn: 'rope2dFrequencies', arg: 'dx', call: (v) => a().rope2dFrequencies({ dim: 8, dx: v as never }), ok: opt(finite) },
  { fn: 'rope2dFrequencies', arg: 'dy', call: (v) => a().rope2dFrequencies({ dim: 8, dy: v as never }), ok: opt(finite) },
  {
    fn: 'debertaView',
    arg: 'n',
    call: (v) => a().debertaView({ n: v as never, dim: 4, k: 2, seed: 1 }),
    ok: (v) => isInt(v) && v >= 1 && v <= 1024,
  },
  {
    fn: 'debertaView',
    arg: 'dim',
    call: (v) => a().debertaView({ n: 3, dim: v as never, k: 2, seed: 1 }),
    ok: (v) => isInt(v) && v >= 2 && v <= 1024,
  },
  {
    fn: 'debertaView',
    arg: 'k',
    call: (v) => a().debertaView({ n: 3, dim: 4, k: v as never, seed: 1 }),
    ok: (v) => isInt(v) && v >= 1 && v <= 1024,
  },
  {
    fn: 'debertaView',
    arg: 'seed',
    call: (v) => a().debertaView({ n: 3, dim: 4, k: 2, seed: v as never }),
    ok: (v) => isInt(v) && v >= 0 && v <= Math.floor((2 ** 53 - 1) / 8),
  },
];

function stillWorks() {
  expect(pe.analysis.logLadder({ dim: 8 }).lnBase).toBeCloseTo(Math.log(10000), 14);
}

hostileSlots('seed-passage measurements × bad values', slots, stillWorks);

describe('seed-passage measurements', () => {
  it('sameWord: x + p row by row, and equal rows of x give equal outputs to the last bit', () => {
    const r = a().sameWord({ x: X, a: 0, b: 2, seed: 3 });
    for (let pos = 0; pos < 3; pos++) {
      for (let i = 0; i < 2; i++) {
        const w = 10000 ** ((-2 * i) / 4);
        expect(r.encoding.data[pos * 4 + 2 * i]).toBeCloseTo(Math.sin(pos * w), 15);
        expect(r.sum.data[pos * 4 + 2 * i + 1]).toBeCloseTo(X.data[pos * 4 + 2 * i + 1] + Math.cos(pos * w), 15);
      }
    }
    expect(r.inputGapPlain).toBe(0);
    expect(r.outputGapPlain).toBe(0);
    expect(r.outputGapEncoded).toBeGreaterThan(1e-6);
  });

  it('logLadder: ln base, the neighbouring ratio base^(2/d), and the span (d−2)/d · ln base', () => {
    const r = a().logLadder({ dim: 12, base: 777 });
    const ln = Math.log(777);
    expect(r.lnBase).toBeCloseTo(ln, 14);
    expect(r.ratio).toBeCloseTo(777 ** (2 / 12), 12);
    expect(r.wavelengths[1] / r.wavelengths[0]).toBeCloseTo(r.ratio, 12);
    expect(r.span).toBeCloseTo((10 / 12) * ln, 12);
    expect(r.octaves).toBeCloseTo(((10 / 12) * ln) / Math.LN2, 12);
  });

  it('rope2dFrequencies: each half the frequencies of a d/2-dimensional RoPE, turned by the offset', () => {
    const r = a().rope2dFrequencies({ dim: 24, base: 100, dx: -2, dy: 5 });
    expect([r.dimX, r.dimY]).toEqual([12, 12]);
    for (let i = 0; i < 6; i++) {
      const t = 100 ** ((-2 * i) / 12);
      expect(r.thetaX[i]).toBeCloseTo(t, 15);
      expect(r.thetaY[i]).toBeCloseTo(t, 15);
      expect(r.angleX[i]).toBeCloseTo(-2 * t, 14);
      expect(r.angleY[i]).toBeCloseTo(5 * t, 14);
    }
  });

  it("debertaView: the paper's buckets δ(i, j), the three terms adding up, c2p constant per (row, bucket)", () => {
    const n = 9,
      k = 2;
    const v = a().debertaView({ n, dim: 6, k, seed: 4 });
    const delta = (i: number, j: number) => (i - j <= -k ? 0 : i - j >= k ? 2 * k - 1 : i - j + k);
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) {
        const at = i * n + j;
        expect(v.buckets.data[at]).toBe(delta(i, j));
        expect(v.total.data[at]).toBeCloseTo(v.c2c.data[at] + v.c2p.data[at] + v.p2c.data[at], 13);
        // a key of the same bucket in the same row: the same content-to-position score
        const same = [...Array(n).keys()].find((jj) => jj !== j && delta(i, jj) === delta(i, j));
        if (same !== undefined) expect(v.c2p.data[i * n + same]).toBe(v.c2p.data[at]);
      }
    }
    expect(v.distinctBuckets).toBe(2 * k);
    expect(v.mostInOneBucket).toBe(n - k + 1); // row n − 1: i − j from k − 1 to n − 1, all in bucket 2k − 1
    expect(v.c2pBucketSpread).toBe(0);
    expect(v.p2cBucketSpread).toBe(0);
    expect(v.c2pColumnSpread).toBeGreaterThan(1e-3);
    expect(a().debertaView({ n: 3, dim: 4, k: 3, seed: 1 }).mostInOneBucket).toBe(1); // n ≤ k: nothing clipped
  });
});
