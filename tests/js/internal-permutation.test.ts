// The "Why position" chapter's shuffle experiment (analysis.shuffleDemo) under hostile inputs: every
// argument × bad values gives a named TypeError/RangeError and leaves the instance working.
import { beforeAll, describe, expect, it } from 'vitest';

import type { PosencFull } from '../../web/src/lib/internal.js';
import { hostileSlots, type Slot } from './hostile-harness.js';
import { loadInternal } from './load-internal.js';

let pe: PosencFull;
beforeAll(async () => {
  pe = await loadInternal();
});

const m2 = () => ({ rows: 2, cols: 2, data: [1, 0.5, -0.25, 2] });
const a = () => pe.analysis;
const base = () => ({ x: m2(), permutation: [1, 0], wq: m2(), wk: m2(), wv: m2() });

const slots = (): Slot[] => [
  { fn: 'shuffleDemo', arg: 'x', call: (v) => a().shuffleDemo({ ...base(), x: v as never }), ok: () => false },
  {
    fn: 'shuffleDemo',
    arg: 'permutation',
    call: (v) => a().shuffleDemo({ ...base(), permutation: v as never }),
    ok: (v) => Array.isArray(v) && v.length === 2 && v[0] !== v[1] && v.every((p) => p === 0 || p === 1),
  },
  { fn: 'shuffleDemo', arg: 'wq', call: (v) => a().shuffleDemo({ ...base(), wq: v as never }), ok: () => false },
  { fn: 'shuffleDemo', arg: 'wv', call: (v) => a().shuffleDemo({ ...base(), wv: v as never }), ok: () => false },
  { fn: 'shuffleDemo', arg: 'encoding', call: (v) => a().shuffleDemo({ ...base(), encoding: v as never }), ok: (v) => v === undefined },
  { fn: 'shuffleDemo', arg: 'queries', call: (v) => a().shuffleDemo({ ...base(), queries: v as never }), ok: (v) => v === undefined },
  {
    fn: 'shuffleDemo',
    arg: 'queries.data',
    call: (v) => a().shuffleDemo({ ...base(), queries: { rows: 1, cols: 2, data: v as never } }),
    ok: (v) => Array.isArray(v) && v.length === 2 && v.every(Number.isFinite),
    name: /queries/,
  },
];

function stillWorks() {
  const r = pe.analysis.shuffleDemo(base());
  expect(r.equivarianceGap).toBeLessThan(1e-14);
}

hostileSlots('shuffleDemo × bad values', slots, stillWorks);

describe('shuffleDemo refuses shapes that do not fit', () => {
  it('an encoding of another shape, queries of another width, a repeated row', () => {
    expect(() => a().shuffleDemo({ ...base(), encoding: { rows: 3, cols: 2, data: [0, 0, 0, 0, 0, 0] } })).toThrow(
      /encoding must have the shape of x \(2 × 2\)/,
    );
    expect(() => a().shuffleDemo({ ...base(), queries: { rows: 1, cols: 3, data: [1, 2, 3] } })).toThrow(/queries must have 2 columns/);
    expect(() => a().shuffleDemo({ ...base(), permutation: [0, 0] })).toThrow(/permutation must contain each of 0 … 1 exactly once/);
  });
});
