// The Relative PE chapter's internal measurements (analysis_relative) under hostile inputs.
import { beforeAll, expect } from 'vitest';

import type { PosencFull } from '../../web/src/lib/internal.js';
import { hostileSlots, isInt, type Slot } from './hostile-harness.js';
import { loadInternal } from './load-internal.js';

let pe: PosencFull;
beforeAll(async () => {
  pe = await loadInternal();
});
const a = () => pe.analysis;
const seed = (v: unknown) => isInt(v) && v >= 0 && v <= 2 ** 53 - 1;

const slots = (): Slot[] => [
  {
    fn: 'relativeBiasExample',
    arg: 'n',
    call: (v) => a().relativeBiasExample({ n: v as never, seed: 1 }),
    ok: (v) => isInt(v) && v >= 1 && v <= 4096,
  },
  { fn: 'relativeBiasExample', arg: 'seed', call: (v) => a().relativeBiasExample({ n: 4, seed: v as never }), ok: seed },
  {
    fn: 'slidingPair',
    arg: 'gap',
    call: (v) => a().slidingPair({ n: 8, dim: 4, seed: 1, gap: v as never }),
    ok: (v) => isInt(v) && v >= 0 && v <= 7,
  },
  {
    fn: 'slidingPair',
    arg: 'dim',
    call: (v) => a().slidingPair({ n: 8, dim: v as never, seed: 1, gap: 1 }),
    ok: (v) => isInt(v) && v >= 2 && v <= 1024 && v % 2 === 0,
  },
  { fn: 'shawRows', arg: 'n', call: (v) => a().shawRows({ n: v as never, k: 2 }), ok: (v) => isInt(v) && v >= 1 && v <= 1024 },
  { fn: 'shawRows', arg: 'k', call: (v) => a().shawRows({ n: 4, k: v as never }), ok: (v) => isInt(v) && v >= 0 && v <= 4096 },
  { fn: 't5Layout', arg: 'span', call: (v) => a().t5Layout({ span: v as never }), ok: (v) => isInt(v) && v >= 1 && v <= 4096 },
  {
    fn: 't5Layout',
    arg: 'numBuckets',
    call: (v) => a().t5Layout({ span: 8, numBuckets: v as never }),
    ok: (v) => v === undefined,
    name: /numBuckets/,
  },
  {
    fn: 't5Layout',
    arg: 'maxDistance',
    call: (v) => a().t5Layout({ span: 8, maxDistance: v as never }),
    ok: (v) => v === undefined,
    name: /maxDistance/,
  },
  {
    fn: 't5Layout',
    arg: 'bidirectional',
    call: (v) => a().t5Layout({ span: 8, bidirectional: v as never }),
    ok: (v) => v === undefined || v === true,
  },
  { fn: 'xlView', arg: 'n', call: (v) => a().xlView({ n: v as never, dim: 4, seed: 1 }), ok: (v) => isInt(v) && v >= 1 && v <= 1024 },
  {
    fn: 'xlView',
    arg: 'seed',
    call: (v) => a().xlView({ n: 3, dim: 4, seed: v as never }),
    ok: (v) => isInt(v) && v >= 0 && v <= Math.floor((2 ** 53 - 1) / 8),
  },
  {
    fn: 'sentenceOffsets',
    arg: 'positions1',
    call: (v) => a().sentenceOffsets({ positions1: v as never, positions2: [1, 2] }),
    ok: (v) => Array.isArray(v) && v.length === 2,
  },
  {
    fn: 'sentenceOffsets',
    arg: 'positions2',
    call: (v) => a().sentenceOffsets({ positions1: [1, 2], positions2: v as never }),
    ok: (v) => Array.isArray(v) && v.length === 2,
  },
];

function stillWorks() {
  const s = pe.analysis.sentenceOffsets({ positions1: [1, 2, 3], positions2: [3, 1, 2] });
  expect(Array.from(s.neighbours2)).toEqual([-2, 1]);
}

hostileSlots('relative chapter measurements × bad values', slots, stillWorks);
