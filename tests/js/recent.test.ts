// The encodings since 2023 that are functions of positions, through the packed package, against
// float64 references written here from the papers' formulas (docs/API.md, "Encodings since 2023").
import { beforeAll, describe, expect, it } from 'vitest';

import type { Posenc } from '../../web/src/lib/types.js';
import { loadPosenc } from './load-posenc.js';

let pe: Posenc;
beforeAll(async () => {
  pe = await loadPosenc();
});

const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(1e-300, Math.abs(b));

describe('encodings since 2023 as functions of positions', () => {
  it('xposScale: ζ_i^(p/B) with ζ_i = (2i/d + γ)/(1 + γ), for a count or a list of positions', () => {
    for (const [dim, B, gamma] of [
      [64, 512, 0.4],
      [16, 6, 0.4],
      [8, 100, 1],
    ]) {
      const positions = [0, 1, 5, 511.5, -40, 2048];
      const m = pe.xposScale({ dim, positions, scaleBase: B, gamma });
      expect([m.rows, m.cols]).toEqual([positions.length, dim / 2]);
      positions.forEach((p, r) => {
        for (let i = 0; i < dim / 2; i++) {
          const zeta = ((2 * i) / dim + gamma) / (1 + gamma);
          expect(rel(m.data[r * (dim / 2) + i], Math.pow(zeta, p / B))).toBeLessThanOrEqual(1e-12);
        }
      });
    }
    const byCount = pe.xposScale({ dim: 8, positions: 4 });
    expect(Array.from(byCount.data)).toEqual(Array.from(pe.xposScale({ dim: 8, positions: [0, 1, 2, 3] }).data));
    expect(() => pe.xposScale({ dim: 7, positions: 3 })).toThrow(RangeError);
    expect(() => pe.xposScale({ dim: 8, positions: 3, scaleBase: 0 })).toThrow(/scaleBase must be/);
    expect(() => pe.xposScale({ dim: 8 } as never)).toThrow(/positions is required/);
  });

  it('pRopeFrequencies: base^(−2k/d) for the fastest ⌊p·d/2⌋ planes, 0 after', () => {
    for (const [dim, base, p] of [
      [16, 10000, 0.75],
      [128, 500000, 0.25],
      [64, 10000, 1],
      [64, 10000, 0],
    ]) {
      const f = pe.pRopeFrequencies({ dim, base, p });
      const kept = Math.floor((p * dim) / 2);
      expect(f.length).toBe(dim / 2);
      for (let k = 0; k < dim / 2; k++) {
        if (k < kept) expect(rel(f[k], Math.pow(base, (-2 * k) / dim))).toBeLessThanOrEqual(1e-12);
        else expect(f[k]).toBe(0);
      }
    }
    expect(() => pe.pRopeFrequencies({ dim: 16, p: 1.5 })).toThrow(/p must be/);
  });

  it('kerpleBias: −r1_h·log(1 + r2_h·|i − j|), causal or not', () => {
    const r1 = [1.3, 0.05, 2],
      r2 = [0.2, 4, 0.01];
    for (const causal of [true, false]) {
      const b = pe.kerpleBias({ r1, r2, length: 7, causal });
      expect(b.length).toBe(3 * 49);
      for (let h = 0; h < 3; h++)
        for (let i = 0; i < 7; i++)
          for (let j = 0; j < 7; j++) {
            const want = causal && j > i ? 0 : -r1[h] * Math.log(1 + r2[h] * Math.abs(i - j));
            const got = b[(h * 7 + i) * 7 + j];
            if (want === 0) expect(got === 0).toBe(true);
            else expect(rel(got, want)).toBeLessThanOrEqual(1e-6);
          }
    }
    expect(() => pe.kerpleBias({ r1: [1], r2: [0], length: 3 })).toThrow(/r2\[0\] must be a finite number > 0/);
    expect(() => pe.kerpleBias({ r1: [1, 2], r2: [1], length: 3 })).toThrow(/r2 must have one value per head/);
  });

  it('fireDistance: log(|c(i − j)| + 1)/(log(|c·max(i, L)| + 1) + 1e-6), in [0, 1]', () => {
    const x = pe.fireDistance({ length: 30, c: 0.1, threshold: 8 });
    for (let i = 0; i < 30; i++)
      for (let j = 0; j < 30; j++) {
        const want = j > i ? 0 : Math.log(0.1 * (i - j) + 1) / (Math.log(0.1 * Math.max(i, 8) + 1) + 1e-6);
        const got = x.data[i * 30 + j];
        if (want === 0) expect(got).toBe(0);
        else expect(rel(got, want)).toBeLessThanOrEqual(1e-12);
        expect(got).toBeLessThanOrEqual(1);
      }
  });

  it("noRopeLayers and llama4AttentionScale: transformers' Llama 4 (48 layers, interval 4, floor 8192, scale 0.1)", () => {
    const layers = pe.noRopeLayers({ numLayers: 48 });
    for (let l = 0; l < 48; l++) expect(layers[l]).toBe((l + 1) % 4 !== 0 ? 1 : 0);
    const positions = [0, 100, 8190, 8191, 8192, 20000, 1e6];
    const t = pe.llama4AttentionScale({ positions });
    positions.forEach((p, i) => expect(rel(t[i], Math.log1p(Math.floor((p + 1) / 8192)) * 0.1 + 1)).toBeLessThanOrEqual(1e-12));
    const own = pe.llama4AttentionScale({ positions: 5, floorScale: 2, attnScale: 1 });
    expect(Array.from(own, (v) => v.toFixed(6))).toEqual([0, 1, 2, 3, 4].map((p) => (Math.log1p(Math.floor((p + 1) / 2)) + 1).toFixed(6)));
    expect(() => pe.llama4AttentionScale({ positions: [-1] })).toThrow(/positions\[0\] must be/);
    expect(() => pe.noRopeLayers({ numLayers: 0 })).toThrow(/numLayers must be/);
  });
});
