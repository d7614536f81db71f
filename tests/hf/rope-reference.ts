// Copyright 2024 The HuggingFace Team. All rights reserved.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.
//
// ---------------------------------------------------------------------------------------------
// posenc: a TypeScript transliteration of Hugging Face transformers' RoPE rules, float64.
//
// Written from the transformers source (modeling_rope_utils.py of the v5 main line, the model
// config classes and RotaryEmbedding classes named in tests/hf/NOTES.md), NOT from posenc's code:
// neither cpp/src/frequencies.cpp nor web/src/lib was read to write it. It is a modified
// transliteration (Apache-2.0 derivative) of:
//   _compute_linear_scaling_rope_parameters, _compute_dynamic_ntk_parameters,
//   _compute_yarn_parameters, _compute_longrope_parameters, _compute_llama3_parameters,
//   <Model>RotaryEmbedding.compute_default_rope_parameters,
//   RotaryEmbeddingConfigMixin.convert_rope_params_to_dict / standardize_rope_params /
//   validate_rope / _validate_*_rope_parameters / _check_received_keys,
//   and the family rules (GPT-NeoX rotary_pct / rotary_emb_base, GPT-J rotary_dim,
//   DeepSeek qk_rope_head_dim, Qwen2-VL mrope, Gemma-3 two bases, ChatGLM kv_channels / rope_ratio).
// Every number is an IEEE double (transformers holds float32 buffers; see NOTES.md).
// tests/hf/reference.test.ts checks it against tests/hf/golden.json (from rope_reference.py).
// ---------------------------------------------------------------------------------------------

/* eslint-disable @typescript-eslint/no-explicit-any */
export type Json = any;

export type Layout = 'half' | 'interleaved';

export interface RopeParams {
  rope_type: string;
  inv_freq: number[];
  attention_factor: number;
  base: number;
  rotary_dim: number;
  factor?: number;
  inv_freq_short?: number[];
  inv_freq_long?: number[];
  long_from_seq_len?: number;
  longrope_factor?: number;
  original_max_position_embeddings?: number;
  inv_freq_dynamic?: number[];
  dynamic_seq_len?: number;
  yarn?: { low: number; high: number; beta_fast: number; beta_slow: number; factor: number; truncate: boolean };
}

export interface ReferenceRope {
  model_type: string;
  layout: Layout;
  rotary_position: 'first' | 'last';
  head_dim: number;
  rotary_dim: number;
  max_position_embeddings: number | undefined;
  warnings: string[];
  // single global RoPE
  rope_type?: string;
  inv_freq?: number[];
  attention_factor?: number;
  base?: number;
  partial_rotary_factor?: number;
  factor?: number;
  inv_freq_short?: number[];
  inv_freq_long?: number[];
  long_from_seq_len?: number;
  longrope_factor?: number;
  original_max_position_embeddings?: number;
  inv_freq_dynamic?: number[];
  dynamic_seq_len?: number;
  yarn?: RopeParams['yarn'];
  mrope_section?: number[];
  mrope_frequency_ranges?: { temporal: [number, number]; height: [number, number]; width: [number, number] };
  mrope_axes?: number[];
  qk_head_dim?: number;
  softmax_scale?: number;
  softmax_mscale?: number;
  // per layer type (Gemma 3)
  per_layer_type?: Record<string, RopeParams>;
  layer_types?: string[];
  bases?: Record<string, number>;
}

/** transformers raises KeyError for a missing required key and for an unknown rope_type. */
export class RopeKeyError extends Error {
  warnings: string[] = [];
  constructor(message: string) {
    super(message);
    this.name = 'KeyError';
  }
}

const HALF: Layout = 'half';
const INTERLEAVED: Layout = 'interleaved';

