// Every docs/API.md function, on the installed tarball, against the float64 references in reference.ts.
import { beforeAll, describe, expect, it } from 'vitest';

import type { Posenc } from '../../web/src/lib/types.js';
import { loadPosenc } from './load-posenc.js';
import {
  alibiRef,
  dynamicRef,
  invFreq,
  linearRef,
  llama3Ref,
  maxAbs,
  mulberry32,
  randomFloats,
  relErr,
  ropeRef,
  sinusoidalRef,
  t5Ref,
  yarnRef,
} from './reference.js';

let pe: Posenc;
let scalar: Posenc;
beforeAll(async () => {
  pe = await loadPosenc();
  scalar = await loadPosenc({ simd: false });
});

describe('init', () => {
  it('picks SIMD in Node 20 and scalar when asked', () => {
    expect(pe.backend).toBe('wasm-simd');
    expect(scalar.backend).toBe('wasm-scalar');
  });
});

describe('sinusoidal', () => {
  it('d_model = 8: frequency row 1, 0.1, 0.01, 0.001 and the seed 000 table', () => {
    const f = pe.inverseFrequencies({ dim: 8 }).invFreq;
    [1, 0.1, 0.01, 0.001].forEach((w, i) => expect(relErr(f[i], w)).toBeLessThan(1e-15));
    const t = pe.sinusoidal({ positions: 11, dim: 8, precision: 64 });
    expect(t.data).toBeInstanceOf(Float64Array);
    for (let pos = 0; pos <= 10; pos++) {
      sinusoidalRef(pos, 8).forEach((v, c) => expect(Math.abs(t.data[pos * 8 + c] - v)).toBeLessThan(1e-15));
    }
    expect(t.data[1 * 8 + 0]).toBeCloseTo(0.841, 3);
  });

  it('float32 within 1e-6 of float64 for positions below 2^20, both layouts and both builds', () => {
    for (const api of [pe, scalar]) {
      for (const layout of ['interleaved', 'concat'] as const) {
        const rand = mulberry32(20);
        const positions = Array.from({ length: 2000 }, (_, i) => (i < 1000 ? i : Math.floor(rand() * 2 ** 20)));
        positions.push(2 ** 20 - 1, 0.5, 123456.789);
        const t = api.sinusoidal({ positions, dim: 128, layout });
        expect(t.data).toBeInstanceOf(Float32Array);
        let err = 0;
        positions.forEach((p, r) =>
          sinusoidalRef(p, 128, 10000, layout).forEach((v, c) => {
            err = Math.max(err, Math.abs(t.data[r * 128 + c] - v));
          }),
        );
        expect(err).toBeLessThanOrEqual(1e-6);
      }
    }
  });

  it('a count of 2^20 positions (the recurrence path) stays within 1e-6 to the last row', () => {
    const n = 2 ** 20;
    const t = pe.sinusoidal({ positions: n, dim: 16, base: 500 });
    let err = 0;
    for (let r = 0; r < n; r += r < 3000 ? 1 : 1013) {
      sinusoidalRef(r, 16, 500).forEach((v, c) => (err = Math.max(err, Math.abs(t.data[r * 16 + c] - v))));
    }
    sinusoidalRef(n - 1, 16, 500).forEach((v, c) => (err = Math.max(err, Math.abs(t.data[(n - 1) * 16 + c] - v))));
    expect(err).toBeLessThanOrEqual(1e-6);
  });

  it('PE(pos + k) = M_k · PE(pos) with M_k block rotations; norms are sqrt(d/2)', () => {
    const t = pe.sinusoidal({ positions: 50, dim: 8, precision: 64 });
    const w = invFreq(8);
    const k = 5;
    for (let pos = 0; pos + k < 50; pos++) {
      for (let i = 0; i < 4; i++) {
        const s = t.data[pos * 8 + 2 * i],
          c = t.data[pos * 8 + 2 * i + 1];
        const ck = Math.cos(k * w[i]),
          sk = Math.sin(k * w[i]);
        expect(Math.abs(ck * s + sk * c - t.data[(pos + k) * 8 + 2 * i])).toBeLessThan(1e-14);
        expect(Math.abs(-sk * s + ck * c - t.data[(pos + k) * 8 + 2 * i + 1])).toBeLessThan(1e-14);
      }
      let n2 = 0;
      for (let c = 0; c < 8; c++) n2 += t.data[pos * 8 + c] ** 2;
      expect(Math.abs(Math.sqrt(n2) - 2)).toBeLessThan(1e-14);
    }
  });
});

