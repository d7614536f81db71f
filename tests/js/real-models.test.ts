// Real model code paths (docs/API.md, "Real model code paths"): applyRope on transformers' own tensor
// shapes and with its per-forward-pass choices, against float64 references written in this file by
// following transformers' Python (modeling_llama apply_rotary_pos_emb / rotate_half, GPT-J
// rotate_every_two, modeling_deepseek_v3 apply_rotary_pos_emb_interleave, modeling_rope_utils
// _compute_longrope_parameters and dynamic_rope_update). Nothing here takes an expected value from posenc.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Posenc } from '../../web/src/lib/types.js';
import { invFreq, yarnRef } from './reference.js';
import { loadPosenc } from './load-posenc.js';

const configOf = (file: string) => JSON.parse(readFileSync(join(resolve(__dirname, '../../web/data/configs'), file), 'utf8'));

let pe: Posenc;
beforeAll(async () => {
  pe = await loadPosenc();
});

/** A deterministic pseudo-random tensor in [-2, 2). */
function tensor(n: number, seed: number): Float32Array {
  let s = seed >>> 0 || 1;
  return Float32Array.from({ length: n }, () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return (s / 2 ** 32) * 4 - 2;
  });
}

/** transformers' rotate_half: cat(-x2, x1). */
const rotateHalf = (v: number[]) => [...v.slice(v.length / 2).map((a) => -a), ...v.slice(0, v.length / 2)];
/** GPT-J's rotate_every_two: stack(-x[1::2], x[::2]).flatten(). */
const rotateEveryTwo = (v: number[]) => v.map((_, j) => (j % 2 === 0 ? -v[j + 1] : v[j - 1]));

/**
 * One head at one position, as transformers computes it: freqs = pos · inv_freq; Llama-style
 * (layout 'half'): emb = cat(freqs, freqs), q·cos + rotate_half(q)·sin; GPT-J style ('interleaved'):
 * repeat_interleave(freqs, 2), q·cos + rotate_every_two(q)·sin; both times the attention scaling.
 */
function transformersRope(q: number[], pos: number, inv: number[], layout: 'half' | 'interleaved', af = 1): number[] {
  const d = inv.length * 2;
  const freq = (j: number) => pos * inv[layout === 'half' ? j % (d / 2) : Math.floor(j / 2)];
  const cos = Array.from({ length: d }, (_, j) => Math.cos(freq(j)) * af);
  const sin = Array.from({ length: d }, (_, j) => Math.sin(freq(j)) * af);
  const r = layout === 'half' ? rotateHalf(q) : rotateEveryTwo(q);
  return q.map((v, j) => v * cos[j] + r[j] * sin[j]);
}

/**
 * modeling_deepseek_v3.apply_rotary_pos_emb_interleave on one head's rope slice:
 * q.view(d/2, 2).transpose(-1, -2).reshape(d) (evens, then odds), then q·cos + rotate_half(q)·sin
 * with cos = cat(freqs, freqs).
 */
function deepseekInterleave(q: number[], pos: number, inv: number[], af = 1): number[] {
  const d = q.length;
  const de = [...Array.from({ length: d / 2 }, (_, i) => q[2 * i]), ...Array.from({ length: d / 2 }, (_, i) => q[2 * i + 1])];
  return transformersRope(de, pos, inv, 'half', af);
}

function maxAbs(a: ArrayLike<number>) {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]));
  return m;
}

/** Largest |got − want| over every element. */
function maxErr(got: ArrayLike<number>, want: ArrayLike<number>) {
  expect(got.length).toBe(want.length);
  let e = 0;
  for (let i = 0; i < want.length; i++) e = Math.max(e, Math.abs(got[i] - want[i]));
  return e;
}

/**
 * The whole 4-D reference: x [B, H, S, D] ('bhsd') or [B, S, H, D] ('bshd'), positions shared (S)
 * or per row (B·S, as position_ids), each head turned by `head(q, pos)`.
 */
function reference4d(
  x: Float32Array,
  [B, S, H, D]: number[],
  order: 'bhsd' | 'bshd',
  positions: number[],
  head: (q: number[], pos: number) => number[],
): Float64Array {
  const y = new Float64Array(x.length);
  for (let b = 0; b < B; b++)
    for (let s = 0; s < S; s++)
      for (let h = 0; h < H; h++) {
        const at = order === 'bhsd' ? ((b * H + h) * S + s) * D : ((b * S + s) * H + h) * D;
        const pos = positions.length === S ? positions[s] : positions[b * S + s];
        y.set(head(Array.from(x.subarray(at, at + D)), pos), at);
      }
  return y;
}

