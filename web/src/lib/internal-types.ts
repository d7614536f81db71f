/**
 * Types of the internal surfaces: the page's float64 measurements (analysis) and zero-copy kernels.
 * Not part of the npm contract (docs/API.md); the page and the benchmarks reach them through
 * internals(pe).
 */
import type { Matrix, RopeLayout, ScoresOptions, SinusoidalLayout, WasmTensor } from './types.js';

/** An input matrix: row-major values in any array of numbers (the wrapper copies them to float64). */
export interface MatrixLike {
  rows: number;
  cols: number;
  data: ArrayLike<number>;
}

export interface AnalysisSinusoidal {
  dotByOffset(o: { dim: number; base?: number; offsets: ArrayLike<number> }): Float64Array;
  bestLinearMap(o: { k: number; dim: number; base?: number; n?: number; features?: 'sincos' | 'sin' }): {
    m: Matrix<Float64Array>;
    relativeResidual: number;
    maxAbsError: number;
    exact?: Matrix<Float64Array>;
  };
  pca(x: MatrixLike, components?: number): { coords: Matrix<Float64Array>; explained: Float64Array };
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
  pcaShape(x: MatrixLike): { coords: Matrix<Float64Array>; explained: Float64Array; sweptDeg: number };
}

/** The "Why position" chapter's shuffle experiment (analysis_permutation.hpp). */
export interface AnalysisPermutation {
  shuffleDemo(o: {
    x: MatrixLike;
    permutation: ArrayLike<number>;
    wq: MatrixLike;
    wk: MatrixLike;
    wv: MatrixLike;
    encoding?: MatrixLike;
    queries?: MatrixLike;
  }): {
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
  integerLabels(o: { tokens: MatrixLike; length: number; trainLength: number }): {
    similarity: Float64Array;
    similarityAt0: number;
    similarityLast: number;
    largestLabel: number;
    largestSeen: number;
    unseen: number;
    typicalEntry: number;
  };
  normalizedRulers(lengths: ArrayLike<number>): { values: Float64Array; gap: number }[];
  binarySteps(o: { bits: number; step: number }): {
    flips: Float64Array;
    distance: Float64Array;
    flippedColumns: Float64Array;
    stepFlips: number;
    smallest: number;
    largest: number;
  };
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
  closestRows(x: MatrixLike): { a: number; b: number; distance: number };
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
  attention(q: MatrixLike, k: MatrixLike, v: MatrixLike, o?: { causal?: boolean }): AttentionResult;
  selfAttention(x: MatrixLike, wq: MatrixLike, wk: MatrixLike, wv: MatrixLike, o?: { causal?: boolean }): AttentionResult;
  fourTerms(
    x: MatrixLike,
    p: MatrixLike,
    wq: MatrixLike,
    wk: MatrixLike,
  ): Record<'contentContent' | 'contentPosition' | 'positionContent' | 'positionPosition' | 'total', Matrix<Float64Array>>;
  permutationCheck(o: {
    x: MatrixLike;
    permutation: ArrayLike<number>;
    wq: MatrixLike;
    wk: MatrixLike;
    wv: MatrixLike;
    encoding?: MatrixLike;
  }): { yOfPermuted: Matrix<Float64Array>; permutedY: Matrix<Float64Array>; maxAbsDifference: number };
  crossAttentionCheck(o: { queries: MatrixLike; source: MatrixLike; permutation: ArrayLike<number>; wk: MatrixLike; wv: MatrixLike }): {
    original: Matrix<Float64Array>;
    permuted: Matrix<Float64Array>;
    maxAbsDifference: number;
  };
  /** a · b (small matrices). */
  matmul(a: MatrixLike, b: MatrixLike): Matrix<Float64Array>;
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
  // --- the RoPE chapter's figures (analysis_rope.hpp) ---
  ropePlane(o: {
    q: ArrayLike<number>;
    k: ArrayLike<number>;
    qScale?: number;
    m: number;
    n: number;
    thetaDeg: number;
    sameGap?: ArrayLike<number>;
    offsets?: ArrayLike<number>;
  }): RopePlane;
  ropeTurn(o: { x: ArrayLike<number>; angleDeg: number }): { rotated: Float64Array; angle: ShownAngle; cross: number };
  ropeAngles(o: {
    invFreq: ArrayLike<number>;
    position: number;
  }): Record<'theta' | 'radians' | 'degrees' | 'turns' | 'cos' | 'sin', Float64Array>;
  ropeLayouts(o: { x: ArrayLike<number>; position: number; invFreq: ArrayLike<number>; layout?: RopeLayout }): RopeLayouts;
  ropeRelativeScores(o: { q: ArrayLike<number>; k: ArrayLike<number>; count: number; invFreq: ArrayLike<number> }): {
    scores: Matrix<Float64Array>;
    maxDiagonalDeviation: number;
  };
  ropeShiftScores(o: { q: ArrayLike<number>; k: ArrayLike<number>; gap: number; count: number; base?: number }): {
    additive: Float64Array;
    rotary: Float64Array;
    additiveSpread: number;
    rotarySpread: number;
  };
  ropeDemo(o: {
    tokens: MatrixLike;
    wq: MatrixLike;
    wk: MatrixLike;
    anglesDeg: ArrayLike<number>;
  }): Record<'q' | 'k' | 'qRot' | 'kRot' | 'scores' | 'weights' | 'output' | 'dots' | 'claimed' | 'sinTerm', Matrix<Float64Array>>;
  ropeDecay(o: { invFreq: ArrayLike<number>; offsets: ArrayLike<number>; q: ArrayLike<number>; k: ArrayLike<number> }): {
    bound: Float64Array;
    relativeBound: Float64Array;
    ones: Float64Array;
    pair: Float64Array;
    rises: number;
    steps: number;
    firstRise: number;
  };
  /** Steps where a curve goes up (consecutive increasing offsets), and the first such offset. */
  countRises(o: { values: ArrayLike<number>; offsets: ArrayLike<number> }): { rises: number; steps: number; firstRise: number };
  rope2dScores(o: { q: ArrayLike<number>; k: ArrayLike<number>; grid: number; shiftX: number; shiftY: number; base?: number }): {
    scores: Matrix<Float64Array>;
    shifted: Matrix<Float64Array>;
    maxAbsDifference: number;
  };
}

/** An angle as the page prints it: radians = (degrees + 360·turns)·π/180, degrees in (−180, 180]. */
export interface ShownAngle {
  radians: number;
  degrees: number;
  turns: number;
}

export interface RopePlane {
  q: Float64Array;
  k: Float64Array;
  qRot: Float64Array;
  kRot: Float64Array;
  turnQ: ShownAngle;
  turnK: ShownAngle;
  dirQ: ShownAngle;
  dirK: ShownAngle;
  between: ShownAngle;
  dot: number;
  normQ: number;
  normK: number;
  /** |q|·|k| */
  amplitude: number;
  complexScore: number;
  gapScores: Float64Array;
  gapSpread: number;
  /** n − m */
  gap: number;
  gapN: Float64Array;
  /** q′ and k′ of each shifted pair, (x, y) after each other. */
  gapQRot: Float64Array;
  gapKRot: Float64Array;
  /** Angle from q′ to k′ in each shifted pair, degrees in (−180, 180]. */
  gapBetween: Float64Array;
  offsetScores: Float64Array;
}

export interface RopeLayouts {
  pair: Float64Array;
  partner: Float64Array;
  rotated: Float64Array;
  cos: Float64Array;
  sin: Float64Array;
  result: Float64Array;
  matrixResult: Float64Array;
  perm: Float64Array;
  permuted: Float64Array;
  interleaved: Float64Array;
  halfOfPermuted: Float64Array;
  maxAbsDifference: number;
  maxFormDifference: number;
}

/** The "Longer contexts" chapter's measurements (analysis_contexts.hpp). */
export interface AnalysisContexts {
  scalingBands(o: { plain: ArrayLike<number>; scaled: ArrayLike<number>; factor: number }): ScalingBands;
  /** A model card's wavelengths 2π/θ_i, and per context length the pairs slower than it and the slowest pair's turns. */
  configWavelengths(o: { invFreq: ArrayLike<number>; lengths: ArrayLike<number> }): {
    wavelength: Float64Array;
    beyond: number[];
    slowestTurns: Float64Array;
  };
  /**
   * M-RoPE on one frame of grid × grid patches (mrope_scores in analysis_contexts.hpp): the centre
   * patch's query against every patch's key dt frames later, each coordinate's pairs' share and the
   * sum, as changes from their values at the query's own patch and frame.
   */
  mropeScores(o: {
    q: ArrayLike<number>;
    k: ArrayLike<number>;
    invFreq: ArrayLike<number>;
    axes: ArrayLike<number>;
    grid: number;
    dt?: number;
  }): {
    total: Matrix<Float64Array>;
    time: Matrix<Float64Array>;
    height: Matrix<Float64Array>;
    width: Matrix<Float64Array>;
    /** Each section's share at the query's own patch and frame (the maps are changes from these). */
    atQuery: Float64Array;
    /** The time share's spread over all patches; height's largest within a row; width's within a column. */
    timeSpread: number;
    heightSpreadInRow: number;
    widthSpreadInColumn: number;
    /** How much they do change: height's largest spread down a column, width's along a row. */
    heightChangeDown: number;
    widthChangeAcross: number;
  };
  contextFrequencies(o: {
    dim: number;
    base: number;
    trainLength: number;
    targetLength: number;
    betaFast?: number;
    betaSlow?: number;
    lowFreqFactor?: number;
    highFreqFactor?: number;
  }): ContextFrequencies;
  longRangeValues(o: { invFreq: ArrayLike<number>; attentionFactor?: number; offsets: ArrayLike<number> }): Float64Array;
  longRangeEnvelope(o: {
    invFreq: ArrayLike<number>;
    attentionFactor?: number;
    length: number;
    columns: number;
    firstColumn?: number;
    lastColumn?: number;
    /** Columns evenly spread on a log axis (Δ = 0 in the first). */
    logSpaced?: boolean;
  }): { start: Float64Array; lo: Float64Array; hi: Float64Array };
  /** The first Δ of each column of longRangeEnvelope. */
  longRangeColumns(o: { length: number; columns: number; logSpaced?: boolean }): Float64Array;
  longRangeMatrix(o: { invFreq: ArrayLike<number>; attentionFactor?: number; length: number; size: number }): {
    scores: Matrix<Float64Array>;
    positions: Float64Array;
  };
  alibiHeadBias(o: { numHeads: number; head: number; length: number }): Matrix<Float64Array>;
  alibiByOffset(o: { numHeads: number; offsets: ArrayLike<number> }): Matrix<Float64Array>;
}

export interface ScalingBands {
  kept: number;
  blended: number;
  divided: number;
  /** Pair index where the blended band starts / the divided band starts (= d/2 when empty). */
  firstBlended: number;
  firstDivided: number;
}

export type ContextKind = 'linear' | 'dynamic' | 'yarn' | 'llama3';

export interface ContextScaling {
  kind: ContextKind;
  /** The core's refusal of these parameters (then the arrays are empty). */
  error: string;
  invFreq: Float64Array;
  slowdown: Float64Array;
  wavelength: Float64Array;
  attentionFactor: number;
  bands: ScalingBands;
  /** The rope_scaling object used (Hugging Face keys). */
  scaling: Record<string, string | number>;
}

export interface ContextFrequencies {
  factor: number;
  needsScaling: boolean;
  invFreq: Float64Array;
  wavelength: Float64Array;
  seenTurns: Float64Array;
  targetTurns: Float64Array;
  unseen: number;
  /** The first pair that makes less than one turn by L (= d/2 when none). */
  firstUnseen: number;
  slowestAtTrain: ShownAngle;
  slowestAtTarget: ShownAngle;
  scalings: ContextScaling[];
}

export interface AnalysisRelative {
  relativeBiasMatrix(o: { length: number; bias: ArrayLike<number> }): Matrix<Float64Array>;
  shawIndices(o: { length: number; k: number }): Matrix<Float64Array>;
  shawScores(o: { x: MatrixLike; wq: MatrixLike; wk: MatrixLike; a: MatrixLike; k: number }): Matrix<Float64Array>;
  transformerXl(o: {
    e: MatrixLike;
    r: MatrixLike;
    wq: MatrixLike;
    wkE: MatrixLike;
    wkR: MatrixLike;
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
  > & {
    sharedScale: number;
    sumResidual: number;
    rms: Float64Array;
    transposeGap: number;
    ppRelativeSpread: number;
  };
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
  relativeBiasExample(o: { n: number; seed: number }): {
    offsets: Float64Array;
    bias: Float64Array;
    matrix: Matrix<Float64Array>;
    relativeSpread: number;
  };
  slidingPair(o: { n: number; dim: number; seed: number; gap: number }): {
    starts: Float64Array;
    absolute: Float64Array;
    relative: Float64Array;
    absoluteSpread: number;
    relativeSpread: number;
    absoluteMatrixSpread: number;
  };
  shawRows(o: { n: number; k: number }): {
    indices: Matrix<Float64Array>;
    rowsUsed: number;
    rowsUsed4n: number;
    length4n: number;
    tableRows: number;
  };
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

export type Analysis = AnalysisSinusoidal &
  AnalysisAttention &
  AnalysisRope &
  AnalysisRelative &
  AnalysisChecks &
  AnalysisContexts &
  AnalysisScores &
  AnalysisModulation &
  AnalysisRelativeChapter &
  AnalysisComparison &
  AnalysisPermutation &
  AnalysisHistory;

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
  /**
   * The float32 table for positions 0 … count−1 into out (count × dim); with `start`, rows
   * start … start+count−1 into their place in out (a long table filled a block at a time).
   */
  sinusoidal(out: WasmTensor, o: { count: number; dim: number; base?: number; layout?: SinusoidalLayout; start?: number }): void;
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
  maxAbsDifference(a: MatrixLike, b: MatrixLike, o?: { transposeB?: boolean }): number;
  /** x·xᵀ. */
  gram(x: MatrixLike): Matrix<Float64Array>;
  rowNorms(x: MatrixLike): Float64Array;
  /** max − min of each row. */
  rowRanges(x: MatrixLike): Float64Array;
  /** The two closest rows over the given columns (all when absent). */
  closestPair(x: MatrixLike, o?: { columns?: ArrayLike<number> }): { i: number; j: number; distance: number };
  sequenceStats(values: ArrayLike<number>): {
    min: number;
    max: number;
    maxAbs: number;
    distinct: number;
    increases: number;
    firstIncrease: number;
  };
  /** Per pair: ω_i, 1/ω_i, 2π/ω_i and position·ω_i. */
  frequencyTable(o: { dim: number; base?: number; position?: number }): Record<'invFreq' | 'divisor' | 'period' | 'angle', Float64Array>;
  /** ‖p_0 − p_Δ‖ for each offset. */
  offsetDistances(o: { dim: number; base?: number; offsets: ArrayLike<number> }): Float64Array;
  /** The offset 1 … maxOffset closest to p_0. */
  closestOffset(o: { dim: number; base?: number; maxOffset: number }): { offset: number; distance: number };
  /** The position 0 … positions−1 whose encoding is closest to point. */
  sinusoidalNearest(o: { dim: number; base?: number; positions: number; point: ArrayLike<number> }): { position: number; distance: number };
  /** Singular values and how many exceed tolerance × the largest. */
  numericalRank(x: MatrixLike, o: { tolerance: number }): { rank: number; singularValues: Float64Array };
  /** Total signed turn (degrees) of the polyline through the rows (n × 2) seen from the origin. */
  sweptAngle(points: MatrixLike): { degrees: number; gap: number };
  /** Relative residual of the best linear map x[pos + k] ≈ M·x[pos]. */
  linearShiftResidual(x: MatrixLike, o: { k: number }): number;
  /** base^(−2i/d) against exp(−(2i/d)·ln base) and exp(−(2i/d)·log₁₀ base): largest relative differences. */
  expFormCheck(o: { dim: number; base?: number }): { natural: number; log10: number };
  permutationReport(o: { x: MatrixLike; permutation: ArrayLike<number>; wq: MatrixLike; wk: MatrixLike; wv: MatrixLike }): {
    equivariance: number;
    invariance: number;
    weightsChange: number;
    weightsConjugation: number;
    pooledChange: number;
    weightSum: number;
    outputCols: number;
  };
  causalReport(o: { x: MatrixLike; wq: MatrixLike; wk: MatrixLike; wv: MatrixLike; changeFrom: number; delta: number }): {
    maxMaskedWeight: number;
    minUnmaskedWeight: number;
    maxChangeBefore: number;
  };
  /** max |[X P]·[W; W] − (X + P)·W|. */
  concatVersusAdd(o: { x: MatrixLike; p: MatrixLike; w: MatrixLike }): number;
  /** max |mean Y(a) − mean Y(b)| of two inputs' self-attention outputs. */
  bagCompare(o: { a: MatrixLike; b: MatrixLike; wq: MatrixLike; wk: MatrixLike; wv: MatrixLike }): number;
  /** Offsets pos[j] − pos[i] in two position lists, and the ordered pairs that keep theirs. */
  offsetAgreement(o: { a: ArrayLike<number>; b: ArrayLike<number> }): {
    a: Matrix<Float64Array>;
    b: Matrix<Float64Array>;
    equalPairs: number;
    pairs: number;
  };
  fourTermsResidual(x: MatrixLike, p: MatrixLike, wq: MatrixLike, wk: MatrixLike): { sumVsScores: number; totalVsScores: number };
  /** ⟨R(m)q, R(n)k⟩ (interleaved), or with a projection W applied after the rotation. */
  ropeScore(o: {
    q: ArrayLike<number>;
    k: ArrayLike<number>;
    m: number;
    n: number;
    invFreq: ArrayLike<number>;
    project?: MatrixLike;
  }): number;
  /** max |R(m)ᵀR(n) − R(n − m)|. */
  rotationIdentity(o: { dim: number; base?: number; m: number; n: number }): number;
  /** Re[(q₀ + iq₁)(k₀ + ik₁)* e^{i(m−n)θ}]. */
  complexRopeScore(o: { q: ArrayLike<number>; k: ArrayLike<number>; m: number; n: number; theta: number }): number;
  /** Lines (from 1) containing needle. */
  textFind(text: string, needle: string): Int32Array;
  lineInfo(
    text: string,
    line: number,
  ): {
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