describe('inverseFrequencies and ropeFromConfig: relative error <= 1e-12', () => {
  const close = (got: Float64Array, want: number[]) => want.forEach((v, i) => expect(relErr(got[i], v)).toBeLessThanOrEqual(1e-12));
  it('linear, dynamic, yarn, llama3', () => {
    close(pe.inverseFrequencies({ dim: 64, base: 10000, scaling: { rope_type: 'linear', factor: 4 } }).invFreq, linearRef(64, 10000, 4));
    close(
      pe.inverseFrequencies({
        dim: 128,
        base: 10000,
        scaling: { rope_type: 'dynamic', factor: 2, max_position_embeddings: 2048, seq_len: 6000 },
      }).invFreq,
      dynamicRef(128, 10000, 2, 2048, 6000),
    );
    const y = pe.inverseFrequencies({
      dim: 128,
      base: 1e6,
      scaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 32768 },
    });
    const yr = yarnRef(128, 1e6, 4, 32768);
    close(y.invFreq, yr.inv);
    expect(relErr(y.attentionFactor, yr.attentionFactor)).toBeLessThan(1e-12);
    expect(y.attentionFactor).toBeCloseTo(1.1386294361, 9);
    close(
      pe.inverseFrequencies({
        dim: 128,
        base: 500000,
        scaling: { rope_type: 'llama3', factor: 8, low_freq_factor: 1, high_freq_factor: 4, original_max_position_embeddings: 8192 },
      }).invFreq,
      llama3Ref(128, 500000, 8, 1, 4, 8192),
    );
  });

  it('reads a Llama 3.1 config.json (object or text) and a partial-rotary one', () => {
    const cfg = {
      architectures: ['LlamaForCausalLM'],
      hidden_size: 4096,
      num_attention_heads: 32,
      num_key_value_heads: 8,
      max_position_embeddings: 131072,
      rope_theta: 500000.0,
      rope_scaling: {
        factor: 8.0,
        low_freq_factor: 1.0,
        high_freq_factor: 4.0,
        original_max_position_embeddings: 8192,
        rope_type: 'llama3',
      },
    };
    for (const input of [cfg, JSON.stringify(cfg, null, 2)]) {
      const r = pe.ropeFromConfig(input);
      expect(r.dim).toBe(128);
      expect(r.headDim).toBe(128);
      expect(r.base).toBe(500000);
      expect(r.ropeType).toBe('llama3');
      close(r.invFreq, llama3Ref(128, 500000, 8, 1, 4, 8192));
    }
    const phi = pe.ropeFromConfig({ hidden_size: 2560, num_attention_heads: 32, partial_rotary_factor: 0.4, rope_theta: 10000 });
    expect(phi.headDim).toBe(80);
    expect(phi.dim).toBe(32);
    close(phi.invFreq, invFreq(32, 10000));
  });
});

