/**
 * A model's config.json, read the way Hugging Face transformers reads its rotary embedding
 * (modeling_rope_utils.py v5 `RotaryEmbeddingConfigMixin`, the family config classes and modeling
 * files; tests/hf/NOTES.md has the rules with the files and commits read). This decides *which*
 * numbers go in (head and rotary dimension, base, the scaling dict and its defaults); the C++ core
 * computes the frequencies from them.
 */
import { describe, rangeError, typeError } from '../checks.js';
import type { RopeLayout } from '../types.js';
import { isDict, own, type Dict } from './dict.js';
import { CLASS_DEFAULTS, familyLayout } from './families.js';
import { DEFAULT_SCALING, readScaling, type ScalingStruct } from './scaling.js';

export interface FrequencySpec {
  base: number;
  scaling: ScalingStruct;
}

export interface RopeSpec {
  modelType: string | null;
  headDim: number;
  dim: number;
  partialRotaryFactor: number;
  layout: RopeLayout;
  /** Where the rotary slice sits in a head: the first coordinates, or the last (MLA: DeepSeek, Kimi-K2). */
  rotaryPosition: 'first' | 'last';
  maxPositionEmbeddings: number;
  /** The frequencies most layers use (Gemma 3: the scaled global layers). */
  main: FrequencySpec;
  /** Gemma 3: the local (sliding-window) layers' frequencies beside the global ones. */
  sliding?: FrequencySpec;
  layerTypes?: ('sliding_attention' | 'full_attention')[];
  /** Gemma 3: how many positions back a sliding-window layer attends. */
  slidingWindow?: number;
  mropeSection?: [number, number, number];
  /** Qwen3-VL's mrope_interleaved: height and width take every third pair instead of a block each. */
  mropeInterleaved?: boolean;
  /** MLA's softmax scale inputs (DeepSeek-V2/V3, Kimi-K2). */
  mla?: { qkHeadDim: number; factor: number; mscaleAllDim: number };
  /** transformers' own warnings, in its words. */
  warnings: string[];
  /** What posenc decided that transformers does silently (text_config read, a class default used). */
  notes: string[];
}

/** Layers a config may list (the largest published models have a few hundred). */
const MAX_LAYERS = 100_000;

/** The language model's part of a config: top level, or text_config with its class defaults. */
export function languageConfig(root: Dict): { cfg: Dict; modelType: string | null; notes: string[] } {
  const notes: string[] = [];
  let cfg = root;
  const hasShape = ['hidden_size', 'head_dim', 'n_embd', 'd_model'].some((k) => own(root, k) !== undefined);
  const text = own(root, 'text_config');
  if (!hasShape && isDict(text)) {
    cfg = text;
    notes.push('read the language model from text_config');
  }
  let modelType = typeof own(cfg, 'model_type') === 'string' ? (own(cfg, 'model_type') as string) : null;
  if (cfg !== root && modelType === null && typeof own(root, 'model_type') === 'string') {
    modelType = `${own(root, 'model_type') as string}_text`;
  }
  if (modelType === null && typeof own(root, 'model_type') === 'string') modelType = own(root, 'model_type') as string;
  if (cfg !== root && modelType === 'gemma3') modelType = 'gemma3_text';
  const defaults = modelType ? CLASS_DEFAULTS[modelType] : undefined;
  if (defaults) {
    const filled = Object.keys(defaults).filter((k) => own(cfg, k) === undefined || own(cfg, k) === null);
    if (filled.length) notes.push(`${modelType} class defaults for ${filled.join(', ')}`);
    cfg = { ...defaults, ...Object.fromEntries(Object.entries(cfg).filter(([, v]) => v !== null)) };
  }
  return { cfg, modelType, notes };
}

/** A number field (null or absent: undefined); anything else is a TypeError naming config.<key>. */
function numberField(fn: string, cfg: Dict, key: string): number | undefined {
  const v = own(cfg, key);
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number') typeError(`${fn}: config.${key} must be a number, got ${describe(v)}`);
  return v;
}

function first(...values: (number | undefined)[]): number | undefined {
  return values.find((v) => v !== undefined);
}

const LAYER_TYPES = ['sliding_attention', 'full_attention'];

