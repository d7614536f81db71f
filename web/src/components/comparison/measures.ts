/**
 * The comparison figures (gallery and table) read the same measurements at the same sizes: ask the
 * core once per (n, d, n_max) and hand both the same result.
 */
import type { Analysis } from '../../lib/internal-types.js';
import type { PosencFull } from '../../lib/internal.js';

export type Measures = ReturnType<Analysis['comparisonMeasures']>;

let last: { pe: PosencFull; key: string; value: Measures } | undefined;

export function measures(pe: PosencFull, o: { n: number; dim: number; nMax: number }): Measures {
  const key = `${o.n}|${o.dim}|${o.nMax}`;
  if (last?.pe !== pe || last.key !== key) last = { pe, key, value: pe.analysis.comparisonMeasures(o) };
  return last.value;
}
