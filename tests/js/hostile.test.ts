// Hostile input, table-driven: every public function × every argument × a list of bad values.
// Each bad value must give a TypeError or RangeError whose message names the argument, leave the
// caller's arrays as they were, and leave the instance working (the next valid call returns the
// right number). Then 100 000 calls per function, valid and invalid mixed, must leave the wasm heap
// at the same size.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { LabModel, Posenc } from '../../web/src/lib/types.js';
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
  {
    fn: 'sinusoidal',
    arg: 'positions',
    call: (v) => pe.sinusoidal({ positions: v as never, dim: 8 }),
    ok: (v) => (isInt(v) && v >= 0 && v <= 2 ** 18) || (Array.isArray(v) && v.every(finite)),
  },
  { fn: 'sinusoidal', arg: 'dim', call: (v) => pe.sinusoidal({ positions: 3, dim: v as never }), ok: evenDim },
  {
    fn: 'sinusoidal',
    arg: 'base',
    call: (v) => pe.sinusoidal({ positions: 3, dim: 8, base: v as never }),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 1),
  },
  { fn: 'sinusoidal', arg: 'layout', call: (v) => pe.sinusoidal({ positions: 3, dim: 8, layout: v as never }), ok: (v) => v === undefined },
  {
    fn: 'sinusoidal',
    arg: 'precision',
    call: (v) => pe.sinusoidal({ positions: 3, dim: 8, precision: v as never }),
    ok: (v) => v === undefined,
  },
  { fn: 'inverseFrequencies', arg: 'dim', call: (v) => pe.inverseFrequencies({ dim: v as never }), ok: evenDim },
  {
    fn: 'inverseFrequencies',
    arg: 'base',
    call: (v) => pe.inverseFrequencies({ dim: 8, base: v as never }),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 1),
  },
  {
    fn: 'inverseFrequencies',
    arg: 'scaling',
    call: (v) => pe.inverseFrequencies({ dim: 8, scaling: v as never }),
    // {} too: a caller's scaling must name its rope_type
    ok: (v) => v === undefined,
    name: /scaling/,
  },
  {
    fn: 'inverseFrequencies',
    arg: 'scaling.factor',
    call: (v) => pe.inverseFrequencies({ dim: 8, scaling: { rope_type: 'linear', factor: v as never } }),
    ok: (v) => finite(v) && (v as number) > 0,
    name: /factor/,
  },
  { fn: 'ropeFromConfig', arg: 'config', call: (v) => pe.ropeFromConfig(v as never), ok: () => false },
  { fn: 'positionalScheme', arg: 'config', call: (v) => pe.positionalScheme(v as never), ok: () => false },
  {
    fn: 'positionalScheme',
    arg: 'rope_scaling',
    call: (v) => pe.positionalScheme({ head_dim: 64, rope_scaling: v }),
    ok: (v) => v === undefined || v === null || (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0),
    name: /rope_scaling|config/,
  },
  {
    fn: 'ropeFromConfig',
    arg: 'head_dim',
    call: (v) => pe.ropeFromConfig({ head_dim: v, rope_theta: 10000 }),
    ok: evenDim,
    name: /head_dim|head dimension|hidden_size|rotary|config/,
  },
  { fn: 'applyRope', arg: 'x', call: (v) => pe.applyRope(v as never, { shape: [2, 4] }), ok: () => false },
  { fn: 'applyRope', arg: 'shape', call: (v) => pe.applyRope(x8(), { shape: v as never }), ok: () => false },
  {
    fn: 'applyRope',
    arg: 'positions',
    call: (v) => pe.applyRope(x8(), { shape: [2, 4], positions: v as never }),
    ok: (v) => v === undefined || (Array.isArray(v) && v.length === 2 && v.every(finite)),
  },
  {
    fn: 'applyRope',
    arg: 'base',
    call: (v) => pe.applyRope(x8(), { shape: [2, 4], base: v as never }),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 1),
  },
  { fn: 'applyRope', arg: 'layout', call: (v) => pe.applyRope(x8(), { shape: [2, 4], layout: v as never }), ok: (v) => v === undefined },
  {
    fn: 'applyRope',
    arg: 'rotaryDim',
    call: (v) => pe.applyRope(x8(), { shape: [2, 4], rotaryDim: v as never }),
    ok: (v) => v === undefined || v === 2 || v === 4,
  },
  {
    fn: 'applyRope',
    arg: 'order',
    call: (v) => pe.applyRope(x8(), { shape: [1, 1, 2, 4], order: v as never }),
    ok: (v) => v === undefined,
  },
  {
    fn: 'applyRope',
    arg: 'pairOrder',
    call: (v) => pe.applyRope(x8(), { shape: [2, 4], pairOrder: v as never }),
    ok: (v) => v === undefined,
  },
  {
    fn: 'applyRope',
    arg: 'onWarning',
    call: (v) => pe.applyRope(x8(), { shape: [2, 4], onWarning: v as never }),
    ok: (v) => v === undefined || typeof v === 'function',
  },
  {
    fn: 'applyRope',
    arg: 'positions (4-D)',
    call: (v) => pe.applyRope(x8(), { shape: [2, 1, 1, 4], positions: v as never }),
    ok: (v) => v === undefined || (Array.isArray(v) && (v.length === 1 || v.length === 2) && v.every(finite)),
    name: /positions/,
  },
  {
    fn: 'ropeForLayer',
    arg: 'rope',
    call: (v) => pe.ropeForLayer(v as never, 0),
    ok: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  },
  {
    fn: 'ropeForLayer',
    arg: 'layerIndex',
    call: (v) => pe.ropeForLayer(pe.ropeFromConfig({ head_dim: 8, rope_theta: 10000 }), v as never),
    ok: (v) => isInt(v) && (v as number) >= 0,
  },
  {
    fn: 'applyRope',
    arg: 'inPlace',
    call: (v) => pe.applyRope(x8(), { shape: [2, 4], inPlace: v as never }),
    ok: (v) => v === undefined || v === true,
  },
  {
    fn: 'rotationMatrix',
    arg: 'dim',
    call: (v) => pe.rotationMatrix({ dim: v as never, position: 1 }),
    ok: (v) => evenDim(v) && (v as number) <= 8192,
  },
  { fn: 'rotationMatrix', arg: 'position', call: (v) => pe.rotationMatrix({ dim: 4, position: v as never }), ok: finite },
  {
    fn: 't5RelativeBucket',
    arg: 'relativePositions',
    call: (v) => pe.t5RelativeBucket(v as never),
    ok: (v) => (isInt(v) && Math.abs(v as number) <= 2 ** 53) || (Array.isArray(v) && v.every(isInt)),
  },
  {
    fn: 't5RelativeBucket',
    arg: 'numBuckets',
    call: (v) => pe.t5RelativeBucket([1, -3], { numBuckets: v as never }),
    ok: (v) => v === undefined || (isInt(v) && (v as number) >= 4 && (v as number) <= 256),
  },
  {
    fn: 't5RelativeBucket',
    arg: 'maxDistance',
    call: (v) => pe.t5RelativeBucket([1, -3], { maxDistance: v as never }),
    ok: (v) => v === undefined || (isInt(v) && (v as number) > 8 && (v as number) <= 1e9),
  },
  {
    fn: 't5RelativeBucket',
    arg: 'bidirectional',
    call: (v) => pe.t5RelativeBucket([1], { bidirectional: v as never }),
    ok: (v) => v === undefined || v === true,
  },
  {
    fn: 'alibiSlopes',
    arg: 'numHeads',
    call: (v) => pe.alibiSlopes(v as never),
    ok: (v) => isInt(v) && (v as number) >= 1 && (v as number) <= 4096,
  },
  {
    fn: 'alibiBias',
    arg: 'numHeads',
    call: (v) => pe.alibiBias({ numHeads: v as never, length: 4 }),
    ok: (v) => isInt(v) && (v as number) >= 1 && (v as number) <= 4096,
  },
  {
    fn: 'alibiBias',
    arg: 'length',
    call: (v) => pe.alibiBias({ numHeads: 2, length: v as never }),
    ok: (v) => isInt(v) && (v as number) >= 0 && (v as number) <= 4096,
  },
  {
    fn: 'alibiBias',
    arg: 'causal',
    call: (v) => pe.alibiBias({ numHeads: 2, length: 4, causal: v as never }),
    ok: (v) => v === undefined || v === true,
  },
  { fn: 'xposScale', arg: 'dim', call: (v) => pe.xposScale({ dim: v as never, positions: 3 }), ok: evenDim },
  {
    fn: 'xposScale',
    arg: 'positions',
    call: (v) => pe.xposScale({ dim: 8, positions: v as never }),
    ok: (v) => (isInt(v) && v >= 0 && v <= 2 ** 20) || (Array.isArray(v) && v.every(finite)),
  },
  {
    fn: 'xposScale',
    arg: 'scaleBase',
    call: (v) => pe.xposScale({ dim: 8, positions: 3, scaleBase: v as never }),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 0 && (v as number) <= 1e12),
  },
  {
    fn: 'xposScale',
    arg: 'gamma',
    call: (v) => pe.xposScale({ dim: 8, positions: 3, gamma: v as never }),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 0 && (v as number) <= 1e6),
  },
  { fn: 'pRopeFrequencies', arg: 'dim', call: (v) => pe.pRopeFrequencies({ dim: v as never }), ok: evenDim },
  {
    fn: 'pRopeFrequencies',
    arg: 'p',
    call: (v) => pe.pRopeFrequencies({ dim: 8, p: v as never }),
    ok: (v) => v === undefined || (finite(v) && (v as number) >= 0 && (v as number) <= 1),
  },
  {
    fn: 'kerpleBias',
    arg: 'r1',
    call: (v) => pe.kerpleBias({ r1: v as never, r2: [1], length: 3 }),
    ok: (v) => Array.isArray(v) && v.length === 1 && (v[0] as number) > 0,
  },
  {
    fn: 'kerpleBias',
    arg: 'length',
    call: (v) => pe.kerpleBias({ r1: [1], r2: [1], length: v as never }),
    ok: (v) => isInt(v) && v >= 1 && v <= 4096,
  },
  {
    fn: 'kerpleBias',
    arg: 'causal',
    call: (v) => pe.kerpleBias({ r1: [1], r2: [1], length: 3, causal: v as never }),
    ok: (v) => v === undefined || v === true,
  },
  { fn: 'fireDistance', arg: 'length', call: (v) => pe.fireDistance({ length: v as never }), ok: (v) => isInt(v) && v >= 1 && v <= 4096 },
  {
    fn: 'fireDistance',
    arg: 'c',
    call: (v) => pe.fireDistance({ length: 4, c: v as never }),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 0 && (v as number) <= 1e6),
  },
  {
    fn: 'fireDistance',
    arg: 'threshold',
    call: (v) => pe.fireDistance({ length: 4, threshold: v as never }),
    ok: (v) => v === undefined || (finite(v) && (v as number) >= 0 && (v as number) <= 1e12),
  },
  {
    fn: 'noRopeLayers',
    arg: 'numLayers',
    call: (v) => pe.noRopeLayers({ numLayers: v as never }),
    ok: (v) => isInt(v) && v >= 1 && v <= 4096,
  },
  {
    fn: 'noRopeLayers',
    arg: 'interval',
    call: (v) => pe.noRopeLayers({ numLayers: 8, interval: v as never }),
    ok: (v) => v === undefined || (isInt(v) && v >= 1 && v <= 4096),
  },
  {
    fn: 'llama4AttentionScale',
    arg: 'positions',
    call: (v) => pe.llama4AttentionScale({ positions: v as never }),
    ok: (v) => (isInt(v) && v >= 0 && v <= 2 ** 20) || (Array.isArray(v) && v.every((p) => finite(p) && (p as number) >= 0)),
  },
  {
    fn: 'llama4AttentionScale',
    arg: 'floorScale',
    call: (v) => pe.llama4AttentionScale({ positions: 3, floorScale: v as never }),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 0 && (v as number) <= 1e12),
  },
  {
    fn: 'llama4AttentionScale',
    arg: 'attnScale',
    call: (v) => pe.llama4AttentionScale({ positions: 3, attnScale: v as never }),
    ok: (v) => v === undefined || (finite(v) && (v as number) >= 0 && (v as number) <= 1e6),
  },
  { fn: 'scores', arg: 'q', call: (v) => pe.scores(v as never, new Float32Array(4), { queries: 1, keys: 1, dim: 4 }), ok: () => false },
  {
    fn: 'scores',
    arg: 'queries',
    call: (v) => pe.scores(new Float32Array(4), new Float32Array(4), { queries: v as never, keys: 1, dim: 4 }),
    ok: (v) => v === 1,
  },
  {
    fn: 'scores',
    arg: 'dim',
    call: (v) => pe.scores(new Float32Array(4), new Float32Array(4), { queries: 1, keys: 1, dim: v as never }),
    ok: (v) => v === 4,
  },
  { fn: 'colormap', arg: 'lut', call: (v) => pe.colormap(new Float32Array(2), { lo: 0, hi: 1, lut: v as never }), ok: () => false },
  {
    fn: 'colormap',
    arg: 'lo',
    call: (v) => pe.colormap(new Float32Array(2), { lo: v as never, hi: 1, lut: new Uint32Array(4) }),
    ok: finite,
  },
  { fn: 'sinusoidal', arg: 'out', call: (v) => pe.sinusoidal({ positions: 3, dim: 8, out: v as never }), ok: (v) => v === undefined },
  { fn: 'applyRope', arg: 'out', call: (v) => pe.applyRope(x8(), { shape: [2, 4], out: v as never }), ok: (v) => v === undefined },
  { fn: 'alibiBias', arg: 'out', call: (v) => pe.alibiBias({ numHeads: 2, length: 4, out: v as never }), ok: (v) => v === undefined },
  {
    fn: 'scores',
    arg: 'out',
    call: (v) => pe.scores(new Float32Array(4), new Float32Array(4), { queries: 1, keys: 1, dim: 4, out: v as never }),
    ok: (v) => v === undefined,
  },
  {
    fn: 'tensor',
    arg: 'length',
    call: (v) => pe.tensor(v as never).free(),
    ok: (v) => isInt(v) && (v as number) >= 0 && (v as number) <= 2 ** 24,
  },
];

