/**
 * The internal surfaces of an instance (analysis, kernels), for the page and the benchmarks. Kept
 * off the public object so the npm contract (docs/API.md) stays what it says; importable only from
 * inside this repository (package.json "exports" does not list this module).
 */
import type { Analysis, Kernels } from './internal-types.js';
import type { Posenc } from './types.js';

export type { Analysis, AttentionResult, Kernels, WasmFloat64 } from './internal-types.js';

export interface Internals {
  analysis: Analysis;
  kernels: Kernels;
}

const registry = new WeakMap<Posenc, Internals>();

export function register(pe: Posenc, internals: Internals): void {
  registry.set(pe, internals);
}

export function internals(pe: Posenc): Internals {
  const i = registry.get(pe);
  if (!i) throw new TypeError('internals: not an instance returned by init()');
  return i;
}

/** The public API and the internal surfaces as one object (the page's and the benchmarks' view). */
export type PosencFull = Posenc & Internals;

const fulls = new WeakMap<Posenc, PosencFull>();

export function full(pe: Posenc): PosencFull {
  let f = fulls.get(pe);
  if (!f) fulls.set(pe, (f = { ...pe, ...internals(pe) }));
  return f;
}