// model_type -> [layout, where the rotary slice sits in the head, default rope_theta]
const ROPE_FAMILIES: Record<string, [Layout, 'first' | 'last', number]> = {
  llama: [HALF, 'first', 10000],
  mistral: [HALF, 'first', 10000],
  ministral: [HALF, 'first', 10000],
  ministral3: [HALF, 'first', 10000],
  mixtral: [HALF, 'first', 1e6],
  qwen2: [HALF, 'first', 10000],
  qwen3: [HALF, 'first', 10000],
  qwen3_moe: [HALF, 'first', 10000],
  qwen2_vl: [HALF, 'first', 10000],
  qwen2_5_vl: [HALF, 'first', 10000],
  qwen3_vl: [HALF, 'first', 5000000],
  qwen3_vl_text: [HALF, 'first', 5000000],
  gemma: [HALF, 'first', 10000],
  gemma2: [HALF, 'first', 10000],
  gemma3: [HALF, 'first', 1e6],
  gemma3_text: [HALF, 'first', 1e6],
  phi: [HALF, 'first', 10000],
  phi3: [HALF, 'first', 10000],
  stablelm: [HALF, 'first', 10000],
  falcon: [HALF, 'first', 10000],
  gpt_neox: [HALF, 'first', 10000],
  internlm2: [HALF, 'first', 10000],
  cohere: [INTERLEAVED, 'first', 10000],
  cohere2: [INTERLEAVED, 'first', 10000],
  gptj: [INTERLEAVED, 'first', 10000],
  glm: [INTERLEAVED, 'first', 10000],
  glm4: [INTERLEAVED, 'first', 10000],
  chatglm: [INTERLEAVED, 'first', 10000],
  deepseek_v2: [INTERLEAVED, 'last', 10000],
  deepseek_v3: [INTERLEAVED, 'last', 10000],
  kimi_k2: [INTERLEAVED, 'last', 10000],
  minicpm3: [HALF, 'last', 10000],
};

const FAMILY_DEFAULTS: Record<string, Record<string, unknown>> = {
  stablelm: { partial_rotary_factor: 0.25 },
  phi: { partial_rotary_factor: 0.5 },
  glm: { partial_rotary_factor: 0.5 },
  glm4: { partial_rotary_factor: 0.5 },
  gemma3_text: {
    hidden_size: 2304,
    num_attention_heads: 8,
    num_hidden_layers: 26,
    head_dim: 256,
    max_position_embeddings: 131072,
    sliding_window_pattern: 6,
  },
};

const LEARNED: Record<string, [string, number]> = {
  bert: ['max_position_embeddings', 0],
  gpt2: ['n_positions', 0],
  opt: ['max_position_embeddings', 2],
  gpt_neo: ['max_position_embeddings', 0],
  distilbert: ['max_position_embeddings', 0],
};
const T5_FAMILY = new Set(['t5', 'mt5', 'umt5', 'longt5', 'switch_transformers']);

const has = (o: Json, k: string): boolean => o !== null && typeof o === 'object' && Object.prototype.hasOwnProperty.call(o, k);
const clone = <T>(x: T): T => (x === undefined ? x : JSON.parse(JSON.stringify(x)));
const isNum = (x: unknown): x is number => typeof x === 'number';
/** Python truthiness for the `x or default` idiom. */
const orElse = (x: unknown, d: number): number => (x === undefined || x === null || x === 0 || x === false ? d : (x as number));

/** Python's repr of a set of strings, keys sorted (one key = exactly Python's output). */
function setRepr(keys: Iterable<string>): string {
  return (
    '{' +
    [...keys]
      .sort()
      .map((k) => `'${k}'`)
      .join(', ') +
    '}'
  );
}
/** Python's str() of a float/int as written in the messages. */
function pyNum(x: unknown): string {
  if (x === null || x === undefined) return 'None';
  if (typeof x === 'boolean') return x ? 'True' : 'False';
  if (typeof x === 'number') {
    if (Number.isInteger(x) && !Object.is(x, -0)) return String(x); // JSON ints stay ints in Python
    return String(x);
  }
  return String(x);
}
/** Python str() of a float that came out of a division (always a float). */
function pyFloat(x: number): string {
  return Number.isInteger(x) ? `${x}.0` : String(x);
}

