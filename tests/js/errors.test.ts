// Bad input gives a named TypeError/RangeError, leaves the caller's arrays alone, and the very next
// valid call still returns the right numbers (the wasm instance never aborts).
import { beforeAll, describe, expect, it } from 'vitest';

import type { Posenc } from '../../web/src/lib/types.js';
import { loadPosenc } from './load-posenc.js';

let pe: Posenc;
beforeAll(async () => {
  pe = await loadPosenc();
});

type Case = [string, (p: Posenc) => unknown, ErrorConstructor, RegExp];

const x4 = () => new Float32Array([1, 2, 3, 4]);

const cases: Case[] = [
  ['odd headDim for RoPE', (p) => p.applyRope(new Float32Array(3), { shape: [1, 3] }), RangeError, /headDim.*even/],
  ['odd rotaryDim', (p) => p.applyRope(x4(), { shape: [1, 4], rotaryDim: 3 }), RangeError, /rotaryDim.*even/],
  ['x.length vs shape', (p) => p.applyRope(x4(), { shape: [2, 4] }), RangeError, /x\.length \(4\).*shape \[2, 4\] = 8/],
  ['shape not an array', (p) => p.applyRope(x4(), { shape: 4 as never }), TypeError, /shape must be an array/],
  ['shape with 5 entries', (p) => p.applyRope(x4(), { shape: [1, 1, 1, 1, 4] }), RangeError, /shape must have 2, 3 or 4 entries/],
  ['x a plain array', (p) => p.applyRope([1, 2, 3, 4] as never, { shape: [1, 4] }), TypeError, /x must be a Float32Array/],
  ['x a Float64Array', (p) => p.applyRope(new Float64Array(4) as never, { shape: [1, 4] }), TypeError, /x must be a Float32Array/],
  [
    'unknown layout',
    (p) => p.applyRope(x4(), { shape: [1, 4], layout: 'neox' as never }),
    RangeError,
    /layout must be one of 'interleaved', 'half'/,
  ],
  [
    'NaN position',
    (p) => p.applyRope(x4(), { shape: [1, 4], positions: [NaN] }),
    RangeError,
    /positions\[0\] must be a finite number, got NaN/,
  ],
  ['positions of wrong length', (p) => p.applyRope(x4(), { shape: [1, 4], positions: [1, 2] }), RangeError, /positions must have seq = 1/],
  [
    'unknown rope_type',
    (p) => p.applyRope(x4(), { shape: [1, 4], scaling: { rope_type: 'xpos' } as never }),
    RangeError,
    /rope_type must be one of default, linear, dynamic, yarn, llama3, longrope; got 'xpos'/,
  ],
  [
    'scaling factor NaN',
    (p) => p.inverseFrequencies({ dim: 8, scaling: { rope_type: 'linear', factor: NaN } }),
    RangeError,
    /scaling\.factor must be a finite number > 0, got NaN/,
  ],
  [
    'scaling factor string',
    (p) => p.inverseFrequencies({ dim: 8, scaling: { rope_type: 'linear', factor: '2' as never } }),
    TypeError,
    /scaling\.factor must be a number/,
  ],
  [
    'yarn without original length',
    (p) => p.inverseFrequencies({ dim: 8, scaling: { rope_type: 'yarn', factor: 2 } as never }),
    RangeError,
    /original_max_position_embeddings is required/,
  ],
  ['negative dim', (p) => p.inverseFrequencies({ dim: -8 }), RangeError, /dim must be an even integer from 2 to 16384, got -8/],
  ['dim as string', (p) => p.sinusoidal({ positions: 3, dim: '8' as never }), TypeError, /dim must be a number, got the string "8"/],
  ['base 1', (p) => p.sinusoidal({ positions: 3, dim: 8, base: 1 }), RangeError, /base must be a finite number > 1, got 1/],
  [
    'base Infinity',
    (p) => p.rotationMatrix({ dim: 4, position: 1, base: Infinity }),
    RangeError,
    /base must be a finite number > 1, got Infinity/,
  ],
  ['negative count', (p) => p.sinusoidal({ positions: -1, dim: 8 }), RangeError, /positions must be an integer from 0/],
  ['fractional count', (p) => p.sinusoidal({ positions: 2.5, dim: 8 }), RangeError, /positions must be an integer/],
  ['2^40-element table', (p) => p.sinusoidal({ positions: 2 ** 26, dim: 2 ** 14 }), RangeError, /would need 4398046511104 bytes/],
  ['2^40-element ALiBi bias', (p) => p.alibiBias({ numHeads: 256, length: 2 ** 16 }), RangeError, /ALiBi bias would need/],
  ['positions with a string', (p) => p.sinusoidal({ positions: [0, '1'] as never, dim: 8 }), TypeError, /positions\[1\] must be a number/],
  [
    'positions as BigInt64Array',
    (p) => p.sinusoidal({ positions: new BigInt64Array(2) as never, dim: 8 }),
    TypeError,
    /positions must hold numbers/,
  ],
  ['missing positions', (p) => p.sinusoidal({ dim: 8 } as never), TypeError, /positions is required/],
  ['unknown option', (p) => p.sinusoidal({ positions: 3, dim: 8, dims: 8 } as never), RangeError, /unknown option 'dims'/],
  ['options not an object', (p) => p.sinusoidal(8 as never), TypeError, /options must be an object/],
  ['concat for RoPE', (p) => p.rotationMatrix({ dim: 4, position: 0, layout: 'concat' as never }), RangeError, /layout must be one of/],
  ['precision 16', (p) => p.sinusoidal({ positions: 3, dim: 8, precision: 16 as never }), RangeError, /precision must be 32 or 64/],
  [
    'T5 fractional offset',
    (p) => p.t5RelativeBucket([1.5]),
    RangeError,
    /relativePositions\[0\] must be an integer from -\(2\^53 - 1\) to 2\^53 - 1, got 1\.5/,
  ],
  ['T5 numBuckets 3', (p) => p.t5RelativeBucket([1], { numBuckets: 3 }), RangeError, /numBuckets must be an integer from 4/],
  [
    'T5 maxDistance too small',
    (p) => p.t5RelativeBucket([1], { maxDistance: 4 }),
    RangeError,
    /maxDistance must be an integer greater than 8/,
  ],
  ['ALiBi 0 heads', (p) => p.alibiSlopes(0), RangeError, /numHeads must be an integer from 1 to 4096, got 0/],
  ['ALiBi heads as string', (p) => p.alibiSlopes('8' as never), TypeError, /numHeads must be a number/],
  ['config not JSON', (p) => p.ropeFromConfig('{"hidden_size": 4096,'), RangeError, /invalid JSON at line 1/],
  ['config an array', (p) => p.ropeFromConfig([] as never), TypeError, /config must be a config\.json object/],
  [
    'BLOOM with n_head -1',
    (p) => p.positionalScheme({ model_type: 'bloom', hidden_size: 64, n_head: -1 }),
    RangeError,
    /config\.n_head must be an integer from 1 to 4096 \(ALiBi has one slope per head\), got -1/,
  ],
  [
    'BLOOM with n_head "8"',
    (p) => p.positionalScheme({ model_type: 'bloom', hidden_size: 64, n_head: '8' }),
    RangeError,
    /config\.n_head must be an integer from 1 to 4096 \(ALiBi has one slope per head\), got the string "8"/,
  ],
  [
    "rope.layout 'neox'",
    (p) => p.applyRope(x4(), { shape: [1, 4], rope: { ...p.ropeFromConfig({ head_dim: 4, rope_theta: 10000 }), layout: 'neox' as never } }),
    RangeError,
    /applyRope: rope\.layout must be one of 'interleaved', 'half', got 'neox'/,
  ],
  [
    "rope.rotaryPosition 'middle'",
    (p) =>
      p.applyRope(new Float32Array(8), {
        shape: [1, 8],
        rope: { ...p.ropeFromConfig({ head_dim: 4, rope_theta: 10000 }), rotaryPosition: 'middle' as never },
      }),
    RangeError,
    /applyRope: rope\.rotaryPosition must be 'first' or 'last', got the string "middle"/,
  ],
  [
    'rope.layout 5',
    (p) => p.applyRope(x4(), { shape: [1, 4], rope: { ...p.ropeFromConfig({ head_dim: 4, rope_theta: 10000 }), layout: 5 as never } }),
    TypeError,
    /applyRope: rope\.layout must be one of 'interleaved', 'half', got 5/,
  ],
  [
    'config not JSON after an array nested 600 deep',
    (p) => p.ropeFromConfig(`{"a": ${'['.repeat(600)}${']'.repeat(600)},\n  "b": }`),
    RangeError,
    /invalid JSON at line 2, column 8/,
  ],
  [
    'Gemma 3 with 1e10 layers',
    (p) => p.ropeFromConfig({ model_type: 'gemma3_text', head_dim: 256, rope_theta: 1e6, num_hidden_layers: 1e10 }),
    RangeError,
    /ropeFromConfig: config\.num_hidden_layers must be an integer from 1 to 100000, got 10000000000/,
  ],
  [
    'GPT-J rotary_dim over the head dimension',
    (p) => p.ropeFromConfig({ model_type: 'gptj', n_embd: 4096, n_head: 16, rotary_dim: 512 }),
    RangeError,
    /config\.rotary_dim must be in \(0, head dimension 256\], got 512/,
  ],
  [
    'rotary_pct over 1',
    (p) => p.ropeFromConfig({ model_type: 'gpt_neox', hidden_size: 512, num_attention_heads: 8, rotary_pct: 1.5 }),
    RangeError,
    /config\.rotary_pct must be in \(0, 1\], got 1\.5/,
  ],
  [
    'config without sizes',
    (p) => p.ropeFromConfig({ rope_theta: 10000 }),
    RangeError,
    /needs head_dim, or hidden_size and num_attention_heads/,
  ],
  ['config of no known scheme', (p) => p.ropeFromConfig({ head_dim: 4 }), RangeError, /cannot tell the positional scheme of this config/],
  [
    'rope and base together',
    (p) => p.applyRope(x4(), { shape: [1, 4], base: 10, rope: p.ropeFromConfig({ head_dim: 4, rope_theta: 10000 }) }),
    RangeError,
    /either rope/,
  ],
];