describe('applyRope on 4-D tensors', () => {
  const [B, H, S, D] = [2, 3, 5, 16];
  const inv = invFreq(D, 10000);

  it("[batch, heads, seq, headDim] (transformers' q after the transpose) and [batch, seq, heads, headDim] with order 'bshd'", () => {
    const x = tensor(B * H * S * D, 1);
    for (const layout of ['half', 'interleaved'] as const) {
      const positions = [0, 1, 2, 3, 4];
      const want = reference4d(x, [B, S, H, D], 'bhsd', positions, (q, p) => transformersRope(q, p, inv, layout));
      const got = pe.applyRope(x, { shape: [B, H, S, D], layout });
      expect(maxErr(got, want), `bhsd ${layout}`).toBeLessThanOrEqual(2e-6 * maxAbs(x));
      const wantBshd = reference4d(x, [B, S, H, D], 'bshd', positions, (q, p) => transformersRope(q, p, inv, layout));
      const gotBshd = pe.applyRope(x, { shape: [B, S, H, D], order: 'bshd', layout });
      expect(maxErr(gotBshd, wantBshd), `bshd ${layout}`).toBeLessThanOrEqual(2e-6 * maxAbs(x));
    }
  });

  it('positions: seq entries for every row, or batch·seq entries per row (position_ids), flat or as rows', () => {
    const x = tensor(B * H * S * D, 2);
    const shared = [3, 7, 11, 100, 1000.5];
    const perRow = [0, 1, 2, 3, 4, 50, 51, 52, 53, 54]; // a left-padded batch: row 1 starts later
    for (const order of ['bhsd', 'bshd'] as const) {
      const shape = order === 'bhsd' ? [B, H, S, D] : [B, S, H, D];
      for (const positions of [shared, perRow]) {
        const want = reference4d(x, [B, S, H, D], order, positions, (q, p) => transformersRope(q, p, inv, 'half'));
        const got = pe.applyRope(x, { shape, order, positions, layout: 'half' });
        expect(maxErr(got, want), `${order} ${positions.length}`).toBeLessThanOrEqual(2e-6 * maxAbs(x));
      }
      const rows = [perRow.slice(0, S), perRow.slice(S)];
      const want = reference4d(x, [B, S, H, D], order, perRow, (q, p) => transformersRope(q, p, inv, 'half'));
      expect(maxErr(pe.applyRope(x, { shape, order, positions: rows, layout: 'half' }), want)).toBeLessThanOrEqual(2e-6 * maxAbs(x));
    }
  });

  it('large 4-D arrays (streamed through wasm memory) give the reference numbers in both orders', () => {
    // 2·4·600·64 = 307 200 floats: above the 65 536 that stream a block at a time.
    const [b, h, s, d] = [2, 4, 600, 64];
    const x = tensor(b * h * s * d, 3);
    const inv64 = invFreq(d, 500000);
    const positions = Array.from({ length: b * s }, (_, k) => (k % s) + 7 * Math.floor(k / s));
    for (const order of ['bhsd', 'bshd'] as const) {
      const shape = order === 'bhsd' ? [b, h, s, d] : [b, s, h, d];
      const want = reference4d(x, [b, s, h, d], order, positions, (q, p) => transformersRope(q, p, inv64, 'half'));
      const got = pe.applyRope(x, { shape, order, positions, base: 500000, layout: 'half' });
      expect(maxErr(got, want), order).toBeLessThanOrEqual(2e-6 * maxAbs(x));
      // in place, and into an out: the same numbers
      const y = x.slice();
      pe.applyRope(y, { shape, order, positions, base: 500000, layout: 'half', inPlace: true });
      expect(Array.from(y)).toEqual(Array.from(got));
      const out = new Float32Array(x.length);
      pe.applyRope(x, { shape, order, positions, base: 500000, layout: 'half', out });
      expect(Array.from(out)).toEqual(Array.from(got));
    }
  });

  it('bad 4-D arguments are named errors, and the next call works', () => {
    const x = new Float32Array(B * H * S * D);
    expect(() => pe.applyRope(x, { shape: [B, H, S, D], positions: [1, 2, 3] })).toThrow(
      /applyRope: positions must have seq = 5 entries \(the same for every batch row\) or batch × seq = 10/,
    );
    expect(() => pe.applyRope(x, { shape: [B * H * S, D], order: 'bshd' })).toThrow(/applyRope: order applies to 4-D shapes/);
    expect(() => pe.applyRope(x, { shape: [B, H, S, D], order: 'bsdh' as never })).toThrow(
      /applyRope: order must be one of 'bshd', 'bhsd'/,
    );
    expect(() => pe.applyRope(x, { shape: [1, B, H, S, D] })).toThrow(/applyRope: shape must have 2, 3 or 4 entries/);
    expect(() => pe.applyRope(x, { shape: [0, H, S, D] })).toThrow(/applyRope: shape\[0\] \(batch\) must be an integer from 1/);
    expect(() =>
      pe.applyRope(x, {
        shape: [B, H, S, D],
        positions: [
          [1, 2, 3, 4, 5],
          [1, 2],
        ],
      }),
    ).toThrow(/applyRope: positions\[1\] must have seq = 5 entries, got 2/);
    const y = pe.applyRope(new Float32Array([1, 2, 3, 4]), { shape: [1, 1, 1, 4], positions: [2] });
    expect(y[0]).toBeCloseTo(Math.cos(2) - 2 * Math.sin(2), 6);
  });
});