export function alibiSlopes(nHeads: number, maxBias = 8): number[] {
  const closest = 2 ** Math.floor(Math.log2(nHeads));
  const base = 2 ** (-(2 ** -(Math.log2(closest) - 3)) * (maxBias / 8));
  const slopes: number[] = [];
  for (let i = 0; i < closest; i++) slopes.push(base ** (i + 1));
  if (closest !== nHeads) {
    const extraBase = 2 ** (-(2 ** -(Math.log2(2 * closest) - 3)) * (maxBias / 8));
    const nRem = Math.min(closest, nHeads - closest);
    for (let i = 0; i < nRem; i++) slopes.push(extraBase ** (2 * i + 1));
  }
  return slopes;
}

export function referenceScheme(config: Json): Json {
  const mt = config.model_type;
  if (T5_FAMILY.has(mt)) {
    return {
      scheme: 'relative_buckets',
      num_buckets: config.relative_attention_num_buckets ?? 32,
      max_distance: config.relative_attention_max_distance ?? 128,
      bidirectional_encoder: true,
      num_heads: config.num_heads ?? null,
    };
  }
  if (mt === 'bloom') {
    const n = config.n_head ?? config.num_attention_heads;
    return { scheme: 'alibi', num_heads: n, max_bias: 8, slopes: alibiSlopes(n) };
  }
  if (mt === 'mpt') {
    const ac = config.attn_config ?? {};
    if (ac.alibi) {
      const n = config.n_heads;
      const mb = Number(ac.alibi_bias_max ?? 8);
      return { scheme: 'alibi', num_heads: n, max_bias: mb, slopes: alibiSlopes(n, mb) };
    }
    return { scheme: 'learned_absolute', max_positions: config.max_seq_len, offset: 0 };
  }
  if (mt === 'falcon' && config.alibi) {
    const n = config.num_attention_heads ?? config.n_head;
    return { scheme: 'alibi', num_heads: n, max_bias: 8, slopes: alibiSlopes(n) };
  }
  if (has(LEARNED, mt)) {
    const [key, offset] = LEARNED[mt];
    if (mt === 'bert' && (config.position_embedding_type ?? 'absolute') !== 'absolute') {
      return {
        scheme: config.position_embedding_type === 'relative_key' ? 'relative_key' : 'relative_key_query',
        max_positions: config[key],
      };
    }
    return { scheme: 'learned_absolute', max_positions: config[key] ?? null, offset };
  }
  if (has(ROPE_FAMILIES, mt) || (has(config, 'text_config') && has(ROPE_FAMILIES, config.text_config?.model_type))) {
    return { scheme: 'rope' };
  }
  return { scheme: 'none' };
}

function textConfigOf(config: Json): Json {
  if (has(config, 'text_config') && config.text_config && typeof config.text_config === 'object') {
    const tc = { ...config.text_config };
    const mt = tc.model_type || `${config.model_type ?? ''}_text`;
    tc.model_type = mt;
    for (const [k, v] of Object.entries(FAMILY_DEFAULTS[mt] ?? {})) if (!has(tc, k)) tc[k] = v;
    return tc;
  }
  return { ...config };
}

function normaliseNames(c: Json): Json {
  const mt = c.model_type;
  if (!has(c, 'hidden_size') && has(c, 'n_embd')) c.hidden_size = c.n_embd;
  if (!has(c, 'num_attention_heads') && has(c, 'n_head')) c.num_attention_heads = c.n_head;
  if (!has(c, 'max_position_embeddings') && has(c, 'n_positions')) c.max_position_embeddings = c.n_positions;
  for (const [k, v] of Object.entries(FAMILY_DEFAULTS[mt] ?? {})) if (!has(c, k)) c[k] = v;
  if (['deepseek_v2', 'deepseek_v3', 'kimi_k2', 'minicpm3'].includes(mt) && c.qk_rope_head_dim != null) {
    c.head_dim = c.qk_rope_head_dim; // DeepseekV3Config: self.head_dim = qk_rope_head_dim
  }
  if (mt === 'chatglm') {
    const head = c.kv_channels || Math.floor(c.hidden_size / c.num_attention_heads);
    c.head_dim = head;
    c.partial_rotary_factor = 0.5;
    c.rope_theta = 10000 * Number(c.rope_ratio ?? 1);
  }
  return c;
}

