/** The raw Emscripten module (cpp/bindings): plain exports for tensors, embind for the rest. */
import type { Matrix } from './types.js';

/** An embind result: the value, or { error, kind } (1 TypeError, 2 RangeError). */
export type Raw<T> = T | { error: string; kind: number };

type M = Matrix<Float64Array>;

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
  _posenc_decode_begin(heads: number, headDim: number, maxLength: number, maxTokens: number): number;
  _posenc_decode_run(state: number, work: number, tokens: number, length: number): number;
  _posenc_decode_end(state: number): void;

  limits(): import('./limits.js').Limits;
  inverseFrequencies(
    dim: number,
    base: number,
    scaling: import('./config/scaling.js').ScalingStruct,
  ): Raw<{ invFreq: Float64Array; attentionFactor: number }>;
  mlaSoftmaxScale(qkHeadDim: number, factor: number, mscaleAllDim: number): Raw<number>;
  rotationMatrix(dim: number, position: number, base: number, layout: number): Raw<M>;
  alibiSlopes(n: number): Raw<Float64Array>;
  xposScale(dim: number, positions: Float64Array, scaleBase: number, gamma: number): Raw<M>;
  pRopeFrequencies(dim: number, base: number, p: number): Raw<Float64Array>;
  kerpleBias(r1: Float64Array, r2: Float64Array, length: number, causal: boolean): Raw<Float32Array>;
  fireDistance(length: number, c: number, threshold: number): Raw<M>;
  noRopeLayers(numLayers: number, interval: number): Raw<Int32Array>;
  llama4AttentionScale(positions: Float64Array, floorScale: number, attnScale: number): Raw<Float64Array>;
}

export type ModuleFactory = (options: { wasmBinary: Uint8Array | ArrayBuffer }) => Promise<PosencModule>;

/** The page's measurements' module (posenc-analysis.wasm, cpp/bindings/boundary.cpp). */
export type AnalysisModuleFactory = (options: {
  wasmBinary: Uint8Array | ArrayBuffer;
}) => Promise<
  import('./analysis/bind.js').AnalysisModule & { HEAPU8: Uint8Array; _malloc(bytes: number): number; _free(ptr: number): void }
>;

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
  labEvaluate(
    handle: number,
    lengths: ArrayLike<number>,
    sequences: number,
    seed: number,
    stretch: string,
  ): Raw<import('./types.js').LabEvalRow[]>;
  labLogits(handle: number, tokens: Int32Array, stretch: string): Raw<Float32Array>;
  labAttention(handle: number, tokens: Int32Array, stretch: string): Raw<Float32Array>;
  labPredict(handle: number, tokens: Int32Array, stretch: string): Raw<Int32Array>;
  labBiasCurves(handle: number, length: number): Raw<Float32Array>;
  labCountedPositions(handle: number, tokens: Int32Array): Raw<Float32Array>;
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
