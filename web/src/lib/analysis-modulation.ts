/** Internal analysis: the Additive vs multiplicative chapter (seed 003): the toy plane's curves and the split. */
import { caller } from './analysis-args.js';
import { number, options } from './checks.js';
import type { AnalysisModulation } from './internal-types.js';
import type { Wasm } from './wasm.js';

export function analysisModulation(w: Wasm): AnalysisModulation {
  const m = w.mod;
  const call = caller(w);
  return {
    modulationCurves(o) {
      const opt = options('analysis.modulationCurves', o, ['phi', 'omega', 'delta', 'm', 'span', 'positions'], true);
      const n = (k: string, fallback?: number) => number(`analysis.modulationCurves: ${k}`, opt[k], fallback);
      return call('modulationCurves', m.modulationCurves(n('phi'), n('omega'), n('delta'), n('m', 0), n('span', 60), n('positions', 64)));
    },
    modulationSplit(o) {
      const opt = options('analysis.modulationSplit', o, ['seed', 'delta', 'dim'], true);
      return call(
        'modulationSplit',
        m.modulationSplit(
          number('analysis.modulationSplit: seed', opt.seed),
          number('analysis.modulationSplit: delta', opt.delta),
          number('analysis.modulationSplit: dim', opt.dim, 8),
        ),
      );
    },
  };
}