describe('LongRoPE picks its factors per call, as transformers does', () => {
  // Phi-3.5: original_max_position_embeddings 4096 at the top level, max 131072, 48 pairs.
  const cfg = configOf('phi-3.5-vision-instruct-text.json');
  const s = cfg.rope_scaling;
  const d = 96;
  // _compute_longrope_parameters: factor = max / original = 32; attention factor sqrt(1 + ln 32 / ln 4096).
  const af = Math.sqrt(1 + Math.log(131072 / 4096) / Math.log(4096));
  const invOf = (ext: number[]) => ext.map((e, j) => 1 / (e * 10000 ** ((2 * j) / d)));

  it('long factors once max(position) + 1 > original_max_position_embeddings (4096), else short; one attention factor', () => {
    const rope = pe.ropeFromConfig(cfg);
    const x = tensor(2 * 3 * d, 4);
    for (const [positions, factors] of [
      [[4094, 4095], s.short_factor], // max + 1 = 4096: short
      [[4095, 4096], s.long_factor], // max + 1 = 4097: long, for every position of the call
      [[10, 100000], s.long_factor],
    ] as [number[], number[]][]) {
      const inv = invOf(factors);
      const want = reference4d(x, [1, 2, 3, d], 'bshd', positions, (q, p) => transformersRope(q, p, inv, 'half', af));
      const got = pe.applyRope(x, { shape: [2, 3, d], positions, rope });
      expect(maxErr(got, want), `positions ${positions}`).toBeLessThanOrEqual(2e-6 * maxAbs(x) * af);
    }
    // Default positions: a sequence of 4097 tokens reaches position 4096.
    const long = pe.applyRope(new Float32Array(4097 * d).fill(1), { shape: [4097, d], rope });
    const want = transformersRope(new Array(d).fill(1), 4096, invOf(s.long_factor), 'half', af);
    expect(maxErr(long.subarray(4096 * d), want)).toBeLessThanOrEqual(2e-6 * af);
    const short = pe.applyRope(new Float32Array(4096 * d).fill(1), { shape: [4096, d], rope });
    expect(
      maxErr(short.subarray(4095 * d), transformersRope(new Array(d).fill(1), 4095, invOf(s.short_factor), 'half', af)),
    ).toBeLessThanOrEqual(2e-6 * af);
  });

  it('per-row positions: one row past 4096 switches the whole batch (torch.max over position_ids)', () => {
    const rope = pe.ropeFromConfig(cfg);
    const x = tensor(2 * 2 * 2 * d, 5);
    const positions = [0, 1, 5000, 5001];
    const want = reference4d(x, [2, 2, 2, d], 'bhsd', positions, (q, p) => transformersRope(q, p, invOf(s.long_factor), 'half', af));
    expect(maxErr(pe.applyRope(x, { shape: [2, 2, 2, d], positions, rope }), want)).toBeLessThanOrEqual(2e-6 * maxAbs(x) * af);
  });

  it('dynamic NTK: recomputed for seq_len = max(position) + 1 past max_position_embeddings', () => {
    const rope = pe.ropeFromConfig({
      head_dim: 64,
      rope_theta: 10000,
      max_position_embeddings: 2048,
      rope_scaling: { rope_type: 'dynamic', factor: 2 },
    });
    const x = tensor(64, 6);
    // _compute_dynamic_ntk_parameters at seq_len 4001: base · (factor·seq_len/max − (factor − 1))^(d/(d−2))
    const base = 10000 * ((2 * 4001) / 2048 - 1) ** (64 / 62);
    const got = pe.applyRope(x, { shape: [1, 64], positions: [4000], rope });
    expect(maxErr(got, transformersRope(Array.from(x), 4000, invFreq(64, base), 'half'))).toBeLessThanOrEqual(2e-6 * maxAbs(x));
    // within max_position_embeddings: the unscaled frequencies
    const near = pe.applyRope(x, { shape: [1, 64], positions: [2047], rope });
    expect(maxErr(near, transformersRope(Array.from(x), 2047, invFreq(64, 10000), 'half'))).toBeLessThanOrEqual(2e-6 * maxAbs(x));
  });
});

