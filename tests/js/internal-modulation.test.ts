// The Additive vs multiplicative chapter's internal measurements (analysis_modulation) under hostile inputs.
import { beforeAll, expect } from 'vitest';

import type { PosencFull } from '../../web/src/lib/internal.js';
import { finite, hostileSlots, isInt, type Slot } from './hostile-harness.js';
import { loadInternal } from './load-internal.js';

let pe: PosencFull;
beforeAll(async () => {
  pe = await loadInternal();
});
const a = () => pe.analysis;
const plane = { phi: 30, omega: 0.2, delta: 0 };

const slots = (): Slot[] => [
  { fn: 'modulationCurves', arg: 'phi', call: (v) => a().modulationCurves({ ...plane, phi: v as never }), ok: finite },
  {
    fn: 'modulationCurves',
    arg: 'omega',
    call: (v) => a().modulationCurves({ ...plane, omega: v as never }),
    ok: (v) => finite(v) && (v as number) > 0,
  },
  {
    fn: 'modulationCurves',
    arg: 'delta',
    call: (v) => a().modulationCurves({ ...plane, delta: v as never }),
    ok: (v) => isInt(v) && v >= -60 && v <= 60,
  },
  {
    fn: 'modulationCurves',
    arg: 'm',
    call: (v) => a().modulationCurves({ ...plane, m: v as never }),
    ok: (v) => v === undefined || (isInt(v) && v >= 0 && v <= 4096),
  },
  {
    fn: 'modulationCurves',
    arg: 'span',
    call: (v) => a().modulationCurves({ ...plane, span: v as never }),
    ok: (v) => v === undefined || (isInt(v) && v >= 1 && v <= 4096),
  },
  {
    fn: 'modulationCurves',
    arg: 'positions',
    call: (v) => a().modulationCurves({ ...plane, positions: v as never }),
    ok: (v) => v === undefined || (isInt(v) && v >= 1 && v <= 4096),
  },
  {
    fn: 'modulationSplit',
    arg: 'seed',
    call: (v) => a().modulationSplit({ seed: v as never, delta: 3 }),
    ok: (v) => isInt(v) && v >= 0 && v <= 2 ** 53 - 101,
  },
  { fn: 'modulationSplit', arg: 'delta', call: (v) => a().modulationSplit({ seed: 1, delta: v as never }), ok: finite },
  {
    fn: 'modulationSplit',
    arg: 'dim',
    call: (v) => a().modulationSplit({ seed: 1, delta: 3, dim: v as never }),
    ok: (v) => v === undefined,
  },
];

function stillWorks() {
  const c = pe.analysis.modulationCurves({ phi: 30, omega: 0.2, delta: 3, span: 3, positions: 1 });
  expect(c.ropeAt).toBeCloseTo(Math.cos(Math.PI / 6 + 0.6), 14);
}

hostileSlots('modulation chapter measurements × bad values', slots, stillWorks);
