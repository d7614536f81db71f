/** posenc for Node ≥ 20: reads the .wasm files next to this module (no fetch, no base64). */
import { readFile } from 'node:fs/promises';

import { initWith, type Flavour } from './load.js';
import type { InitOptions, Posenc, PosencCore } from './types.js';

export type * from './types.js';
export { simdSupported } from './load.js';

async function load(flavour: Flavour) {
  const glue = flavour === 'simd' ? await import('./wasm/posenc-simd.mjs') : await import('./wasm/posenc-scalar.mjs');
  const bytes = await readFile(new URL(`./wasm/posenc-${flavour}.wasm`, import.meta.url));
  return { factory: glue.default, bytes: new Uint8Array(bytes) };
}

async function loadLab(flavour: Flavour) {
  const glue = flavour === 'simd' ? await import('./wasm/posenc-lab-simd.mjs') : await import('./wasm/posenc-lab-scalar.mjs');
  const bytes = await readFile(new URL(`./wasm/posenc-lab-${flavour}.wasm`, import.meta.url));
  return { factory: glue.default, bytes: new Uint8Array(bytes) };
}

/**
 * Loads the SIMD build where WebAssembly SIMD validates, else the scalar one, and the training
 * lab's module unless init({ lab: false }) (then the instance's type has no lab).
 * @throws {TypeError} (as a rejected promise) when an option has the wrong type.
 * @throws {Error} (as a rejected promise) when simd: true is asked of an engine without WebAssembly SIMD.
 */
export function init(options: InitOptions & { lab: false }): Promise<PosencCore>;
export function init(options?: InitOptions): Promise<Posenc>;
export function init(options?: InitOptions): Promise<Posenc | PosencCore> {
  return initWith(load, options, loadLab);
}