describe('MLA on whole heads (DeepSeek-V3: q/k heads of 192 = 128 nope + 64 rope)', () => {
  const cfg = configOf('deepseek-v3.json');
  // yarn, factor 40, original 4096, mscale = mscale_all_dim = 1: attention factor 1 (NOTES.md §5)
  const inv = yarnRef(64, 10000, 40, 4096).inv;
  const [B, H, S, D] = [2, 2, 3, 192];
  const positions = [0, 5, 9000];

  /** DeepseekV3Attention: q_pass, q_rot = split([128, 64]); q_rot turned; cat(q_pass, q_rot). */
  const deepseekHead = (q: number[], p: number) => [...q.slice(0, 128), ...deepseekInterleave(q.slice(128), p, inv)];

  it("pairOrder 'transformers' matches apply_rotary_pos_emb_interleave element for element; the nope part is untouched", () => {
    const rope = pe.ropeFromConfig(cfg);
    expect(rope.rotaryPosition).toBe('last');
    expect(rope.dim).toBe(64);
    const x = tensor(B * H * S * D, 7);
    const want = reference4d(x, [B, S, H, D], 'bhsd', positions, deepseekHead);
    const got = pe.applyRope(x, { shape: [B, H, S, D], positions, rope, pairOrder: 'transformers' });
    expect(maxErr(got, want)).toBeLessThanOrEqual(2e-6 * maxAbs(x));
    for (let g = 0; g < B * H * S; g++)
      expect(Array.from(got.subarray(g * D, g * D + 128))).toEqual(Array.from(x.subarray(g * D, g * D + 128)));
    // [seq, heads, 192] too (3-D), and the streamed path
    const big = tensor(400 * 2 * D, 8);
    const pos = Array.from({ length: 400 }, (_, i) => i * 3);
    const want3 = reference4d(big, [1, 400, 2, D], 'bshd', pos, deepseekHead);
    expect(maxErr(pe.applyRope(big, { shape: [400, 2, D], positions: pos, rope, pairOrder: 'transformers' }), want3)).toBeLessThanOrEqual(
      2e-6 * maxAbs(big),
    );
  });

  it("pairOrder 'in-place' turns each pair where it lies; scores q·k agree with the transformers order", () => {
    const rope = pe.ropeFromConfig(cfg);
    const q = tensor(S * D, 9),
      k = tensor(S * D, 10);
    const inPlace = (v: number[], p: number) => [
      ...v.slice(0, 128),
      ...transformersRope(v.slice(128), p, inv, 'interleaved'), // the interleaved pairs, turned where they lie
    ];
    const want = reference4d(q, [1, S, 1, D], 'bshd', positions, inPlace);
    const qa = pe.applyRope(q, { shape: [S, D], positions, rope });
    expect(maxErr(qa, want)).toBeLessThanOrEqual(2e-6 * maxAbs(q));
    const ka = pe.applyRope(k, { shape: [S, D], positions, rope });
    const qt = pe.applyRope(q, { shape: [S, D], positions, rope, pairOrder: 'transformers' });
    const kt = pe.applyRope(k, { shape: [S, D], positions, rope, pairOrder: 'transformers' });
    for (let i = 0; i < S; i++)
      for (let j = 0; j < S; j++) {
        let a = 0,
          t = 0;
        for (let c = 0; c < D; c++) {
          a += qa[i * D + c] * ka[j * D + c];
          t += qt[i * D + c] * kt[j * D + c];
        }
        expect(Math.abs(a - t)).toBeLessThanOrEqual(1e-4 * (1 + Math.abs(a)));
      }
  });

  it("pairOrder 'transformers' with layout 'half' is a named error (transformers turns half pairs in place)", () => {
    expect(() => pe.applyRope(new Float32Array(8), { shape: [1, 8], layout: 'half', pairOrder: 'transformers' })).toThrow(
      /applyRope: pairOrder 'transformers' is the order apply_rotary_pos_emb_interleave leaves interleaved pairs in/,
    );
    expect(() => pe.applyRope(new Float32Array(8), { shape: [1, 8], pairOrder: 'inplace' as never })).toThrow(
      /applyRope: pairOrder must be one of 'in-place', 'transformers'/,
    );
  });
});

