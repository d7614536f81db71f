/** Does this engine validate WebAssembly SIMD? (No import of any module: workers use it too.) */

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
