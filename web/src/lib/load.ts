/** Picks the SIMD or scalar build and instantiates it from bytes the platform entry supplies. */
import { createPosenc } from './posenc.js';
import { describe, options, typeError } from './checks.js';
import type { ModuleFactory } from './module-types.js';
import type { Backend, InitOptions, Posenc } from './types.js';

// The smallest module using a SIMD128 instruction (as wasm-feature-detect's simd probe):
// it validates exactly where WebAssembly SIMD is available.
const SIMD_PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
]);

export function simdSupported(): boolean {
  try {
    return typeof WebAssembly === 'object' && WebAssembly.validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

export type Flavour = 'simd' | 'scalar';
export type Loader = (flavour: Flavour) => Promise<{ factory: ModuleFactory; bytes: Uint8Array }>;

export async function initWith(load: Loader, o?: InitOptions): Promise<Posenc> {
  const opt = options('init', o, ['simd']);
  if (opt.simd !== undefined && typeof opt.simd !== 'boolean') typeError(`init: simd must be a boolean, got ${describe(opt.simd)}`);
  const canSimd = simdSupported();
  if (opt.simd === true && !canSimd) throw new Error('init: simd: true was asked, but this engine does not validate WebAssembly SIMD');
  const flavour: Flavour = opt.simd === false || !canSimd ? 'scalar' : 'simd';
  const { factory, bytes } = await load(flavour);
  const mod = await factory({ wasmBinary: bytes });
  const backend: Backend = flavour === 'simd' ? 'wasm-simd' : 'wasm-scalar';
  return createPosenc(mod, backend);
}
