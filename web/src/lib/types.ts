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
import type { LabEncoding, LabModelConfig, LabStretch, LabTrainConfig } from './lab/info.generated.js';

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
/** How a 4-D tensor lies: [batch, heads, seq, headDim] or [batch, seq, heads, headDim]. */
export type RopeOrder = 'bhsd' | 'bshd';
export type RopePairOrder = 'in-place' | 'transformers';

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

/** One layer type's rope (Gemma 3 has two: sliding-window and global layers): a complete RopeConfig. */
export type RopeFrequencySet = RopeConfig;

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
  /**
   * M-RoPE (Qwen2-VL, Qwen2.5-VL; Qwen3-VL interleaved): the coordinate each frequency pair turns
   * with (axes[i]: 0 time, 1 height, 2 width), and for the block layout the three pair ranges.
   */
  mrope?: {
    section: [number, number, number];
    interleaved: boolean;
    axes: (0 | 1 | 2)[];
    ranges?: { temporal: [number, number]; height: [number, number]; width: [number, number] };
  };
  /**
   * Gemma 3: each layer type's complete rope (the main fields are the global layers'); each works as
   * applyRope's rope, and ropeForLayer(rope, i) picks layer i's through layerTypes.
   */
  perLayerType?: { sliding_attention: RopeConfig; full_attention: RopeConfig };
  layerTypes?: ('sliding_attention' | 'full_attention')[];
  /** Gemma 3: how many positions back a sliding-window (local) layer attends (config sliding_window). */
  slidingWindow?: number;
  /** MLA (DeepSeek-V2/V3, Kimi-K2): the attention's softmax scale, qk_head_dim^−½ · mscale². */
  softmaxScale?: number;
  qkHeadDim?: number;
}

/** Any model's positional scheme, from its config.json. */
export type PositionalScheme = { modelType: string | null } & (
  | { scheme: 'rope'; rope: RopeConfig }
  /**
   * offset: the table row of position 0 (OPT, BART: 2; the RoBERTa family: pad_token_id + 1, with
   * padding tokens reading row paddingIdx = pad_token_id, as create_position_ids_from_input_ids).
   */
  | { scheme: 'learned'; maxPositions: number; offset: number; paddingIdx?: number }
  /**
   * A fixed table. dim, layout and base where posenc knows the family's table exactly (DistilBERT's
   * sinusoidal_pos_embds, XLM's sinusoidal_embeddings: pe.sinusoidal({ positions: maxPositions, dim, layout, base })).
   */
  | { scheme: 'sinusoidal'; maxPositions: number; dim?: number; layout?: 'interleaved'; base?: number }
  | { scheme: 'relative-buckets'; numBuckets: number; maxDistance: number; numHeads: number; bidirectionalEncoder: boolean }
  | { scheme: 'relative-embeddings'; maxDistance: number; variant: string }
  | { scheme: 'alibi'; numHeads: number; maxBias: number; slopes: Float64Array }
  | { scheme: 'none'; reason: string }
);

