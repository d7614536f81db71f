// The sinusoidal chapter's measurements (wavelengths, the longest-period check, dot products and
// distances for given frequencies, the dot-product profile, the closest positions, the PCA arch)
// under hostile inputs: every argument × bad values gives a named TypeError/RangeError and leaves
// the instance working.
import { beforeAll, describe, expect, it } from 'vitest';

import type { PosencFull } from '../../web/src/lib/internal.js';
import { evenDim, finite, hostileSlots, isInt, type Slot } from './hostile-harness.js';
import { loadInternal } from './load-internal.js';

let pe: PosencFull;
beforeAll(async () => {
  pe = await loadInternal();
});

const a = () => pe.analysis;
const positiveList = (v: unknown) => Array.isArray(v) && v.length >= 1 && v.every((x) => finite(x) && (x as number) > 0);

const slots = (): Slot[] => [
  { fn: 'wavelengths', arg: 'dim', call: (v) => a().wavelengths({ dim: v as never }), ok: evenDim },
  {
    fn: 'wavelengths',
    arg: 'base',
    call: (v) => a().wavelengths({ dim: 4, base: v as never }),
    ok: (v) => v === undefined || (finite(v) && (v as number) > 1),
  },
  {
    fn: 'periodCheck',
    arg: 'length',
    call: (v) => a().periodCheck({ dim: 8, length: v as never }),
    ok: (v) => finite(v) && (v as number) > 0,
  },
  { fn: 'periodCheck', arg: 'dim', call: (v) => a().periodCheck({ dim: v as never, length: 10 }), ok: evenDim },
  { fn: 'dotByFrequencies', arg: 'invFreq', call: (v) => a().dotByFrequencies({ invFreq: v as never, offsets: [1] }), ok: positiveList },
  {
    fn: 'dotByFrequencies',
    arg: 'offsets',
    call: (v) => a().dotByFrequencies({ invFreq: [1], offsets: v as never }),
    ok: (v) => Array.isArray(v) && v.every(finite),
  },
  {
    fn: 'distanceByFrequencies',
    arg: 'invFreq',
    call: (v) => a().distanceByFrequencies({ invFreq: v as never, offsets: [1] }),
    ok: positiveList,
  },
  {
    fn: 'dotProfile',
    arg: 'maxOffset',
    call: (v) => a().dotProfile({ dim: 4, maxOffset: v as never }),
    ok: (v) => isInt(v) && v >= 1 && v <= 8192,
  },
  {
    fn: 'dotProfile',
    arg: 'dim',
    call: (v) => a().dotProfile({ dim: v as never, maxOffset: 4 }),
    ok: (v) => evenDim(v) && (v as number) <= 256,
  },
  {
    fn: 'dotProfile',
    arg: 'starts',
    call: (v) => a().dotProfile({ dim: 4, maxOffset: 4, starts: v as never }),
    ok: (v) => v === undefined || (Array.isArray(v) && v.length <= 8 && v.every((s) => isInt(s) && s >= 0 && s <= 8192)),
  },
  {
    fn: 'closestPositions',
    arg: 'count',
    call: (v) => a().closestPositions({ dim: 4, count: v as never }),
    ok: (v) => isInt(v) && v >= 2 && v <= 2 ** 20,
  },
  { fn: 'closestPositions', arg: 'dim', call: (v) => a().closestPositions({ dim: v as never, count: 4 }), ok: evenDim },
  { fn: 'pcaShape', arg: 'x', call: (v) => a().pcaShape(v as never), ok: () => false },
];

function stillWorks() {
  expect(pe.analysis.wavelengths({ dim: 2 })[0]).toBeCloseTo(2 * Math.PI, 14);
}

hostileSlots('sinusoidal measurements × bad values', slots, stillWorks);

describe('sinusoidal measurements: limits and messages', () => {
  it('refuses a scan too long for the page, a frequency of 0, a one-column PCA', () => {
    expect(() => a().closestPositions({ dim: 16384, count: 2 ** 20 })).toThrow(/count × dim\/2 must be at most 2\^26/);
    expect(() => a().dotByFrequencies({ invFreq: [1, 0], offsets: [1] })).toThrow(/invFreq\[1\] must be a finite number > 0, got 0/);
    expect(() => a().pcaShape({ rows: 3, cols: 1, data: [1, 2, 3] })).toThrow(/x must have at least 2 columns, got 1/);
  });
  it('the numbers the chapter prints: 6283 and 60 611, first above 10 000 at d = 12', () => {
    const c = a().periodCheck({ dim: 8, length: 10000 });
    expect(c.longest).toBeCloseTo(2 * Math.PI * 10000 ** 0.75, 8);
    expect(Math.round(c.longest512)).toBe(60611);
    expect(c.minDim).toBe(12);
    expect(c.exceeds).toBe(false);
  });
});
