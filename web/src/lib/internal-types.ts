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

/** "Depends on the offset only", measured along the diagonals (analysis_scores.hpp). */
export interface DiagonalProfile {
  /** j − i, from −(rows−1) to cols−1. */
  offsets: Float64Array;
  min: Float64Array;
  max: Float64Array;
  spread: number;
  range: number;
  /** spread / range: 0 for a function of j − i, near 1 when a diagonal varies like the whole matrix. */
  relativeSpread: number;
}

/** The Attention scores chapter (analysis_scores.hpp): the toy model is drawn from one seed. */
export interface AnalysisScores {
  fourTermsView(o: { n: number; dim: number; seed: number; weights: 'random' | 'identity' }): Record<
    'contentContent' | 'contentPosition' | 'positionContent' | 'positionPosition' | 'total',
    Matrix<Float64Array>
  > & { sharedScale: number; sumResidual: number; rms: Float64Array; transposeGap: number; ppRelativeSpread: number };
  repeatedWordRow(o: { n: number; dim: number; seed: number; weights: 'random' | 'identity'; query: number }): {
    withoutPosition: Float64Array;
    withPosition: Float64Array;
    contentContent: Float64Array;
    contentPosition: Float64Array;
    positionContent: Float64Array;
    positionPosition: Float64Array;
    withoutSpread: number;
    withSpread: number;
    argmax: number;
    uniformWeight: number;
    topWeight: number;
  };
  positionDiagonals(o: { n: number; dim: number; seed: number }): { identity: DiagonalProfile; projected: DiagonalProfile };
  causalView(o: { n: number; dim: number; seed: number; weights: 'random' | 'identity'; causal: boolean }): {
    scores: Matrix<Float64Array>;
    weights: Matrix<Float64Array>;
    futureWeight: number;
    rowSumError: number;
    leak: number;
  };
  diagonalProfile(m: Matrix): DiagonalProfile;
}

/** The Additive vs multiplicative chapter (analysis_modulation.hpp): one plane, unit q and k at angle φ. */
export interface AnalysisModulation {
  modulationCurves(o: { phi: number; omega: number; delta: number; m?: number; span?: number; positions?: number }): {
    deltas: Float64Array;
    additiveKept: Float64Array;
    additiveKeptPhi0: Float64Array;
    additiveFull: Float64Array;
    additiveMin: Float64Array;
    additiveMax: Float64Array;
    cross: Float64Array;
    rope: Float64Array;
    ropePhi0: Float64Array;
    ropeMin: Float64Array;
    ropeMax: Float64Array;
    verticalShift: number;
    horizontalShift: number;
    ropeAt: number;
    additiveKeptAt: number;
    additiveFullAt: number;
    crossAt: number;
    additiveMSpread: number;
    ropeMSpread: number;
  };
  modulationSplit(o: { seed: number; delta: number; dim?: number }): {
    cosTerm: Float64Array;
    sinTerm: Float64Array;
    sum: Float64Array;
    direct: Float64Array;
    maxAbsDifference: number;
    total: number;
  };
}

/** The Relative PE chapter (analysis_relative.hpp). Offsets are j − i (key minus query). */
export interface AnalysisRelativeChapter {
  relativeBiasExample(o: { n: number; seed: number }): { offsets: Float64Array; bias: Float64Array; matrix: Matrix<Float64Array>; relativeSpread: number };
  slidingPair(o: { n: number; dim: number; seed: number; gap: number }): {
    starts: Float64Array;
    absolute: Float64Array;
    relative: Float64Array;
    absoluteSpread: number;
    relativeSpread: number;
    absoluteMatrixSpread: number;
  };
  shawRows(o: { n: number; k: number }): { indices: Matrix<Float64Array>; rowsUsed: number; rowsUsed4n: number; length4n: number; tableRows: number };
  t5Layout(o: { span: number; numBuckets?: number; maxDistance?: number; bidirectional?: boolean }): {
    offsets: Float64Array;
    buckets: Float64Array;
    bucketLo: Float64Array;
    bucketHi: Float64Array;
    distinct: number;
    maxExact: number;
    maxDistance: number;
    pairs: number;
  };
  xlView(o: { n: number; dim: number; seed: number }): Record<'a' | 'b' | 'c' | 'd', Matrix<Float64Array>> & {
    sharedScale: number;
    diagonalSpread: Float64Array;
    columnSpread: Float64Array;
    rms: Float64Array;
  };
  sentenceOffsets(o: { positions1: ArrayLike<number>; positions2: ArrayLike<number> }): {
    neighbours1: Float64Array;
    neighbours2: Float64Array;
    offsets1: Matrix<Float64Array>;
    offsets2: Matrix<Float64Array>;
    samePairs: number;
    pairs: number;
  };
}

/** The Comparison chapter (analysis_comparison.hpp). Every array: sinusoidal, learned, T5, RoPE. */
export interface AnalysisComparison {
  comparisonMeasures(o: { n: number; dim: number; nMax: number; seed?: number }): {
    positionScores: Matrix<Float64Array>[];
    spreadAlone: Float64Array;
    spreadProjected: Float64Array;
    parameters: Float64Array;
    lengthChange: Float64Array;
    definedAtNMax: boolean[];
  };
}

export type Analysis = AnalysisSinusoidal & AnalysisAttention & AnalysisRope & AnalysisRelative & AnalysisChecks & AnalysisScores & AnalysisModulation & AnalysisRelativeChapter & AnalysisComparison;

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


