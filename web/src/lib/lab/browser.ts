/**
 * The training lab alone, for browsers and bundlers: the lab's wasm, embedded as base64 like the
 * core's, no core module. The page's training workers load only the glue (glue.ts) and are handed
 * these bytes.
 */
import { simdSupported } from '../simd.js';
import type { Lab } from '../types.js';
import { labFactory } from './glue.js';
import { loadLab, type LabFlavour } from './load.js';

/** The flavour initLab() picks: SIMD where it validates (and simd is not false), else scalar. */
export function labFlavour(o?: { simd?: boolean }): LabFlavour {
  return o?.simd === false || !simdSupported() ? 'scalar' : 'simd';
}

/** The bytes of one lab build (the elements bundle fetches the .wasm file instead). */
export async function labWasm(flavour: LabFlavour): Promise<Uint8Array> {
  return flavour === 'simd'
    ? (await import('../wasm/posenc-lab-simd.wasm.js')).default()
    : (await import('../wasm/posenc-lab-scalar.wasm.js')).default();
}

export async function labBytes(flavour: LabFlavour) {
  const [factory, bytes] = await Promise.all([labFactory(flavour), labWasm(flavour)]);
  return { factory, bytes };
}

/** pe.lab without the core: SIMD where it validates (or when simd is not false), else scalar. */
export function initLab(o?: { simd?: boolean }): Promise<Lab> {
  return loadLab(labBytes, labFlavour(o));
}
