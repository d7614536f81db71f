// Hostile input, table-driven: every public function × every argument × a list of bad values.
// Each bad value must give a TypeError or RangeError whose message names the argument, leave the
// caller's arrays as they were, and leave the instance working (the next valid call returns the
// right number). Then 100 000 calls per function, valid and invalid mixed, must leave the wasm heap
// at the same size.
import { beforeAll, describe, expect, it } from 'vitest';

import type { Posenc } from '../../web/src/lib/types.js';
import { evenDim, finite, hostileSlots, isInt, type Slot } from './hostile-harness.js';
import { loadPosenc } from './load-posenc.js';

let pe: Posenc;
beforeAll(async () => {
  pe = await loadPosenc();
});

function x8() {
  return new Float32Array([1, 2, 3, 4, 5, 6, 7, 8]);
}

const slots = (): Slot[] => [
  { fn: 'sinusoidal', arg: 'options', call: (v) => pe.sinusoidal(v as never), ok: () => false, name: /options|dim|positions/ },
  { fn: 'sinusoidal', arg: 'positions', call: (v) => pe.sinusoidal({ positions: v as never, dim: 8 }), ok: (v) => (isInt(v) && v >= 0 && v <= 2 ** 18) || (Array.isArray(v) && v.every(finite)) },
  { fn: 'sinusoidal', arg: 'dim', call: (v) => pe.sinusoidal({ positions: 3, dim: v as never }), ok: evenDim },
  { fn: 'sinusoidal', arg: 'base', call: (v) => pe.sinusoidal({ positions: 3, dim: 8, base: v as never }), ok: (v) => v === undefined || (finite(v) && (v as number) > 1) },
  { fn: 'sinusoidal', arg: 'layout', call: (v) => pe.sinusoidal({ positions: 3, dim: 8, layout: v as never }), ok: (v) => v === undefined },
  { fn: 'sinusoidal', arg: 'precision', call: (v) => pe.sinusoidal({ positions: 3, dim: 8, precision: v as never }), ok: (v) => v === undefined },
  { fn: 'inverseFrequencies', arg: 'dim', call: (v) => pe.inverseFrequencies({ dim: v as never }), ok: evenDim },
  { fn: 'inverseFrequencies', arg: 'base', call: (v) => pe.inverseFrequencies({ dim: 8, base: v as never }), ok: (v) => v === undefined || (finite(v) && (v as number) > 1) },
  { fn: 'inverseFrequencies', arg: 'scaling', call: (v) => pe.inverseFrequencies({ dim: 8, scaling: v as never }), ok: (v) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0) },
  { fn: 'inverseFrequencies', arg: 'scaling.factor', call: (v) => pe.inverseFrequencies({ dim: 8, scaling: { rope_type: 'linear', factor: v as never } }), ok: (v) => finite(v) && (v as number) > 0, name: /factor/ },
  { fn: 'ropeFromConfig', arg: 'config', call: (v) => pe.ropeFromConfig(v as never), ok: () => false },
  { fn: 'positionalScheme', arg: 'config', call: (v) => pe.positionalScheme(v as never), ok: () => false },
  { fn: 'positionalScheme', arg: 'rope_scaling', call: (v) => pe.positionalScheme({ head_dim: 64, rope_scaling: v }), ok: (v) => v === undefined || v === null || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0), name: /rope_scaling|config/ },
  { fn: 'ropeFromConfig', arg: 'head_dim', call: (v) => pe.ropeFromConfig({ head_dim: v, rope_theta: 10000 }), ok: evenDim, name: /head_dim|head dimension|hidden_size|rotary|config/ },
  { fn: 'applyRope', arg: 'x', call: (v) => pe.applyRope(v as never, { shape: [2, 4] }), ok: () => false },
  { fn: 'applyRope', arg: 'shape', call: (v) => pe.applyRope(x8(), { shape: v as never }), ok: () => false },
  { fn: 'applyRope', arg: 'positions', call: (v) => pe.applyRope(x8(), { shape: [2, 4], positions: v as never }), ok: (v) => v === undefined || (Array.isArray(v) && v.length === 2 && v.every(finite)) },
  { fn: 'applyRope', arg: 'base', call: (v) => pe.applyRope(x8(), { shape: [2, 4], base: v as never }), ok: (v) => v === undefined || (finite(v) && (v as number) > 1) },
  { fn: 'applyRope', arg: 'layout', call: (v) => pe.applyRope(x8(), { shape: [2, 4], layout: v as never }), ok: (v) => v === undefined },
  { fn: 'applyRope', arg: 'rotaryDim', call: (v) => pe.applyRope(x8(), { shape: [2, 4], rotaryDim: v as never }), ok: (v) => v === undefined || v === 2 || v === 4 },
  { fn: 'applyRope', arg: 'inPlace', call: (v) => pe.applyRope(x8(), { shape: [2, 4], inPlace: v as never }), ok: (v) => v === undefined || v === true },
  { fn: 'rotationMatrix', arg: 'dim', call: (v) => pe.rotationMatrix({ dim: v as never, position: 1 }), ok: (v) => evenDim(v) && (v as number) <= 8192 },
  { fn: 'rotationMatrix', arg: 'position', call: (v) => pe.rotationMatrix({ dim: 4, position: v as never }), ok: finite },
  { fn: 't5RelativeBucket', arg: 'relativePositions', call: (v) => pe.t5RelativeBucket(v as never), ok: (v) => (isInt(v) && Math.abs(v as number) <= 2 ** 53) || (Array.isArray(v) && v.every(isInt)) },
  { fn: 't5RelativeBucket', arg: 'numBuckets', call: (v) => pe.t5RelativeBucket([1, -3], { numBuckets: v as never }), ok: (v) => v === undefined || (isInt(v) && (v as number) >= 4 && (v as number) <= 256) },
  { fn: 't5RelativeBucket', arg: 'maxDistance', call: (v) => pe.t5RelativeBucket([1, -3], { maxDistance: v as never }), ok: (v) => v === undefined || (isInt(v) && (v as number) > 8 && (v as number) <= 1e9) },
  { fn: 't5RelativeBucket', arg: 'bidirectional', call: (v) => pe.t5RelativeBucket([1], { bidirectional: v as never }), ok: (v) => v === undefined || v === true },
  { fn: 'alibiSlopes', arg: 'numHeads', call: (v) => pe.alibiSlopes(v as never), ok: (v) => isInt(v) && (v as number) >= 1 && (v as number) <= 4096 },
  { fn: 'alibiBias', arg: 'numHeads', call: (v) => pe.alibiBias({ numHeads: v as never, length: 4 }), ok: (v) => isInt(v) && (v as number) >= 1 && (v as number) <= 4096 },
  { fn: 'alibiBias', arg: 'length', call: (v) => pe.alibiBias({ numHeads: 2, length: v as never }), ok: (v) => isInt(v) && (v as number) >= 0 && (v as number) <= 4096 },
  { fn: 'alibiBias', arg: 'causal', call: (v) => pe.alibiBias({ numHeads: 2, length: 4, causal: v as never }), ok: (v) => v === undefined || v === true },
  { fn: 'scores', arg: 'q', call: (v) => pe.scores(v as never, new Float32Array(4), { queries: 1, keys: 1, dim: 4 }), ok: () => false },
  { fn: 'scores', arg: 'queries', call: (v) => pe.scores(new Float32Array(4), new Float32Array(4), { queries: v as never, keys: 1, dim: 4 }), ok: (v) => v === 1 },
  { fn: 'scores', arg: 'dim', call: (v) => pe.scores(new Float32Array(4), new Float32Array(4), { queries: 1, keys: 1, dim: v as never }), ok: (v) => v === 4 },
  { fn: 'colormap', arg: 'lut', call: (v) => pe.colormap(new Float32Array(2), { lo: 0, hi: 1, lut: v as never }), ok: () => false },
  { fn: 'colormap', arg: 'lo', call: (v) => pe.colormap(new Float32Array(2), { lo: v as never, hi: 1, lut: new Uint32Array(4) }), ok: finite },
  { fn: 'sinusoidal', arg: 'out', call: (v) => pe.sinusoidal({ positions: 3, dim: 8, out: v as never }), ok: (v) => v === undefined },
  { fn: 'applyRope', arg: 'out', call: (v) => pe.applyRope(x8(), { shape: [2, 4], out: v as never }), ok: (v) => v === undefined },
  { fn: 'alibiBias', arg: 'out', call: (v) => pe.alibiBias({ numHeads: 2, length: 4, out: v as never }), ok: (v) => v === undefined },
  { fn: 'scores', arg: 'out', call: (v) => pe.scores(new Float32Array(4), new Float32Array(4), { queries: 1, keys: 1, dim: 4, out: v as never }), ok: (v) => v === undefined },
  { fn: 'tensor', arg: 'length', call: (v) => pe.tensor(v as never).free(), ok: (v) => isInt(v) && (v as number) >= 0 && (v as number) <= 2 ** 24 },
];

