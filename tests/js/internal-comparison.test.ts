// The Comparison chapter's internal measurements (analysis_comparison) under hostile inputs.
import { beforeAll, expect } from 'vitest';

import type { PosencFull } from '../../web/src/lib/internal.js';
import { hostileSlots, isInt, type Slot } from './hostile-harness.js';
import { loadInternal } from './load-internal.js';

let pe: PosencFull;
beforeAll(async () => {
  pe = await loadInternal();
});
const a = () => pe.analysis;
const sizes = { n: 4, dim: 4, nMax: 8 };

const slots = (): Slot[] => [
  {
    fn: 'comparisonMeasures',
    arg: 'n',
    call: (v) => a().comparisonMeasures({ ...sizes, n: v as never }),
    ok: (v) => isInt(v) && v >= 1 && v <= 1024,
  },
  {
    fn: 'comparisonMeasures',
    arg: 'dim',
    call: (v) => a().comparisonMeasures({ ...sizes, dim: v as never }),
    ok: (v) => isInt(v) && v >= 2 && v <= 1024 && v % 2 === 0,
  },
  {
    fn: 'comparisonMeasures',
    arg: 'nMax',
    call: (v) => a().comparisonMeasures({ ...sizes, nMax: v as never }),
    ok: (v) => isInt(v) && v >= 1 && v <= 2 ** 20,
  },
  {
    fn: 'comparisonMeasures',
    arg: 'seed',
    call: (v) => a().comparisonMeasures({ ...sizes, seed: v as never }),
    ok: (v) => v === undefined || (isInt(v) && v >= 0 && v <= 2 ** 53 - 1),
  },
];

function stillWorks() {
  const c = pe.analysis.comparisonMeasures({ n: 4, dim: 4, nMax: 8 });
  expect(c.definedAtNMax).toEqual([true, false, true, true]);
}

hostileSlots('comparison chapter measurements × bad values', slots, stillWorks);
