/** The raw Emscripten module (cpp/bindings): plain exports for tensors, embind for the rest. */
import type { Matrix } from './types.js';

/** An embind result: the value, or { error, kind } (1 TypeError, 2 RangeError). */
export type Raw<T> = T | { error: string; kind: number };

type M = Matrix<Float64Array>;
type Num = ArrayLike<number>;

export interface PosencModule {
  HEAPU8: Uint8Array;
  HEAPF32: Float32Array;
  HEAPF64: Float64Array;
  HEAP32: Int32Array;
  HEAPU32: Uint32Array;
  UTF8ToString(ptr: number): string;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  _posenc_last_error(): number;
  _posenc_last_error_kind(): number;
  _posenc_simd_build(): number;
  _posenc_alloc(bytes: number): number;
  _posenc_free(ptr: number): void;
  _posenc_sinusoidal(positions: number, count: number, dim: number, base: number, layout: number, precision: number): number;
  _posenc_sinusoidal_into(out: number, positions: number, count: number, dim: number, base: number, layout: number): number;
  _posenc_sinusoidal_range_into(out: number, start: number, count: number, dim: number, base: number, layout: number): number;
  _posenc_scores_into(out: number, q: number, k: number, nq: number, nk: number, dim: number, scale: number): number;
  /** x: [batch, seq, heads, headDim] (order 0) or [batch, heads, seq, headDim] (order 1); cpp/bindings/entry.hpp RopeCall. */
  _posenc_rope_apply(
    x: number,
    out: number,
    batch: number,
    seq: number,
    heads: number,
    headDim: number,
    rotDim: number,
    rotOffset: number,
    order: number,
    pairOrder: number,
    layout: number,
    invFreq: number,
    attentionFactor: number,
    positions: number,
    positionsCount: number,
  ): number;
  /** A RopeRows* (0 on failure: posenc_last_error says why). */
  _posenc_rope_rows_begin(
    batch: number,
    seq: number,
    heads: number,
    headDim: number,
    rotDim: number,
    rotOffset: number,
    order: number,
    pairOrder: number,
    layout: number,
    invFreq: number,
    attentionFactor: number,
    positions: number,
    positionsCount: number,
  ): number;
  _posenc_rope_rows_apply(rows: number, x: number, out: number, first: number, count: number, sliceStride: number): number;
  _posenc_rope_rows_end(rows: number): void;
  _posenc_scores(q: number, k: number, nq: number, nk: number, dim: number, scale: number): number;
  _posenc_colormap(values: number, n: number, lo: number, hi: number, lut: number, lutSize: number, masked: number): number;
  _posenc_t5_buckets(rel: number, n: number, bidirectional: number, numBuckets: number, maxDistance: number): number;
  _posenc_alibi_bias(numHeads: number, len: number, causal: number): number;
  _posenc_memory_pass(x: number, out: number, n: number, scale: number): void;

