/** Picks the SIMD or scalar build and instantiates it from bytes the platform entry supplies. */
import { createPosenc } from './posenc.js';
import { simdSupported } from './simd.js';
import { describe, options, posencError, typeError } from './checks.js';
import type { ModuleFactory } from './module-types.js';
import type { Backend, InitOptions, Posenc } from './types.js';
import { lazyLab } from './lab/lazy.js';
import { loadLab, type LabLoader } from './lab/load.js';

export { simdSupported } from './simd.js';

export type Flavour = 'simd' | 'scalar';
export type Loader = (flavour: Flavour) => Promise<{ factory: ModuleFactory; bytes: Uint8Array }>;

export async function initWith(load: Loader, o?: InitOptions, labLoader?: LabLoader): Promise<Posenc> {
  const opt = options('init', o, ['simd', 'lab']);
  if (opt.simd !== undefined && typeof opt.simd !== 'boolean') typeError(`init: simd must be a boolean, got ${describe(opt.simd)}`);
  if (opt.lab !== undefined && typeof opt.lab !== 'boolean') typeError(`init: lab must be a boolean, got ${describe(opt.lab)}`);
  const canSimd = simdSupported();
  if (opt.simd === true && !canSimd) {
    throw posencError(Error, 'init: simd: true was asked, but this engine does not validate WebAssembly SIMD', {
      argument: 'simd',
      code: 'ERR_NO_SIMD',
    });
  }
  const flavour: Flavour = opt.simd === false || !canSimd ? 'scalar' : 'simd';
  // The lab's module is fetched when the lab is first used (pe.lab.train, pe.lab.load), not here.
  const lab = opt.lab !== false && labLoader !== undefined ? lazyLab(() => loadLab(labLoader, flavour)) : undefined;
  const { factory, bytes } = await load(flavour);
  const mod = await factory({ wasmBinary: bytes });
  const backend: Backend = flavour === 'simd' ? 'wasm-simd' : 'wasm-scalar';
  return createPosenc(mod, backend, lab);
}
