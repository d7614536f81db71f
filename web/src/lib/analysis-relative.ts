/** Internal analysis: relative encodings (bias matrices, Shaw, Transformer-XL). */
import { caller, matrix } from './analysis-args.js';
import { boolean, number, numbers, options } from './checks.js';
import type { AnalysisRelative, AnalysisRelativeChapter } from './internal-types.js';
import type { Wasm } from './wasm.js';

export function analysisRelative(w: Wasm): AnalysisRelative & AnalysisRelativeChapter {
  const m = w.mod;
  const call = caller(w);
  return {
    relativeBiasMatrix(o) {
      const opt = options('analysis.relativeBiasMatrix', o, ['length', 'bias']);
      return call(
        'relativeBiasMatrix',
        m.relativeBiasMatrix(
          number('analysis.relativeBiasMatrix: length', opt.length),
          numbers('analysis.relativeBiasMatrix: bias', opt.bias),
        ),
      );
    },
    shawIndices(o) {
      const opt = options('analysis.shawIndices', o, ['length', 'k']);
      return call(
        'shawIndices',
        m.shawIndices(number('analysis.shawIndices: length', opt.length), number('analysis.shawIndices: k', opt.k)),
      );
    },
    shawScores(o) {
      const opt = options('analysis.shawScores', o, ['x', 'wq', 'wk', 'a', 'k']);
      return call(
        'shawScores',
        m.shawScores(
          matrix('analysis.shawScores: x', opt.x),
          matrix('analysis.shawScores: wq', opt.wq),
          matrix('analysis.shawScores: wk', opt.wk),
          matrix('analysis.shawScores: a', opt.a),
          number('analysis.shawScores: k', opt.k),
        ),
      );
    },
    transformerXl(o) {
      const opt = options('analysis.transformerXl', o, ['e', 'r', 'wq', 'wkE', 'wkR', 'u', 'v']);
      return call(
        'transformerXl',
        m.transformerXl(
          matrix('analysis.transformerXl: e', opt.e),
          matrix('analysis.transformerXl: r', opt.r),
          matrix('analysis.transformerXl: wq', opt.wq),
          matrix('analysis.transformerXl: wkE', opt.wkE),
          matrix('analysis.transformerXl: wkR', opt.wkR),
          numbers('analysis.transformerXl: u', opt.u),
          numbers('analysis.transformerXl: v', opt.v),
        ),
      );
    },
    // The Relative PE chapter's figures (analysis_relative.hpp).
    relativeBiasExample(o) {
      const opt = options('analysis.relativeBiasExample', o, ['n', 'seed'], true);
      return call(
        'relativeBiasExample',
        m.relativeBiasExample(number('analysis.relativeBiasExample: n', opt.n), number('analysis.relativeBiasExample: seed', opt.seed)),
      );
    },
    slidingPair(o) {
      const opt = options('analysis.slidingPair', o, ['n', 'dim', 'seed', 'gap'], true);
      const n = (k: string) => number(`analysis.slidingPair: ${k}`, opt[k]);
      return call('slidingPair', m.slidingPair(n('n'), n('dim'), n('seed'), n('gap')));
    },
    shawRows(o) {
      const opt = options('analysis.shawRows', o, ['n', 'k'], true);
      return call('shawRows', m.shawRows(number('analysis.shawRows: n', opt.n), number('analysis.shawRows: k', opt.k)));
    },
    t5Layout(o) {
      const opt = options('analysis.t5Layout', o, ['span', 'numBuckets', 'maxDistance', 'bidirectional'], true);
      return call(
        't5Layout',
        m.t5Layout(
          number('analysis.t5Layout: span', opt.span),
          number('analysis.t5Layout: numBuckets', opt.numBuckets, 32),
          number('analysis.t5Layout: maxDistance', opt.maxDistance, 128),
          boolean('analysis.t5Layout: bidirectional', opt.bidirectional, true),
        ),
      );
    },
    xlView(o) {
      const opt = options('analysis.xlView', o, ['n', 'dim', 'seed'], true);
      return call(
        'xlView',
        m.xlView(number('analysis.xlView: n', opt.n), number('analysis.xlView: dim', opt.dim), number('analysis.xlView: seed', opt.seed)),
      );
    },
    sentenceOffsets(o) {
      const opt = options('analysis.sentenceOffsets', o, ['positions1', 'positions2'], true);
      return call(
        'sentenceOffsets',
        m.sentenceOffsets(
          numbers('analysis.sentenceOffsets: positions1', opt.positions1),
          numbers('analysis.sentenceOffsets: positions2', opt.positions2),
        ),
      );
    },
  };
}