describe('applyRope', () => {
  it('the seed worked example q = [1, 2, 3, 4], m = 2', () => {
    const y = pe.applyRope(new Float32Array([1, 2, 3, 4]), { shape: [1, 4], positions: [2] });
    const ref = ropeRef([1, 2, 3, 4], 2, invFreq(4), 'interleaved');
    ref.forEach((v, i) => expect(Math.abs(y[i] - v)).toBeLessThan(1e-6));
    expect(y[0]).toBeCloseTo(-2.2347, 4);
    expect(y[3]).toBeCloseTo(4.0592, 4);
  });

  it('error <= 2e-6·max|x| against float64 at positions up to 2^20, both layouts, both builds', () => {
    const [seq, heads, hd] = [64, 4, 96];
    const x = randomFloats(seq * heads * hd, 3, 5);
    const positions = Array.from({ length: seq }, (_, m) => (m < 32 ? m : 2 ** 20 - 1 - m * 977.5));
    for (const api of [pe, scalar]) {
      for (const layout of ['interleaved', 'half'] as const) {
        for (const pos of [undefined, positions]) {
          const y = api.applyRope(x, { shape: [seq, heads, hd], layout, positions: pos });
          let err = 0;
          for (let m = 0; m < seq; m++) {
            for (let h = 0; h < heads; h++) {
              const off = (m * heads + h) * hd;
              const ref = ropeRef(x.subarray(off, off + hd), pos ? pos[m] : m, invFreq(hd), layout);
              ref.forEach((v, i) => (err = Math.max(err, Math.abs(y[off + i] - v))));
            }
          }
          expect(err).toBeLessThanOrEqual(2e-6 * maxAbs(x));
        }
      }
    }
  });

  it('SIMD and scalar builds agree on random inputs', () => {
    for (const [seq, heads, hd] of [
      [1, 1, 2],
      [7, 3, 6],
      [33, 5, 14],
      [128, 8, 64],
    ]) {
      const x = randomFloats(seq * heads * hd, seq + hd, 2);
      for (const layout of ['interleaved', 'half'] as const) {
        const a = pe.applyRope(x, { shape: [seq, heads, hd], layout });
        const b = scalar.applyRope(x, { shape: [seq, heads, hd], layout });
        let d = 0;
        a.forEach((v, i) => (d = Math.max(d, Math.abs(v - b[i]))));
        expect(d).toBeLessThanOrEqual(2e-6 * maxAbs(x));
      }
    }
  });

  it('keeps norms; q_m·k_n depends only on n − m; layouts differ by a permutation', () => {
    const hd = 16;
    const q = randomFloats(hd, 1),
      k = randomFloats(hd, 2);
    const norm = (v: ArrayLike<number>) => Math.hypot(...Array.from(v));
    const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => Array.from(a).reduce((s, v, i) => s + v * b[i], 0);
    const at = (v: Float32Array, m: number, layout: 'interleaved' | 'half' = 'interleaved') =>
      pe.applyRope(v, { shape: [1, hd], positions: [m], layout });
    for (const m of [0, 3, 1000, 500000]) expect(Math.abs(norm(at(q, m)) - norm(q))).toBeLessThan(1e-5);
    const ref = dot(at(q, 10), at(k, 13));
    for (const m of [0, 77, 4096]) expect(Math.abs(dot(at(q, m), at(k, m + 3)) - ref)).toBeLessThan(1e-5);
    // perm: interleaved coordinate 2i -> i, 2i+1 -> i + hd/2
    const permute = (v: Float32Array) => {
      const out = new Float32Array(hd);
      for (let i = 0; i < hd / 2; i++) {
        out[i] = v[2 * i];
        out[i + hd / 2] = v[2 * i + 1];
      }
      return out;
    };
    const a = permute(at(q, 9)),
      b = at(permute(q), 9, 'half');
    a.forEach((v, i) => expect(Math.abs(v - b[i])).toBeLessThan(1e-6));
  });

  it('[seq, headDim] = [seq, 1, headDim]; inPlace writes into x; partial rotary passes the tail', () => {
    const x = randomFloats(5 * 8, 9);
    const a = pe.applyRope(x, { shape: [5, 8] });
    const b = pe.applyRope(x, { shape: [5, 1, 8] });
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(a).not.toBe(x);
    const copy = x.slice();
    const c = pe.applyRope(copy, { shape: [5, 8], inPlace: true });
    expect(c).toBe(copy);
    expect(Array.from(copy)).toEqual(Array.from(a));
    const p = pe.applyRope(x, { shape: [5, 8], rotaryDim: 4, layout: 'half' });
    for (let m = 0; m < 5; m++) {
      for (let i = 4; i < 8; i++) expect(p[m * 8 + i]).toBe(x[m * 8 + i]);
      const ref = ropeRef(x.subarray(m * 8, m * 8 + 4), m, invFreq(4), 'half');
      ref.forEach((v, i) => expect(Math.abs(p[m * 8 + i] - v)).toBeLessThan(1e-5));
    }
  });

  it('scaling and ropeFromConfig frequencies are applied, with the YaRN attention factor', () => {
    const x = randomFloats(4 * 32, 4);
    const scaling = { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 64 } as const;
    const y = pe.applyRope(x, { shape: [4, 32], scaling });
    const yr = yarnRef(32, 10000, 4, 64);
    for (let m = 0; m < 4; m++) {
      ropeRef(x.subarray(m * 32, m * 32 + 32), m, yr.inv, 'interleaved', yr.attentionFactor).forEach((v, i) =>
        expect(Math.abs(y[m * 32 + i] - v)).toBeLessThan(1e-5),
      );
    }
    const rope = pe.ropeFromConfig({
      head_dim: 32,
      rope_theta: 10000,
      max_position_embeddings: 256,
      rope_scaling: { type: 'yarn', ...scaling },
    });
    expect(Array.from(pe.applyRope(x, { shape: [4, 32], rope, layout: 'interleaved' }))).toEqual(Array.from(y));
    // Without a layout, the model family's pairing applies (Llama-style configs: rotate_half).
    expect(rope.layout).toBe('half');
    expect(Array.from(pe.applyRope(x, { shape: [4, 32], rope }))).toEqual(
      Array.from(pe.applyRope(x, { shape: [4, 32], scaling, layout: 'half' })),
    );
    // An unrecognised scaling key is transformers' warning, never an error.
    const typo = pe.inverseFrequencies({ dim: 8, scaling: { ...scaling, beta_fats: 3 } as never });
    expect(typo.warnings).toEqual(["Unrecognized keys in `rope_parameters` for 'rope_type'='yarn': {'beta_fats'}"]);
  });

  it('the zero-copy tensor path gives the same numbers', () => {
    const x = randomFloats(16 * 2 * 8, 12);
    const t = pe.tensor(x.length);
    t.view().set(x);
    const view = pe.applyRope(t, { shape: [16, 2, 8], layout: 'half' });
    expect(Array.from(view)).toEqual(Array.from(pe.applyRope(x, { shape: [16, 2, 8], layout: 'half' })));
    t.free();
    expect(() => t.view()).toThrow(TypeError);
  });

  it('a tensor is rotated in place: inPlace false is a named error and leaves it as it was', () => {
    const x = randomFloats(4 * 8, 13);
    const t = pe.tensor(x.length);
    t.view().set(x);
    expect(() => pe.applyRope(t, { shape: [4, 8], inPlace: false })).toThrow(/applyRope: a wasm tensor is always rotated in place/);
    expect(Array.from(t.view())).toEqual(Array.from(x));
    // inPlace true says what happens anyway.
    const turned = pe.applyRope(t, { shape: [4, 8], inPlace: true });
    expect(Array.from(turned)).toEqual(Array.from(pe.applyRope(x, { shape: [4, 8] })));
    t.free();
  });

  it('positions may be any array-like of numbers, as the types say', () => {
    const x = randomFloats(3 * 8, 14);
    const like = { length: 3, 0: 5, 1: 9, 2: 40 };
    expect(Array.from(pe.applyRope(x, { shape: [3, 8], positions: like }))).toEqual(
      Array.from(pe.applyRope(x, { shape: [3, 8], positions: [5, 9, 40] })),
    );
    expect(Array.from(pe.t5RelativeBucket({ length: 2, 0: -3, 1: 200 }))).toEqual(Array.from(pe.t5RelativeBucket([-3, 200])));
    expect(() => pe.applyRope(x, { shape: [3, 8], positions: { length: 3, 0: 1, 1: '2', 2: 3 } as never })).toThrow(
      /applyRope: positions\[1\] must be a number, got the string "2"/,
    );
    expect(() => pe.applyRope(x, { shape: [3, 8], positions: { length: 1e12 } as never })).toThrow(
      /applyRope: positions.length must be an integer from 0 to 2\^28, got 1000000000000/,
    );
    expect(() => pe.applyRope(x, { shape: [3, 8], positions: { size: 3 } as never })).toThrow(
      /applyRope: positions must be an array, typed array or array-like of numbers, got an object/,
    );
    expect(() => pe.applyRope(x, { shape: [3, 8], positions: '012' as never })).toThrow(/positions must be an array/);
  });
});

