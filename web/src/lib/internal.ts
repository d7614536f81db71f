/**
 * The internal surfaces of an instance (analysis, kernels), for the page and the benchmarks. Kept
 * off the public object so the npm contract (docs/API.md) stays what it says; importable only from
 * inside this repository (package.json "exports" does not list this module).
 */
import { loadAnalysis } from './analysis/load.js';
import type { Analysis } from './analysis/bind.js';
import type { Kernels } from './internal-types.js';
import type { Posenc } from './types.js';

export type { Kernels, WasmFloat64 } from './internal-types.js';
export type * from './analysis/bind.js';

export interface Internals {
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

/** The public API and the kernels: what the benchmarks use (without the measurements' module). */
export type PosencKernels = Posenc & Internals;

export function withKernels(pe: Posenc): PosencKernels {
  return { ...pe, ...internals(pe) };
}

/** The public API, the kernels and the measurements (their own module) as one object: the page's view. */
export type PosencFull = Posenc & Internals & { analysis: Analysis };

const fulls = new WeakMap<Posenc, Promise<PosencFull>>();

/** Loads the measurements' module (once) and joins it to this instance. */
export function full(pe: Posenc): Promise<PosencFull> {
  let f = fulls.get(pe);
  if (!f) fulls.set(pe, (f = loadAnalysis().then((analysis) => ({ ...pe, ...internals(pe), analysis }))));
  return f;
}
