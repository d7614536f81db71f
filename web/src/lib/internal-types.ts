/**
 * Types of the internal surfaces: the page's float64 measurements (analysis) and zero-copy kernels.
 * Not part of the npm contract (docs/API.md); the page and the benchmarks reach them through
 * internals(pe).
 */
import type { Matrix, RopeLayout, ScoresOptions, SinusoidalLayout, WasmTensor } from './types.js';

export interface AnalysisSinusoidal {
  dotByOffset(o: { dim: number; base?: number; offsets: ArrayLike<number> }): Float64Array;
  bestLinearMap(o: { k: number; dim: number; base?: number; n?: number; features?: 'sincos' | 'sin' }): {
    m: Matrix<Float64Array>;
    relativeResidual: number;
    maxAbsError: number;
    exact?: Matrix<Float64Array>;
  };
  pca(x: Matrix, components?: number): { coords: Matrix<Float64Array>; explained: Float64Array };
  binaryEncoding(o: { n: number; bits: number }): Matrix<Float64Array>;
  normalizedEncoding(n: number): Float64Array;
  learnedLookup(o: { nMax: number; dim: number; seed?: number; positions: ArrayLike<number> }): Matrix<Float64Array>;
  randomNormal(o: { seed: number; rows: number; cols: number; stddev?: number }): Matrix<Float64Array>;
  /** 2π/ω_i for every pair. */
  wavelengths(o: { dim: number; base?: number }): Float64Array;
  periodCheck(o: { dim: number; base?: number; length: number }): { longest: number; exceeds: boolean; longest512: number; minDim: number };
  dotByFrequencies(o: { invFreq: ArrayLike<number>; offsets: ArrayLike<number> }): Float64Array;
  distanceByFrequencies(o: { invFreq: ArrayLike<number>; offsets: ArrayLike<number> }): Float64Array;
  dotProfile(o: { dim: number; base?: number; maxOffset: number; starts?: ArrayLike<number> }): {
    formula: Float64Array;
    measured: Float64Array[];
    measuredError: number;
    normMin: number;
    normMax: number;
    normExpected: number;
    pairNormError: number;
    rises: number;
    firstRise: number;
  };
  closestPositions(o: { dim: number; base?: number; count: number }): { a: number; b: number; distance: number };
  pcaShape(x: Matrix): { coords: Matrix<Float64Array>; explained: Float64Array; sweptDeg: number };
}

/** The "Why position" chapter's shuffle experiment (analysis_permutation.hpp). */
export interface AnalysisPermutation {
  shuffleDemo(o: { x: Matrix; permutation: ArrayLike<number>; wq: Matrix; wk: Matrix; wv: Matrix; encoding?: Matrix; queries?: Matrix }): {
    input: Matrix<Float64Array>;
    inputPermuted: Matrix<Float64Array>;
    y: Matrix<Float64Array>;
    yPermuted: Matrix<Float64Array>;
    permutedY: Matrix<Float64Array>;
    weights: Matrix<Float64Array>;
    weightsPermuted: Matrix<Float64Array>;
    equivarianceGap: number;
    invarianceGap: number;
    weightsGap: number;
    tokenChange: Float64Array;
    pooled: Float64Array;
    pooledPermuted: Float64Array;
    pooledGap: number;
    cross: Matrix<Float64Array>;
    crossPermuted: Matrix<Float64Array>;
    crossGap: number;
  };
}

/** The "Design history" chapter's measurements (analysis_history.hpp). */
export interface AnalysisHistory {
  integerLabels(o: { tokens: Matrix; length: number; trainLength: number }): {
    similarity: Float64Array;
    similarityAt0: number;
    similarityLast: number;
    largestLabel: number;
    largestSeen: number;
    unseen: number;
    typicalEntry: number;
  };
  normalizedRulers(lengths: ArrayLike<number>): { values: Float64Array; gap: number }[];
  binarySteps(o: { bits: number; step: number }): { flips: Float64Array; distance: Float64Array; flippedColumns: Float64Array; stepFlips: number; smallest: number; largest: number };
  shiftPrediction(o: { k: number; dim: number; base?: number; n?: number; features?: 'sincos' | 'sin' }): {
    target: Matrix<Float64Array>;
    predicted: Matrix<Float64Array>;
    columnError: Float64Array;
    worstColumn: number;
    worstPosition: number;
    relativeResidual: number;
    m: Matrix<Float64Array>;
    /** The closest two encodings among the n fitted positions (distinct: the position is recoverable). */
    closestA: number;
    closestB: number;
    closestDistance: number;
    /** sin+cos only: the exact block-diagonal M_k and the fit's largest distance from it. */
    exact?: Matrix<Float64Array>;
    exactGap?: number;
  };
  closestRows(x: Matrix): { a: number; b: number; distance: number };
  pairHands(o: { pos: number; k?: number; dim: number; base?: number }): {
    at: Float64Array;
    shifted: Float64Array;
    angleDeg: Float64Array;
    shiftedDeg: Float64Array;
    turnDeg: Float64Array;
    turns: Float64Array;
    rotationError: number;
  };
}