describe('rotationMatrix', () => {
  it('is block diagonal with the seed R_{Θ,2} entries, and orthogonal', () => {
    const r = pe.rotationMatrix({ dim: 4, position: 2 });
    expect(r.rows).toBe(4);
    const want = [
      [Math.cos(2), -Math.sin(2), 0, 0],
      [Math.sin(2), Math.cos(2), 0, 0],
      [0, 0, Math.cos(0.02), -Math.sin(0.02)],
      [0, 0, Math.sin(0.02), Math.cos(0.02)],
    ];
    want.flat().forEach((v, i) => expect(Math.abs(r.data[i] - v)).toBeLessThan(1e-15));
    const h = pe.rotationMatrix({ dim: 6, position: 7, layout: 'half', base: 100 });
    for (let i = 0; i < 6; i++) {
      for (let j = 0; j < 6; j++) {
        let s = 0;
        for (let k = 0; k < 6; k++) s += h.data[k * 6 + i] * h.data[k * 6 + j];
        expect(Math.abs(s - (i === j ? 1 : 0))).toBeLessThan(1e-14);
      }
    }
  });
});

describe('relative encodings', () => {
  it('T5 buckets equal _relative_position_bucket exactly', () => {
    const rel = Array.from({ length: 6001 }, (_, i) => i - 3000);
    for (const o of [
      {},
      { bidirectional: false },
      { numBuckets: 16, maxDistance: 64 },
      { numBuckets: 64, maxDistance: 1000, bidirectional: false },
    ]) {
      const got = pe.t5RelativeBucket(rel, o);
      expect(got).toBeInstanceOf(Int32Array);
      rel.forEach((r, i) => {
        const want = t5Ref(r, o.bidirectional ?? true, o.numBuckets ?? 32, o.maxDistance ?? 128);
        if (got[i] !== want) throw new Error(`bucket of ${r} with ${JSON.stringify(o)}: got ${got[i]}, want ${want}`);
      });
    }
    expect(Array.from(pe.t5RelativeBucket([-1000, -8, -1, 0, 1, 1000]))).toEqual([15, 8, 1, 0, 17, 31]);
  });

  it('ALiBi slopes (relative error <= 1e-12) and bias', () => {
    for (const n of [1, 2, 3, 5, 6, 8, 12, 16, 24, 40, 64]) {
      const got = pe.alibiSlopes(n);
      alibiRef(n).forEach((v, i) => expect(relErr(got[i], v)).toBeLessThanOrEqual(1e-12));
    }
    const b = pe.alibiBias({ numHeads: 2, length: 4 });
    const s = alibiRef(2);
    expect(b[0 * 16 + 3 * 4 + 1]).toBe(Math.fround(-s[0] * 2));
    expect(b[1 * 16 + 0 * 4 + 2]).toBe(-Infinity);
    expect(Object.is(b[5], 0)).toBe(true);
    const nc = pe.alibiBias({ numHeads: 2, length: 4, causal: false });
    expect(nc[0 * 16 + 0 * 4 + 2]).toBe(Math.fround(-s[0] * 2));
  });
});

