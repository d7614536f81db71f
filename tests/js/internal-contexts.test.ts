// The "Longer contexts" chapter's measurements (analysis_contexts.hpp: scalingBands, mropeScores,
// contextFrequencies, longRangeValues, longRangeEnvelope, longRangeColumns, longRangeMatrix,
// alibiHeadBias, alibiByOffset) and kernels.sinusoidal's `start` under hostile arguments.
import { beforeAll, describe, expect, it } from 'vitest';

import type { PosencFull } from '../../web/src/lib/internal.js';
import { finite, hostileSlots, isInt, type Slot } from './hostile-harness.js';
import { loadInternal } from './load-internal.js';

let pe: PosencFull;
beforeAll(async () => {
  pe = await loadInternal();
});

const a = () => pe.analysis;
const list = (v: unknown) => Array.isArray(v) && v.every(finite);
const ctx = (o: Record<string, unknown>) =>
  a().contextFrequencies({ dim: 64, base: 10000, trainLength: 4096, targetLength: 32768, ...o } as never);

const slots = (): Slot[] => [
  {
    fn: 'scalingBands',
    arg: 'factor',
    call: (v) => a().scalingBands({ plain: [1, 0.1], scaled: [1, 0.05], factor: v as never }),
    ok: (v) => finite(v) && (v as number) > 0,
  },
  {
    fn: 'scalingBands',
    arg: 'scaled',
    call: (v) => a().scalingBands({ plain: [1, 0.1], scaled: v as never, factor: 2 }),
    ok: (v) => list(v) && (v as unknown[]).length === 2,
  },
  {
    fn: 'configWavelengths',
    arg: 'invFreq',
    call: (v) => a().configWavelengths({ invFreq: v as never, lengths: [4096] }),
    ok: (v) => list(v) && (v as number[]).length >= 1 && (v as number[]).length <= 8192 && (v as number[]).every((x) => x > 0),
  },
  {
    fn: 'configWavelengths',
    arg: 'lengths',
    call: (v) => a().configWavelengths({ invFreq: [1, 0.1], lengths: v as never }),
    ok: (v) => list(v) && (v as number[]).length <= 16 && (v as number[]).every((x) => x > 0),
  },
  {
    fn: 'mropeScores',
    arg: 'axes',
    call: (v) => a().mropeScores({ q: [1, 2, 3, 4], k: [4, 3, 2, 1], invFreq: [1, 0.1], axes: v as never, grid: 3 }),
    ok: (v) => list(v) && (v as number[]).length === 2 && (v as number[]).every((x) => x === 0 || x === 1 || x === 2),
  },
  {
    fn: 'mropeScores',
    arg: 'grid',
    call: (v) => a().mropeScores({ q: [1, 2, 3, 4], k: [4, 3, 2, 1], invFreq: [1, 0.1], axes: [1, 2], grid: v as never }),
    ok: (v) => isInt(v) && v >= 1 && v <= 64,
  },
  {
    fn: 'mropeScores',
    arg: 'dt',
    call: (v) => a().mropeScores({ q: [1, 2, 3, 4], k: [4, 3, 2, 1], invFreq: [1, 0.1], axes: [1, 2], grid: 3, dt: v as never }),
    ok: (v) => v === undefined || (finite(v) && Math.abs(v as number) <= 2 ** 26),
  },
  { fn: 'contextFrequencies', arg: 'dim', call: (v) => ctx({ dim: v }), ok: (v) => isInt(v) && v >= 4 && v <= 16384 && v % 2 === 0 },
  { fn: 'contextFrequencies', arg: 'base', call: (v) => ctx({ base: v }), ok: (v) => finite(v) && (v as number) > 1 },
  { fn: 'contextFrequencies', arg: 'trainLength', call: (v) => ctx({ trainLength: v }), ok: (v) => isInt(v) && v >= 1 && v <= 2 ** 26 },
  { fn: 'contextFrequencies', arg: 'targetLength', call: (v) => ctx({ targetLength: v }), ok: (v) => isInt(v) && v >= 1 && v <= 2 ** 26 },
  {
    fn: 'contextFrequencies',
    arg: 'betaFast',
    call: (v) => ctx({ betaFast: v }),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 0),
  },
  {
    fn: 'contextFrequencies',
    arg: 'highFreqFactor',
    call: (v) => ctx({ highFreqFactor: v }),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 0),
  },
  { fn: 'longRangeValues', arg: 'offsets', call: (v) => a().longRangeValues({ invFreq: [1, 0.1], offsets: v as never }), ok: list },
  {
    fn: 'longRangeValues',
    arg: 'attentionFactor',
    call: (v) => a().longRangeValues({ invFreq: [1], attentionFactor: v as never, offsets: [1] }),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 0),
  },
  {
    fn: 'longRangeEnvelope',
    arg: 'length',
    call: (v) => a().longRangeEnvelope({ invFreq: [1, 0.1], length: v as never, columns: 4 }),
    ok: (v) => isInt(v) && v >= 0 && v <= 2 ** 20,
  },
  {
    fn: 'longRangeEnvelope',
    arg: 'columns',
    call: (v) => a().longRangeEnvelope({ invFreq: [1, 0.1], length: 100, columns: v as never }),
    ok: (v) => isInt(v) && v >= 1 && v <= 2 ** 20,
  },
  {
    fn: 'longRangeEnvelope',
    arg: 'firstColumn',
    call: (v) => a().longRangeEnvelope({ invFreq: [1], length: 100, columns: 4, firstColumn: v as never }),
    ok: (v) => v === undefined || (isInt(v) && v >= 0 && v <= 4),
  },
  {
    fn: 'longRangeColumns',
    arg: 'columns',
    call: (v) => a().longRangeColumns({ length: 100, columns: v as never }),
    ok: (v) => isInt(v) && v >= 1 && v <= 2 ** 20,
  },
  {
    fn: 'longRangeMatrix',
    arg: 'size',
    call: (v) => a().longRangeMatrix({ invFreq: [1, 0.1], length: 100, size: v as never }),
    ok: (v) => isInt(v) && v >= 2 && v <= 4096,
  },
  {
    fn: 'alibiHeadBias',
    arg: 'head',
    call: (v) => a().alibiHeadBias({ numHeads: 4, head: v as never, length: 8 }),
    ok: (v) => isInt(v) && v >= 0 && v <= 3,
  },
  {
    fn: 'alibiHeadBias',
    arg: 'length',
    call: (v) => a().alibiHeadBias({ numHeads: 4, head: 0, length: v as never }),
    ok: (v) => isInt(v) && v >= 1 && v <= 4096,
  },
  {
    fn: 'alibiByOffset',
    arg: 'numHeads',
    call: (v) => a().alibiByOffset({ numHeads: v as never, offsets: [0, 10] }),
    ok: (v) => isInt(v) && v >= 1 && v <= 4096,
  },
  {
    fn: 'kernels.sinusoidal',
    arg: 'start',
    call: (v) => {
      const t = pe.tensor(64);
      try {
        pe.kernels.sinusoidal(t, { start: v as never, count: 2, dim: 4 });
      } finally {
        t.free();
      }
    },
    ok: (v) => v === undefined || (isInt(v) && v >= 0 && v <= 14),
  },
];

