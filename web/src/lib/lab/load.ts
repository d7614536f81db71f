/** Instantiates the training lab's module (posenc-lab-simd or -scalar) from bytes the platform supplies. */
import type { LabModuleFactory } from '../module-types.js';
import type { Lab } from '../types.js';
import { createLab } from './lab.js';

export type LabFlavour = 'simd' | 'scalar';
export type LabLoader = (flavour: LabFlavour) => Promise<{ factory: LabModuleFactory; bytes: Uint8Array }>;

export async function loadLab(load: LabLoader, flavour: LabFlavour): Promise<Lab> {
  const { factory, bytes } = await load(flavour);
  return createLab(await factory({ wasmBinary: bytes }));
}
