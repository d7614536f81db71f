/**
 * The core module alone, for browsers (no training lab): what the page's main thread, the
 * embeddable elements and the Speed chapter load. `init` (index.ts) adds the lab.
 */
import { coreFactory } from './glue.js';
import { initWith, type Flavour } from './load.js';
import type { InitOptions, Posenc } from './types.js';

/** The bytes of one wasm build (embedded as base64; the elements bundle fetches the .wasm file). */
export async function coreWasm(flavour: Flavour): Promise<Uint8Array> {
  return flavour === 'simd'
    ? (await import('./wasm/posenc-simd.wasm.js')).default()
    : (await import('./wasm/posenc-scalar.wasm.js')).default();
}

export async function coreBytes(flavour: Flavour) {
  const [factory, bytes] = await Promise.all([coreFactory(flavour), coreWasm(flavour)]);
  return { factory, bytes };
}

/** init() without the lab: pe.lab says how to get it. */
export function initCore(options?: Omit<InitOptions, 'lab'>): Promise<Posenc> {
  return initWith(coreBytes, { ...options, lab: false });
}