function headDimOf(c: Json): number {
  return c.head_dim || Math.floor(c.hidden_size / c.num_attention_heads);
}

function convertRopeParamsToDict(c: Json): Json {
  const mt = c.model_type;
  const defaultTheta = (ROPE_FAMILIES[mt] ?? [HALF, 'first', 10000])[2];
  const rp: Json = clone(c.rope_scaling || c.rope_parameters || {});
  if (mt === 'gpt_neox') {
    if (!has(rp, 'rope_theta')) rp.rope_theta = has(c, 'rotary_emb_base') ? c.rotary_emb_base : defaultTheta;
    if (!has(rp, 'partial_rotary_factor')) rp.partial_rotary_factor = has(c, 'rotary_pct') ? c.rotary_pct : 0.25;
  }
  const ropeTheta = has(c, 'rope_theta') ? c.rope_theta : defaultTheta;
  if (!has(rp, 'rope_theta')) rp.rope_theta = ropeTheta;
  let partial: number | undefined = c.partial_rotary_factor ?? undefined;
  if (mt === 'gptj') {
    const hd = Math.floor(c.hidden_size / c.num_attention_heads);
    const rd = c.rotary_dim || hd;
    partial = rd / hd;
  }
  if (!has(rp, 'rope_type')) rp.rope_type = has(rp, 'type') ? rp.type : 'default';
  if (partial !== undefined && partial !== null) rp.partial_rotary_factor = partial;
  if ((mt === 'qwen2_vl' || mt === 'qwen2_5_vl') && rp.rope_type === 'mrope') {
    rp.rope_type = 'default';
    rp.type = 'default';
  }
  if (['llama3', 'yarn', 'longrope'].includes(rp.rope_type)) {
    if (has(c, 'original_max_position_embeddings')) rp.original_max_position_embeddings = c.original_max_position_embeddings;
    else if (!has(rp, 'original_max_position_embeddings')) rp.original_max_position_embeddings = c.max_position_embeddings;
  }
  return rp;
}

function checkReceivedKeys(
  ropeType: string,
  received: Set<string>,
  required: Set<string>,
  optional: Set<string> | null,
  ignore: Set<string> | null,
  warnings: string[],
): void {
  received = new Set(received);
  required = new Set(required);
  if (received.has('type')) {
    received.delete('type');
    required.add('rope_type');
  }
  const opt = new Set(optional ?? []);
  opt.add('partial_rotary_factor');
  if (ignore) for (const k of ignore) received.delete(k);
  const missing = [...required].filter((k) => !received.has(k));
  if (missing.length) {
    throw new RopeKeyError(`Missing required keys in \`rope_parameters\` for 'rope_type'='${ropeType}': ${setRepr(missing)}`);
  }
  const unused = [...received].filter((k) => !required.has(k) && !opt.has(k));
  if (unused.length) warnings.push(`Unrecognized keys in \`rope_parameters\` for 'rope_type'='${ropeType}': ${setRepr(unused)}`);
}

