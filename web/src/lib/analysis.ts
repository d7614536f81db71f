/**
 * Internal: the page's float64 measurements (cpp/include/posenc/analysis.hpp and friends). Types are
 * checked here; every range (sizes, finiteness, integers) is checked in C++ and comes back as a
 * RangeError naming the argument. Not part of the npm contract (docs/API.md).
 */
import { boolean, describe, number, numbers, oneOf, options, typeError } from './checks.js';
import type { Analysis } from './internal-types.js';
import type { Matrix } from './types.js';
import type { Wasm } from './wasm.js';

const LAYOUTS = ['interleaved', 'half'] as const;

/** A {rows, cols, data} with numeric fields, data as Float64Array for embind (shapes: C++). */
function matrix(name: string, m: unknown): Matrix<Float64Array> {
  if (m === null || typeof m !== 'object') typeError(`${name} must be a matrix {rows, cols, data}, got ${describe(m)}`);
  const { rows, cols, data } = m as Record<string, unknown>;
  return { rows: number(`${name}.rows`, rows), cols: number(`${name}.cols`, cols), data: numbers(`${name}.data`, data) };
}

export function createAnalysis(w: Wasm): Analysis {
  const m = w.mod;
  const call = <T>(fn: string, raw: unknown): T => w.unwrap(`analysis.${fn}`, raw as T);

  return {
    dotByOffset(o) {
      const opt = options('analysis.dotByOffset', o, ['dim', 'base', 'offsets']);
      return call('dotByOffset', m.dotByOffset(number('analysis.dotByOffset: dim', opt.dim), number('analysis.dotByOffset: base', opt.base, 10000), numbers('analysis.dotByOffset: offsets', opt.offsets)));
    },
    bestLinearMap(o) {
      const opt = options('analysis.bestLinearMap', o, ['k', 'dim', 'base', 'n', 'features']);
      const features = oneOf('analysis.bestLinearMap: features', opt.features, ['sincos', 'sin'] as const, 'sincos');
      return call('bestLinearMap', m.bestLinearMap(number('analysis.bestLinearMap: k', opt.k), number('analysis.bestLinearMap: dim', opt.dim), number('analysis.bestLinearMap: base', opt.base, 10000),
        number('analysis.bestLinearMap: n', opt.n, 64), features));
    },
    pca(x, components = 2) {
      return call('pca', m.pca(matrix('analysis.pca: x', x), number('analysis.pca: components', components)));
    },
    attention(q, k, v, o) {
      const opt = options('analysis.attention', o, ['causal']);
      return call('attention', m.attention(matrix('analysis.attention: q', q), matrix('analysis.attention: k', k), matrix('analysis.attention: v', v), boolean('analysis.attention: causal', opt.causal, false)));
    },
    selfAttention(x, wq, wk, wv, o) {
      const opt = options('analysis.selfAttention', o, ['causal']);
      return call('selfAttention', m.selfAttention(matrix('analysis.selfAttention: x', x), matrix('analysis.selfAttention: wq', wq), matrix('analysis.selfAttention: wk', wk), matrix('analysis.selfAttention: wv', wv),
        boolean('analysis.selfAttention: causal', opt.causal, false)));
    },
    fourTerms(x, p, wq, wk) {
      return call('fourTerms', m.fourTerms(matrix('analysis.fourTerms: x', x), matrix('analysis.fourTerms: p', p), matrix('analysis.fourTerms: wq', wq), matrix('analysis.fourTerms: wk', wk)));
    },
    permutationCheck(o) {
      const opt = options('analysis.permutationCheck', o, ['x', 'permutation', 'wq', 'wk', 'wv', 'encoding']);
      return call('permutationCheck', m.permutationCheck(matrix('analysis.permutationCheck: x', opt.x), numbers('analysis.permutationCheck: permutation', opt.permutation),
        matrix('analysis.permutationCheck: wq', opt.wq), matrix('analysis.permutationCheck: wk', opt.wk), matrix('analysis.permutationCheck: wv', opt.wv),
        opt.encoding === undefined ? null : matrix('analysis.permutationCheck: encoding', opt.encoding)));
    },
    crossAttentionCheck(o) {
      const opt = options('analysis.crossAttentionCheck', o, ['queries', 'source', 'permutation', 'wk', 'wv']);
      return call('crossAttentionCheck', m.crossAttentionCheck(matrix('analysis.crossAttentionCheck: queries', opt.queries), matrix('analysis.crossAttentionCheck: source', opt.source),
        numbers('analysis.crossAttentionCheck: permutation', opt.permutation), matrix('analysis.crossAttentionCheck: wk', opt.wk), matrix('analysis.crossAttentionCheck: wv', opt.wv)));
    },
    ropeSplit(o) {
      const opt = options('analysis.ropeSplit', o, ['q', 'k', 'delta', 'invFreq']);
      return call('ropeSplit', m.ropeSplit(numbers('analysis.ropeSplit: q', opt.q), numbers('analysis.ropeSplit: k', opt.k), number('analysis.ropeSplit: delta', opt.delta),
        numbers('analysis.ropeSplit: invFreq', opt.invFreq)));
    },
    ropeDecayBound(o) {
      const opt = options('analysis.ropeDecayBound', o, ['invFreq', 'offsets']);
      return call('ropeDecayBound', m.ropeDecayBound(numbers('analysis.ropeDecayBound: invFreq', opt.invFreq), numbers('analysis.ropeDecayBound: offsets', opt.offsets)));
    },
    ropeRotate(o) {
      const opt = options('analysis.ropeRotate', o, ['x', 'position', 'invFreq', 'layout', 'attentionFactor']);
      return call('ropeRotate', m.ropeRotate(numbers('analysis.ropeRotate: x', opt.x), number('analysis.ropeRotate: position', opt.position), numbers('analysis.ropeRotate: invFreq', opt.invFreq),
        oneOf('analysis.ropeRotate: layout', opt.layout, LAYOUTS, 'interleaved'), number('analysis.ropeRotate: attentionFactor', opt.attentionFactor, 1)));
    },
    ropeRotate2d(o) {
      const opt = options('analysis.ropeRotate2d', o, ['x', 'px', 'py', 'base', 'layout']);
      return call('ropeRotate2d', m.ropeRotate2d(numbers('analysis.ropeRotate2d: x', opt.x), number('analysis.ropeRotate2d: px', opt.px), number('analysis.ropeRotate2d: py', opt.py),
        number('analysis.ropeRotate2d: base', opt.base, 10000), oneOf('analysis.ropeRotate2d: layout', opt.layout, LAYOUTS, 'interleaved')));
    },
    binaryEncoding(o) {
      const opt = options('analysis.binaryEncoding', o, ['n', 'bits']);
      return call('binaryEncoding', m.binaryEncoding(number('analysis.binaryEncoding: n', opt.n), number('analysis.binaryEncoding: bits', opt.bits)));
    },
    normalizedEncoding(n) {
      return call('normalizedEncoding', m.normalizedEncoding(number('analysis.normalizedEncoding: n', n)));
    },
    learnedLookup(o) {
      const opt = options('analysis.learnedLookup', o, ['nMax', 'dim', 'seed', 'positions']);
      return call('learnedLookup', m.learnedLookup(number('analysis.learnedLookup: nMax', opt.nMax), number('analysis.learnedLookup: dim', opt.dim), number('analysis.learnedLookup: seed', opt.seed, 0),
        numbers('analysis.learnedLookup: positions', opt.positions)));
    },
    randomNormal(o) {
      const opt = options('analysis.randomNormal', o, ['seed', 'rows', 'cols', 'stddev']);
      return call('randomNormal', m.randomNormal(number('analysis.randomNormal: seed', opt.seed), number('analysis.randomNormal: rows', opt.rows), number('analysis.randomNormal: cols', opt.cols),
        number('analysis.randomNormal: stddev', opt.stddev, 1)));
    },
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
    matmul(a, b) {
      return call('matmul', m.matmul(matrix('analysis.matmul: a', a), matrix('analysis.matmul: b', b)));
    },
    transformerXl(o) {
      const opt = options('analysis.transformerXl', o, ['e', 'r', 'wq', 'wkE', 'wkR', 'u', 'v']);
      return call('transformerXl', m.transformerXl(matrix('analysis.transformerXl: e', opt.e), matrix('analysis.transformerXl: r', opt.r), matrix('analysis.transformerXl: wq', opt.wq),
        matrix('analysis.transformerXl: wkE', opt.wkE), matrix('analysis.transformerXl: wkR', opt.wkR), numbers('analysis.transformerXl: u', opt.u), numbers('analysis.transformerXl: v', opt.v)));
    },
  };
}
