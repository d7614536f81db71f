/**
 * Public types of the `posenc` package. Names and defaults follow docs/API.md.
 *
 * Conventions (stated once, used everywhere):
 * - positions start at 0;
 * - sinusoidal: PE[pos, 2i] = sin(pos·ω_i), PE[pos, 2i+1] = cos(pos·ω_i), ω_i = base^(-2i/d);
 *   layout 'concat' puts all sines first;
 * - RoPE layouts: 'interleaved' pairs (x[2i], x[2i+1]) (RoFormer, GPT-J); 'half' pairs (x[i], x[i+d/2])
 *   (GPT-NeoX, Hugging Face rotate_half);
 * - R(θ) = [[cos θ, −sin θ], [sin θ, cos θ]], counter-clockwise for θ > 0;
 * - scaling objects use Hugging Face `rope_scaling` keys (snake_case, as in config.json).
 */

/** Row-major matrix: element (r, c) is data[r * cols + c]. */
export interface Matrix<T extends Float32Array | Float64Array = Float32Array | Float64Array> {
  rows: number;
  cols: number;
  data: T;
}

/** A count n (positions 0 … n−1) or explicit, possibly fractional, positions. */
export type Positions = number | ArrayLike<number>;

export type SinusoidalLayout = 'interleaved' | 'concat';
export type RopeLayout = 'interleaved' | 'half';

export type RopeScaling =
  | { rope_type: 'default' }
  | { rope_type: 'linear'; factor: number }
  | { rope_type: 'dynamic'; factor: number; max_position_embeddings: number; seq_len?: number }
  | {
      rope_type: 'yarn';
      factor: number;
      original_max_position_embeddings: number;
      beta_fast?: number;
      beta_slow?: number;
      attention_factor?: number;
      mscale?: number;
      mscale_all_dim?: number;
      truncate?: boolean;
    }
  | {
      rope_type: 'llama3';
      factor: number;
      low_freq_factor: number;
      high_freq_factor: number;
      original_max_position_embeddings: number;
    };

export interface SinusoidalOptions {
  positions: Positions;
  dim: number;
  base?: number;
  layout?: SinusoidalLayout;
  /** 32 (default, Float32Array, the fast SIMD path) or 64 (Float64Array, for display). */
  precision?: 32 | 64;
  /** Written instead of allocating: a Float32Array (precision 32) or Float64Array (64) of positions × dim. */
  out?: Float32Array | Float64Array;
}

export interface Frequencies {
  /** dim/2 inverse frequencies θ_i, float64. */
  invFreq: Float64Array;
  /** Multiplies cos and sin (YaRN); 1 for the other types. */
  attentionFactor: number;
}

export interface RopeConfig extends Frequencies {
  /** Rotary dimension: headDim × partial_rotary_factor. */
  dim: number;
  headDim: number;
  base: number;
  ropeType: RopeScaling['rope_type'];
  factor: number;
  originalMaxPositionEmbeddings: number;
  maxPositionEmbeddings: number;
  /** Fields that were ignored or defaulted, in words. */
  warnings: string[];
}

export interface ApplyRopeOptions {
  /** [seq, heads, headDim] or [seq, headDim]. */
  shape: readonly number[];
  /** Explicit positions (length seq); default 0 … seq−1. */
  positions?: ArrayLike<number>;
  base?: number;
  layout?: RopeLayout;
  scaling?: RopeScaling;
  /** Write into x instead of a new array. */
  inPlace?: boolean;
  /** Partial rotary: rotate only the first rotaryDim coordinates of each head (default headDim). */
  rotaryDim?: number;
  /** Frequencies from ropeFromConfig(): replaces base, scaling and rotaryDim. */
  rope?: Pick<RopeConfig, 'dim' | 'invFreq' | 'attentionFactor'>;
  /** Written instead of allocating: a Float32Array of x.length (returned as the result). */
  out?: Float32Array;
}

export interface RotationMatrixOptions {
  dim: number;
  position: number;
  base?: number;
  layout?: RopeLayout;
}

export interface T5Options {
  bidirectional?: boolean;
  numBuckets?: number;
  maxDistance?: number;
}

export interface AlibiBiasOptions {
  numHeads: number;
  length: number;
  causal?: boolean;
  /** Written instead of allocating: a Float32Array of numHeads × length × length. */
  out?: Float32Array;
}

export interface ScoresOptions {
  /** q is [queries, dim], k is [keys, dim]. */
  queries: number;
  keys: number;
  dim: number;
  /** Multiplies every score (e.g. 1/√dim). Default 1. */
  scale?: number;
  /** Written instead of allocating: a Float32Array of queries × keys (the result's data). */
  out?: Float32Array;
}

export interface ColormapOptions {
  lo: number;
  hi: number;
  /** Colours as 0xAABBGGRR (ImageData byte order), at least 2. */
  lut: Uint32Array;
  /** Colour for NaN and ±∞ (masked scores). Default transparent. */
  masked?: number;
}

/**
 * A Float32 buffer that lives in wasm memory: the zero-copy path for large tensors.
 * `view()` builds a fresh Float32Array each call; do not keep it across other calls (memory growth
 * detaches old views). Call `free()` when done.
 */
export interface WasmTensor {
  readonly length: number;
  view(): Float32Array;
  free(): void;
}

export type Backend = 'wasm-simd' | 'wasm-scalar';

export interface InitOptions {
  /** false forces the scalar build; true requires SIMD; default: SIMD where it validates. */
  simd?: boolean;
}

export interface Posenc {
  readonly backend: Backend;
  sinusoidal(o: SinusoidalOptions & { precision: 64 }): Matrix<Float64Array>;
  sinusoidal(o: SinusoidalOptions): Matrix<Float32Array>;
  inverseFrequencies(o: { dim: number; base?: number; scaling?: RopeScaling }): Frequencies;
  ropeFromConfig(config: object | string): RopeConfig;
  applyRope(x: Float32Array | WasmTensor, o: ApplyRopeOptions): Float32Array;
  rotationMatrix(o: RotationMatrixOptions): Matrix<Float64Array>;
  t5RelativeBucket(relativePositions: number | ArrayLike<number>, o?: T5Options): Int32Array;
  alibiSlopes(numHeads: number): Float64Array;
  alibiBias(o: AlibiBiasOptions): Float32Array;
  /** scale · q_m · k_n for every query m and key n: Matrix [queries, keys]. */
  scores(q: Float32Array, k: Float32Array, o: ScoresOptions): Matrix<Float32Array>;
  /** Values to RGBA pixels (Uint32, ImageData byte order). */
  colormap(values: Float32Array, o: ColormapOptions): Uint32Array;
  /** Allocates a zero-copy tensor in wasm memory. */
  tensor(length: number): WasmTensor;
  /** Bytes of wasm memory now (it grows, never shrinks). */
  memoryBytes(): number;
}
