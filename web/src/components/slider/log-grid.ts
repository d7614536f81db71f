/**
 * The values a log-scale slider stops at: 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 × 10ᵏ (ten per
 * decade, each about 25 % from the next, so the thumb moves evenly in log space), snapped to the
 * slider's step and always including both ends. Pure, unit-tested in Node.
 */
const MANTISSAS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8];

/** v rounded to a multiple of step (integers stay integers; no 0.30000000000000004). */
export function snapToStep(v: number, step: number): number {
  if (!(step > 0)) return v;
  return Number((Math.round(v / step) * step).toFixed(10));
}

export function logGrid(min: number, max: number, step: number): number[] {
  if (!(max > min)) return [min];
  const out = new Set<number>([min]);
  // A range starting at 0 or below steps from its first positive multiple of step.
  const first = min > 0 ? min : Math.max(step > 0 ? step : 1e-12, Math.min(max, 1));
  const k0 = Math.floor(Math.log10(first)),
    k1 = Math.ceil(Math.log10(max));
  for (let k = k0; k <= k1; k++) {
    for (const m of MANTISSAS) {
      const v = snapToStep(m * 10 ** k, step);
      if (v > min && v < max && v >= first) out.add(v);
    }
  }
  out.add(max);
  return [...out].sort((a, b) => a - b);
}

/** Index of the grid value nearest to v, measured in log space (linear for non-positive values). */
export function nearestIndex(grid: number[], v: number): number {
  let best = 0,
    bd = Infinity;
  for (let i = 0; i < grid.length; i++) {
    const g = grid[i];
    const d = g > 0 && v > 0 ? Math.abs(Math.log(g / v)) : Math.abs(g - v);
    if (d < bd) {
      bd = d;
      best = i;
    }
  }
  return best;
}
