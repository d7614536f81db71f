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
    }
  | {
      /** Phi-3: short_factor up to original_max_position_embeddings, long_factor once seq_len exceeds it. */
      rope_type: 'longrope';
      short_factor: readonly number[];
      long_factor: readonly number[];
      original_max_position_embeddings: number;
      factor?: number;
      attention_factor?: number;
      seq_len?: number;
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
  /** Multiplies cos and sin (YaRN, LongRoPE); 1 for the other types. */
  attentionFactor: number;
  /** Keys transformers would not recognise, in its words (a warning, never an error). */
  warnings: string[];
}

/** One set of frequencies of a model (Gemma 3 has two: sliding-window and global layers). */
export interface RopeFrequencySet extends Frequencies {
  base: number;
  ropeType: RopeScaling['rope_type'];
  factor: number;
}

/** What ropeFromConfig reads from a model's config.json (transformers' rules; docs/API.md). */
export interface RopeConfig extends Frequencies {
  /** config.model_type (of text_config for multimodal models), or null. */
  modelType: string | null;
  /** Rotary dimension: headDim × partial_rotary_factor (GPT-J: rotary_dim; MLA: qk_rope_head_dim). */
  dim: number;
  headDim: number;
  partialRotaryFactor: number;
  base: number;
  ropeType: RopeScaling['rope_type'];
  factor: number;
  /** 0 when the scaling does not use it. */
  originalMaxPositionEmbeddings: number;
  maxPositionEmbeddings: number;
  /** Which coordinates a rotary pair joins in this family (Llama: 'half'; GPT-J, Cohere, GLM, DeepSeek: 'interleaved'). */
  layout: RopeLayout;
  /** Where the rotary slice sits in each head: the first dim coordinates, or the last (MLA). */
  rotaryPosition: 'first' | 'last';
  /** What posenc decided that transformers does silently (text_config read, class defaults used). */
  notes: string[];
  /** LongRoPE: the frequencies past originalMaxPositionEmbeddings (invFreq holds the short ones). */
  longrope?: { shortInvFreq: Float64Array; longInvFreq: Float64Array; longFromSeqLen: number };
  /** M-RoPE (Qwen2-VL): consecutive frequency ranges for time, height and width. */
  mrope?: { section: [number, number, number]; ranges: { temporal: [number, number]; height: [number, number]; width: [number, number] } };
  /** Gemma 3: both frequency sets (the main fields are the global layers'), and each layer's type. */
  perLayerType?: { sliding_attention: RopeFrequencySet; full_attention: RopeFrequencySet };
  layerTypes?: ('sliding_attention' | 'full_attention')[];
  /** MLA (DeepSeek-V2/V3, Kimi-K2): the attention's softmax scale, qk_head_dim^−½ · mscale². */
  softmaxScale?: number;
  qkHeadDim?: number;
}

/** Any model's positional scheme, from its config.json. */
export type PositionalScheme = { modelType: string | null } & (
  | { scheme: 'rope'; rope: RopeConfig }
  | { scheme: 'learned'; maxPositions: number; offset: number }
  | { scheme: 'sinusoidal'; maxPositions: number }
  | { scheme: 'relative-buckets'; numBuckets: number; maxDistance: number; numHeads: number; bidirectionalEncoder: boolean }
  | { scheme: 'relative-embeddings'; maxDistance: number; variant: string }
  | { scheme: 'alibi'; numHeads: number; maxBias: number; slopes: Float64Array }
  | { scheme: 'none'; reason: string }
);

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
  /** A model's rotary embedding as transformers reads it; throws for a model without one (see positionalScheme). */
  ropeFromConfig(config: object | string): RopeConfig;
  /** Which positional scheme any model's config.json describes, with its parameters. */
  positionalScheme(config: object | string): PositionalScheme;
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