describe('Gemma 3: every entry of perLayerType is a complete rope; ropeForLayer picks layer i', () => {
  // gemma-3-4b-it: 34 layers, every 6th global (layer i full iff (i + 1) % 6 == 0); head_dim 256;
  // sliding layers base 1e4 unscaled, global layers base 1e6 with linear ÷8 (tests/hf/NOTES.md §5).
  const cfg = configOf('gemma-3-4b-it.json');
  const local = invFreq(256, 10000);
  const global = invFreq(256, 1e6).map((w) => w / 8);

  it('perLayerType.sliding_attention and .full_attention each turn a tensor as { rope }', () => {
    const rope = pe.ropeFromConfig(cfg);
    const x = tensor(3 * 2 * 256, 11);
    const positions = [0, 700, 5000];
    for (const [t, inv] of [
      ['sliding_attention', local],
      ['full_attention', global],
    ] as const) {
      const r = rope.perLayerType![t];
      expect(r.dim, t).toBe(256);
      expect(r.layout, t).toBe('half');
      const want = reference4d(x, [1, 3, 2, 256], 'bshd', positions, (q, p) => transformersRope(q, p, inv, 'half'));
      expect(maxErr(pe.applyRope(x, { shape: [3, 2, 256], positions, rope: r }), want), t).toBeLessThanOrEqual(2e-6 * maxAbs(x));
    }
  });

  it('ropeForLayer(rope, i) follows layer_types; a model with one rope gives that rope for any layer', () => {
    const rope = pe.ropeFromConfig(cfg);
    for (let i = 0; i < 34; i++) {
      const r = pe.ropeForLayer(rope, i);
      expect(r.base, `layer ${i}`).toBe((i + 1) % 6 === 0 ? 1e6 : 10000);
      expect(r.invFreq[1], `layer ${i}`).toBeCloseTo(((i + 1) % 6 === 0 ? global : local)[1], 15);
    }
    expect(() => pe.ropeForLayer(rope, 34)).toThrow(
      /ropeForLayer: layerIndex must be an integer from 0 to 33 \(rope\.layerTypes has 34 layers\), got 34/,
    );
    expect(() => pe.ropeForLayer(rope, 1.5)).toThrow(RangeError);
    expect(() => pe.ropeForLayer(null as never, 0)).toThrow(/ropeForLayer: rope must be the result of ropeFromConfig\(\)/);
    const llama = pe.ropeFromConfig(configOf('llama-3.1-8b-instruct.json'));
    expect(pe.ropeForLayer(llama, 31)).toBe(llama);
  });
});

