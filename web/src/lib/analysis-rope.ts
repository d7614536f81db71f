/** Internal analysis: RoPE in float64 (rotations, the cos/sin split, the decay bound). */
import { caller, LAYOUTS } from './analysis-args.js';
import { number, numbers, oneOf, options } from './checks.js';
import type { AnalysisRope } from './internal-types.js';
import type { Wasm } from './wasm.js';

export function analysisRope(w: Wasm): AnalysisRope {
  const m = w.mod;
  const call = caller(w);
  return {
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
  };
}
