/**
 * Internal analysis: the measurements behind the Errata chapter's checks
 * (cpp/include/posenc/analysis_checks.hpp). Types are checked here; ranges and shapes in C++.
 */
import { caller, matrix } from './analysis-args.js';
import { boolean, describe, number, numbers, options, typeError } from './checks.js';
import type { AnalysisChecks } from './internal-types.js';
import type { Wasm } from './wasm.js';

function text(name: string, v: unknown): string {
  if (typeof v !== 'string') typeError(`${name} must be a string, got ${describe(v)}`);
  return v;
}

export function analysisChecks(w: Wasm): AnalysisChecks {
  const m = w.mod;
  const call = caller(w);
  const f = (fn: string) => `analysis.${fn}`;
  return {
    maxAbsDifference(a, b, o) {
      const opt = options(f('maxAbsDifference'), o, ['transposeB']);
      return call(
        'maxAbsDifference',
        m.maxAbsDifference(
          matrix(`${f('maxAbsDifference')}: a`, a),
          matrix(`${f('maxAbsDifference')}: b`, b),
          boolean(`${f('maxAbsDifference')}: transposeB`, opt.transposeB, false),
        ),
      );
    },
    gram(x) {
      return call('gram', m.gram(matrix(`${f('gram')}: x`, x)));
    },
    rowNorms(x) {
      return call('rowNorms', m.rowNorms(matrix(`${f('rowNorms')}: x`, x)));
    },
    rowRanges(x) {
      return call('rowRanges', m.rowRanges(matrix(`${f('rowRanges')}: x`, x)));
    },
    closestPair(x, o) {
      const opt = options(f('closestPair'), o, ['columns']);
      return call(
        'closestPair',
        m.closestPair(
          matrix(`${f('closestPair')}: x`, x),
          opt.columns === undefined ? [] : numbers(`${f('closestPair')}: columns`, opt.columns),
        ),
      );
    },
    sequenceStats(values) {
      return call('sequenceStats', m.sequenceStats(numbers(`${f('sequenceStats')}: values`, values)));
    },
    frequencyTable(o) {
      const opt = options(f('frequencyTable'), o, ['dim', 'base', 'position'], true);
      return call(
        'frequencyTable',
        m.frequencyTable(
          number(`${f('frequencyTable')}: dim`, opt.dim),
          number(`${f('frequencyTable')}: base`, opt.base, 10000),
          number(`${f('frequencyTable')}: position`, opt.position, 0),
        ),
      );
    },
    offsetDistances(o) {
      const opt = options(f('offsetDistances'), o, ['dim', 'base', 'offsets'], true);
      return call(
        'offsetDistances',
        m.offsetDistances(
          number(`${f('offsetDistances')}: dim`, opt.dim),
          number(`${f('offsetDistances')}: base`, opt.base, 10000),
          numbers(`${f('offsetDistances')}: offsets`, opt.offsets),
        ),
      );
    },
    closestOffset(o) {
      const opt = options(f('closestOffset'), o, ['dim', 'base', 'maxOffset'], true);
      return call(
        'closestOffset',
        m.closestOffset(
          number(`${f('closestOffset')}: dim`, opt.dim),
          number(`${f('closestOffset')}: base`, opt.base, 10000),
          number(`${f('closestOffset')}: maxOffset`, opt.maxOffset),
        ),
      );
    },
    sinusoidalNearest(o) {
      const opt = options(f('sinusoidalNearest'), o, ['dim', 'base', 'positions', 'point'], true);
      return call(
        'sinusoidalNearest',
        m.sinusoidalNearest(
          number(`${f('sinusoidalNearest')}: dim`, opt.dim),
          number(`${f('sinusoidalNearest')}: base`, opt.base, 10000),
          number(`${f('sinusoidalNearest')}: positions`, opt.positions),
          numbers(`${f('sinusoidalNearest')}: point`, opt.point),
        ),
      );
    },
    numericalRank(x, o) {
      const opt = options(f('numericalRank'), o, ['tolerance'], true);
      return call(
        'numericalRank',
        m.numericalRank(matrix(`${f('numericalRank')}: x`, x), number(`${f('numericalRank')}: tolerance`, opt.tolerance)),
      );
    },
    sweptAngle(points) {
      return call('sweptAngle', m.sweptAngle(matrix(`${f('sweptAngle')}: points`, points)));
    },
    linearShiftResidual(x, o) {
      const opt = options(f('linearShiftResidual'), o, ['k'], true);
      return call(
        'linearShiftResidual',
        m.linearShiftResidual(matrix(`${f('linearShiftResidual')}: x`, x), number(`${f('linearShiftResidual')}: k`, opt.k)),
      );
    },
    expFormCheck(o) {
      const opt = options(f('expFormCheck'), o, ['dim', 'base'], true);
      return call(
        'expFormCheck',
        m.expFormCheck(number(`${f('expFormCheck')}: dim`, opt.dim), number(`${f('expFormCheck')}: base`, opt.base, 10000)),
      );
    },
    permutationReport(o) {
      const n = f('permutationReport');
      const opt = options(n, o, ['x', 'permutation', 'wq', 'wk', 'wv'], true);
      return call(
        'permutationReport',
        m.permutationReport(
          matrix(`${n}: x`, opt.x),
          numbers(`${n}: permutation`, opt.permutation),
          matrix(`${n}: wq`, opt.wq),
          matrix(`${n}: wk`, opt.wk),
          matrix(`${n}: wv`, opt.wv),
        ),
      ) as ReturnType<AnalysisChecks['permutationReport']>;
    },
    causalReport(o) {
      const n = f('causalReport');
      const opt = options(n, o, ['x', 'wq', 'wk', 'wv', 'changeFrom', 'delta'], true);
      return call(
        'causalReport',
        m.causalReport(
          matrix(`${n}: x`, opt.x),
          matrix(`${n}: wq`, opt.wq),
          matrix(`${n}: wk`, opt.wk),
          matrix(`${n}: wv`, opt.wv),
          number(`${n}: changeFrom`, opt.changeFrom),
          number(`${n}: delta`, opt.delta),
        ),
      ) as ReturnType<AnalysisChecks['causalReport']>;
    },
    concatVersusAdd(o) {
      const n = f('concatVersusAdd');
      const opt = options(n, o, ['x', 'p', 'w'], true);
      return call('concatVersusAdd', m.concatVersusAdd(matrix(`${n}: x`, opt.x), matrix(`${n}: p`, opt.p), matrix(`${n}: w`, opt.w)));
    },
    bagCompare(o) {
      const n = f('bagCompare');
      const opt = options(n, o, ['a', 'b', 'wq', 'wk', 'wv'], true);
      return call(
        'bagCompare',
        m.bagCompare(
          matrix(`${n}: a`, opt.a),
          matrix(`${n}: b`, opt.b),
          matrix(`${n}: wq`, opt.wq),
          matrix(`${n}: wk`, opt.wk),
          matrix(`${n}: wv`, opt.wv),
        ),
      );
    },
    offsetAgreement(o) {
      const n = f('offsetAgreement');
      const opt = options(n, o, ['a', 'b'], true);
      return call('offsetAgreement', m.offsetAgreement(numbers(`${n}: a`, opt.a), numbers(`${n}: b`, opt.b)));
    },
    fourTermsResidual(x, p, wq, wk) {
      const n = f('fourTermsResidual');
      return call(
        'fourTermsResidual',
        m.fourTermsResidual(matrix(`${n}: x`, x), matrix(`${n}: p`, p), matrix(`${n}: wq`, wq), matrix(`${n}: wk`, wk)),
      );
    },
    ropeScore(o) {
      const n = f('ropeScore');
      const opt = options(n, o, ['q', 'k', 'm', 'n', 'invFreq', 'project'], true);
      return call(
        'ropeScore',
        m.ropeScore(
          numbers(`${n}: q`, opt.q),
          numbers(`${n}: k`, opt.k),
          number(`${n}: m`, opt.m),
          number(`${n}: n`, opt.n),
          numbers(`${n}: invFreq`, opt.invFreq),
          opt.project === undefined ? null : matrix(`${n}: project`, opt.project),
        ),
      );
    },
    rotationIdentity(o) {
      const n = f('rotationIdentity');
      const opt = options(n, o, ['dim', 'base', 'm', 'n'], true);
      return call(
        'rotationIdentity',
        m.rotationIdentity(
          number(`${n}: dim`, opt.dim),
          number(`${n}: base`, opt.base, 10000),
          number(`${n}: m`, opt.m),
          number(`${n}: n`, opt.n),
        ),
      );
    },
    complexRopeScore(o) {
      const n = f('complexRopeScore');
      const opt = options(n, o, ['q', 'k', 'm', 'n', 'theta'], true);
      return call(
        'complexRopeScore',
        m.complexRopeScore(
          numbers(`${n}: q`, opt.q),
          numbers(`${n}: k`, opt.k),
          number(`${n}: m`, opt.m),
          number(`${n}: n`, opt.n),
          number(`${n}: theta`, opt.theta),
        ),
      );
    },
    textFind(t, needle) {
      return call('textFind', m.textFind(text(`${f('textFind')}: text`, t), text(`${f('textFind')}: needle`, needle)));
    },
    lineInfo(t, line) {
      return call('lineInfo', m.lineInfo(text(`${f('lineInfo')}: text`, t), number(`${f('lineInfo')}: line`, line)));
    },
    displayMathScan(t) {
      return call('displayMathScan', m.displayMathScan(text(`${f('displayMathScan')}: text`, t)));
    },
    inlineMathScan(t) {
      return call('inlineMathScan', m.inlineMathScan(text(`${f('inlineMathScan')}: text`, t)));
    },
    markdownHeadings(t) {
      return call('markdownHeadings', m.markdownHeadings(text(`${f('markdownHeadings')}: text`, t)));
    },
  };
}
