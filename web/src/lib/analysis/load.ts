/**
 * The page's measurements' own wasm module (posenc-analysis), loaded once and only by what shows
 * measurements: the public API (init) never fetches it.
 */
import { guardAllocations, unwrap } from '../wasm.js';
import { bindAnalysis, type Analysis } from './bind.js';

let loading: Promise<Analysis> | undefined;

export function loadAnalysis(): Promise<Analysis> {
  loading ??= (async () => {
    const [glue, wasm] = await Promise.all([import('../wasm/posenc-analysis.mjs'), import('../wasm/posenc-analysis.wasm.js')]);
    const mod = await glue.default({ wasmBinary: await wasm.default() });
    guardAllocations(mod, 4 * 2 ** 20);
    return bindAnalysis(mod, unwrap);
  })();
  return loading;
}