function validateRope(rp: Json, c: Json, warnings: string[], ignore: Set<string> | null = null): void {
  const ropeType: string = rp.rope_type ?? rp.type ?? 'default';
  const keys = new Set(Object.keys(rp));
  const S = (...a: string[]) => new Set(a);
  const factorWarn = (f: unknown) => {
    if (f === null || f === undefined || !isNum(f) || f < 1) {
      warnings.push(`\`rope_parameters\`'s factor field must be a float or int >= 1, got ${pyNum(f)}`);
    }
  };
  if (ropeType === 'default') {
    checkReceivedKeys(ropeType, keys, S('rope_type'), S('rope_theta'), ignore, warnings);
  } else if (ropeType === 'linear' || ropeType === 'dynamic') {
    checkReceivedKeys(ropeType, keys, S('rope_type', 'factor'), S('rope_theta'), ignore, warnings);
    factorWarn(rp.factor);
  } else if (ropeType === 'yarn') {
    checkReceivedKeys(
      ropeType,
      keys,
      S('rope_type', 'factor', 'original_max_position_embeddings'),
      S('rope_theta', 'attention_factor', 'beta_fast', 'beta_slow', 'mscale', 'mscale_all_dim', 'truncate'),
      ignore,
      warnings,
    );
    const f = rp.factor;
    factorWarn(f);
    const omp = rp.original_max_position_embeddings;
    const implicit = c.max_position_embeddings / omp;
    if (implicit !== f && implicit !== 1) {
      warnings.push(
        `The explicitly set RoPE scaling factor (config.rope_parameters['factor'] = ${pyNum(f)}) does not match ` +
          'the ratio implicitly set by other parameters (implicit factor = ' +
          'post-yarn context length / pre-yarn context length = ' +
          "config.max_position_embeddings / config.rope_parameters['original_max_position_embeddings'] = " +
          `${pyFloat(implicit)}). Using the explicit factor (${pyNum(f)}) in YaRN. This may cause unexpected ` +
          "behaviour in model usage, please correct the 'original_max_position_embeddings' fields in the model config.",
      );
    }
  } else if (ropeType === 'longrope') {
    checkReceivedKeys(
      ropeType,
      keys,
      S('rope_type', 'short_factor', 'long_factor', 'original_max_position_embeddings'),
      S('rope_theta', 'attention_factor', 'factor'),
      ignore,
      warnings,
    );
    const dim = Math.trunc(headDimOf(c) * (rp.partial_rotary_factor ?? 1));
    for (const name of ['short_factor', 'long_factor']) {
      const v = rp[name];
      if (v.length !== Math.floor(dim / 2)) {
        warnings.push(`\`rope_parameters\`'s ${name} field must have length ${Math.floor(dim / 2)}, got ${v.length}`);
      }
    }
    if ((rp.factor === undefined || rp.factor === null) && rp.original_max_position_embeddings != null) {
      warnings.push(
        "This model config has set a `rope_parameters['original_max_position_embeddings']` field, to be used together with " +
          '`max_position_embeddings` to determine a scaling factor. Please set the `factor` field of `rope_parameters`' +
          'with this ratio instead -- we recommend the use of this field over `original_max_position_embeddings`, ' +
          'as it is compatible with most model architectures.',
      );
    }
  } else if (ropeType === 'llama3') {
    checkReceivedKeys(
      ropeType,
      keys,
      S('rope_type', 'factor', 'original_max_position_embeddings', 'low_freq_factor', 'high_freq_factor', 'rope_theta'),
      null,
      ignore,
      warnings,
    );
    const omp = rp.original_max_position_embeddings;
    if (omp >= c.max_position_embeddings) {
      warnings.push(
        "`rope_parameters`'s original_max_position_embeddings field must be less than max_position_embeddings, got " +
          `${pyNum(omp)} and max_position_embeddings=${pyNum(c.max_position_embeddings)}`,
      );
    }
  } else {
    warnings.push(`Missing validation function in 'RotaryEmbeddingConfigMixin' for 'rope_type'='${ropeType}'`);
  }
}

// ----------------------------------------------------------------------------------------------
// The rope functions, float64
// ----------------------------------------------------------------------------------------------
function dims(c: Json, rp: Json): [number, number, number] {
  const base: number = rp.rope_theta;
  const partial: number = rp.partial_rotary_factor ?? 1;
  const hd = headDimOf(c);
  return [base, hd, Math.trunc(hd * partial)];
}

function defaultInvFreq(base: number, dim: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < dim; i += 2) out.push(1 / base ** (i / dim));
  return out;
}

function computeDefault(c: Json, rp: Json): [number[], number] {
  const [base, , dim] = dims(c, rp);
  return [defaultInvFreq(base, dim), 1];
}

function computeLinear(c: Json, rp: Json): [number[], number] {
  const [inv, af] = computeDefault(c, rp);
  return [inv.map((x) => x / rp.factor), af];
}