function stillWorks() {
  const y = pe.applyRope(new Float32Array([1, 2, 3, 4]), { shape: [1, 4], positions: [2] });
  expect(y[0]).toBeCloseTo(Math.cos(2) - 2 * Math.sin(2), 6);
}

hostileSlots('every function × every argument × bad values', slots, stillWorks);

describe("the caller's data", () => {
  it('is not written when a call fails', () => {
    const x = x8();
    const before = Array.from(x);
    for (const opts of [
      { shape: [2, 4], inPlace: true, positions: [0, NaN] },
      { shape: [2, 4], inPlace: true, layout: 'neox' },
      { shape: [2, 4], inPlace: true, base: -1 },
    ]) {
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
    expect(() => pe.sinusoidal({ positions: 2 ** 26, dim: 2 ** 14 })).toThrow(
      /would need 4398046511104 bytes \(1099511627776 elements\); at most 536870912 bytes fit/,
    );
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
      [
        'inverseFrequencies',
        (i) =>
          pe.inverseFrequencies({
            dim: i % 5 === 0 ? 7 : 64,
            scaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 4096 },
          }),
      ],
      [
        'ropeFromConfig',
        (i) =>
          pe.ropeFromConfig(i % 5 === 0 ? '{bad' : '{"head_dim":128,"rope_theta":500000,"rope_scaling":{"rope_type":"linear","factor":2}}'),
      ],
      [
        'applyRope',
        (i) => pe.applyRope(x, { shape: [64, 8], positions: i % 5 === 0 ? [NaN] : undefined, layout: i % 2 ? 'half' : 'interleaved' }),
      ],
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

// --- the training lab (pe.lab): options, a model's methods, files ---------------------------------

const labModels: { rope?: LabModel; reference?: Float32Array } = {};
beforeAll(async () => {
  labModels.rope = await pe.lab.train({ encoding: 'rope', task: 'offset', trainLength: 8, steps: 30, seed: 3 });
  labModels.reference = labModels.rope.logits(new Int32Array([0, 2, 3, 4, 5]));
});
afterAll(() => labModels.rope?.dispose());

const intIn = (lo: number, hi: number) => (v: unknown) => isInt(v) && (v as number) >= lo && (v as number) <= hi;
/** A train() call with `v` in one option: steps 0, so an accepted value costs nothing. */
const trainWith = (key: string, v: unknown, extra: Record<string, unknown> = {}) =>
  pe.lab.train({ encoding: 'none', task: 'offset', steps: 0, ...extra, [key]: v } as never);
const labSlots = (): Slot[] => [
  { fn: 'lab.train', rejects: true, arg: 'options', call: (v) => pe.lab.train(v as never), ok: () => false, name: /options|encoding/ },
  { fn: 'lab.train', rejects: true, arg: 'encoding', call: (v) => trainWith('encoding', v), ok: () => false },
  { fn: 'lab.train', rejects: true, arg: 'task', call: (v) => trainWith('task', v), ok: (v) => v === undefined },
  {
    fn: 'lab.train',
    rejects: true,
    arg: 'seed',
    call: (v) => trainWith('seed', v),
    ok: (v) => v === undefined || intIn(0, 2 ** 53 - 1)(v),
  },
  {
    fn: 'lab.train',
    rejects: true,
    arg: 'trainLength',
    call: (v) => trainWith('trainLength', v),
    ok: (v) => v === undefined || intIn(5, 4096)(v),
  },
  {
    fn: 'lab.train',
    rejects: true,
    arg: 'minLength',
    call: (v) => trainWith('minLength', v),
    ok: (v) => v === undefined || v === 0 || intIn(5, 12)(v),
  },
  { fn: 'lab.train', rejects: true, arg: 'steps', call: (v) => trainWith('steps', v), ok: (v) => v === undefined || intIn(0, 1e7)(v) },
  {
    fn: 'lab.train',
    rejects: true,
    arg: 'batchSize',
    call: (v) => trainWith('batchSize', v),
    ok: (v) => v === undefined || intIn(1, 1024)(v),
  },
  {
    fn: 'lab.train',
    rejects: true,
    arg: 'lr',
    call: (v) => trainWith('lr', v),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 0 && (v as number) <= 10),
  },
  {
    fn: 'lab.train',
    rejects: true,
    arg: 'beta2',
    call: (v) => trainWith('beta2', v),
    ok: (v) => v === undefined || (finite(v) && (v as number) >= 0 && (v as number) < 1),
  },
  {
    fn: 'lab.train',
    rejects: true,
    arg: 'clipNorm',
    call: (v) => trainWith('clipNorm', v),
    ok: (v) => v === undefined || (finite(v) && (v as number) >= 0 && (v as number) <= 1e9),
  },
  {
    fn: 'lab.train',
    rejects: true,
    arg: 'dModel',
    call: (v) => trainWith('dModel', v),
    ok: (v) => v === undefined || (intIn(2, 1024)(v) && (v as number) % 2 === 0),
  },
  {
    fn: 'lab.train',
    rejects: true,
    arg: 'nHeads',
    call: (v) => trainWith('nHeads', v),
    ok: (v) => v === undefined || [1, 2, 4, 8, 16, 32].includes(v as number),
  },
  { fn: 'lab.train', rejects: true, arg: 'nLayers', call: (v) => trainWith('nLayers', v), ok: (v) => v === undefined || intIn(1, 16)(v) },
  {
    fn: 'lab.train',
    rejects: true,
    arg: 'nMax',
    call: (v) => trainWith('nMax', v, { encoding: 'learned' }),
    ok: (v) => v === undefined || v === 0 || intIn(12, 4096)(v),
  },
  {
    fn: 'lab.train',
    rejects: true,
    arg: 'ropeLayout',
    call: (v) => trainWith('ropeLayout', v, { encoding: 'rope' }),
    ok: (v) => v === undefined,
  },
  {
    fn: 'lab.train',
    rejects: true,
    arg: 'ropeBase',
    call: (v) => trainWith('ropeBase', v, { encoding: 'rope' }),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 1),
  },
  {
    fn: 'lab.train',
    rejects: true,
    arg: 't5NumBuckets',
    call: (v) => trainWith('t5NumBuckets', v, { encoding: 't5' }),
    ok: (v) => v === undefined || intIn(2, 64)(v),
  },
  {
    fn: 'lab.train',
    rejects: true,
    arg: 'callbacks',
    call: (v) => pe.lab.train({ encoding: 'none', steps: 0 }, v as never),
    ok: (v) => v === undefined || (typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0),
    name: /options|onProgress|signal/,
  },
  {
    fn: 'lab.train',
    rejects: true,
    arg: 'onProgress',
    call: (v) => pe.lab.train({ encoding: 'none', steps: 0 }, { onProgress: v as never }),
    ok: (v) => v === undefined || typeof v === 'function',
  },
  {
    fn: 'lab.train',
    rejects: true,
    arg: 'signal',
    call: (v) => pe.lab.train({ encoding: 'none', steps: 0 }, { signal: v as never }),
    ok: (v) => v === undefined,
  },
  { fn: 'lab.fromSafetensors', arg: 'bytes', call: (v) => pe.lab.fromSafetensors(v as never), ok: () => false },
  { fn: 'lab.sample', arg: 'length', call: (v) => pe.lab.sample({ task: 'offset', length: v as never }), ok: intIn(5, 4096) },
  {
    fn: 'lab.sample',
    arg: 'index',
    call: (v) => pe.lab.sample({ task: 'offset', length: 8, index: v as never }),
    ok: (v) => v === undefined || intIn(0, 100000)(v),
  },
  { fn: 'model.evaluate', arg: 'options', call: (v) => labModels.rope!.evaluate(v as never), ok: () => false, name: /options|lengths/ },
  { fn: 'model.evaluate', arg: 'lengths', call: (v) => labModels.rope!.evaluate({ lengths: v as never, sequences: 2 }), ok: () => false },
  {
    fn: 'model.evaluate',
    arg: 'sequences',
    call: (v) => labModels.rope!.evaluate({ lengths: [8], sequences: v as never }),
    ok: (v) => v === undefined || intIn(1, 100000)(v),
  },
  {
    fn: 'model.evaluate',
    arg: 'seed',
    call: (v) => labModels.rope!.evaluate({ lengths: [8], sequences: 2, seed: v as never }),
    ok: (v) => v === undefined || intIn(0, 2 ** 53 - 1)(v),
  },
  {
    fn: 'model.evaluate',
    arg: 'stretch',
    call: (v) => labModels.rope!.evaluate({ lengths: [8], sequences: 2, stretch: v as never }),
    ok: (v) => v === undefined,
  },
  {
    fn: 'model.logits',
    arg: 'tokens',
    call: (v) => labModels.rope!.logits(v as never),
    ok: (v) => Array.isArray(v) && v.length > 0 && v.every((t) => isInt(t) && t >= 0 && t < 50),
  },
  {
    fn: 'model.logits',
    arg: 'stretch',
    call: (v) => labModels.rope!.logits(new Int32Array([0, 2]), { stretch: v as never }),
    ok: (v) => v === undefined,
  },
  {
    fn: 'model.attention',
    arg: 'tokens',
    call: (v) => labModels.rope!.attention(v as never),
    ok: (v) => Array.isArray(v) && v.length > 0 && v.every((t) => isInt(t) && t >= 0 && t < 50),
  },
  {
    fn: 'model.predict',
    arg: 'tokens',
    call: (v) => labModels.rope!.predict(v as never),
    ok: (v) => Array.isArray(v) && v.length > 0 && v.every((t) => isInt(t) && t >= 0 && t < 50),
  },
];

function labStillWorks() {
  const z = labModels.rope!.logits(new Int32Array([0, 2, 3, 4, 5]));
  expect(Buffer.from(z.buffer).equals(Buffer.from(labModels.reference!.buffer))).toBe(true);
}

hostileSlots('pe.lab: every function × every argument × bad values', labSlots, labStillWorks);