export function readRope(fn: string, root: Dict): RopeSpec {
  const { cfg, modelType, notes } = languageConfig(root);
  const warnings: string[] = [];
  const n = (k: string) => numberField(fn, cfg, k);

  // The rope dict: v4's rope_scaling replaces v5's rope_parameters when it is set.
  const scalingKey = isDict(own(cfg, 'rope_scaling')) ? 'rope_scaling' : isDict(own(cfg, 'rope_parameters')) ? 'rope_parameters' : null;
  for (const k of ['rope_scaling', 'rope_parameters']) {
    const v = own(cfg, k);
    if (v !== undefined && v !== null && !isDict(v)) typeError(`${fn}: config.${k} must be an object, got ${describe(v)}`);
  }
  let dict: Dict = scalingKey ? (own(cfg, scalingKey) as Dict) : {};
  // v5 per-layer-type dicts (Gemma 3): {sliding_attention: {...}, full_attention: {...}}.
  const perLayer = Object.keys(dict).length > 0 && Object.keys(dict).every((k) => LAYER_TYPES.includes(k) && isDict(dict[k]));
  const slidingDict = perLayer && isDict(dict.sliding_attention) ? (dict.sliding_attention as Dict) : null;
  if (perLayer) dict = isDict(dict.full_attention) ? (dict.full_attention as Dict) : {};

  const hidden = first(n('hidden_size'), n('n_embd'));
  const heads = first(n('num_attention_heads'), n('n_head'));
  const maxPositionEmbeddings = first(n('max_position_embeddings'), n('n_positions'), n('seq_length')) ?? 0;

  // Head dimension: an explicit head_dim wins; MLA rotates qk_rope_head_dim; else hidden / heads.
  const qkRope = n('qk_rope_head_dim');
  const chatglm = modelType === 'chatglm';
  let headDim = first(qkRope, chatglm ? n('kv_channels') : undefined, n('head_dim'));
  if (headDim === undefined) {
    if (hidden === undefined || heads === undefined) {
      rangeError(`${fn}: config needs head_dim, or hidden_size and num_attention_heads (or n_embd and n_head)`);
    }
    if (!(heads > 0)) rangeError(`${fn}: config.num_attention_heads must be a number > 0, got ${describe(heads)}`);
    headDim = Math.floor(hidden / heads);
  }

  // Rotary share: the top-level value overrides the dict's (standardize_rope_params).
  const dictFactor = typeof own(dict, 'partial_rotary_factor') === 'number' ? (own(dict, 'partial_rotary_factor') as number) : undefined;
  let partial = first(n('partial_rotary_factor'), n('rotary_pct'), n('rope_pct'), dictFactor) ?? 1;
  // The key the share came from, for the message when it is out of range.
  let partialKey =
    ['partial_rotary_factor', 'rotary_pct', 'rope_pct'].find((k) => n(k) !== undefined) ??
    (dictFactor !== undefined ? `${scalingKey}.partial_rotary_factor` : 'partial_rotary_factor');
  let dim = Math.floor(headDim * partial);
  const rotaryDim = n('rotary_dim');
  if (rotaryDim !== undefined) {
    if (!(rotaryDim > 0 && rotaryDim <= headDim)) {
      rangeError(`${fn}: config.rotary_dim must be in (0, head dimension ${headDim}], got ${describe(rotaryDim)}`);
    }
    dim = rotaryDim; // GPT-J names the rotary dimension itself
    partial = dim / headDim;
    partialKey = 'rotary_dim';
  }
  if (chatglm) {
    dim = Math.floor(headDim / 2); // RotaryEmbedding(rotary_dim // 2): half of each head turns
    partial = 0.5;
  }
  if (!(partial > 0 && partial <= 1)) rangeError(`${fn}: config.${partialKey} must be in (0, 1], got ${describe(partial)}`);

  // Base: the dict's rope_theta, then the top level (and GPT-NeoX's rotary_emb_base), then 10000.
  const dictTheta = typeof own(dict, 'rope_theta') === 'number' ? (own(dict, 'rope_theta') as number) : undefined;
  let base = first(dictTheta, n('rope_theta'), n('rotary_emb_base'));
  if (base === undefined) {
    base = 10000;
    notes.push('no rope_theta: the class default base 10000');
  }
  if (chatglm) base *= n('rope_ratio') ?? 1;

  // Qwen2-VL's {"type": "mrope", "mrope_section": [...]}: default frequencies split three ways.
  let mropeSection: RopeSpec['mropeSection'];
  let mropeInterleaved = false;
  let ropeDict = dict;
  const declared = own(dict, 'rope_type') ?? own(dict, 'type');
  if (declared === 'mrope' || own(dict, 'mrope_section') !== undefined) {
    const sec = own(dict, 'mrope_section');
    if (!Array.isArray(sec) || sec.length !== 3 || !sec.every((x) => Number.isInteger(x) && x >= 0)) {
      typeError(`${fn}: config.${scalingKey}.mrope_section must be three integers (time, height, width), got ${describe(sec)}`);
    }
    mropeSection = sec as [number, number, number];
    const inter = own(dict, 'mrope_interleaved');
    if (inter !== undefined && inter !== null && typeof inter !== 'boolean') {
      typeError(`${fn}: config.${scalingKey}.mrope_interleaved must be true or false, got ${describe(inter)}`);
    }
    mropeInterleaved = inter === true;
    if (declared === 'mrope') ropeDict = { ...dict, rope_type: 'default', type: undefined };
  }

  // standardize_rope_params runs before validation: the lengths a scaling needs are filled first,
  // Phi-3's top-level original length winning over the dict's, max_position_embeddings last.
  if (declared === 'llama3' || declared === 'yarn' || declared === 'longrope') {
    const top = n('original_max_position_embeddings');
    const inDict = own(ropeDict, 'original_max_position_embeddings');
    if (top !== undefined) ropeDict = { ...ropeDict, original_max_position_embeddings: top };
    else if (inDict === undefined || inDict === null) ropeDict = { ...ropeDict, original_max_position_embeddings: maxPositionEmbeddings };
  }
  const name = `config.${scalingKey ?? 'rope_scaling'}${perLayer ? '.full_attention' : ''}`;
  const read = readScaling(fn, name, ropeDict, ['mrope_section', 'mrope_interleaved']);
  warnings.push(...read.warnings);
  const s = read.struct;
  const type = s.rope_type;
  const given = (k: string) => own(ropeDict, k) !== undefined && own(ropeDict, k) !== null;

  if (type === 'llama3' && !(s.original_max_position_embeddings < maxPositionEmbeddings)) {
    warnings.push(
      `\`rope_parameters\`'s original_max_position_embeddings field must be less than max_position_embeddings, got ${s.original_max_position_embeddings} and max_position_embeddings=${maxPositionEmbeddings}`,
    );
  }
  if (type === 'dynamic' && !given('max_position_embeddings')) s.max_position_embeddings = maxPositionEmbeddings;
  if (type === 'longrope') {
    s.max_position_embeddings = maxPositionEmbeddings;
    if (!given('factor')) {
      s.factor = maxPositionEmbeddings / s.original_max_position_embeddings;
      warnings.push(
        "This model config has set a `rope_parameters['original_max_position_embeddings']` field, to be used together with `max_position_embeddings` to determine a scaling factor. Please set the `factor` field of `rope_parameters`with this ratio instead -- we recommend the use of this field over `original_max_position_embeddings`, as it is compatible with most model architectures.",
      );
    }
  }
  if (type === 'yarn' && s.original_max_position_embeddings > 0 && maxPositionEmbeddings > 0) {
    const implicit = maxPositionEmbeddings / s.original_max_position_embeddings;
    if (implicit !== s.factor && implicit !== 1) {
      const py = (x: number) => (Number.isInteger(x) ? `${x}.0` : String(x));
      warnings.push(
        `The explicitly set RoPE scaling factor (config.rope_parameters['factor'] = ${py(s.factor)}) does not match the ratio implicitly set by other parameters (implicit factor = post-yarn context length / pre-yarn context length = config.max_position_embeddings / config.rope_parameters['original_max_position_embeddings'] = ${py(implicit)}). Using the explicit factor (${py(s.factor)}) in YaRN. This may cause unexpected behaviour in model usage, please correct the 'original_max_position_embeddings' fields in the model config.`,
      );
    }
  }

  const spec: RopeSpec = {
    modelType,
    headDim,
    dim,
    partialRotaryFactor: partial,
    layout: familyLayout(modelType ?? '', cfg),
    rotaryPosition: qkRope !== undefined ? 'last' : 'first',
    maxPositionEmbeddings,
    main: { base, scaling: s },
    mropeSection,
    mropeInterleaved,
    warnings,
    notes,
  };

  // Gemma 3: sliding-window layers turn with the local base, unscaled; every pattern-th layer is global.
  const localBase = n('rope_local_base_freq');
  if (slidingDict || localBase !== undefined) {
    const slidingTheta = slidingDict && typeof slidingDict.rope_theta === 'number' ? slidingDict.rope_theta : undefined;
    const slidingScaling = slidingDict
      ? readScaling(fn, `config.${scalingKey}.sliding_attention`, slidingDict)
      : { struct: { ...DEFAULT_SCALING }, warnings: [] };
    warnings.push(...slidingScaling.warnings);
    spec.sliding = { base: slidingTheta ?? localBase ?? 10000, scaling: slidingScaling.struct };
    // How far back a local layer looks: the span its frequencies have to tell apart.
    const window = n('sliding_window');
    if (window !== undefined && window > 0) spec.slidingWindow = window;
    else {
      spec.slidingWindow = 4096;
      notes.push('no sliding_window: the class default 4096 (Gemma3TextConfig)');
    }
    const layers = n('num_hidden_layers');
    const types = own(cfg, 'layer_types');
    if (Array.isArray(types) && types.every((t) => LAYER_TYPES.includes(t as string))) {
      spec.layerTypes = types as RopeSpec['layerTypes'];
    } else if (layers !== undefined) {
      if (!(Number.isInteger(layers) && layers >= 1 && layers <= MAX_LAYERS)) {
        rangeError(`${fn}: config.num_hidden_layers must be an integer from 1 to ${MAX_LAYERS}, got ${describe(layers)}`);
      }
      const pattern = n('sliding_window_pattern') ?? 6;
      if (!(Number.isInteger(pattern) && pattern >= 1)) {
        rangeError(`${fn}: config.sliding_window_pattern must be an integer ≥ 1, got ${describe(pattern)}`);
      }
      spec.layerTypes = Array.from({ length: layers }, (_, i) => ((i + 1) % pattern === 0 ? 'full_attention' : 'sliding_attention'));
    }
  }

  if (qkRope !== undefined) {
    spec.mla = {
      qkHeadDim: (n('qk_nope_head_dim') ?? 0) + qkRope,
      factor: type === 'yarn' ? s.factor : 1,
      mscaleAllDim: type === 'yarn' ? s.mscale_all_dim : 0,
    };
  }
  return spec;
}
