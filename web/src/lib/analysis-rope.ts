/** Internal analysis: RoPE in float64 (rotations, the cos/sin split, the decay bound). */
import { caller, LAYOUTS, matrix } from './analysis-args.js';
import { number, numbers, oneOf, options } from './checks.js';
import type { AnalysisRope, RopeLayouts, RopePlane, ShownAngle } from './internal-types.js';
import type { Wasm } from './wasm.js';

export function analysisRope(w: Wasm): AnalysisRope {
  const m = w.mod;
  const call = caller(w);
  return {
    ropeSplit(o) {
      const opt = options('analysis.ropeSplit', o, ['q', 'k', 'delta', 'invFreq']);
      return call(
        'ropeSplit',
        m.ropeSplit(
          numbers('analysis.ropeSplit: q', opt.q),
          numbers('analysis.ropeSplit: k', opt.k),
          number('analysis.ropeSplit: delta', opt.delta),
          numbers('analysis.ropeSplit: invFreq', opt.invFreq),
        ),
      );
    },
    ropeDecayBound(o) {
      const opt = options('analysis.ropeDecayBound', o, ['invFreq', 'offsets']);
      return call(
        'ropeDecayBound',
        m.ropeDecayBound(
          numbers('analysis.ropeDecayBound: invFreq', opt.invFreq),
          numbers('analysis.ropeDecayBound: offsets', opt.offsets),
        ),
      );
    },
    ropeRotate(o) {
      const opt = options('analysis.ropeRotate', o, ['x', 'position', 'invFreq', 'layout', 'attentionFactor']);
      return call(
        'ropeRotate',
        m.ropeRotate(
          numbers('analysis.ropeRotate: x', opt.x),
          number('analysis.ropeRotate: position', opt.position),
          numbers('analysis.ropeRotate: invFreq', opt.invFreq),
          oneOf('analysis.ropeRotate: layout', opt.layout, LAYOUTS, 'interleaved'),
          number('analysis.ropeRotate: attentionFactor', opt.attentionFactor, 1),
        ),
      );
    },
    ropeRotate2d(o) {
      const opt = options('analysis.ropeRotate2d', o, ['x', 'px', 'py', 'base', 'layout']);
      return call(
        'ropeRotate2d',
        m.ropeRotate2d(
          numbers('analysis.ropeRotate2d: x', opt.x),
          number('analysis.ropeRotate2d: px', opt.px),
          number('analysis.ropeRotate2d: py', opt.py),
          number('analysis.ropeRotate2d: base', opt.base, 10000),
          oneOf('analysis.ropeRotate2d: layout', opt.layout, LAYOUTS, 'interleaved'),
        ),
      );
    },
    ropePlane(o) {
      const f = 'analysis.ropePlane';
      const opt = options(f, o, ['q', 'k', 'qScale', 'm', 'n', 'thetaDeg', 'sameGap', 'offsets'], true);
      return call<RopePlane>(
        'ropePlane',
        m.ropePlane(
          numbers(`${f}: q`, opt.q),
          numbers(`${f}: k`, opt.k),
          number(`${f}: qScale`, opt.qScale, 1),
          number(`${f}: m`, opt.m),
          number(`${f}: n`, opt.n),
          number(`${f}: thetaDeg`, opt.thetaDeg),
          numbers(`${f}: sameGap`, opt.sameGap === undefined ? [] : opt.sameGap),
          numbers(`${f}: offsets`, opt.offsets === undefined ? [] : opt.offsets),
        ),
      );
    },
    ropeTurn(o) {
      const f = 'analysis.ropeTurn';
      const opt = options(f, o, ['x', 'angleDeg'], true);
      return call<{ rotated: Float64Array; angle: ShownAngle; cross: number }>(
        'ropeTurn',
        m.ropeTurn(numbers(`${f}: x`, opt.x), number(`${f}: angleDeg`, opt.angleDeg)),
      );
    },
    ropeAngles(o) {
      const f = 'analysis.ropeAngles';
      const opt = options(f, o, ['invFreq', 'position'], true);
      return call('ropeAngles', m.ropeAngles(numbers(`${f}: invFreq`, opt.invFreq), number(`${f}: position`, opt.position)));
    },
    ropeLayouts(o) {
      const f = 'analysis.ropeLayouts';
      const opt = options(f, o, ['x', 'position', 'invFreq', 'layout'], true);
      return call<RopeLayouts>(
        'ropeLayouts',
        m.ropeLayouts(
          numbers(`${f}: x`, opt.x),
          number(`${f}: position`, opt.position),
          numbers(`${f}: invFreq`, opt.invFreq),
          oneOf(`${f}: layout`, opt.layout, LAYOUTS, 'interleaved'),
        ),
      );
    },
    ropeRelativeScores(o) {
      const f = 'analysis.ropeRelativeScores';
      const opt = options(f, o, ['q', 'k', 'count', 'invFreq'], true);
      return call(
        'ropeRelativeScores',
        m.ropeRelativeScores(
          numbers(`${f}: q`, opt.q),
          numbers(`${f}: k`, opt.k),
          number(`${f}: count`, opt.count),
          numbers(`${f}: invFreq`, opt.invFreq),
        ),
      );
    },
    ropeShiftScores(o) {
      const f = 'analysis.ropeShiftScores';
      const opt = options(f, o, ['q', 'k', 'gap', 'count', 'base'], true);
      return call(
        'ropeShiftScores',
        m.ropeShiftScores(
          numbers(`${f}: q`, opt.q),
          numbers(`${f}: k`, opt.k),
          number(`${f}: gap`, opt.gap),
          number(`${f}: count`, opt.count),
          number(`${f}: base`, opt.base, 10000),
        ),
      );
    },
    ropeDemo(o) {
      const f = 'analysis.ropeDemo';
      const opt = options(f, o, ['tokens', 'wq', 'wk', 'anglesDeg'], true);
      return call(
        'ropeDemo',
        m.ropeDemo(
          matrix(`${f}: tokens`, opt.tokens),
          matrix(`${f}: wq`, opt.wq),
          matrix(`${f}: wk`, opt.wk),
          numbers(`${f}: anglesDeg`, opt.anglesDeg),
        ),
      );
    },
    ropeDecay(o) {
      const f = 'analysis.ropeDecay';
      const opt = options(f, o, ['invFreq', 'offsets', 'q', 'k'], true);
      return call(
        'ropeDecay',
        m.ropeDecay(
          numbers(`${f}: invFreq`, opt.invFreq),
          numbers(`${f}: offsets`, opt.offsets),
          numbers(`${f}: q`, opt.q),
          numbers(`${f}: k`, opt.k),
        ),
      );
    },
    countRises(o) {
      const f = 'analysis.countRises';
      const opt = options(f, o, ['values', 'offsets'], true);
      return call('countRises', m.countRises(numbers(`${f}: values`, opt.values), numbers(`${f}: offsets`, opt.offsets)));
    },
    rope2dScores(o) {
      const f = 'analysis.rope2dScores';
      const opt = options(f, o, ['q', 'k', 'grid', 'shiftX', 'shiftY', 'base'], true);
      return call(
        'rope2dScores',
        m.rope2dScores(
          numbers(`${f}: q`, opt.q),
          numbers(`${f}: k`, opt.k),
          number(`${f}: grid`, opt.grid),
          number(`${f}: shiftX`, opt.shiftX),
          number(`${f}: shiftY`, opt.shiftY),
          number(`${f}: base`, opt.base, 10000),
        ),
      );
    },
  };
}