function computeDynamic(c: Json, rp: Json, seqLen?: number): [number[], number] {
  const [base0, , dim] = dims(c, rp);
  let base = base0;
  const factor: number = rp.factor;
  const mpe: number = c.max_position_embeddings;
  const s = seqLen === undefined ? mpe : Math.max(seqLen, mpe);
  base = base * ((factor * s) / mpe - (factor - 1)) ** (dim / (dim - 2));
  return [defaultInvFreq(base, dim), 1];
}

export function getMscale(scale: number, mscale = 1): number {
  if (scale <= 1) return 1;
  return 0.1 * mscale * Math.log(scale) + 1;
}

function computeYarn(c: Json, rp: Json): [number[], number, NonNullable<RopeParams['yarn']>] {
  const [base, , dim] = dims(c, rp);
  let factor: number = rp.factor;
  let attentionFactor: number | undefined = rp.attention_factor ?? undefined;
  const mscale = rp.mscale;
  const mscaleAllDim = rp.mscale_all_dim;
  const omp: number = rp.original_max_position_embeddings;
  if (factor === undefined || factor === null) factor = c.max_position_embeddings / omp;
  if (attentionFactor === undefined || attentionFactor === null) {
    attentionFactor = mscale && mscaleAllDim ? getMscale(factor, mscale) / getMscale(factor, mscaleAllDim) : getMscale(factor);
  }
  const betaFast = orElse(rp.beta_fast, 32);
  const betaSlow = orElse(rp.beta_slow, 1);
  const findCorrectionDim = (numRot: number) => (dim * Math.log(omp / (numRot * 2 * Math.PI))) / (2 * Math.log(base));
  const truncate = rp.truncate === undefined ? true : Boolean(rp.truncate);
  let low = findCorrectionDim(betaFast);
  let high = findCorrectionDim(betaSlow);
  if (truncate) {
    low = Math.floor(low);
    high = Math.ceil(high);
  }
  low = Math.max(low, 0);
  high = Math.min(high, dim - 1);
  let rampMax = high;
  if (low === rampMax) rampMax += 0.001;
  const inv: number[] = [];
  for (let j = 0, i = 0; i < dim; i += 2, j++) {
    const posFreq = base ** (i / dim);
    const extrapolation = 1 / posFreq;
    const interpolation = 1 / (factor * posFreq);
    const ramp = Math.min(Math.max((j - low) / (rampMax - low), 0), 1);
    const extrapolationFactor = 1 - ramp;
    inv.push(interpolation * (1 - extrapolationFactor) + extrapolation * extrapolationFactor);
  }
  return [inv, attentionFactor, { low, high, beta_fast: betaFast, beta_slow: betaSlow, factor, truncate }];
}

function computeLongrope(c: Json, rp: Json, seqLen?: number): [number[], number, number] {
  const [base, , dim] = dims(c, rp);
  let factor: number = rp.factor;
  let attentionFactor: number | undefined = rp.attention_factor ?? undefined;
  const omp: number = rp.original_max_position_embeddings;
  if (factor === undefined || factor === null) factor = c.max_position_embeddings / omp;
  if (attentionFactor === undefined || attentionFactor === null) {
    attentionFactor = factor <= 1 ? 1 : Math.sqrt(1 + Math.log(factor) / Math.log(omp));
  }
  const ext: number[] = seqLen && seqLen > omp ? rp.long_factor : rp.short_factor;
  const inv: number[] = [];
  for (let j = 0, i = 0; i < dim; i += 2, j++) inv.push(1 / (ext[j] * base ** (i / dim)));
  return [inv, attentionFactor, factor];
}

function computeLlama3(c: Json, rp: Json): [number[], number] {
  const [inv, af] = computeDefault(c, rp);
  const factor: number = rp.factor;
  const lowF: number = rp.low_freq_factor;
  const highF: number = rp.high_freq_factor;
  const old: number = rp.original_max_position_embeddings;
  const lowWavelen = old / lowF;
  const highWavelen = old / highF;
  const out = inv.map((f) => {
    const wavelen = (2 * Math.PI) / f;
    const llama = wavelen > lowWavelen ? f / factor : f;
    const smooth = (old / wavelen - lowF) / (highF - lowF);
    const smoothed = ((1 - smooth) * llama) / factor + smooth * llama;
    const medium = !(wavelen < highWavelen) && !(wavelen > lowWavelen);
    return medium ? smoothed : llama;
  });
  return [out, af];
}

