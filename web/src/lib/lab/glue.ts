/**
 * The training lab's glue alone, without its bytes: for the page's training workers, which are
 * handed the bytes by postMessage (their scripts do not carry a second copy of the module).
 */
import type { LabModuleFactory } from '../module-types.js';
import type { LabFlavour } from './load.js';

export async function labFactory(flavour: LabFlavour): Promise<LabModuleFactory> {
  return flavour === 'simd'
    ? (await import('../wasm/posenc-lab-simd.mjs')).default
    : (await import('../wasm/posenc-lab-scalar.mjs')).default;
}