describe('scaling objects: rope_type required, camelCase pointed out, warnings reach the caller', () => {
  it('a scaling without rope_type (or type) is a RangeError naming rope_type, as transformers raises', () => {
    for (const call of [
      () => pe.applyRope(new Float32Array(8), { shape: [1, 8], scaling: { factor: 2 } as never }),
      () => pe.inverseFrequencies({ dim: 8, scaling: { factor: 2 } as never }),
      () => pe.inverseFrequencies({ dim: 8, scaling: {} as never }),
    ]) {
      expect(call).toThrow(RangeError);
      expect(call).toThrow(/scaling\.rope_type is required/);
    }
    // the legacy name is accepted, as transformers accepts it
    const legacy = pe.inverseFrequencies({ dim: 8, scaling: { type: 'linear', factor: 2 } as never });
    expect(legacy.invFreq[1]).toBeCloseTo(0.1 / 2, 15);
  });

  it('camelCase keys (the rest of the API is camelCase) are named with their snake_case spelling', () => {
    expect(() => pe.applyRope(new Float32Array(8), { shape: [1, 8], scaling: { ropeType: 'linear', factor: 2 } as never })).toThrow(
      /applyRope: scaling\.rope_type is required.*its keys are camelCase \(ropeType\): scaling objects use config\.json's snake_case names \(rope_type\)/,
    );
    expect(() =>
      pe.inverseFrequencies({ dim: 8, scaling: { rope_type: 'yarn', factor: 4, originalMaxPositionEmbeddings: 4096 } as never }),
    ).toThrow(
      /inverseFrequencies: scaling\.originalMaxPositionEmbeddings is not a scaling key; its keys are camelCase.*\(original_max_position_embeddings\)/,
    );
  });

  it("applyRope passes the scaling's warnings to onWarning (transformers' words), and still turns", () => {
    const seen: string[] = [];
    const x = new Float32Array([1, 0, 0, 0]);
    const y = pe.applyRope(x, {
      shape: [1, 4],
      positions: [1],
      scaling: { rope_type: 'linear', factor: 2, finetuned: true } as never,
      onWarning: (m) => seen.push(m),
    });
    expect(seen).toEqual(["Unrecognized keys in `rope_parameters` for 'rope_type'='linear': {'finetuned'}"]);
    expect(y[0]).toBeCloseTo(Math.cos(0.5), 6);
    expect(() => pe.applyRope(x, { shape: [1, 4], onWarning: 'log' as never })).toThrow(/applyRope: onWarning must be a function/);
  });
});

describe('positionalScheme: DistilBERT sinusoidal tables and the RoBERTa padding offset', () => {
  it('DistilBERT with sinusoidal_pos_embds: a fixed sinusoidal table, which pe.sinusoidal reproduces', () => {
    const cfg = { model_type: 'distilbert', dim: 768, n_heads: 12, max_position_embeddings: 512, sinusoidal_pos_embds: true };
    const s = pe.positionalScheme(cfg);
    expect(s).toMatchObject({ scheme: 'sinusoidal', maxPositions: 512, dim: 768, layout: 'interleaved', base: 10000 });
    expect(pe.positionalScheme({ ...cfg, sinusoidal_pos_embds: false })).toMatchObject({ scheme: 'learned', maxPositions: 512, offset: 0 });
    // create_sinusoidal_embeddings: position_enc[pos][j] = pos / 10000^(2·(j // 2) / dim); sin at even j, cos at odd j.
    const t = pe.sinusoidal({ positions: 512, dim: 768, layout: 'interleaved', base: 10000 });
    let err = 0;
    for (const pos of [0, 1, 2, 100, 511])
      for (let j = 0; j < 768; j++) {
        const enc = pos / 10000 ** ((2 * Math.floor(j / 2)) / 768);
        err = Math.max(err, Math.abs(t.data[pos * 768 + j] - (j % 2 === 0 ? Math.sin(enc) : Math.cos(enc))));
      }
    expect(err).toBeLessThanOrEqual(1e-6);
  });

  it('RoBERTa-family tables start at pad_token_id + 1 (create_position_ids_from_input_ids), as OPT starts at 2', () => {
    const roberta = { model_type: 'roberta', hidden_size: 768, num_attention_heads: 12, max_position_embeddings: 514, pad_token_id: 1 };
    expect(pe.positionalScheme(roberta)).toMatchObject({ scheme: 'learned', maxPositions: 514, offset: 2, paddingIdx: 1 });
    expect(pe.positionalScheme({ ...roberta, model_type: 'xlm-roberta', pad_token_id: 0 })).toMatchObject({ offset: 1, paddingIdx: 0 });
    expect(pe.positionalScheme({ ...roberta, pad_token_id: undefined })).toMatchObject({ offset: 2, paddingIdx: 1 });
    expect(pe.positionalScheme(configOf('opt-125m.json'))).toMatchObject({ scheme: 'learned', offset: 2 });
    expect(() => pe.positionalScheme({ ...roberta, pad_token_id: -1 })).toThrow(
      /positionalScheme: config\.pad_token_id must be an integer ≥ 0/,
    );
  });
});