function stillWorks() {
  const y = pe.applyRope(new Float32Array([1, 2, 3, 4]), { shape: [1, 4], positions: [2] });
  expect(y[0]).toBeCloseTo(Math.cos(2) - 2 * Math.sin(2), 6);
}

hostileSlots('every function × every argument × bad values', slots, stillWorks);

describe('the caller\'s data', () => {
  it('is not written when a call fails', () => {
    const x = x8();
    const before = Array.from(x);
    for (const opts of [{ shape: [2, 4], inPlace: true, positions: [0, NaN] }, { shape: [2, 4], inPlace: true, layout: 'neox' }, { shape: [2, 4], inPlace: true, base: -1 }]) {
      expect(() => pe.applyRope(x, opts as never)).toThrow(RangeError);
      expect(Array.from(x)).toEqual(before);
    }
  });

  it('a detached buffer is a clear error, not a crash', () => {
    const x = x8();
    structuredClone(x.buffer, { transfer: [x.buffer] });
    expect(() => pe.applyRope(x, { shape: [2, 4] })).toThrow(/x\.length \(0\)/);
    stillWorks();
  });

  it('a polluted Object.prototype cannot supply options', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.dim = 8;
    proto.scaling = { rope_type: 'linear', factor: 1e9 };
    try {
      expect(() => pe.inverseFrequencies({} as never)).toThrow(/dim must be a number, got undefined/);
      expect(pe.inverseFrequencies({ dim: 4 }).invFreq[1]).toBeCloseTo(0.01, 15);
    } finally {
      delete proto.dim;
      delete proto.scaling;
    }
  });

  it('sizes that cannot fit say how large they were and what fits, before allocating', () => {
    const before = pe.memoryBytes();
    expect(() => pe.sinusoidal({ positions: 2 ** 26, dim: 2 ** 14 })).toThrow(/would need 4398046511104 bytes \(1099511627776 elements\); at most 536870912 bytes fit/);
    expect(() => pe.tensor(2 ** 31)).toThrow(/tensor: length must be an integer from 0 to 134217728, got 2147483648/);
    expect(() => pe.alibiBias({ numHeads: 4096, length: 65536 })).toThrow(/ALiBi bias would need/);
    expect(pe.memoryBytes()).toBe(before);
    stillWorks();
  });
});