describe('scores and colormap (heatmap helpers)', () => {
  it('scores = scale · q k^T', () => {
    const q = randomFloats(3 * 5, 1),
      k = randomFloats(4 * 5, 2);
    const s = pe.scores(q, k, { queries: 3, keys: 4, dim: 5, scale: 0.5 });
    for (let m = 0; m < 3; m++) {
      for (let n = 0; n < 4; n++) {
        let d = 0;
        for (let i = 0; i < 5; i++) d += q[m * 5 + i] * k[n * 5 + i];
        expect(Math.abs(s.data[m * 4 + n] - 0.5 * d)).toBeLessThan(1e-6);
      }
    }
  });
  it('colormap clamps and masks', () => {
    const lut = new Uint32Array([0xff0000ff, 0xff00ff00, 0xffff0000]);
    const px = pe.colormap(new Float32Array([-1, 0, 0.5, 1, 2, NaN, -Infinity]), { lo: 0, hi: 1, lut, masked: 7 });
    expect(Array.from(px)).toEqual([lut[0], lut[0], lut[1], lut[2], lut[2], 7, 7]);
  });
});

describe("out: results written into the caller's array", () => {
  it('applyRope, sinusoidal, alibiBias and scores write into out, return it, and match the allocating call', () => {
    const x = randomFloats(6 * 2 * 8, 31, 3);
    const want = pe.applyRope(x, { shape: [6, 2, 8], layout: 'half' });
    const out = new Float32Array(x.length).fill(NaN);
    expect(pe.applyRope(x, { shape: [6, 2, 8], layout: 'half', out })).toBe(out);
    expect(Array.from(out)).toEqual(Array.from(want));
    // the input is untouched, and the float64 reference still holds
    expect(maxAbs(Float32Array.from(x, (v, i) => v - randomFloats(6 * 2 * 8, 31, 3)[i]))).toBe(0);
    const ref = ropeRef(x.subarray(16 * 3, 16 * 3 + 8), 3, invFreq(8, 10000), 'half');
    ref.forEach((v, i) => expect(Math.abs(out[16 * 3 + i] - v)).toBeLessThan(2e-6 * 3));

    const t = new Float32Array(5 * 8);
    expect(pe.sinusoidal({ positions: 5, dim: 8, out: t }).data).toBe(t);
    sinusoidalRef(4, 8).forEach((v, c) => expect(Math.abs(t[4 * 8 + c] - v)).toBeLessThan(1e-6));
    const t64 = new Float64Array(5 * 8);
    expect(pe.sinusoidal({ positions: 5, dim: 8, precision: 64, out: t64 }).data).toBe(t64);
    sinusoidalRef(4, 8).forEach((v, c) => expect(Math.abs(t64[4 * 8 + c] - v)).toBeLessThan(1e-15));

    const bias = new Float32Array(3 * 4 * 4);
    expect(pe.alibiBias({ numHeads: 3, length: 4, out: bias })).toBe(bias);
    expect(bias[1 * 16 + 3 * 4 + 0]).toBeCloseTo(-alibiRef(3)[1] * 3, 6);

    const q = randomFloats(3 * 5, 1),
      k = randomFloats(4 * 5, 2);
    const s = new Float32Array(12);
    expect(pe.scores(q, k, { queries: 3, keys: 4, dim: 5, out: s }).data).toBe(s);
    expect(Array.from(s)).toEqual(Array.from(pe.scores(q, k, { queries: 3, keys: 4, dim: 5 }).data));
  });

  it('a wrong out (length or type) is a named error and writes nothing', () => {
    const x = randomFloats(16, 3);
    const short = new Float32Array(15).fill(7);
    expect(() => pe.applyRope(x, { shape: [2, 8], out: short })).toThrow(/applyRope: out must have 16 elements, got 15/);
    expect(short.every((v) => v === 7)).toBe(true);
    expect(() => pe.sinusoidal({ positions: 2, dim: 8, out: new Float64Array(16) })).toThrow(
      /sinusoidal: out must be a Float32Array of 16 elements/,
    );
    expect(() => pe.applyRope(x, { shape: [2, 8], out: new Float32Array(16), inPlace: true })).toThrow(/not both/);
  });
});

