/**
 * The core module alone, for browsers (no training lab): what the page's main thread, the
 * embeddable elements and the Speed chapter's worker load. `init` (index.ts) adds the lab.
 */
import { initWith, type Flavour } from './load.js';
import type { InitOptions, Posenc } from './types.js';

export async function coreBytes(flavour: Flavour) {
  if (flavour === 'simd') {
    const [glue, wasm] = await Promise.all([import('./wasm/posenc-simd.mjs'), import('./wasm/posenc-simd.wasm.js')]);
    return { factory: glue.default, bytes: await wasm.default() };
  }
  const [glue, wasm] = await Promise.all([import('./wasm/posenc-scalar.mjs'), import('./wasm/posenc-scalar.wasm.js')]);
  return { factory: glue.default, bytes: await wasm.default() };
}

/** init() without the lab: pe.lab says how to get it. */
export function initCore(options?: Omit<InitOptions, 'lab'>): Promise<Posenc> {
  return initWith(coreBytes, { ...options, lab: false });
}
