/** Internal analysis: the "Longer contexts" chapter (scalings at L and L′, long-range scores, ALiBi), float64. */
import { caller } from './analysis-args.js';
import { boolean, number, numbers, options } from './checks.js';
import type { AnalysisContexts, ContextFrequencies, ScalingBands } from './internal-types.js';
import type { Wasm } from './wasm.js';

export function analysisContexts(w: Wasm): AnalysisContexts {
  const m = w.mod;
  const call = caller(w);
  return {
    scalingBands(o) {
      const f = 'analysis.scalingBands';
      const opt = options(f, o, ['plain', 'scaled', 'factor'], true);
      return call<ScalingBands>(
        'scalingBands',
        m.scalingBands(numbers(`${f}: plain`, opt.plain), numbers(`${f}: scaled`, opt.scaled), number(`${f}: factor`, opt.factor)),
      );
    },
    configWavelengths(o) {
      const f = 'analysis.configWavelengths';
      const opt = options(f, o, ['invFreq', 'lengths'], true);
      return call('configWavelengths', m.configWavelengths(numbers(`${f}: invFreq`, opt.invFreq), numbers(`${f}: lengths`, opt.lengths)));
    },
    mropeScores(o) {
      const f = 'analysis.mropeScores';
      const opt = options(f, o, ['q', 'k', 'invFreq', 'axes', 'grid', 'dt'], true);
      return call(
        'mropeScores',
        m.mropeScores(
          numbers(`${f}: q`, opt.q),
          numbers(`${f}: k`, opt.k),
          numbers(`${f}: invFreq`, opt.invFreq),
          numbers(`${f}: axes`, opt.axes),
          number(`${f}: grid`, opt.grid),
          number(`${f}: dt`, opt.dt, 0),
        ),
      );
    },
    contextFrequencies(o) {
      const f = 'analysis.contextFrequencies';
      const opt = options(
        f,
        o,
        ['dim', 'base', 'trainLength', 'targetLength', 'betaFast', 'betaSlow', 'lowFreqFactor', 'highFreqFactor'],
        true,
      );
      return call<ContextFrequencies>(
        'contextFrequencies',
        m.contextFrequencies(
          number(`${f}: dim`, opt.dim),
          number(`${f}: base`, opt.base),
          number(`${f}: trainLength`, opt.trainLength),
          number(`${f}: targetLength`, opt.targetLength),
          number(`${f}: betaFast`, opt.betaFast, 32),
          number(`${f}: betaSlow`, opt.betaSlow, 1),
          number(`${f}: lowFreqFactor`, opt.lowFreqFactor, 1),
          number(`${f}: highFreqFactor`, opt.highFreqFactor, 4),
        ),
      );
    },
    longRangeValues(o) {
      const f = 'analysis.longRangeValues';
      const opt = options(f, o, ['invFreq', 'attentionFactor', 'offsets'], true);
      return call(
        'longRangeValues',
        m.longRangeValues(
          numbers(`${f}: invFreq`, opt.invFreq),
          number(`${f}: attentionFactor`, opt.attentionFactor, 1),
          numbers(`${f}: offsets`, opt.offsets),
        ),
      );
    },
    longRangeEnvelope(o) {
      const f = 'analysis.longRangeEnvelope';
      const opt = options(f, o, ['invFreq', 'attentionFactor', 'length', 'columns', 'firstColumn', 'lastColumn', 'logSpaced'], true);
      const columns = number(`${f}: columns`, opt.columns);
      return call(
        'longRangeEnvelope',
        m.longRangeEnvelope(
          numbers(`${f}: invFreq`, opt.invFreq),
          number(`${f}: attentionFactor`, opt.attentionFactor, 1),
          number(`${f}: length`, opt.length),
          columns,
          number(`${f}: firstColumn`, opt.firstColumn, 0),
          number(`${f}: lastColumn`, opt.lastColumn, columns),
          boolean(`${f}: logSpaced`, opt.logSpaced, false),
        ),
      );
    },
    longRangeColumns(o) {
      const f = 'analysis.longRangeColumns';
      const opt = options(f, o, ['length', 'columns', 'logSpaced'], true);
      return call(
        'longRangeColumns',
        m.longRangeColumns(
          number(`${f}: length`, opt.length),
          number(`${f}: columns`, opt.columns),
          boolean(`${f}: logSpaced`, opt.logSpaced, false),
        ),
      );
    },
    longRangeMatrix(o) {
      const f = 'analysis.longRangeMatrix';
      const opt = options(f, o, ['invFreq', 'attentionFactor', 'length', 'size'], true);
      return call(
        'longRangeMatrix',
        m.longRangeMatrix(
          numbers(`${f}: invFreq`, opt.invFreq),
          number(`${f}: attentionFactor`, opt.attentionFactor, 1),
          number(`${f}: length`, opt.length),
          number(`${f}: size`, opt.size),
        ),
      );
    },
    alibiHeadBias(o) {
      const f = 'analysis.alibiHeadBias';
      const opt = options(f, o, ['numHeads', 'head', 'length'], true);
      return call(
        'alibiHeadBias',
        m.alibiHeadBias(number(`${f}: numHeads`, opt.numHeads), number(`${f}: head`, opt.head), number(`${f}: length`, opt.length)),
      );
    },
    alibiByOffset(o) {
      const f = 'analysis.alibiByOffset';
      const opt = options(f, o, ['numHeads', 'offsets'], true);
      return call('alibiByOffset', m.alibiByOffset(number(`${f}: numHeads`, opt.numHeads), numbers(`${f}: offsets`, opt.offsets)));
    },
  };
}
