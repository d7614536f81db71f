/** Internal analysis: toy attention (scores, the four terms, permutation checks, small products). */
import { caller, matrix } from './analysis-args.js';
import { boolean, numbers, options } from './checks.js';
import type { AnalysisAttention } from './internal-types.js';
import type { Wasm } from './wasm.js';

export function analysisAttention(w: Wasm): AnalysisAttention {
  const m = w.mod;
  const call = caller(w);
  return {
    attention(q, k, v, o) {
      const opt = options('analysis.attention', o, ['causal']);
      return call(
        'attention',
        m.attention(
          matrix('analysis.attention: q', q),
          matrix('analysis.attention: k', k),
          matrix('analysis.attention: v', v),
          boolean('analysis.attention: causal', opt.causal, false),
        ),
      );
    },
    selfAttention(x, wq, wk, wv, o) {
      const opt = options('analysis.selfAttention', o, ['causal']);
      return call(
        'selfAttention',
        m.selfAttention(
          matrix('analysis.selfAttention: x', x),
          matrix('analysis.selfAttention: wq', wq),
          matrix('analysis.selfAttention: wk', wk),
          matrix('analysis.selfAttention: wv', wv),
          boolean('analysis.selfAttention: causal', opt.causal, false),
        ),
      );
    },
    fourTerms(x, p, wq, wk) {
      return call(
        'fourTerms',
        m.fourTerms(
          matrix('analysis.fourTerms: x', x),
          matrix('analysis.fourTerms: p', p),
          matrix('analysis.fourTerms: wq', wq),
          matrix('analysis.fourTerms: wk', wk),
        ),
      );
    },
    permutationCheck(o) {
      const opt = options('analysis.permutationCheck', o, ['x', 'permutation', 'wq', 'wk', 'wv', 'encoding']);
      return call(
        'permutationCheck',
        m.permutationCheck(
          matrix('analysis.permutationCheck: x', opt.x),
          numbers('analysis.permutationCheck: permutation', opt.permutation),
          matrix('analysis.permutationCheck: wq', opt.wq),
          matrix('analysis.permutationCheck: wk', opt.wk),
          matrix('analysis.permutationCheck: wv', opt.wv),
          opt.encoding === undefined ? null : matrix('analysis.permutationCheck: encoding', opt.encoding),
        ),
      );
    },
    crossAttentionCheck(o) {
      const opt = options('analysis.crossAttentionCheck', o, ['queries', 'source', 'permutation', 'wk', 'wv']);
      return call(
        'crossAttentionCheck',
        m.crossAttentionCheck(
          matrix('analysis.crossAttentionCheck: queries', opt.queries),
          matrix('analysis.crossAttentionCheck: source', opt.source),
          numbers('analysis.crossAttentionCheck: permutation', opt.permutation),
          matrix('analysis.crossAttentionCheck: wk', opt.wk),
          matrix('analysis.crossAttentionCheck: wv', opt.wv),
        ),
      );
    },
    matmul(a, b) {
      return call('matmul', m.matmul(matrix('analysis.matmul: a', a), matrix('analysis.matmul: b', b)));
    },
  };
}
