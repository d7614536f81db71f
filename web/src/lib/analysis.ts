/**
 * Internal: the page's float64 measurements (cpp/include/posenc/analysis_*.hpp), one wrapper module
 * per topic. Types are checked here; every range (sizes, finiteness, integers) is checked in C++ and
 * comes back as a RangeError naming the argument. Not part of the npm contract (docs/API.md).
 */
import { analysisAttention } from './analysis-attention.js';
import { analysisChecks } from './analysis-checks.js';
import { analysisContexts } from './analysis-contexts.js';
import { analysisComparison } from './analysis-comparison.js';
import { analysisModulation } from './analysis-modulation.js';
import { analysisHistory } from './analysis-history.js';
import { analysisPermutation } from './analysis-permutation.js';
import { analysisRelative } from './analysis-relative.js';
import { analysisRope } from './analysis-rope.js';
import { analysisScores } from './analysis-scores.js';
import { analysisSinusoidal } from './analysis-sinusoidal.js';
import type { Analysis } from './internal-types.js';
import type { Wasm } from './wasm.js';

export function createAnalysis(w: Wasm): Analysis {
  return {
    ...analysisSinusoidal(w),
    ...analysisAttention(w),
    ...analysisRope(w),
    ...analysisRelative(w),
    ...analysisChecks(w),
    ...analysisScores(w),
    ...analysisModulation(w),
    ...analysisComparison(w),
    ...analysisContexts(w),
    ...analysisPermutation(w),
    ...analysisHistory(w),
  };
}