  limits(): import('./limits.js').Limits;
  inverseFrequencies(
    dim: number,
    base: number,
    scaling: import('./config/scaling.js').ScalingStruct,
  ): Raw<{ invFreq: Float64Array; attentionFactor: number }>;
  mlaSoftmaxScale(qkHeadDim: number, factor: number, mscaleAllDim: number): Raw<number>;
  rotationMatrix(dim: number, position: number, base: number, layout: number): Raw<M>;
  alibiSlopes(n: number): Raw<Float64Array>;
  dotByOffset(dim: number, base: number, offsets: Num): Raw<Float64Array>;
  bestLinearMap(k: number, dim: number, base: number, n: number, features: number): Raw<Record<string, unknown>>;
  pca(x: Matrix, components: number): Raw<{ coords: M; explained: Float64Array }>;
  attention(q: Matrix, k: Matrix, v: Matrix, causal: boolean): Raw<Record<string, M>>;
  selfAttention(x: Matrix, wq: Matrix, wk: Matrix, wv: Matrix, causal: boolean): Raw<Record<string, M>>;
  fourTerms(x: Matrix, p: Matrix, wq: Matrix, wk: Matrix): Raw<Record<string, M>>;
  permutationCheck(x: Matrix, perm: Num, wq: Matrix, wk: Matrix, wv: Matrix, encoding: Matrix | null): Raw<Record<string, unknown>>;
  crossAttentionCheck(q: Matrix, source: Matrix, perm: Num, wk: Matrix, wv: Matrix): Raw<Record<string, unknown>>;
  ropeSplit(q: Num, k: Num, delta: number, invFreq: Num): Raw<Record<string, Float64Array>>;
  ropeDecayBound(invFreq: Num, offsets: Num): Raw<Float64Array>;
  ropeRotate(x: Num, position: number, invFreq: Num, layout: number, attentionFactor: number): Raw<Float64Array>;
  ropeRotate2d(x: Num, px: number, py: number, base: number, layout: number): Raw<Float64Array>;
  // RoPE chapter (embind_analysis_rope.cpp)
  ropePlane(
    q: Num,
    k: Num,
    qScale: number,
    m: number,
    n: number,
    thetaDeg: number,
    sameGap: Num,
    offsets: Num,
  ): Raw<Record<string, unknown>>;
  ropeTurn(x: Num, angleDeg: number): Raw<Record<string, unknown>>;
  ropeAngles(invFreq: Num, position: number): Raw<Record<string, Float64Array>>;
  ropeLayouts(x: Num, position: number, invFreq: Num, layout: number): Raw<Record<string, unknown>>;
  ropeRelativeScores(q: Num, k: Num, count: number, invFreq: Num): Raw<Record<string, unknown>>;
  ropeShiftScores(q: Num, k: Num, gap: number, count: number, base: number): Raw<Record<string, unknown>>;
  ropeDemo(tokens: Matrix, wq: Matrix, wk: Matrix, anglesDeg: Num): Raw<Record<string, M>>;
  ropeDecay(invFreq: Num, offsets: Num, q: Num, k: Num): Raw<Record<string, unknown>>;
  countRises(values: Num, offsets: Num): Raw<Record<string, number>>;
  rope2dScores(q: Num, k: Num, grid: number, shiftX: number, shiftY: number, base: number): Raw<Record<string, unknown>>;
  // Longer contexts chapter (embind_analysis_contexts.cpp)
  scalingBands(plain: Num, scaled: Num, factor: number): Raw<Record<string, number>>;
  configWavelengths(invFreq: Num, lengths: Num): Raw<Record<string, unknown>>;
  mropeScores(q: Num, k: Num, invFreq: Num, axes: Num, grid: number, dt: number): Raw<Record<string, unknown>>;
  contextFrequencies(
    dim: number,
    base: number,
    trainLength: number,
    targetLength: number,
    betaFast: number,
    betaSlow: number,
    lowFreqFactor: number,
    highFreqFactor: number,
  ): Raw<Record<string, unknown>>;
  longRangeValues(invFreq: Num, attentionFactor: number, offsets: Num): Raw<Float64Array>;
  longRangeEnvelope(
    invFreq: Num,
    attentionFactor: number,
    length: number,
    columns: number,
    firstColumn: number,
    lastColumn: number,
    logSpaced: boolean,
  ): Raw<Record<string, Float64Array>>;
  longRangeColumns(length: number, columns: number, logSpaced: boolean): Raw<Float64Array>;
  longRangeMatrix(invFreq: Num, attentionFactor: number, length: number, size: number): Raw<Record<string, unknown>>;
  alibiHeadBias(numHeads: number, head: number, length: number): Raw<M>;
  alibiByOffset(numHeads: number, offsets: Num): Raw<M>;
  binaryEncoding(n: number, bits: number): Raw<M>;
  normalizedEncoding(n: number): Raw<Float64Array>;
  learnedLookup(nMax: number, dim: number, seed: number, positions: Num): Raw<M>;
  randomNormal(seed: number, rows: number, cols: number, stddev: number): Raw<M>;
  relativeBiasMatrix(len: number, bias: Num): Raw<M>;
  shawIndices(len: number, k: number): Raw<M>;
  shawScores(x: Matrix, wq: Matrix, wk: Matrix, a: Matrix, k: number): Raw<M>;
  matmul(a: Matrix, b: Matrix): Raw<M>;
  wavelengths(dim: number, base: number): Raw<Float64Array>;
  periodCheck(dim: number, base: number, length: number): Raw<Record<string, unknown>>;
  dotByFrequencies(invFreq: Num, offsets: Num): Raw<Float64Array>;
  distanceByFrequencies(invFreq: Num, offsets: Num): Raw<Float64Array>;
  dotProfile(dim: number, base: number, maxOffset: number, starts: Num): Raw<Record<string, unknown>>;
  closestPositions(dim: number, base: number, count: number): Raw<Record<string, number>>;
  pcaShape(x: Matrix): Raw<Record<string, unknown>>;
  shuffleDemo(
    x: Matrix,
    perm: Num,
    wq: Matrix,
    wk: Matrix,
    wv: Matrix,
    encoding: Matrix | null,
    queries: Matrix | null,
  ): Raw<Record<string, unknown>>;
  integerLabels(tokens: Matrix, length: number, trainLength: number): Raw<Record<string, unknown>>;
  normalizedRulers(lengths: Num): Raw<Record<string, unknown>[]>;
  binarySteps(bits: number, step: number): Raw<Record<string, unknown>>;
  shiftPrediction(k: number, dim: number, base: number, n: number, features: number): Raw<Record<string, unknown>>;
  closestRows(x: Matrix): Raw<Record<string, number>>;
  pairHands(pos: number, k: number, dim: number, base: number): Raw<Record<string, unknown>>;
  transformerXl(e: Matrix, r: Matrix, wq: Matrix, wkE: Matrix, wkR: Matrix, u: Num, v: Num): Raw<Record<string, M>>;
  // chapters scores, modulation, relative, comparison (analysis_scores/modulation/relative/comparison.hpp)
  fourTermsView(n: number, dim: number, seed: number, identity: boolean): Raw<Record<string, unknown>>;
  repeatedWordRow(n: number, dim: number, seed: number, identity: boolean, query: number): Raw<Record<string, unknown>>;
  positionDiagonals(n: number, dim: number, seed: number): Raw<Record<string, unknown>>;
  causalView(n: number, dim: number, seed: number, identity: boolean, causal: boolean): Raw<Record<string, unknown>>;
  diagonalProfile(m: Matrix): Raw<Record<string, unknown>>;
  modulationCurves(phi: number, omega: number, delta: number, m: number, span: number, positions: number): Raw<Record<string, unknown>>;
  modulationSplit(seed: number, delta: number, dim: number): Raw<Record<string, unknown>>;
  relativeBiasExample(n: number, seed: number): Raw<Record<string, unknown>>;
  slidingPair(n: number, dim: number, seed: number, gap: number): Raw<Record<string, unknown>>;
  shawRows(n: number, k: number): Raw<Record<string, unknown>>;
  t5Layout(span: number, numBuckets: number, maxDistance: number, bidirectional: boolean): Raw<Record<string, unknown>>;
  xlView(n: number, dim: number, seed: number): Raw<Record<string, unknown>>;
  sentenceOffsets(positions1: Num, positions2: Num): Raw<Record<string, unknown>>;
  comparisonMeasures(n: number, dim: number, nMax: number, seed: number): Raw<Record<string, unknown>>;
}

