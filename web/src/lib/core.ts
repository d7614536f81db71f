/**
 * The core module alone, for browsers (no training lab): what the page's main thread, the
 * embeddable elements and the Speed chapter's worker load. `init` (index.ts) adds the lab.
 */
import { initWith, type Flavour } from './load.js';
import type { InitOptions, Posenc } from './types.js';

function decode(b64: string): Uint8Array {
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
}

export async function coreBytes(flavour: Flavour) {
  if (flavour === 'simd') {
    const [glue, wasm] = await Promise.all([import('./wasm/posenc-simd.mjs'), import('./wasm/posenc-simd.wasm.js')]);
    return { factory: glue.default, bytes: decode(wasm.default) };
  }
  const [glue, wasm] = await Promise.all([import('./wasm/posenc-scalar.mjs'), import('./wasm/posenc-scalar.wasm.js')]);
  return { factory: glue.default, bytes: decode(wasm.default) };
}

/** init() without the lab: pe.lab says how to get it. */
export function initCore(options?: Omit<InitOptions, 'lab'>): Promise<Posenc> {
  return initWith(coreBytes, { ...options, lab: false });
}