export interface ApplyRopeOptions {
  /**
   * [seq, headDim], [seq, heads, headDim], or 4-D: [batch, heads, seq, headDim] (transformers' q and
   * k after the head transpose; order 'bhsd', the default) or [batch, seq, heads, headDim] (order 'bshd').
   */
  shape: readonly number[];
  /**
   * Explicit positions; default 0 … seq−1 for every batch entry. seq entries (the same for every
   * batch entry), batch·seq entries (one row per batch entry, like transformers' position_ids
   * [batch, seq], row-major), or batch rows of seq entries.
   */
  positions?: ArrayLike<number> | readonly ArrayLike<number>[];
  /** 4-D shapes only: 'bhsd' ([batch, heads, seq, headDim], default) or 'bshd' ([batch, seq, heads, headDim]). */
  order?: RopeOrder;
  base?: number;
  layout?: RopeLayout;
  scaling?: RopeScaling;
  /** Write into x instead of a new array. A WasmTensor is always rotated in place (false is an error). */
  inPlace?: boolean;
  /** Partial rotary: rotate only the first rotaryDim coordinates of each head (default headDim). */
  rotaryDim?: number;
  /**
   * Frequencies from ropeFromConfig(): replaces base, scaling and rotaryDim. Its layout is the
   * default pairing; with rotaryPosition 'last' (MLA) the last rope.dim coordinates of each head
   * turn and the rest pass through (x may also be the rotary slice alone). LongRoPE: the long
   * factors when max(positions) + 1 > originalMaxPositionEmbeddings, else the short ones; dynamic:
   * recomputed for max(positions) + 1 past maxPositionEmbeddings (as transformers' forward pass).
   */
  rope?: Pick<RopeConfig, 'dim' | 'invFreq' | 'attentionFactor'> &
    Partial<Pick<RopeConfig, 'layout' | 'rotaryPosition' | 'longrope' | 'ropeType' | 'base' | 'factor' | 'maxPositionEmbeddings'>>;
  /**
   * 'in-place' (default): each pair turned where it lies. 'transformers' (interleaved layout): the
   * turned slice written as [even coordinates | odd coordinates], the order transformers'
   * apply_rotary_pos_emb_interleave (DeepSeek-V3, Kimi-K2) leaves it in. Scores q·k are the same
   * either way: q and k get the same permutation, and a dot product does not see the order.
   */
  pairOrder?: RopePairOrder;
  /** Called with each warning about the scaling (transformers' words), instead of console.warn. */
  onWarning?: (message: string) => void;
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
  /**
   * Load the training lab's module too (`pe.lab`, its own wasm module, ~85 KB gzipped). Default true;
   * false leaves `pe.lab` out (a page that shows encodings but trains nothing).
   */
  lab?: boolean;
}

// --- the encodings since 2023 that are functions of positions (docs/API.md) ----------------------

export interface XposScaleOptions {
  dim: number;
  /** A count n (→ 0 … n−1) or an array of positions (negative and fractional allowed). */
  positions: number | ArrayLike<number>;
  /** B in ζ^(p/B); default 512 (torchscale's scale_base). */
  scaleBase?: number;
  /** γ in ζ_i = (2i/dim + γ)/(1 + γ); default 0.4 (the paper's). */
  gamma?: number;
}
export interface PRopeFrequenciesOptions {
  dim: number;
  base?: number;
  /** The fraction of planes, the fastest, that keep their frequency; default 0.75. */
  p?: number;
}
export interface KerpleBiasOptions {
  /** One value > 0 per head. */
  r1: ArrayLike<number>;
  r2: ArrayLike<number>;
  length: number;
  causal?: boolean;
}
export interface FireDistanceOptions {
  length: number;
  /** c in ψ(x) = log(|c·x| + 1); default 0.1 (the paper's initial value). */
  c?: number;
  /** L: below it the normalizer is ψ(L); default 512 (the paper's initial value). */
  threshold?: number;
}
export interface NoRopeLayersOptions {
  numLayers: number;
  /** Default 4 (Llama 4's no_rope_layer_interval). */
  interval?: number;
}
export interface Llama4AttentionScaleOptions {
  /** A count n (→ 0 … n−1) or an array of positions ≥ 0. */
  positions: number | ArrayLike<number>;
  /** Default 8192 (Llama 4's floor_scale). */
  floorScale?: number;
  /** Default 0.1 (Llama 4's attn_scale). */
  attnScale?: number;
}

// --- the training lab (docs/LAB.md: the network, the tasks, the encodings, exactly) ---------------

/**
 * LabEncoding: one of the lab's encodings, as the core lists them (docs/LAB.md, "Positional
 * encodings"). LabStretch: how a RoPE model is stretched at evaluation, past its training length
 * (docs/LAB.md, "Stretching").
 */
export type { LabEncoding, LabModelConfig, LabStretch, LabTrainConfig } from './lab/info.generated.js';

/**
 * What to train. Every option but `encoding` has the default experiment's value (docs/LAB.md):
 * `pe.lab.defaults` lists them. Names are the C++ fields' in camelCase.
 */