/**
 * The measurements behind the Errata chapter's checks (cpp/include/posenc/analysis_checks.hpp): small
 * comparisons, sinusoidal and RoPE facts the seeds state, and scans of a seed's text (lines from 1).
 */
export interface AnalysisChecks {
  /** max |a − b| (or max |a − bᵀ|). */
  maxAbsDifference(a: Matrix, b: Matrix, o?: { transposeB?: boolean }): number;
  /** x·xᵀ. */
  gram(x: Matrix): Matrix<Float64Array>;
  rowNorms(x: Matrix): Float64Array;
  /** max − min of each row. */
  rowRanges(x: Matrix): Float64Array;
  /** The two closest rows over the given columns (all when absent). */
  closestPair(x: Matrix, o?: { columns?: ArrayLike<number> }): { i: number; j: number; distance: number };
  sequenceStats(values: ArrayLike<number>): { min: number; max: number; maxAbs: number; distinct: number; increases: number; firstIncrease: number };
  /** Per pair: ω_i, 1/ω_i, 2π/ω_i and position·ω_i. */
  frequencyTable(o: { dim: number; base?: number; position?: number }): Record<'invFreq' | 'divisor' | 'period' | 'angle', Float64Array>;
  /** ‖p_0 − p_Δ‖ for each offset. */
  offsetDistances(o: { dim: number; base?: number; offsets: ArrayLike<number> }): Float64Array;
  /** The offset 1 … maxOffset closest to p_0. */
  closestOffset(o: { dim: number; base?: number; maxOffset: number }): { offset: number; distance: number };
  /** The position 0 … positions−1 whose encoding is closest to point. */
  sinusoidalNearest(o: { dim: number; base?: number; positions: number; point: ArrayLike<number> }): { position: number; distance: number };
  /** Singular values and how many exceed tolerance × the largest. */
  numericalRank(x: Matrix, o: { tolerance: number }): { rank: number; singularValues: Float64Array };
  /** Total signed turn (degrees) of the polyline through the rows (n × 2) seen from the origin. */
  sweptAngle(points: Matrix): { degrees: number; gap: number };
  /** Relative residual of the best linear map x[pos + k] ≈ M·x[pos]. */
  linearShiftResidual(x: Matrix, o: { k: number }): number;
  /** base^(−2i/d) against exp(−(2i/d)·ln base) and exp(−(2i/d)·log₁₀ base): largest relative differences. */
  expFormCheck(o: { dim: number; base?: number }): { natural: number; log10: number };
  permutationReport(o: { x: Matrix; permutation: ArrayLike<number>; wq: Matrix; wk: Matrix; wv: Matrix }): {
    equivariance: number;
    invariance: number;
    weightsChange: number;
    weightsConjugation: number;
    pooledChange: number;
    weightSum: number;
    outputCols: number;
  };
  causalReport(o: { x: Matrix; wq: Matrix; wk: Matrix; wv: Matrix; changeFrom: number; delta: number }): {
    maxMaskedWeight: number;
    minUnmaskedWeight: number;
    maxChangeBefore: number;
  };
  /** max |[X P]·[W; W] − (X + P)·W|. */
  concatVersusAdd(o: { x: Matrix; p: Matrix; w: Matrix }): number;
  /** max |mean Y(a) − mean Y(b)| of two inputs' self-attention outputs. */
  bagCompare(o: { a: Matrix; b: Matrix; wq: Matrix; wk: Matrix; wv: Matrix }): number;
  /** Offsets pos[j] − pos[i] in two position lists, and the ordered pairs that keep theirs. */
  offsetAgreement(o: { a: ArrayLike<number>; b: ArrayLike<number> }): { a: Matrix<Float64Array>; b: Matrix<Float64Array>; equalPairs: number; pairs: number };
  fourTermsResidual(x: Matrix, p: Matrix, wq: Matrix, wk: Matrix): { sumVsScores: number; totalVsScores: number };
  /** ⟨R(m)q, R(n)k⟩ (interleaved), or with a projection W applied after the rotation. */
  ropeScore(o: { q: ArrayLike<number>; k: ArrayLike<number>; m: number; n: number; invFreq: ArrayLike<number>; project?: Matrix }): number;
  /** max |R(m)ᵀR(n) − R(n − m)|. */
  rotationIdentity(o: { dim: number; base?: number; m: number; n: number }): number;
  /** Re[(q₀ + iq₁)(k₀ + ik₁)* e^{i(m−n)θ}]. */
  complexRopeScore(o: { q: ArrayLike<number>; k: ArrayLike<number>; m: number; n: number; theta: number }): number;
  /** Lines (from 1) containing needle. */
  textFind(text: string, needle: string): Int32Array;
  lineInfo(text: string, line: number): {
    text: string;
    fields: number;
    endsSentence: boolean;
    endsWithColon: boolean;
    nextNonEmpty: number;
    nextText: string;
    nextEndsWithColon: boolean;
  };
  /** Every `$$`, paired in order: lines of each display, which are empty, and an unpaired one. */
  displayMathScan(text: string): { count: number; openLine: Int32Array; closeLine: Int32Array; empty: Int32Array; unclosedLine: number };
  /** Lines where an inline `$` opening a formula is followed by whitespace. */
  inlineMathScan(text: string): Int32Array;
  /** Markdown ATX headings outside code fences, and the number of fence lines. */
  markdownHeadings(text: string): { lines: Int32Array; levels: Int32Array; fences: number };
}
