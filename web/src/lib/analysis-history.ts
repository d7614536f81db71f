/** Internal analysis: the "Design history" chapter's measurements (cpp/include/posenc/analysis_history.hpp). */
import { caller, matrix } from './analysis-args.js';
import { number, numbers, oneOf, options } from './checks.js';
import type { AnalysisHistory } from './internal-types.js';
import type { Wasm } from './wasm.js';

export function analysisHistory(w: Wasm): AnalysisHistory {
  const m = w.mod;
  const call = caller(w);
  return {
    integerLabels(o) {
      const f = 'analysis.integerLabels';
      const opt = options(f, o, ['tokens', 'length', 'trainLength'], true);
      return call(
        'integerLabels',
        m.integerLabels(
          matrix(`${f}: tokens`, opt.tokens),
          number(`${f}: length`, opt.length),
          number(`${f}: trainLength`, opt.trainLength),
        ),
      );
    },
    normalizedRulers(lengths) {
      return call('normalizedRulers', m.normalizedRulers(numbers('analysis.normalizedRulers: lengths', lengths)));
    },
    binarySteps(o) {
      const f = 'analysis.binarySteps';
      const opt = options(f, o, ['bits', 'step'], true);
      return call('binarySteps', m.binarySteps(number(`${f}: bits`, opt.bits), number(`${f}: step`, opt.step)));
    },
    shiftPrediction(o) {
      const f = 'analysis.shiftPrediction';
      const opt = options(f, o, ['k', 'dim', 'base', 'n', 'features'], true);
      const features = oneOf(`${f}: features`, opt.features, ['sincos', 'sin'] as const, 'sincos');
      return call(
        'shiftPrediction',
        m.shiftPrediction(
          number(`${f}: k`, opt.k),
          number(`${f}: dim`, opt.dim),
          number(`${f}: base`, opt.base, 10000),
          number(`${f}: n`, opt.n, 64),
          features,
        ),
      );
    },
    closestRows(x) {
      return call('closestRows', m.closestRows(matrix('analysis.closestRows: x', x)));
    },
    pairHands(o) {
      const f = 'analysis.pairHands';
      const opt = options(f, o, ['pos', 'k', 'dim', 'base'], true);
      return call(
        'pairHands',
        m.pairHands(
          number(`${f}: pos`, opt.pos),
          number(`${f}: k`, opt.k, 0),
          number(`${f}: dim`, opt.dim),
          number(`${f}: base`, opt.base, 10000),
        ),
      );
    },
  };
}