export interface LabTrainOptions {
  /** One of pe.lab.tasks; default the first ('recall'). */
  task?: string;
  encoding: LabEncoding;
  /** Weights come from Rng(seed), training data from Rng(seed ^ "lab_data"). Integer 0 … 2^53−1. */
  seed?: number;
  /** L_train: the longest training sequence, in tokens (default 12). */
  trainLength?: number;
  /** Shortest training sequence; 0 (default): the task's shortest. */
  minLength?: number;
  steps?: number;
  batchSize?: number;
  lr?: number;
  warmupSteps?: number;
  finalLrFraction?: number;
  weightDecay?: number;
  beta1?: number;
  beta2?: number;
  adamEps?: number;
  clipNorm?: number;
  initStd?: number;
  embedInitStd?: number;
  dModel?: number;
  nHeads?: number;
  nLayers?: number;
  dMlp?: number;
  /** Learned: rows of the position table; 0 (default): trainLength. */
  nMax?: number;
  /** RoPE: 'interleaved' (default, RoFormer/GPT-J) or 'half' (GPT-NeoX, rotate_half). */
  ropeLayout?: RopeLayout;
  ropeBase?: number;
  t5NumBuckets?: number;
  t5MaxDistance?: number;
  /** xPos: B in the scale ζ^(n/B) of queries (and ζ^(−n/B) of keys); 0 (default): trainLength / 2. */
  xposScaleBase?: number;
  /** p-RoPE: the fraction p of the planes, the fastest, that turn (the others are not turned); default 0.75. */
  pRopeFraction?: number;
  /** FIRE: hidden units of its MLP f_θ (default 32, as the paper). */
  fireMlpWidth?: number;
  /** FIRE: L0, the fixed part of its threshold L = |L_mult·L0| (L_mult learned); 0 (default): trainLength / 4. */
  fireThreshold?: number;
  /** CoPE: position embeddings per block; counted positions stop at copeNpos − 1. 0 (default): trainLength + 1. */
  copeNpos?: number;
  /** iRoPE: block l has no positional encoding when (l + 1) is a multiple of this (default 2; Llama 4: 4). */
  iropeInterval?: number;
  /** iRoPE: the temperature's step, in positions (Llama 4's floor_scale, 8192); 0 (default): trainLength. */
  iropeFloorScale?: number;
  /** iRoPE: the temperature's slope (Llama 4's attn_scale; default 0.1). */
  iropeAttnScale?: number;
  lnEps?: number;
  /**
   * Randomized positions (Ruoss et al. 2023): 0 (default) off; P > 0: each sequence's positions are a
   * sorted random sample of distinct integers from [0, P), in training and in evaluation (as the paper
   * evaluates), so sequences up to P tokens can be asked about. Not for 'none' and 'cope' (they read no
   * positions). A learned table then has P rows (nMax 0).
   */
  randomPositions?: number;
}

export interface LabProgress {
  /** Steps done so far, of `steps`. */
  step: number;
  steps: number;
  /** Loss of the last step done. */
  loss: number;
  /** Loss of every step done since the previous report (float64). */
  losses: Float64Array;
}

export interface LabTrainCallbacks {
  /** Called between chunks of steps (about every 50 ms). */
  onProgress?: (p: LabProgress) => void;
  /** Aborting rejects the promise with a DOMException named 'AbortError' and frees the model. */
  signal?: AbortSignal;
  /**
   * Steps between two checkpoints (an integer ≥ 1; default: none). Chunks of steps end at every
   * multiple of `every` before the last step, and onCheckpoint is called there.
   */
  every?: number;
  /**
   * Called at each checkpoint with the model in training: its weights after `step` steps. The
   * model can be evaluated, asked for logits, answers and attention during the call only (after it
   * returns, every method throws as on a disposed model); it does not change the training (the same
   * seed gives the same weights with or without checkpoints).
   */
  onCheckpoint?: (c: { step: number; steps: number; model: LabModel }) => void;
}