export interface AnalysisAttention {
  attention(q: Matrix, k: Matrix, v: Matrix, o?: { causal?: boolean }): AttentionResult;
  selfAttention(x: Matrix, wq: Matrix, wk: Matrix, wv: Matrix, o?: { causal?: boolean }): AttentionResult;
  fourTerms(x: Matrix, p: Matrix, wq: Matrix, wk: Matrix): Record<
    'contentContent' | 'contentPosition' | 'positionContent' | 'positionPosition' | 'total',
    Matrix<Float64Array>
  >;
  permutationCheck(o: {
    x: Matrix;
    permutation: ArrayLike<number>;
    wq: Matrix;
    wk: Matrix;
    wv: Matrix;
    encoding?: Matrix;
  }): { yOfPermuted: Matrix<Float64Array>; permutedY: Matrix<Float64Array>; maxAbsDifference: number };
  crossAttentionCheck(o: { queries: Matrix; source: Matrix; permutation: ArrayLike<number>; wk: Matrix; wv: Matrix }): {
    original: Matrix<Float64Array>;
    permuted: Matrix<Float64Array>;
    maxAbsDifference: number;
  };
  /** a · b (small matrices). */
  matmul(a: Matrix, b: Matrix): Matrix<Float64Array>;
}

export interface AnalysisRope {
  ropeSplit(o: { q: ArrayLike<number>; k: ArrayLike<number>; delta: number; invFreq: ArrayLike<number> }): {
    cosTerm: Float64Array;
    sinTerm: Float64Array;
    direct: Float64Array;
  };
  ropeDecayBound(o: { invFreq: ArrayLike<number>; offsets: ArrayLike<number> }): Float64Array;
  ropeRotate(o: {
    x: ArrayLike<number>;
    position: number;
    invFreq: ArrayLike<number>;
    layout?: RopeLayout;
    attentionFactor?: number;
  }): Float64Array;
  ropeRotate2d(o: { x: ArrayLike<number>; px: number; py: number; base?: number; layout?: RopeLayout }): Float64Array;
}

export interface AnalysisRelative {
  relativeBiasMatrix(o: { length: number; bias: ArrayLike<number> }): Matrix<Float64Array>;
  shawIndices(o: { length: number; k: number }): Matrix<Float64Array>;
  shawScores(o: { x: Matrix; wq: Matrix; wk: Matrix; a: Matrix; k: number }): Matrix<Float64Array>;
  transformerXl(o: {
    e: Matrix;
    r: Matrix;
    wq: Matrix;
    wkE: Matrix;
    wkR: Matrix;
    u: ArrayLike<number>;
    v: ArrayLike<number>;
  }): Record<'a' | 'b' | 'c' | 'd', Matrix<Float64Array>>;
}

export type Analysis = AnalysisSinusoidal & AnalysisAttention & AnalysisRope & AnalysisRelative & AnalysisPermutation & AnalysisHistory;

export interface AttentionResult {
  scores: Matrix<Float64Array>;
  weights: Matrix<Float64Array>;
  output: Matrix<Float64Array>;
}

/** Low-level calls on wasm-resident tensors (no copies): for benchmarks and large pipelines. */
export interface Kernels {
  ropeApply(
    x: WasmTensor,
    out: WasmTensor,
    o: { shape: readonly number[]; invFreq: WasmFloat64; rotaryDim?: number; layout?: RopeLayout; attentionFactor?: number },
  ): void;
  memoryPass(x: WasmTensor, out: WasmTensor, scale?: number): void;
  /** The float32 table for positions 0 … count−1 into out (count × dim). */
  sinusoidal(out: WasmTensor, o: { count: number; dim: number; base?: number; layout?: SinusoidalLayout }): void;
  /** out[m·keys + n] = scale · q_m · k_n. */
  scores(q: WasmTensor, k: WasmTensor, out: WasmTensor, o: Omit<ScoresOptions, 'out'>): void;
  float64(values: ArrayLike<number>): WasmFloat64;
}

export interface WasmFloat64 {
  readonly length: number;
  free(): void;
}

