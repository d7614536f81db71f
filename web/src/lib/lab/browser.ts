/**
 * The training lab alone, for browsers and bundlers (the page's training workers load only this:
 * the lab's wasm, embedded as base64 like the core's, no core module).
 */
import { simdSupported } from '../simd.js';
import type { Lab } from '../types.js';
import { loadLab, type LabFlavour } from './load.js';

export async function labBytes(flavour: LabFlavour) {
  if (flavour === 'simd') {
    const [glue, wasm] = await Promise.all([import('../wasm/posenc-lab-simd.mjs'), import('../wasm/posenc-lab-simd.wasm.js')]);
    return { factory: glue.default, bytes: await wasm.default() };
  }
  const [glue, wasm] = await Promise.all([import('../wasm/posenc-lab-scalar.mjs'), import('../wasm/posenc-lab-scalar.wasm.js')]);
  return { factory: glue.default, bytes: await wasm.default() };
}

/** pe.lab without the core: SIMD where it validates (or when simd is not false), else scalar. */
export function initLab(o?: { simd?: boolean }): Promise<Lab> {
  return loadLab(labBytes, o?.simd === false || !simdSupported() ? 'scalar' : 'simd');
}
