/**
 * The core module's glue alone, without its bytes: for a worker that is handed the bytes by
 * postMessage (the page's Speed benchmark), so the worker's script does not carry a second copy.
 */
import type { Flavour } from './load.js';
import type { ModuleFactory } from './module-types.js';

export async function coreFactory(flavour: Flavour): Promise<ModuleFactory> {
  return flavour === 'simd' ? (await import('./wasm/posenc-simd.mjs')).default : (await import('./wasm/posenc-scalar.mjs')).default;
}