describe('memory', () => {
  it('stays flat over 100 000 calls of each function, valid and invalid mixed', () => {
    const x = new Float32Array(64 * 8);
    const lut = new Uint32Array(16);
    const q = new Float32Array(8 * 16);
    const calls: [string, (i: number) => unknown][] = [
      ['sinusoidal', (i) => pe.sinusoidal({ positions: i % 5 === 0 ? -1 : 16, dim: 8 })],
      ['inverseFrequencies', (i) => pe.inverseFrequencies({ dim: i % 5 === 0 ? 7 : 64, scaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 4096 } })],
      ['ropeFromConfig', (i) => pe.ropeFromConfig(i % 5 === 0 ? '{bad' : '{"head_dim":128,"rope_theta":500000,"rope_scaling":{"rope_type":"linear","factor":2}}')],
      ['applyRope', (i) => pe.applyRope(x, { shape: [64, 8], positions: i % 5 === 0 ? [NaN] : undefined, layout: i % 2 ? 'half' : 'interleaved' })],
      ['rotationMatrix', (i) => pe.rotationMatrix({ dim: i % 5 === 0 ? 3 : 8, position: i })],
      ['t5RelativeBucket', (i) => pe.t5RelativeBucket(i % 5 === 0 ? [0.5] : [i, -i, 3])],
      ['alibiSlopes', (i) => pe.alibiSlopes(i % 5 === 0 ? 0 : (i % 24) + 1)],
      ['alibiBias', (i) => pe.alibiBias({ numHeads: 2, length: i % 5 === 0 ? -1 : 8 })],
      ['scores', (i) => pe.scores(q, q, { queries: 8, keys: 8, dim: i % 5 === 0 ? 15 : 16 })],
      ['colormap', (i) => pe.colormap(x, { lo: 0, hi: i % 5 === 0 ? NaN : 1, lut })],
      ['tensor', (i) => pe.tensor(i % 5 === 0 ? -1 : 256).free()],
    ];
    const report: Record<string, string> = {};
    for (const [name, f] of calls) {
      const run = (i: number) => {
        try {
          f(i);
        } catch (e) {
          if (!(e instanceof TypeError || e instanceof RangeError)) throw e;
        }
      };
      for (let i = 0; i < 200; i++) run(i); // warm-up: the heap may grow once to its working size
      const before = pe.memoryBytes();
      for (let i = 0; i < 100_000; i++) run(i);
      const after = pe.memoryBytes();
      report[name] = `${before} → ${after}`;
      expect(after, name).toBe(before);
    }
    console.log('wasm heap bytes before → after 100 000 calls:', JSON.stringify(report));
  });
});
