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
  _posenc_scores_into(out: number, q: number, k: number, nq: number, nk: number, dim: number, scale: number): number;
  _posenc_rope_apply(
    x: number, out: number, seq: number, heads: number, headDim: number, rotDim: number, layout: number,
    invFreq: number, attentionFactor: number, positions: number, firstPosition: number,
  ): number;
  _posenc_rope_check(
    seq: number, heads: number, headDim: number, rotDim: number, layout: number, invFreq: number, attentionFactor: number,
    positions: number, firstPosition: number,
  ): number;
  _posenc_scores(q: number, k: number, nq: number, nk: number, dim: number, scale: number): number;
  _posenc_colormap(values: number, n: number, lo: number, hi: number, lut: number, lutSize: number, masked: number): number;
  _posenc_t5_buckets(rel: number, n: number, bidirectional: number, numBuckets: number, maxDistance: number): number;
  _posenc_alibi_bias(numHeads: number, len: number, causal: number): number;
  _posenc_memory_pass(x: number, out: number, n: number, scale: number): void;

  limits(): import('./limits.js').Limits;
  inverseFrequencies(dim: number, base: number, scaling: import('./config/scaling.js').ScalingStruct): Raw<{ invFreq: Float64Array; attentionFactor: number }>;
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
  shuffleDemo(x: Matrix, perm: Num, wq: Matrix, wk: Matrix, wv: Matrix, encoding: Matrix | null, queries: Matrix | null): Raw<Record<string, unknown>>;
  integerLabels(tokens: Matrix, length: number, trainLength: number): Raw<Record<string, unknown>>;
  normalizedRulers(lengths: Num): Raw<Record<string, unknown>[]>;
  binarySteps(bits: number, step: number): Raw<Record<string, unknown>>;
  shiftPrediction(k: number, dim: number, base: number, n: number, features: number): Raw<Record<string, unknown>>;
  closestRows(x: Matrix): Raw<Record<string, number>>;
  pairHands(pos: number, k: number, dim: number, base: number): Raw<Record<string, unknown>>;
  transformerXl(e: Matrix, r: Matrix, wq: Matrix, wkE: Matrix, wkR: Matrix, u: Num, v: Num): Raw<Record<string, M>>;
}

export type ModuleFactory = (options: { wasmBinary: Uint8Array | ArrayBuffer }) => Promise<PosencModule>;