export type ModuleFactory = (options: { wasmBinary: Uint8Array | ArrayBuffer }) => Promise<PosencModule>;

/** Raw embind signatures of the errata checks' measurements (cpp/bindings/embind_analysis_checks.cpp). */
export interface PosencModule {
  maxAbsDifference(a: Matrix, b: Matrix, transposeB: boolean): Raw<number>;
  gram(x: Matrix): Raw<M>;
  rowNorms(x: Matrix): Raw<Float64Array>;
  rowRanges(x: Matrix): Raw<Float64Array>;
  closestPair(x: Matrix, columns: Num): Raw<{ i: number; j: number; distance: number }>;
  sequenceStats(values: Num): Raw<{ min: number; max: number; maxAbs: number; distinct: number; increases: number; firstIncrease: number }>;
  frequencyTable(dim: number, base: number, position: number): Raw<Record<'invFreq' | 'divisor' | 'period' | 'angle', Float64Array>>;
  offsetDistances(dim: number, base: number, offsets: Num): Raw<Float64Array>;
  closestOffset(dim: number, base: number, maxOffset: number): Raw<{ offset: number; distance: number }>;
  sinusoidalNearest(dim: number, base: number, positions: number, point: Num): Raw<{ position: number; distance: number }>;
  numericalRank(x: Matrix, tolerance: number): Raw<{ rank: number; singularValues: Float64Array }>;
  sweptAngle(points: Matrix): Raw<{ degrees: number; gap: number }>;
  linearShiftResidual(x: Matrix, k: number): Raw<number>;
  expFormCheck(dim: number, base: number): Raw<{ natural: number; log10: number }>;
  permutationReport(x: Matrix, perm: Num, wq: Matrix, wk: Matrix, wv: Matrix): Raw<Record<string, number>>;
  causalReport(x: Matrix, wq: Matrix, wk: Matrix, wv: Matrix, changeFrom: number, delta: number): Raw<Record<string, number>>;
  concatVersusAdd(x: Matrix, p: Matrix, w: Matrix): Raw<number>;
  bagCompare(a: Matrix, b: Matrix, wq: Matrix, wk: Matrix, wv: Matrix): Raw<number>;
  offsetAgreement(a: Num, b: Num): Raw<{ a: M; b: M; equalPairs: number; pairs: number }>;
  fourTermsResidual(x: Matrix, p: Matrix, wq: Matrix, wk: Matrix): Raw<{ sumVsScores: number; totalVsScores: number }>;
  ropeScore(q: Num, k: Num, m: number, n: number, invFreq: Num, project: Matrix | null): Raw<number>;
  rotationIdentity(dim: number, base: number, m: number, n: number): Raw<number>;
  complexRopeScore(q: Num, k: Num, m: number, n: number, theta: number): Raw<number>;
  textFind(text: string, needle: string): Raw<Int32Array>;
  lineInfo(
    text: string,
    line: number,
  ): Raw<{
    text: string;
    fields: number;
    endsSentence: boolean;
    endsWithColon: boolean;
    nextNonEmpty: number;
    nextText: string;
    nextEndsWithColon: boolean;
  }>;
  displayMathScan(
    text: string,
  ): Raw<{ count: number; openLine: Int32Array; closeLine: Int32Array; empty: Int32Array; unclosedLine: number }>;
  inlineMathScan(text: string): Raw<Int32Array>;
  markdownHeadings(text: string): Raw<{ lines: Int32Array; levels: Int32Array; fences: number }>;
}