describe('large tensors stream through wasm memory a block of positions at a time', () => {
  it('gives exactly the numbers of the one-shot zero-copy path, with default and explicit positions, both layouts', () => {
    const [seq, heads, hd] = [700, 3, 64]; // 134 400 floats: past the 65 536-float block, rows not a divisor
    const x = randomFloats(seq * heads * hd, 77, 2);
    const rand = mulberry32(5);
    const positions = Array.from({ length: seq }, (_, i) => (i % 2 ? i * 3.5 : rand() * 2 ** 19));
    for (const layout of ['interleaved', 'half'] as const) {
      for (const pos of [undefined, positions]) {
        const streamed = pe.applyRope(x, { shape: [seq, heads, hd], layout, positions: pos });
        const t = pe.tensor(x.length);
        t.view().set(x);
        const oneShot = pe.applyRope(t, { shape: [seq, heads, hd], layout, positions: pos });
        expect(Array.from(streamed)).toEqual(Array.from(oneShot));
        t.free();
        // and the float64 reference at a row of the last block
        const r = seq - 1,
          h = 2,
          p = pos ? pos[r] : r;
        const ref = ropeRef(x.subarray((r * heads + h) * hd, (r * heads + h + 1) * hd), p, invFreq(hd), layout);
        ref.forEach((v, i) => expect(Math.abs(streamed[(r * heads + h) * hd + i] - v)).toBeLessThan(2e-6 * 2));
      }
    }
  });

  it('a bad position in the last block writes nothing into x (inPlace) or out', () => {
    const [seq, hd] = [3000, 64];
    const x = randomFloats(seq * hd, 8);
    const before = Float32Array.from(x);
    const positions = Array.from({ length: seq }, (_, i) => (i === seq - 1 ? NaN : i));
    expect(() => pe.applyRope(x, { shape: [seq, hd], positions, inPlace: true })).toThrow(
      /positions\[2999\] must be a finite number, got NaN/,
    );
    expect(x).toEqual(before);
    const out = new Float32Array(x.length).fill(5);
    expect(() => pe.applyRope(x, { shape: [seq, hd], positions, out })).toThrow(RangeError);
    expect(out.every((v) => v === 5)).toBe(true);
  });
});

