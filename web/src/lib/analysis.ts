/** The page's measurements (cpp/include/posenc/analysis.hpp and friends), float64, named errors. */
import type { Wasm } from './api.js';
import { count, describe, number, numbers, oneOf, options, rangeError, typeError } from './checks.js';
import type { Analysis, Matrix } from './types.js';

const LAYOUTS = ['interleaved', 'half'] as const;

/** A {rows, cols, data} whose data length matches, data as Float64Array for embind. */
function matrix(name: string, m: unknown): Matrix<Float64Array> {
  if (m === null || typeof m !== 'object') typeError(`${name} must be a matrix {rows, cols, data}, got ${describe(m)}`);
  const { rows, cols, data } = m as Record<string, unknown>;
  const r = count(`${name}.rows`, rows, 0, 4096);
  const c = count(`${name}.cols`, cols, 0, 4096);
  const d = numbers(`${name}.data`, data);
  if (d.length !== r * c) rangeError(`${name}.data has ${d.length} values; rows × cols = ${r * c}`);
  return { rows: r, cols: c, data: d };
}

export function createAnalysis(w: Wasm): Analysis {
  const m = w.mod;
  const call = <T>(fn: string, raw: unknown): T => w.unwrap(`analysis.${fn}`, raw as T);

  return {
    dotByOffset(o) {
      const opt = options('analysis.dotByOffset', o, ['dim', 'base', 'offsets']);
      return call('dotByOffset', m.dotByOffset(number('dim', opt.dim), number('base', opt.base, 10000), numbers('offsets', opt.offsets)));
    },
    bestLinearMap(o) {
      const opt = options('analysis.bestLinearMap', o, ['k', 'dim', 'base', 'n', 'features']);
      const features = oneOf('features', opt.features, ['sincos', 'sin'] as const, 'sincos');
      return call('bestLinearMap', m.bestLinearMap(number('k', opt.k), number('dim', opt.dim), number('base', opt.base, 10000),
        number('n', opt.n, 64), features));
    },
    pca(x, components = 2) {
      return call('pca', m.pca(matrix('x', x), number('components', components)));
    },
    attention(q, k, v, o) {
      const opt = options('analysis.attention', o, ['causal']);
      return call('attention', m.attention(matrix('q', q), matrix('k', k), matrix('v', v), opt.causal === true));
    },
    selfAttention(x, wq, wk, wv, o) {
      const opt = options('analysis.selfAttention', o, ['causal']);
      return call('selfAttention', m.selfAttention(matrix('x', x), matrix('wq', wq), matrix('wk', wk), matrix('wv', wv),
        opt.causal === true));
    },
    fourTerms(x, p, wq, wk) {
      return call('fourTerms', m.fourTerms(matrix('x', x), matrix('p', p), matrix('wq', wq), matrix('wk', wk)));
    },
    permutationCheck(o) {
      const opt = options('analysis.permutationCheck', o, ['x', 'permutation', 'wq', 'wk', 'wv', 'encoding']);
      return call('permutationCheck', m.permutationCheck(matrix('x', opt.x), numbers('permutation', opt.permutation),
        matrix('wq', opt.wq), matrix('wk', opt.wk), matrix('wv', opt.wv),
        opt.encoding === undefined ? null : matrix('encoding', opt.encoding)));
    },
    crossAttentionCheck(o) {
      const opt = options('analysis.crossAttentionCheck', o, ['queries', 'source', 'permutation', 'wk', 'wv']);
      return call('crossAttentionCheck', m.crossAttentionCheck(matrix('queries', opt.queries), matrix('source', opt.source),
        numbers('permutation', opt.permutation), matrix('wk', opt.wk), matrix('wv', opt.wv)));
    },
    ropeSplit(o) {
      const opt = options('analysis.ropeSplit', o, ['q', 'k', 'delta', 'invFreq']);
      return call('ropeSplit', m.ropeSplit(numbers('q', opt.q), numbers('k', opt.k), number('delta', opt.delta),
        numbers('invFreq', opt.invFreq)));
    },
    ropeDecayBound(o) {
      const opt = options('analysis.ropeDecayBound', o, ['invFreq', 'offsets']);
      const inv = numbers('invFreq', opt.invFreq), off = numbers('offsets', opt.offsets);
      if (inv.length === 0 || off.length > 1 << 20) rangeError('analysis.ropeDecayBound: invFreq must not be empty; at most 2^20 offsets');
      return m.ropeDecayBound(inv, off);
    },
    ropeRotate(o) {
      const opt = options('analysis.ropeRotate', o, ['x', 'position', 'invFreq', 'layout', 'attentionFactor']);
      return call('ropeRotate', m.ropeRotate(numbers('x', opt.x), number('position', opt.position), numbers('invFreq', opt.invFreq),
        oneOf('layout', opt.layout, LAYOUTS, 'interleaved'), number('attentionFactor', opt.attentionFactor, 1)));
    },
    ropeRotate2d(o) {
      const opt = options('analysis.ropeRotate2d', o, ['x', 'px', 'py', 'base', 'layout']);
      return call('ropeRotate2d', m.ropeRotate2d(numbers('x', opt.x), number('px', opt.px), number('py', opt.py),
        number('base', opt.base, 10000), oneOf('layout', opt.layout, LAYOUTS, 'interleaved')));
    },
    binaryEncoding(o) {
      const opt = options('analysis.binaryEncoding', o, ['n', 'bits']);
      return call('binaryEncoding', m.binaryEncoding(number('n', opt.n), number('bits', opt.bits)));
    },
    normalizedEncoding(n) {
      return call('normalizedEncoding', m.normalizedEncoding(number('n', n)));
    },
    learnedLookup(o) {
      const opt = options('analysis.learnedLookup', o, ['nMax', 'dim', 'seed', 'positions']);
      return call('learnedLookup', m.learnedLookup(number('nMax', opt.nMax), number('dim', opt.dim), number('seed', opt.seed, 0),
        numbers('positions', opt.positions)));
    },
    randomNormal(o) {
      const opt = options('analysis.randomNormal', o, ['seed', 'rows', 'cols', 'stddev']);
      return call('randomNormal', m.randomNormal(number('seed', opt.seed), number('rows', opt.rows), number('cols', opt.cols),
        number('stddev', opt.stddev, 1)));
    },
    relativeBiasMatrix(o) {
      const opt = options('analysis.relativeBiasMatrix', o, ['length', 'bias']);
      return call('relativeBiasMatrix', m.relativeBiasMatrix(number('length', opt.length), numbers('bias', opt.bias)));
    },
    shawIndices(o) {
      const opt = options('analysis.shawIndices', o, ['length', 'k']);
      return call('shawIndices', m.shawIndices(number('length', opt.length), number('k', opt.k)));
    },
    shawScores(o) {
      const opt = options('analysis.shawScores', o, ['x', 'wq', 'wk', 'a', 'k']);
      return call('shawScores', m.shawScores(matrix('x', opt.x), matrix('wq', opt.wq), matrix('wk', opt.wk), matrix('a', opt.a),
        number('k', opt.k)));
    },
    matmul(a, b) {
      return call('matmul', m.matmul(matrix('a', a), matrix('b', b)));
    },
    transformerXl(o) {
      const opt = options('analysis.transformerXl', o, ['e', 'r', 'wq', 'wkE', 'wkR', 'u', 'v']);
      return call('transformerXl', m.transformerXl(matrix('e', opt.e), matrix('r', opt.r), matrix('wq', opt.wq),
        matrix('wkE', opt.wkE), matrix('wkR', opt.wkR), numbers('u', opt.u), numbers('v', opt.v)));
    },
  };
}