describe('bad input', () => {
  it.each(cases)('%s', (_name, call, cls, message) => {
    let thrown: unknown;
    try {
      call(pe);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(cls);
    expect((thrown as Error).message).toMatch(message);
    // The instance still works, with the right numbers.
    const y = pe.applyRope(new Float32Array([1, 2, 3, 4]), { shape: [1, 4], positions: [2] });
    expect(y[0]).toBeCloseTo(Math.cos(2) - 2 * Math.sin(2), 6);
  });

  it('leaves the caller arrays untouched when a call fails', () => {
    const x = new Float32Array([1, 2, 3, 4]);
    expect(() => pe.applyRope(x, { shape: [1, 4], inPlace: true, positions: [Infinity] })).toThrow(RangeError);
    expect(Array.from(x)).toEqual([1, 2, 3, 4]);
  });

  it('ignores a polluted Object.prototype', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.base = 2;
    proto.layout = 'half';
    try {
      const t = pe.sinusoidal({ positions: 2, dim: 4, precision: 64 });
      expect(t.data[4 + 2]).toBeCloseTo(Math.sin(0.01), 15); // base 10000, not 2
    } finally {
      delete proto.base;
      delete proto.layout;
    }
  });

  it('init rejects a non-boolean simd option', async () => {
    await expect(loadPosenc({ simd: 'yes' as never })).rejects.toThrow(TypeError);
  });

  it('memory stays flat over many valid and invalid calls', () => {
    const before = pe.memoryBytes();
    const x = new Float32Array(64 * 8);
    for (let i = 0; i < 20000; i++) {
      pe.applyRope(x, { shape: [64, 8], layout: i % 2 ? 'half' : 'interleaved' });
      try {
        pe.applyRope(x, { shape: [64, 8], positions: new Array(64).fill(NaN) });
      } catch {
        /* expected */
      }
      pe.sinusoidal({ positions: 16, dim: 8 });
      pe.inverseFrequencies({ dim: 8, scaling: { rope_type: 'linear', factor: 2 } });
    }
    expect(pe.memoryBytes()).toBe(before);
  });
});