function ropeForParams(c: Json, rp: Json): RopeParams {
  const rt: string = rp.rope_type;
  const out: Json = { rope_type: rt };
  let inv: number[];
  let af: number;
  if (rt === 'default') {
    [inv, af] = computeDefault(c, rp);
  } else if (rt === 'linear') {
    [inv, af] = computeLinear(c, rp);
    out.factor = rp.factor;
  } else if (rt === 'dynamic') {
    [inv, af] = computeDynamic(c, rp);
    out.factor = rp.factor;
    out.dynamic_seq_len = 2 * c.max_position_embeddings;
    out.inv_freq_dynamic = computeDynamic(c, rp, out.dynamic_seq_len)[0];
  } else if (rt === 'yarn') {
    let extra;
    [inv, af, extra] = computeYarn(c, rp);
    out.yarn = extra;
    out.original_max_position_embeddings = rp.original_max_position_embeddings;
  } else if (rt === 'longrope') {
    let factor;
    [inv, af, factor] = computeLongrope(c, rp);
    const omp = rp.original_max_position_embeddings;
    out.inv_freq_short = inv;
    out.inv_freq_long = computeLongrope(c, rp, omp + 1)[0];
    out.original_max_position_embeddings = omp;
    out.longrope_factor = factor;
    out.long_from_seq_len = omp + 1;
  } else if (rt === 'llama3') {
    [inv, af] = computeLlama3(c, rp);
    out.original_max_position_embeddings = rp.original_max_position_embeddings;
  } else {
    throw new RopeKeyError(`'${rt}'`); // ROPE_INIT_FUNCTIONS[rope_type] -> KeyError: 'xpos'
  }
  out.inv_freq = inv;
  out.attention_factor = af;
  return out as RopeParams;
}

/** The RoPE transformers derives from a config.json object. Throws for non-RoPE models. */
// Which position coordinate (0 time, 1 height, 2 width) turns each frequency pair, from the model
// files: Qwen2-VL's apply_multimodal_rotary_pos_emb splits cos/sin (2·pairs wide) with
// `mrope_section * 2` and takes chunk j from coordinate j % 3; Qwen3-VL's apply_interleaved_mrope
// starts from the time frequencies and overwrites slice(1, 3·h, 3) with height and slice(2, 3·w, 3)
// with width.
export function mropeAxesOf(section: number[], interleaved: boolean, pairs: number): number[] {
  if (interleaved) {
    const axes = new Array(pairs).fill(0);
    for (const [dim, offset] of [
      [1, 1],
      [2, 2],
    ]) {
      for (let i = offset; i < Math.min(section[dim] * 3, pairs); i += 3) axes[i] = dim;
    }
    return axes;
  }
  const perDim: number[] = [];
  [...section, ...section].forEach((n, j) => {
    for (let r = 0; r < n; r++) perDim.push(j % 3);
  });
  if (perDim.length !== 2 * pairs) throw new Error(`split_with_sizes expects split_sizes to sum exactly to ${2 * pairs}`);
  return perDim.slice(0, pairs);
}

export function referenceRope(config: Json): ReferenceRope {
  const scheme = referenceScheme(config);
  if (scheme.scheme !== 'rope') {
    throw new Error(`model_type '${config.model_type}' has no rotary embedding (scheme: ${scheme.scheme}); see positionalScheme(config)`);
  }
  const warnings: string[] = [];
  try {
    return referenceRopeInner(config, warnings);
  } catch (e) {
    if (e instanceof RopeKeyError) e.warnings = warnings;
    throw e;
  }
}