describe('out and x sharing memory', () => {
  /** Entries that differ in any bit (NaN counts as differing). */
  const mismatches = (a: Float32Array, b: Float32Array) => {
    let n = a.length === b.length ? 0 : Infinity;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) n++;
    return n;
  };

  it('an out that overlaps x in the same buffer gives the numbers of a separate out, either direction, streamed or not', () => {
    for (const [seq, heads, hd] of [
      [700, 3, 64], // 134 400 floats: streamed in blocks
      [6, 2, 8], // one call
    ]) {
      const n = seq * heads * hd;
      const x = randomFloats(n, 41, 2);
      const want = pe.applyRope(x, { shape: [seq, heads, hd] });
      // Shifts of a few floats, of a row, and of more than a block (65 536 floats).
      for (const shift of [4, -4, heads * hd, -heads * hd, 70_000, -70_000].filter((s) => Math.abs(s) < n)) {
        const buf = new Float32Array(n + 2 * 70_000);
        const xAt = 70_000;
        buf.set(x, xAt);
        const out = buf.subarray(xAt + shift, xAt + shift + n);
        pe.applyRope(buf.subarray(xAt, xAt + n), { shape: [seq, heads, hd], out });
        expect(mismatches(out, want), `shape [${seq}, ${heads}, ${hd}], out at x + ${shift}`).toBe(0);
      }
    }
  });

  it("views of posenc's own memory as x or out stay right when a call grows that memory", async () => {
    // A tensor's view() is detached when the wasm memory grows; the call makes it again over the
    // same bytes. On a fresh instance (so the heap's history is this test's), tensors of varying
    // size are allocated until calls have grown the memory, bounded.
    const own = await loadPosenc();
    const [seq, heads, hd] = [256, 8, 128]; // 1 MiB: streamed
    const n = seq * heads * hd;
    const x = randomFloats(n, 42, 2);
    const want = own.applyRope(x, { shape: [seq, heads, hd] });
    const wantSin = own.sinusoidal({ positions: 2, dim: 8 }).data;
    const held: { free(): void }[] = [];
    const grew = { x: 0, out: 0 };
    const grows = (key: keyof typeof grew, call: () => void) => {
      const before = own.memoryBytes();
      call();
      if (own.memoryBytes() > before) grew[key]++;
    };
    for (let k = 0; k < 300 && Math.min(grew.x, grew.out) < 2; k++) {
      held.push(own.tensor(((k * 7919) % 97) * 1024 + 1));
      const a = own.tensor(n);
      const b = own.tensor(n);
      const s = own.tensor(16);
      held.push(a, b, s);
      a.view().set(x);
      // Which call goes first alternates: the second reuses what the first freed.
      const asX = () => grows('x', () => expect(mismatches(own.applyRope(a.view(), { shape: [seq, heads, hd] }), want)).toBe(0));
      const asOut = () =>
        grows('out', () => expect(mismatches(own.applyRope(x, { shape: [seq, heads, hd], out: b.view() }), want)).toBe(0));
      for (const call of k % 2 ? [asX, asOut] : [asOut, asX]) call();
      expect(mismatches(b.view(), want)).toBe(0);
      expect(mismatches(own.sinusoidal({ positions: 2, dim: 8, out: s.view() }).data as Float32Array, wantSin as Float32Array)).toBe(0);
    }
    expect(grew.x).toBeGreaterThan(0);
    expect(grew.out).toBeGreaterThan(0);
    for (const t of held) t.free();
  });

  it('a colormap lut that is a view of posenc memory, and a tensor of another instance (named error, nothing written)', async () => {
    const own = await loadPosenc();
    const lut = Uint32Array.from({ length: 256 }, (_, i) => 0xff000000 + i);
    const want = own.colormap(Float32Array.from([0, 0.5, 1]), { lo: 0, hi: 1, lut });
    const held: { free(): void }[] = [];
    let grew = 0;
    for (let k = 0; k < 200 && grew < 2; k++) {
      const t = own.tensor(256);
      held.push(t, own.tensor(((k * 7919) % 97) * 1024 + 1));
      new Uint32Array(t.view().buffer, t.view().byteOffset, 256).set(lut);
      const big = new Float32Array(200_000 + k * 1000);
      big.set([0, 0.5, 1]);
      const before = own.memoryBytes();
      const got = own.colormap(big, { lo: 0, hi: 1, lut: new Uint32Array(t.view().buffer, t.view().byteOffset, 256) });
      if (own.memoryBytes() > before) grew++;
      expect(Array.from(got.subarray(0, 3))).toEqual(Array.from(want));
    }
    expect(grew).toBeGreaterThan(0);
    for (const t of held) t.free();

    const other = await loadPosenc();
    const a = own.tensor(4),
      b = other.tensor(4);
    a.view().set([1, 2, 3, 4]);
    b.view().set([9, 9, 9, 9]);
    expect(() => other.applyRope(a, { shape: [1, 4], positions: [2] })).toThrow(
      /applyRope: this tensor belongs to another posenc instance/,
    );
    expect(Array.from(a.view())).toEqual([1, 2, 3, 4]);
    expect(Array.from(b.view())).toEqual([9, 9, 9, 9]);
    expect(Array.from(own.applyRope(a, { shape: [1, 4], positions: [2] }))).not.toEqual([1, 2, 3, 4]);
    a.free();
    b.free();
  });
});

describe('positions far past the accuracy bound', () => {
  it('still give sines and cosines (within 2e-7 of Math.sin / Math.cos of the float64 angle), not values outside [-1, 1]', () => {
    for (const api of [pe, scalar]) {
      for (const p of [3e6, 1e12, 1e18, 1e20, 1e25, 1e300, -1e18]) {
        // dim 8: four pairs, so the vector path runs too. The core's own frequencies: at p = 1e18 an
        // ulp of a frequency moves the angle by ~100 rad, and what is checked is sin/cos of the angle.
        const inv = api.inverseFrequencies({ dim: 8 }).invFreq;
        const rot = api.applyRope(Float32Array.from([1, 0, 1, 0, 1, 0, 1, 0]), { shape: [1, 8], positions: [p] });
        const table = api.sinusoidal({ positions: [p], dim: 8 }).data;
        for (let i = 0; i < 4; i++) {
          const a = p * inv[i];
          expect(Math.abs(rot[2 * i] - Math.cos(a)), `applyRope cos at ${p}, pair ${i}`).toBeLessThan(2e-7);
          expect(Math.abs(rot[2 * i + 1] - Math.sin(a)), `applyRope sin at ${p}, pair ${i}`).toBeLessThan(2e-7);
          expect(Math.abs(table[2 * i] - Math.sin(a)), `sinusoidal sin at ${p}, pair ${i}`).toBeLessThan(2e-7);
          expect(Math.abs(table[2 * i + 1] - Math.cos(a)), `sinusoidal cos at ${p}, pair ${i}`).toBeLessThan(2e-7);
        }
      }
    }
  });
});

