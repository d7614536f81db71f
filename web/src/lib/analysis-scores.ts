/** Internal analysis: the Attention scores chapter's figures (four terms, a repeated word, the position term's diagonals, the mask). */
import { caller, matrix } from './analysis-args.js';
import { boolean, number, oneOf, options } from './checks.js';
import type { AnalysisScores } from './internal-types.js';
import type { Wasm } from './wasm.js';

const WEIGHTS = ['random', 'identity'] as const;

export function analysisScores(w: Wasm): AnalysisScores {
  const m = w.mod;
  const call = caller(w);
  const toy = (fn: string, opt: Record<string, unknown>) =>
    [number(`analysis.${fn}: n`, opt.n), number(`analysis.${fn}: dim`, opt.dim), number(`analysis.${fn}: seed`, opt.seed)] as const;
  const identity = (fn: string, v: unknown) => oneOf(`analysis.${fn}: weights`, v, WEIGHTS, 'random') === 1;
  return {
    fourTermsView(o) {
      const opt = options('analysis.fourTermsView', o, ['n', 'dim', 'seed', 'weights'], true);
      return call('fourTermsView', m.fourTermsView(...toy('fourTermsView', opt), identity('fourTermsView', opt.weights)));
    },
    repeatedWordRow(o) {
      const opt = options('analysis.repeatedWordRow', o, ['n', 'dim', 'seed', 'weights', 'query'], true);
      return call(
        'repeatedWordRow',
        m.repeatedWordRow(
          ...toy('repeatedWordRow', opt),
          identity('repeatedWordRow', opt.weights),
          number('analysis.repeatedWordRow: query', opt.query),
        ),
      );
    },
    positionDiagonals(o) {
      const opt = options('analysis.positionDiagonals', o, ['n', 'dim', 'seed'], true);
      return call('positionDiagonals', m.positionDiagonals(...toy('positionDiagonals', opt)));
    },
    causalView(o) {
      const opt = options('analysis.causalView', o, ['n', 'dim', 'seed', 'weights', 'causal'], true);
      return call(
        'causalView',
        m.causalView(
          ...toy('causalView', opt),
          identity('causalView', opt.weights),
          boolean('analysis.causalView: causal', opt.causal, true),
        ),
      );
    },
    diagonalProfile(x) {
      return call('diagonalProfile', m.diagonalProfile(matrix('analysis.diagonalProfile: m', x)));
    },
  };
}