/**
 * The training lab's own module (posenc-lab-*.wasm, cpp/bindings/embind_lab.cpp): models are
 * integer handles into a table on the C++ side; config objects use the C++ field names.
 */
export interface PosencLabModule {
  HEAPU8: Uint8Array;
  _malloc(bytes: number): number;
  _free(ptr: number): void;
  labInfo(): {
    encodings: string[];
    tasks: string[];
    stretches: string[];
    layouts: string[];
    tokenNames: string[];
    model: import('./types.js').LabModelConfig;
    train: import('./types.js').LabTrainConfig;
    taskMinLength: Float64Array;
    limits: { maxLength: number; maxModelDim: number; maxLayers: number; maxBatch: number; maxNetworkBytes: number; maxSeed: number };
    evaluate: { sequences: number; seed: number };
  };
  labCreate(model: import('./types.js').LabModelConfig, train: import('./types.js').LabTrainConfig): Raw<number>;
  labStep(handle: number, count: number): Raw<{ losses: Float64Array; gradNorms: Float64Array; step: number; done: boolean }>;
  labFinish(handle: number): Raw<boolean>;
  labDescribe(handle: number): Raw<{
    model: import('./types.js').LabModelConfig;
    train: import('./types.js').LabTrainConfig;
    task: string;
    trainLength: number;
    stepsDone: number;
    parameters: number;
    memoryBytes: number;
  }>;
  labEvaluate(handle: number, lengths: Num, sequences: number, seed: number, stretch: string): Raw<import('./types.js').LabEvalRow[]>;
  labLogits(handle: number, tokens: Int32Array, stretch: string): Raw<Float32Array>;
  labAttention(handle: number, tokens: Int32Array, stretch: string): Raw<Float32Array>;
  labPredict(handle: number, tokens: Int32Array, stretch: string): Raw<Int32Array>;
  labTensors(handle: number): Raw<{ name: string; shape: Float64Array; data: Float32Array }[]>;
  labFromTensors(
    model: import('./types.js').LabModelConfig,
    task: string,
    trainLength: number,
    train: import('./types.js').LabTrainConfig,
    tensors: { name: string; shape: number[]; data: Float32Array }[],
  ): Raw<number>;
  labFree(handle: number): boolean;
  labLive(): number;
  labSample(task: string, length: number, index: number, seed: number): Raw<{ tokens: Int32Array; targets: Int32Array }>;
  labTableProfile(table: Float32Array, rows: number, cols: number): Raw<Omit<import('./types.js').LabTableProfile, 'rows' | 'cols'>>;
  labSinusoids(rows: number, dModel: number): Raw<Float32Array>;
}

export type LabModuleFactory = (options: { wasmBinary: Uint8Array | ArrayBuffer }) => Promise<PosencLabModule>;