function stillWorks() {
  const v = pe.analysis.longRangeValues({ invFreq: [1, 0.5], offsets: [0] });
  expect(v[0]).toBe(4);
}

hostileSlots('Longer contexts measurements × bad values', slots, stillWorks);

describe('Longer contexts measurements: values', () => {
  it('factor 1 (L′ = L) gives slowdowns of exactly 1 for every scaling', () => {
    const f = ctx({ trainLength: 32768, targetLength: 32768 });
    expect(f.factor).toBe(1);
    for (const s of f.scalings) {
      expect(s.error).toBe('');
      expect(Array.from(s.slowdown).every((r) => r === 1)).toBe(true);
    }
  });
  it('Llama 3 with high_freq_factor ≤ low_freq_factor is refused for that curve only', () => {
    const f = ctx({ lowFreqFactor: 4, highFreqFactor: 2 });
    expect(f.scalings.find((s) => s.kind === 'llama3')!.error).toMatch(
      /high_freq_factor \(2\) must be greater than scaling.low_freq_factor \(4\)/,
    );
    expect(f.scalings.find((s) => s.kind === 'linear')!.error).toBe('');
  });
  it('kernels.sinusoidal by blocks equals the whole table', () => {
    const n = 3000,
      d = 16;
    const whole = pe.tensor(n * d),
      blocks = pe.tensor(n * d);
    pe.kernels.sinusoidal(whole, { count: n, dim: d });
    for (let s = 0; s < n; s += 1024) pe.kernels.sinusoidal(blocks, { start: s, count: Math.min(1024, n - s), dim: d });
    expect(Array.from(blocks.view())).toEqual(Array.from(whole.view()));
    whole.free();
    blocks.free();
  });
});