export interface LabEvaluateOptions {
  /** Test lengths in tokens (1 to 64 of them; each at least the task's shortest). */
  lengths: ArrayLike<number>;
  /** Sequences per length (default 256). */
  sequences?: number;
  /** The evaluation set: the same sequences for every model of a task (default 1234567). */
  seed?: number;
  /** RoPE models only: stretch the frequencies past the training length (default 'none'). */
  stretch?: LabStretch;
}

export interface LabEvalRow {
  length: number;
  /** Correct answers / scored positions; null where beyondTable. */
  tokenAccuracy: number | null;
  /** Sequences with every scored position right / sequences; null where beyondTable. */
  sequenceAccuracy: number | null;
  /** True where a learned table has no row for the last positions: the model cannot run at all. */
  beyondTable: boolean;
  sequences: number;
  /** Scored positions over all sequences. */
  scored: number;
}

export interface LabTensor {
  name: string;
  shape: number[];
  data: Float32Array;
}

/** Attention probabilities of every block and head: data[((layer·heads + head)·n + query)·n + key]. */
export interface LabAttention {
  layers: number;
  heads: number;
  length: number;
  data: Float32Array;
}

/** Bias by key of the last query: data[(layer·heads + head)·length + key]; the distance is length − 1 − key. */
export interface LabBiasCurves {
  layers: number;
  heads: number;
  length: number;
  data: Float32Array;
}

export interface LabSequence {
  tokens: Int32Array;
  /** The answer scored at each position, −1 where nothing is scored. */
  targets: Int32Array;
}

/**
 * What a position table looks like (docs/LAB.md; cpp/include/posenc/lab_analysis.hpp): the cosine
 * similarity of its rows, its mean by distance, and per column the largest share of the column's
 * variance in one frequency of its discrete Fourier transform over the rows (1: a pure wave).
 */
export interface LabTableProfile {
  rows: number;
  cols: number;
  /** rows × rows, row-major. */
  similarity: Float64Array;
  /** Mean similarity of rows k apart, k = 0 … rows−1. */
  byDistance: Float64Array;
  waveShare: Float64Array;
  /** The strongest frequency of each column, in cycles over the rows (0: a constant column). */
  dominant: Int32Array;
  meanWaveShare: number;
}

/** A trained (or loaded) lab model. Its weights live in wasm memory until dispose(). */
export interface LabModel {
  readonly task: string;
  readonly encoding: LabEncoding;
  /** L_train: the longest sequence it was trained on. */
  readonly trainLength: number;
  readonly config: Readonly<LabModelConfig>;
  readonly train: Readonly<LabTrainConfig>;
  /** Number of parameters. */
  readonly parameters: number;
  /**
   * Accuracy at each test length.
   * @throws {TypeError} a wrong type, or a disposed model (code ERR_INVALID_STATE).
   * @throws {RangeError} lengths below the task's shortest, more than 64 of them.
   */
  evaluate(o: LabEvaluateOptions): LabEvalRow[];
  /**
   * [tokens.length, vocab] float32, row-major: row t is the output at position t.
   * @throws {RangeError} token ids outside the vocabulary, 0 or too many tokens, more tokens than a
   * learned table has rows.
   */
  logits(tokens: Int32Array, o?: { stretch?: LabStretch }): Float32Array;
  /** The answer at each position (the first largest logit), as evaluate() scores it. */
  predict(tokens: Int32Array, o?: { stretch?: LabStretch }): Int32Array;
  attention(tokens: Int32Array, o?: { stretch?: LabStretch }): LabAttention;
  /**
   * What a bias encoding learned: the score bias of a query at position length − 1 against keys
   * 0 … length − 1, per block and head (0 in a block without a bias; RoPE-family models: all 0).
   * @throws {RangeError} an encoding whose bias reads content (CoPE) or none at all (NoPE), a length
   * past the model's longest.
   */
  biasCurves(o: { length: number }): LabBiasCurves;
  /**
   * CoPE: the positions it counted, p_ij = min(Σ_{t=j..i} σ(q_i·k_t/√d_h), P − 1), laid out as
   * attention() (0 above the diagonal).
   * @throws {RangeError} any other encoding (it counts nothing), tokens as logits() refuses them.
   */
  countedPositions(tokens: Int32Array): LabAttention;
  /** Every parameter tensor (copies), in the order of docs/LAB.md. */
  tensors(): LabTensor[];
  /** Learned encoding: its position table [n_max, d_model]; null for the other encodings. */
  positionTable(): Matrix<Float32Array> | null;
  /** Weights + configuration (in __metadata__): a file PyTorch can rebuild the network from. */
  toSafetensors(): Uint8Array;
  /** Frees the weights in wasm memory now (a FinalizationRegistry frees them otherwise). */
  dispose(): void;
}