function referenceRopeInner(config: Json, warnings: string[]): ReferenceRope {
  const c = normaliseNames(textConfigOf(config));
  const mt: string = c.model_type;
  const [layout, position] = ROPE_FAMILIES[mt];
  const headDim = headDimOf(c);
  const result: Json = {
    model_type: mt,
    layout,
    rotary_position: position,
    head_dim: headDim,
    max_position_embeddings: c.max_position_embeddings,
  };

  if (mt === 'gemma3' || mt === 'gemma3_text') {
    const rp: Json = c.rope_parameters
      ? clone(c.rope_parameters)
      : { sliding_attention: { rope_type: 'default' }, full_attention: { rope_type: 'default' } };
    if (c.rope_scaling !== undefined && c.rope_scaling !== null) Object.assign(rp.full_attention, c.rope_scaling);
    if (!has(rp.full_attention, 'rope_theta')) rp.full_attention.rope_theta = has(c, 'rope_theta') ? c.rope_theta : 1_000_000;
    if (!has(rp.sliding_attention, 'rope_theta')) {
      rp.sliding_attention.rope_theta = has(c, 'rope_local_base_freq') ? c.rope_local_base_freq : 10_000;
    }
    const pattern: number = c.sliding_window_pattern ?? 6;
    const layerTypes: string[] =
      c.layer_types ??
      Array.from({ length: c.num_hidden_layers }, (_, i) => ((i + 1) % pattern !== 0 ? 'sliding_attention' : 'full_attention'));
    const per: Record<string, RopeParams> = {};
    for (const lt of ['sliding_attention', 'full_attention']) {
      const d = rp[lt];
      if (!has(d, 'rope_type')) d.rope_type = has(d, 'type') ? d.type : 'default';
      if (['llama3', 'yarn', 'longrope'].includes(d.rope_type) && !has(d, 'original_max_position_embeddings')) {
        d.original_max_position_embeddings = c.max_position_embeddings;
      }
      validateRope(d, c, warnings);
      const r = ropeForParams(c, d);
      r.base = d.rope_theta;
      r.rotary_dim = Math.trunc(headDim * (d.partial_rotary_factor ?? 1));
      per[lt] = r;
    }
    result.per_layer_type = per;
    result.layer_types = layerTypes;
    result.bases = Object.fromEntries(Object.entries(per).map(([k, v]) => [k, v.base]));
    result.rotary_dim = per.full_attention.rotary_dim;
    result.warnings = warnings;
    return result as ReferenceRope;
  }

  const rp = convertRopeParamsToDict(c);
  let ignore: Set<string> | null =
    mt === 'qwen2_vl' || mt === 'qwen2_5_vl'
      ? new Set(['mrope_section'])
      : mt === 'qwen3_vl' || mt === 'qwen3_vl_text'
        ? new Set(['mrope_section', 'mrope_interleaved'])
        : null;
  if (has(rp, 'partial_rotary_factor')) ignore = new Set([...(ignore ?? []), 'partial_rotary_factor']);
  validateRope(rp, c, warnings, ignore);
  Object.assign(result, ropeForParams(c, rp));
  result.base = rp.rope_theta;
  result.partial_rotary_factor = rp.partial_rotary_factor ?? 1;
  result.rotary_dim = Math.trunc(headDim * (rp.partial_rotary_factor ?? 1));
  if (has(rp, 'mrope_section')) {
    const sec: number[] = [...rp.mrope_section];
    const bounds: [number, number][] = [];
    let s = 0;
    for (const n of sec) {
      bounds.push([s, s + n]);
      s += n;
    }
    result.mrope_section = sec;
    if (!rp.mrope_interleaved) result.mrope_frequency_ranges = { temporal: bounds[0], height: bounds[1], width: bounds[2] };
    result.mrope_axes = mropeAxesOf(sec, rp.mrope_interleaved === true, result.rotary_dim / 2);
  }
  if (['deepseek_v2', 'deepseek_v3', 'kimi_k2'].includes(mt) && rp.rope_type !== 'default') {
    const mad = rp.mscale_all_dim ?? 0;
    const qkHeadDim = c.qk_nope_head_dim + c.qk_rope_head_dim;
    const m = mad ? getMscale(rp.factor, mad) : 1;
    result.qk_head_dim = qkHeadDim;
    result.softmax_scale = qkHeadDim ** -0.5 * m * m;
    result.softmax_mscale = m;
  }
  result.warnings = warnings;
  return result as ReferenceRope;
}
