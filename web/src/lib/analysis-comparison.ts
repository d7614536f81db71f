/** Internal analysis: the Comparison chapter's measured cells (sinusoidal, learned, T5, RoPE). */
import { caller } from './analysis-args.js';
import { number, options } from './checks.js';
import type { AnalysisComparison } from './internal-types.js';
import type { Wasm } from './wasm.js';

export function analysisComparison(w: Wasm): AnalysisComparison {
  const m = w.mod;
  const call = caller(w);
  return {
    comparisonMeasures(o) {
      const opt = options('analysis.comparisonMeasures', o, ['n', 'dim', 'nMax', 'seed'], true);
      const n = (k: string, fallback?: number) => number(`analysis.comparisonMeasures: ${k}`, opt[k], fallback);
      return call('comparisonMeasures', m.comparisonMeasures(n('n'), n('dim'), n('nMax'), n('seed', 7)));
    },
  };
}