export interface Lab {
  /** 'none', 'sinusoidal', 'learned', 't5', 'alibi', 'rope', 'xpos', 'p-rope', 'kerple', 'fire', 'cope', 'irope' (read from the core). */
  readonly encodings: readonly LabEncoding[];
  /** The task names; the first is the default. */
  readonly tasks: readonly string[];
  readonly stretches: readonly LabStretch[];
  /** Every training option's default value: the default experiment of docs/LAB.md. */
  readonly defaults: Readonly<Required<Omit<LabTrainOptions, 'encoding'>>>;
  /** Token id → name: '<bos>', '<sep>', 'a' … 'p', 'K0' … 'K31'. */
  readonly tokenNames: readonly string[];
  /**
   * Fetches and instantiates the lab's wasm module (once): init() does not, so an instance that
   * never trains never downloads it. train() loads it itself; fromSafetensors, sample, sinusoids
   * and tableProfile need it loaded first.
   */
  load(): Promise<void>;
  /**
   * Trains a model: runs the steps in chunks, yielding to the event loop between chunks. Bad
   * options reject the promise with a TypeError or RangeError (it never throws synchronously, so
   * .catch() sees them); an abort rejects it with an AbortError.
   */
  train(options: LabTrainOptions, callbacks?: LabTrainCallbacks): Promise<LabModel>;
  /**
   * A model from a file written by toSafetensors().
   * @throws {TypeError} bytes is not a Uint8Array.
   * @throws {RangeError} a file that is not posenc's, or a tensor missing, misshaped or non-finite (named).
   */
  fromSafetensors(bytes: Uint8Array): LabModel; // after load() or a train()
  /**
   * Sequence `index` of the evaluation set of a task at a length: what evaluate() scores.
   * @throws {TypeError} a wrong type. @throws {RangeError} an unknown task or a length it cannot have.
   */
  sample(o: { task?: string; length: number; index?: number; seed?: number }): LabSequence;
  /** The sinusoidal table the network adds for encoding 'sinusoidal': rows × dModel float32. */
  sinusoids(o: { rows: number; dModel: number }): Matrix<Float32Array>;
  /** How wave-like and how smooth a position table (rows: positions) is. */
  tableProfile(table: Matrix<Float32Array>): LabTableProfile;
  /** Models alive in wasm memory (not yet disposed or collected). */
  liveModels(): number;
  /** Bytes of the lab module's wasm memory now (it grows, never shrinks). */
  memoryBytes(): number;
}

/**
 * An instance from init({ lab: false }): everything but the training lab, whose module was not
 * loaded (at run time pe.lab is an object whose every property throws a TypeError saying so).
 */
export type PosencCore = Omit<Posenc, 'lab'>;

