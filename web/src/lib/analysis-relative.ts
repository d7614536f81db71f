/** Internal analysis: relative encodings (bias matrices, Shaw, Transformer-XL). */
import { caller, matrix } from './analysis-args.js';
import { number, numbers, options } from './checks.js';
import type { AnalysisRelative } from './internal-types.js';
import type { Wasm } from './wasm.js';

export function analysisRelative(w: Wasm): AnalysisRelative {
  const m = w.mod;
  const call = caller(w);
  return {
    relativeBiasMatrix(o) {
      const opt = options('analysis.relativeBiasMatrix', o, ['length', 'bias']);
      return call('relativeBiasMatrix', m.relativeBiasMatrix(number('analysis.relativeBiasMatrix: length', opt.length), numbers('analysis.relativeBiasMatrix: bias', opt.bias)));
    },
    shawIndices(o) {
      const opt = options('analysis.shawIndices', o, ['length', 'k']);
      return call('shawIndices', m.shawIndices(number('analysis.shawIndices: length', opt.length), number('analysis.shawIndices: k', opt.k)));
    },
    shawScores(o) {
      const opt = options('analysis.shawScores', o, ['x', 'wq', 'wk', 'a', 'k']);
      return call('shawScores', m.shawScores(matrix('analysis.shawScores: x', opt.x), matrix('analysis.shawScores: wq', opt.wq), matrix('analysis.shawScores: wk', opt.wk), matrix('analysis.shawScores: a', opt.a),
        number('analysis.shawScores: k', opt.k)));
    },
    transformerXl(o) {
      const opt = options('analysis.transformerXl', o, ['e', 'r', 'wq', 'wkE', 'wkR', 'u', 'v']);
      return call('transformerXl', m.transformerXl(matrix('analysis.transformerXl: e', opt.e), matrix('analysis.transformerXl: r', opt.r), matrix('analysis.transformerXl: wq', opt.wq),
        matrix('analysis.transformerXl: wkE', opt.wkE), matrix('analysis.transformerXl: wkR', opt.wkR), numbers('analysis.transformerXl: u', opt.u), numbers('analysis.transformerXl: v', opt.v)));
    },

  };
}
