/** Internal analysis: the "Why position" chapter's shuffle experiment (cpp/include/posenc/analysis_permutation.hpp). */
import { caller, matrix } from './analysis-args.js';
import { numbers, options } from './checks.js';
import type { AnalysisPermutation } from './internal-types.js';
import type { Wasm } from './wasm.js';

export function analysisPermutation(w: Wasm): AnalysisPermutation {
  const m = w.mod;
  const call = caller(w);
  return {
    shuffleDemo(o) {
      const f = 'analysis.shuffleDemo';
      const opt = options(f, o, ['x', 'permutation', 'wq', 'wk', 'wv', 'encoding', 'queries'], true);
      return call(
        'shuffleDemo',
        m.shuffleDemo(
          matrix(`${f}: x`, opt.x),
          numbers(`${f}: permutation`, opt.permutation),
          matrix(`${f}: wq`, opt.wq),
          matrix(`${f}: wk`, opt.wk),
          matrix(`${f}: wv`, opt.wv),
          opt.encoding === undefined ? null : matrix(`${f}: encoding`, opt.encoding),
          opt.queries === undefined ? null : matrix(`${f}: queries`, opt.queries),
        ),
      );
    },
  };
}