describe('errors carry argument and code besides the message', () => {
  const fields = (f: () => unknown) => {
    try {
      f();
    } catch (e) {
      const { argument, code } = e as { argument?: string; code?: string };
      return { kind: (e as Error).constructor.name, argument, code };
    }
    throw new Error('did not throw');
  };

  it('each kind of failure has its code, and argument names what the message names', () => {
    const x = new Float32Array(8);
    expect(fields(() => pe.applyRope(x, { shape: [2, 4], layout: 'neox' as never }))).toEqual({
      kind: 'RangeError',
      argument: 'layout',
      code: 'ERR_OUT_OF_RANGE',
    });
    expect(fields(() => pe.applyRope(x, { shape: [2, 3] }))).toEqual({ kind: 'RangeError', argument: 'x', code: 'ERR_OUT_OF_RANGE' });
    expect(fields(() => pe.applyRope(x, { shape: [2, 4], positions: [0, NaN] }))).toEqual({
      kind: 'RangeError',
      argument: 'positions[1]',
      code: 'ERR_OUT_OF_RANGE',
    });
    expect(fields(() => pe.applyRope(x, { shape: '2x4' as never }))).toEqual({
      kind: 'TypeError',
      argument: 'shape',
      code: 'ERR_INVALID_ARG_TYPE',
    });
    expect(fields(() => pe.applyRope(x, { shape: [2, 4], dims: 4 } as never))).toEqual({
      kind: 'RangeError',
      argument: 'dims',
      code: 'ERR_UNKNOWN_OPTION',
    });
    expect(fields(() => pe.sinusoidal({ dim: 4 } as never))).toEqual({ kind: 'TypeError', argument: 'positions', code: 'ERR_MISSING_ARG' });
    expect(fields(() => pe.inverseFrequencies({ dim: 8, scaling: { factor: 2 } as never }))).toEqual({
      kind: 'RangeError',
      argument: 'scaling.rope_type',
      code: 'ERR_MISSING_ARG',
    });
    expect(fields(() => pe.sinusoidal({ positions: 2 ** 26, dim: 2 ** 14 }))).toEqual({
      kind: 'RangeError',
      argument: 'sinusoidal table',
      code: 'ERR_TOO_LARGE',
    });
    expect(fields(() => pe.ropeFromConfig('{"head_dim": }'))).toMatchObject({
      kind: 'RangeError',
      argument: 'config',
      code: 'ERR_INVALID_JSON',
    });
    expect(fields(() => pe.ropeFromConfig({ model_type: 'gpt2', n_embd: 768, n_head: 12 }))).toEqual({
      kind: 'RangeError',
      argument: 'config',
      code: 'ERR_NOT_ROTARY',
    });
    const t = pe.tensor(8);
    t.free();
    expect(fields(() => pe.applyRope(t, { shape: [2, 4] }))).toEqual({ kind: 'TypeError', argument: 'tensor', code: 'ERR_INVALID_STATE' });
    // and the instance still works
    expect(pe.applyRope(new Float32Array([1, 2, 3, 4]), { shape: [1, 4], positions: [2] })[0]).toBeCloseTo(
      Math.cos(2) - 2 * Math.sin(2),
      6,
    );
  });
});