export interface Posenc {
  readonly backend: Backend;
  /**
   * The sinusoidal table PE[pos, 2i] = sin(pos·ω_i), PE[pos, 2i+1] = cos(pos·ω_i), ω_i = base^(−2i/dim).
   * @throws {TypeError} a wrong type (positions, dim, base, layout, out).
   * @throws {RangeError} odd or out-of-range dim, non-finite positions, base ≤ 1, a table that would not fit.
   */
  sinusoidal(o: SinusoidalOptions & { precision: 64 }): Matrix<Float64Array>;
  sinusoidal(o: SinusoidalOptions): Matrix<Float32Array>;
  /**
   * RoPE's inverse frequencies θ_i and attention factor, with a Hugging Face rope_scaling object.
   * @throws {TypeError} a wrong type (dim, base, a scaling key).
   * @throws {RangeError} odd dim, base ≤ 1, a scaling without rope_type or with an unknown one, a
   * missing required key, camelCase scaling keys.
   */
  inverseFrequencies(o: { dim: number; base?: number; scaling?: RopeScaling }): Frequencies;
  /**
   * A model's rotary embedding as transformers reads it.
   * @throws {TypeError} config is not an object or JSON text, or a key has the wrong type.
   * @throws {RangeError} invalid JSON (with line and column), a model without a rotary embedding
   * (code ERR_NOT_ROTARY; positionalScheme describes it), values out of range.
   */
  ropeFromConfig(config: object | string): RopeConfig;
  /**
   * Layer `layerIndex`'s rope: for a model with a rope per layer type (Gemma 3), the entry of
   * rope.perLayerType that rope.layerTypes[layerIndex] names; for any other model, rope itself.
   * @throws {TypeError} rope is not an object, layerIndex not a number.
   * @throws {RangeError} layerIndex not an integer in [0, layers), or no layerTypes to pick from.
   */
  ropeForLayer(rope: RopeConfig, layerIndex: number): RopeConfig;
  /**
   * Which positional scheme any model's config.json describes, with its parameters.
   * @throws {TypeError} config is not an object or JSON text.
   * @throws {RangeError} invalid JSON, a family posenc cannot tell, values out of range.
   */
  positionalScheme(config: object | string): PositionalScheme;
  /**
   * RoPE applied to q or k: [seq, headDim], [seq, heads, headDim] or 4-D (ApplyRopeOptions.shape).
   * @throws {TypeError} x is not a Float32Array or WasmTensor, an option has the wrong type.
   * @throws {RangeError} x.length differs from the shape's product, odd headDim or rotaryDim,
   * positions of the wrong length or not finite, unknown layout, order or pairOrder, a bad scaling
   * or rope. Nothing is written into x or out when a call fails.
   */
  applyRope(x: Float32Array | WasmTensor, o: ApplyRopeOptions): Float32Array;
  /**
   * The block-diagonal R_{Θ,position}, dim × dim, float64.
   * @throws {TypeError} a wrong type. @throws {RangeError} odd dim, non-finite position, base ≤ 1.
   */
  rotationMatrix(o: RotationMatrixOptions): Matrix<Float64Array>;
  /**
   * T5's _relative_position_bucket for each relative position.
   * @throws {TypeError} a wrong type. @throws {RangeError} non-integer positions, numBuckets or maxDistance out of range.
   */
  t5RelativeBucket(relativePositions: number | ArrayLike<number>, o?: T5Options): Int32Array;
  /**
   * ALiBi's slope per head (the paper's code, also for head counts that are not powers of two).
   * @throws {TypeError} not a number. @throws {RangeError} not an integer from 1 to 4096.
   */
  alibiSlopes(numHeads: number): Float64Array;
  /**
   * ALiBi's bias −slope·(i−j), [numHeads, length, length].
   * @throws {TypeError} a wrong type. @throws {RangeError} numHeads or length out of range, a bias that would not fit.
   */
  alibiBias(o: AlibiBiasOptions): Float32Array;
  /**
   * xPos (Sun et al. 2022): ζ_i^(p/scaleBase) for each position p and plane i, ζ_i = (2i/dim + gamma)/(1 + gamma):
   * a query's factor on plane i (a key's is the inverse). Matrix [positions, dim/2], float64.
   * @throws {TypeError} a wrong type. @throws {RangeError} odd dim, scaleBase or gamma ≤ 0, positions not finite.
   */
  xposScale(o: XposScaleOptions): Matrix<Float64Array>;
  /**
   * p-RoPE (Barbero et al. 2025): RoPE's inverse frequencies for the fastest ⌊p·dim/2⌋ planes, 0 for the others.
   * @throws {TypeError} a wrong type. @throws {RangeError} odd dim, base ≤ 1, p outside [0, 1].
   */
  pRopeFrequencies(o: PRopeFrequenciesOptions): Float64Array;
  /**
   * Kerple's log bias (Chi et al. 2022) −r1_h·log(1 + r2_h·|i − j|), [heads, length, length] (0 above the diagonal when causal).
   * @throws {TypeError} a wrong type. @throws {RangeError} r1 and r2 of different lengths, a value ≤ 0, length out of range.
   */
  kerpleBias(o: KerpleBiasOptions): Float32Array;
  /**
   * FIRE's input (Li et al. 2024): ψ(i − j)/(ψ(max(i, threshold)) + 1e-6), ψ(x) = log(|c·x| + 1), for key j ≤ i:
   * Matrix [length, length], float64 (0 above the diagonal).
   * @throws {TypeError} a wrong type. @throws {RangeError} length out of range, c ≤ 0, threshold < 0.
   */
  fireDistance(o: FireDistanceOptions): Matrix<Float64Array>;
  /**
   * Llama 4's no_rope_layers (transformers): 1 where block l uses RoPE, 0 where it has no positional encoding
   * ((l + 1) a multiple of interval).
   * @throws {TypeError} a wrong type. @throws {RangeError} numLayers or interval not an integer from 1 to 4096.
   */
  noRopeLayers(o: NoRopeLayersOptions): Int32Array;
  /**
   * Llama 4's attention temperature of the queries of a NoPE block: log(1 + ⌊(p + 1)/floorScale⌋)·attnScale + 1.
   * @throws {TypeError} a wrong type. @throws {RangeError} negative or non-finite positions, floorScale ≤ 0, attnScale < 0.
   */
  llama4AttentionScale(o: Llama4AttentionScaleOptions): Float64Array;
  /**
   * scale · q_m · k_n for every query m and key n: Matrix [queries, keys].
   * @throws {TypeError} q or k not Float32Arrays. @throws {RangeError} lengths that differ from queries × dim, keys × dim.
   */
  scores(q: Float32Array, k: Float32Array, o: ScoresOptions): Matrix<Float32Array>;
  /**
   * Values to RGBA pixels (Uint32, ImageData byte order).
   * @throws {TypeError} a wrong type. @throws {RangeError} non-finite lo or hi, fewer than 2 colours.
   */
  colormap(values: Float32Array, o: ColormapOptions): Uint32Array;
  /**
   * Allocates a zero-copy tensor in wasm memory.
   * @throws {TypeError} not a number. @throws {RangeError} not an integer from 0 to 2^27, or no memory left.
   */
  tensor(length: number): WasmTensor;
  /** Bytes of wasm memory now (it grows, never shrinks). */
  memoryBytes(): number;
  /** The training lab (absent with init({ lab: false }): see PosencCore). */
  readonly lab: Lab;
}

/**
 * What `code` an error says (docs/API.md, "Errors"): every error posenc throws is a TypeError or
 * RangeError (init's simd: true on an engine without SIMD: an Error) with `argument` (the
 * argument, option or config key it is about, as the message names it) and `code`.
 */
export type PosencErrorCode =
  | 'ERR_INVALID_ARG_TYPE'
  | 'ERR_OUT_OF_RANGE'
  | 'ERR_UNKNOWN_OPTION'
  | 'ERR_MISSING_ARG'
  | 'ERR_TOO_LARGE'
  | 'ERR_MEMORY_FULL'
  | 'ERR_INVALID_STATE'
  | 'ERR_INVALID_JSON'
  | 'ERR_NOT_ROTARY'
  | 'ERR_NO_SIMD';

/** The fields every posenc error carries besides its message. */
export interface PosencErrorFields {
  readonly argument: string;
  readonly code: PosencErrorCode;
}
export type PosencError = (TypeError | RangeError | Error) & PosencErrorFields;
