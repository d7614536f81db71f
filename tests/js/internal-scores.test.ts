// The Attention scores chapter's internal measurements (analysis_scores) under hostile inputs: every
// argument × bad values gives a named TypeError/RangeError and leaves the instance working.
import { beforeAll, describe, expect, it } from 'vitest';

import type { PosencFull } from '../../web/src/lib/internal.js';
import { hostileSlots, isInt, type Slot } from './hostile-harness.js';
import { loadInternal } from './load-internal.js';

let pe: PosencFull;
beforeAll(async () => {
  pe = await loadInternal();
});
const a = () => pe.analysis;
const toy = { n: 4, dim: 4, seed: 1 };
const side = (v: unknown) => isInt(v) && v >= 1 && v <= 1024;
const evenSide = (v: unknown) => isInt(v) && v >= 2 && v <= 1024 && v % 2 === 0;
const seed = (v: unknown) => isInt(v) && v >= 0 && v <= 2 ** 53 - 1;

const slots = (): Slot[] => [
  { fn: 'fourTermsView', arg: 'n', call: (v) => a().fourTermsView({ ...toy, n: v as never, weights: 'random' }), ok: side },
  { fn: 'fourTermsView', arg: 'dim', call: (v) => a().fourTermsView({ ...toy, dim: v as never, weights: 'random' }), ok: evenSide },
  { fn: 'fourTermsView', arg: 'seed', call: (v) => a().fourTermsView({ ...toy, seed: v as never, weights: 'random' }), ok: seed },
  { fn: 'fourTermsView', arg: 'weights', call: (v) => a().fourTermsView({ ...toy, weights: v as never }), ok: (v) => v === undefined },
  {
    fn: 'repeatedWordRow',
    arg: 'query',
    call: (v) => a().repeatedWordRow({ ...toy, weights: 'identity', query: v as never }),
    ok: (v) => isInt(v) && v >= 0 && v <= 3,
  },
  { fn: 'repeatedWordRow', arg: 'n', call: (v) => a().repeatedWordRow({ ...toy, n: v as never, weights: 'identity', query: 0 }), ok: side },
  { fn: 'positionDiagonals', arg: 'dim', call: (v) => a().positionDiagonals({ ...toy, dim: v as never }), ok: evenSide },
  { fn: 'positionDiagonals', arg: 'seed', call: (v) => a().positionDiagonals({ ...toy, seed: v as never }), ok: seed },
  {
    fn: 'causalView',
    arg: 'causal',
    call: (v) => a().causalView({ ...toy, weights: 'random', causal: v as never }),
    ok: (v) => v === undefined || v === true,
  },
  { fn: 'causalView', arg: 'n', call: (v) => a().causalView({ ...toy, n: v as never, weights: 'random', causal: true }), ok: side },
  { fn: 'diagonalProfile', arg: 'm', call: (v) => a().diagonalProfile(v as never), ok: () => false },
  {
    fn: 'diagonalProfile',
    arg: 'm.data',
    call: (v) => a().diagonalProfile({ rows: 2, cols: 2, data: v as never }),
    ok: () => false,
    name: /m\.data/,
  },
];

function stillWorks() {
  const p = pe.analysis.diagonalProfile({ rows: 2, cols: 2, data: Float64Array.of(1, 2, 3, 1) });
  expect(p.relativeSpread).toBe(0);
}

hostileSlots('scores chapter measurements × bad values', slots, stillWorks);

describe('scores chapter measurements: options', () => {
  it('refuses unknown options and a missing options object', () => {
    expect(() => a().fourTermsView({ ...toy, weights: 'random', dims: 4 } as never)).toThrow(/unknown option 'dims'/);
    expect(() => a().fourTermsView(undefined as never)).toThrow(TypeError);
  });
});
