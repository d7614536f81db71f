/** posenc for Node ≥ 20: reads the .wasm files next to this module (no fetch, no base64). */
import { readFile } from 'node:fs/promises';

import { initWith, type Flavour } from './load.js';
import type { InitOptions, Posenc } from './types.js';

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

/** Loads the SIMD build where WebAssembly SIMD validates, else the scalar one (and the lab's, unless lab: false). */
export function init(options?: InitOptions): Promise<Posenc> {
  return initWith(load, options, loadLab);
}