describe('a full wasm memory', () => {
  it('is a RangeError before any C++ runs (never an abort), and after freeing every call works again', async () => {
    const own = await loadPosenc({ lab: false });
    const held: { free(): void }[] = [];
    for (let size = 2 ** 27; size >= 1024; size /= 2) {
      for (;;) {
        try {
          held.push(own.tensor(size));
        } catch (e) {
          expect(String(e)).toMatch(/RangeError/);
          break;
        }
      }
    }
    const calls: [string, () => unknown][] = [
      ['rotationMatrix', () => own.rotationMatrix({ dim: 64, position: 3 })],
      [
        'inverseFrequencies',
        () => own.inverseFrequencies({ dim: 64, scaling: { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 4096 } }),
      ],
      ['ropeFromConfig', () => own.ropeFromConfig({ model_type: 'llama', head_dim: 128, rope_theta: 1e4 })],
      ['alibiSlopes', () => own.alibiSlopes(8)],
      ['sinusoidal', () => own.sinusoidal({ positions: 4, dim: 8 })],
      ['alibiBias', () => own.alibiBias({ numHeads: 2, length: 3 })],
      ['scores', () => own.scores(new Float32Array(8), new Float32Array(8), { queries: 2, keys: 2, dim: 4 })],
      ['applyRope', () => own.applyRope(Float32Array.from([1, 2, 3, 4]), { shape: [1, 4], positions: [2] })],
      ['t5RelativeBucket', () => own.t5RelativeBucket([1, 2, 3])],
    ];
    for (const [name, call] of calls) expect(call, name).toThrow(/wasm memory is full/);
    for (const t of held) t.free();
    for (const [, call] of calls) call();
    const r = own.applyRope(Float32Array.from([1, 2, 3, 4]), { shape: [1, 4], positions: [2] });
    const ref = ropeRef(Float32Array.from([1, 2, 3, 4]), 2, invFreq(4), 'interleaved');
    ref.forEach((v, i) => expect(Math.abs(r[i] - v)).toBeLessThan(2e-6 * 4));
  });
});

describe('a call larger than what the memory still holds', () => {
  it('is a RangeError that says memory is short (not a raw C++ exception), and works once tensors are freed', async () => {
    const own = await loadPosenc({ lab: false });
    const held: { free(): void; length: number }[] = [];
    for (let size = 2 ** 27; size >= 1024; size /= 2) {
      for (;;) {
        try {
          held.push(own.tensor(size));
        } catch {
          break;
        }
      }
    }
    // Give back ~32 MiB: more than the fixed guard's 4 MiB, far less than a 4096 × 4096 float64 matrix (128 MiB).
    let freed = 0;
    while (freed < 2 ** 25 && held.length) {
      const t = held.pop()!;
      freed += 4 * t.length;
      t.free();
    }
    expect(freed).toBeGreaterThanOrEqual(2 ** 25);
    let thrown: unknown;
    try {
      own.rotationMatrix({ dim: 4096, position: 3 });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(RangeError);
    expect(String(thrown)).toMatch(/rotationMatrix: the wasm memory is full: the rotation matrix needs 128 MiB/);
    expect(own.rotationMatrix({ dim: 8, position: 3 }).data[0]).toBeCloseTo(Math.cos(3), 15);
    for (const t of held) t.free();
    const big = own.rotationMatrix({ dim: 4096, position: 3 });
    expect(big.rows).toBe(4096);
    expect(big.data[4096 * 4095 + 4095]).toBeCloseTo(Math.cos(3 * 10000 ** (-4094 / 4096)), 12);
  });
});

describe('config keys inherited from Object.prototype', () => {
  it('are not keys of the config: positionalScheme and ropeFromConfig read its own keys only', () => {
    const gpt2 = JSON.stringify({ model_type: 'gpt2', n_positions: 1024, n_embd: 768, n_head: 12 });
    const proto = Object.prototype as Record<string, unknown>;
    for (const key of ['alibi', 'rope_theta', 'relative_attention_num_buckets', 'position_embedding_type']) {
      proto[key] = key === 'alibi' ? true : key === 'position_embedding_type' ? 'rotary' : 5;
      try {
        expect(pe.positionalScheme(gpt2).scheme, key).toBe('learned');
        expect(() => pe.ropeFromConfig(gpt2), key).toThrow(/has no rotary embedding/);
      } finally {
        delete proto[key];
      }
    }
  });
});
