// The "Design history" chapter's measurements under hostile inputs: every argument × bad values gives
// a named TypeError/RangeError and leaves the instance working.
import { beforeAll, describe, expect, it } from 'vitest';

import type { PosencFull } from '../../web/src/lib/internal.js';
import { evenDim, finite, hostileSlots, isInt, type Slot } from './hostile-harness.js';
import { loadInternal } from './load-internal.js';

let pe: PosencFull;
beforeAll(async () => {
  pe = await loadInternal();
});

const a = () => pe.analysis;
const tokens = () => ({ rows: 2, cols: 2, data: [1, -1, 0.5, 2] });

const slots = (): Slot[] => [
  {
    fn: 'integerLabels',
    arg: 'tokens',
    call: (v) => a().integerLabels({ tokens: v as never, length: 4, trainLength: 2 }),
    ok: () => false,
  },
  {
    fn: 'integerLabels',
    arg: 'length',
    call: (v) => a().integerLabels({ tokens: tokens(), length: v as never, trainLength: 2 }),
    ok: (v) => isInt(v) && v >= 1 && v <= 2 ** 20,
  },
  {
    fn: 'integerLabels',
    arg: 'trainLength',
    call: (v) => a().integerLabels({ tokens: tokens(), length: 4, trainLength: v as never }),
    ok: (v) => isInt(v) && v >= 1 && v <= 2 ** 20,
  },
  {
    fn: 'normalizedRulers',
    arg: 'lengths',
    call: (v) => a().normalizedRulers(v as never),
    ok: (v) => Array.isArray(v) && v.length >= 1 && v.every((n) => isInt(n) && n >= 2 && n <= 4096),
  },
  { fn: 'binarySteps', arg: 'bits', call: (v) => a().binarySteps({ bits: v as never, step: 0 }), ok: (v) => isInt(v) && v >= 1 && v <= 16 },
  { fn: 'binarySteps', arg: 'step', call: (v) => a().binarySteps({ bits: 4, step: v as never }), ok: (v) => isInt(v) && v >= 0 && v <= 14 },
  { fn: 'shiftPrediction', arg: 'k', call: (v) => a().shiftPrediction({ k: v as never, dim: 4 }), ok: finite },
  {
    fn: 'shiftPrediction',
    arg: 'dim',
    call: (v) => a().shiftPrediction({ k: 1, dim: v as never }),
    ok: (v) => evenDim(v) && (v as number) <= 256,
  },
  {
    fn: 'shiftPrediction',
    arg: 'n',
    call: (v) => a().shiftPrediction({ k: 1, dim: 4, n: v as never }),
    ok: (v) => v === undefined || (isInt(v) && v >= 2 && v <= 8192),
  },
  {
    fn: 'shiftPrediction',
    arg: 'features',
    call: (v) => a().shiftPrediction({ k: 1, dim: 4, features: v as never }),
    ok: (v) => v === undefined || v === 'sin' || v === 'sincos',
  },
  { fn: 'closestRows', arg: 'x', call: (v) => a().closestRows(v as never), ok: () => false },
  { fn: 'pairHands', arg: 'pos', call: (v) => a().pairHands({ pos: v as never, k: 1, dim: 4 }), ok: finite },
  { fn: 'pairHands', arg: 'dim', call: (v) => a().pairHands({ pos: 1, k: 1, dim: v as never }), ok: evenDim },
  {
    fn: 'pairHands',
    arg: 'base',
    call: (v) => a().pairHands({ pos: 1, k: 1, dim: 4, base: v as never }),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 1),
  },
];

function stillWorks() {
  expect(pe.analysis.binarySteps({ bits: 4, step: 7 }).stepFlips).toBe(4);
}

hostileSlots('history measurements × bad values', slots, stillWorks);

describe('history measurements: the messages name what is wrong', () => {
  it('a step past the last code, a one-row matrix, a one-token ruler', () => {
    expect(() => a().binarySteps({ bits: 4, step: 15 })).toThrow(/step must be an integer from 0 to 14, got 15/);
    expect(() => a().closestRows({ rows: 1, cols: 2, data: [1, 2] })).toThrow(/x must have at least 2 rows, got 1/);
    expect(() => a().normalizedRulers([1])).toThrow(/lengths\[0\] must be an integer from 2 to 4096, got 1/);
  });
});
