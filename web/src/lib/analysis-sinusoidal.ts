/** Internal analysis: absolute encodings (sinusoidal properties, the design history, learned tables, random matrices). */
import { caller, matrix } from './analysis-args.js';
import { number, numbers, oneOf, options } from './checks.js';
import type { AnalysisSinusoidal } from './internal-types.js';
import type { Wasm } from './wasm.js';

export function analysisSinusoidal(w: Wasm): AnalysisSinusoidal {
  const m = w.mod;
  const call = caller(w);
  return {
    dotByOffset(o) {
      const opt = options('analysis.dotByOffset', o, ['dim', 'base', 'offsets']);
      return call(
        'dotByOffset',
        m.dotByOffset(
          number('analysis.dotByOffset: dim', opt.dim),
          number('analysis.dotByOffset: base', opt.base, 10000),
          numbers('analysis.dotByOffset: offsets', opt.offsets),
        ),
      );
    },
    bestLinearMap(o) {
      const opt = options('analysis.bestLinearMap', o, ['k', 'dim', 'base', 'n', 'features']);
      const features = oneOf('analysis.bestLinearMap: features', opt.features, ['sincos', 'sin'] as const, 'sincos');
      return call(
        'bestLinearMap',
        m.bestLinearMap(
          number('analysis.bestLinearMap: k', opt.k),
          number('analysis.bestLinearMap: dim', opt.dim),
          number('analysis.bestLinearMap: base', opt.base, 10000),
          number('analysis.bestLinearMap: n', opt.n, 64),
          features,
        ),
      );
    },
    pca(x, components = 2) {
      return call('pca', m.pca(matrix('analysis.pca: x', x), number('analysis.pca: components', components)));
    },
    binaryEncoding(o) {
      const opt = options('analysis.binaryEncoding', o, ['n', 'bits']);
      return call(
        'binaryEncoding',
        m.binaryEncoding(number('analysis.binaryEncoding: n', opt.n), number('analysis.binaryEncoding: bits', opt.bits)),
      );
    },
    normalizedEncoding(n) {
      return call('normalizedEncoding', m.normalizedEncoding(number('analysis.normalizedEncoding: n', n)));
    },
    learnedLookup(o) {
      const opt = options('analysis.learnedLookup', o, ['nMax', 'dim', 'seed', 'positions']);
      return call(
        'learnedLookup',
        m.learnedLookup(
          number('analysis.learnedLookup: nMax', opt.nMax),
          number('analysis.learnedLookup: dim', opt.dim),
          number('analysis.learnedLookup: seed', opt.seed, 0),
          numbers('analysis.learnedLookup: positions', opt.positions),
        ),
      );
    },
    wavelengths(o) {
      const opt = options('analysis.wavelengths', o, ['dim', 'base'], true);
      return call(
        'wavelengths',
        m.wavelengths(number('analysis.wavelengths: dim', opt.dim), number('analysis.wavelengths: base', opt.base, 10000)),
      );
    },
    periodCheck(o) {
      const f = 'analysis.periodCheck';
      const opt = options(f, o, ['dim', 'base', 'length'], true);
      return call(
        'periodCheck',
        m.periodCheck(number(`${f}: dim`, opt.dim), number(`${f}: base`, opt.base, 10000), number(`${f}: length`, opt.length)),
      );
    },
    dotByFrequencies(o) {
      const f = 'analysis.dotByFrequencies';
      const opt = options(f, o, ['invFreq', 'offsets'], true);
      return call('dotByFrequencies', m.dotByFrequencies(numbers(`${f}: invFreq`, opt.invFreq), numbers(`${f}: offsets`, opt.offsets)));
    },
    distanceByFrequencies(o) {
      const f = 'analysis.distanceByFrequencies';
      const opt = options(f, o, ['invFreq', 'offsets'], true);
      return call(
        'distanceByFrequencies',
        m.distanceByFrequencies(numbers(`${f}: invFreq`, opt.invFreq), numbers(`${f}: offsets`, opt.offsets)),
      );
    },
    dotProfile(o) {
      const f = 'analysis.dotProfile';
      const opt = options(f, o, ['dim', 'base', 'maxOffset', 'starts'], true);
      return call(
        'dotProfile',
        m.dotProfile(
          number(`${f}: dim`, opt.dim),
          number(`${f}: base`, opt.base, 10000),
          number(`${f}: maxOffset`, opt.maxOffset),
          opt.starts === undefined ? new Float64Array(0) : numbers(`${f}: starts`, opt.starts),
        ),
      );
    },
    closestPositions(o) {
      const f = 'analysis.closestPositions';
      const opt = options(f, o, ['dim', 'base', 'count'], true);
      return call(
        'closestPositions',
        m.closestPositions(number(`${f}: dim`, opt.dim), number(`${f}: base`, opt.base, 10000), number(`${f}: count`, opt.count)),
      );
    },
    pcaShape(x) {
      return call('pcaShape', m.pcaShape(matrix('analysis.pcaShape: x', x)));
    },
    randomNormal(o) {
      const opt = options('analysis.randomNormal', o, ['seed', 'rows', 'cols', 'stddev']);
      return call(
        'randomNormal',
        m.randomNormal(
          number('analysis.randomNormal: seed', opt.seed),
          number('analysis.randomNormal: rows', opt.rows),
          number('analysis.randomNormal: cols', opt.cols),
          number('analysis.randomNormal: stddev', opt.stddev, 1),
        ),
      );
    },
  };
}
