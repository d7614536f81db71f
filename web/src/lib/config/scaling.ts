/**
 * A rope_scaling / rope_parameters dict, read the way transformers' RotaryEmbeddingConfigMixin
 * reads it (modeling_rope_utils.py, v5; tests/hf/NOTES.md §2): which keys each rope_type requires,
 * which it takes, and that an unrecognised key is a warning, never an error. The result is the flat
 * struct the C++ core computes from (cpp/include/posenc/frequencies.hpp, RopeScaling); every range
 * (factor > 0, finite, list lengths) is checked there.
 */
import { describe, rangeError, typeError } from '../checks.js';
import { own } from './dict.js';

export const ROPE_TYPES = ['default', 'linear', 'dynamic', 'yarn', 'llama3', 'longrope'] as const;
export type RopeType = (typeof ROPE_TYPES)[number];

/** Mirrors posenc::RopeScaling; 0 means "not given" for the optional numbers, as in C++. */
export interface ScalingStruct {
  rope_type: RopeType;
  factor: number;
  max_position_embeddings: number;
  seq_len: number;
  original_max_position_embeddings: number;
  beta_fast: number;
  beta_slow: number;
  attention_factor: number;
  mscale: number;
  mscale_all_dim: number;
  truncate: boolean;
  low_freq_factor: number;
  high_freq_factor: number;
  short_factor: number[];
  long_factor: number[];
}

export const DEFAULT_SCALING: ScalingStruct = {
  rope_type: 'default',
  factor: 1,
  max_position_embeddings: 0,
  seq_len: 0,
  original_max_position_embeddings: 0,
  beta_fast: 32,
  beta_slow: 1,
  attention_factor: 0,
  mscale: 0,
  mscale_all_dim: 0,
  truncate: true,
  low_freq_factor: 0,
  high_freq_factor: 0,
  short_factor: [],
  long_factor: [],
};

// transformers' required / optional keys per rope_type (rope_theta and partial_rotary_factor are
// always accepted). posenc adds what its own options need: the length a dynamic or longrope
// frequency set is computed for (seq_len) and dynamic's max_position_embeddings.
const KEYS: Record<RopeType, { required: string[]; optional: string[] }> = {
  default: { required: [], optional: [] },
  linear: { required: ['factor'], optional: [] },
  dynamic: { required: ['factor'], optional: ['max_position_embeddings', 'seq_len', 'original_max_position_embeddings'] },
  yarn: {
    required: ['factor', 'original_max_position_embeddings'],
    optional: ['attention_factor', 'beta_fast', 'beta_slow', 'mscale', 'mscale_all_dim', 'truncate'],
  },
  longrope: {
    required: ['short_factor', 'long_factor', 'original_max_position_embeddings'],
    optional: ['attention_factor', 'factor', 'seq_len', 'max_position_embeddings'],
  },
  llama3: { required: ['factor', 'original_max_position_embeddings', 'low_freq_factor', 'high_freq_factor'], optional: [] },
};
const ALWAYS = ['rope_type', 'type', 'rope_theta', 'partial_rotary_factor'];

export interface ReadScaling {
  struct: ScalingStruct;
  warnings: string[];
}

/** Every key a rope dict may hold, in config.json's snake_case. */
const SNAKE_KEYS = new Set([...ALWAYS, ...Object.values(KEYS).flatMap((k) => [...k.required, ...k.optional])]);
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * `dict`: a rope dict (own keys only). `name`: how messages name it ("scaling", "config.rope_scaling").
 * `ignore`: keys a model family reads itself (Qwen2-VL's mrope_section), never warned about.
 * `caller`: the dict is a caller's own object (applyRope's and inverseFrequencies' scaling), not a
 * config.json: it must name its rope_type (transformers raises on a rope_scaling without rope_type or
 * type; v5 reads a config's missing one as 'default'), and a camelCase key with a snake_case
 * meaning is an error saying so (transformers would only warn that it does not know the key, and
 * the scaling would silently not apply).
 */
export function readScaling(
  fn: string,
  name: string,
  dict: Record<string, unknown>,
  ignore: readonly string[] = [],
  caller = false,
): ReadScaling {
  const warnings: string[] = [];
  const get = (k: string) => own(dict, k);
  const given = (k: string) => get(k) !== undefined && get(k) !== null;
  if (caller) {
    const camel = Object.keys(dict).filter((k) => /[A-Z]/.test(k) && SNAKE_KEYS.has(snake(k)));
    const hint = camel.length
      ? `; its keys are camelCase (${camel.join(', ')}): scaling objects use config.json's snake_case names (${camel.map(snake).join(', ')})`
      : '';
    if (!given('rope_type') && !given('type')) {
      rangeError(
        `${fn}: ${name}.rope_type is required: which scaling, e.g. { rope_type: 'linear', factor: 2 } (transformers raises on a rope_scaling without rope_type or type)${hint}`,
      );
    }
    if (camel.length) rangeError(`${fn}: ${name}.${camel[0]} is not a scaling key${hint}`);
  }
  const rawType = given('rope_type') ? get('rope_type') : given('type') ? get('type') : 'default';
  if (typeof rawType !== 'string') typeError(`${fn}: ${name}.rope_type must be a string, got ${describe(rawType)}`);
  if (!(ROPE_TYPES as readonly string[]).includes(rawType)) {
    rangeError(`${fn}: ${name}.rope_type must be one of ${ROPE_TYPES.join(', ')}; got '${rawType.slice(0, 40)}'`);
  }
  const type = rawType as RopeType;
  const { required, optional } = KEYS[type];
  const missing = required.filter((k) => !given(k));
  if (missing.length) {
    rangeError(
      `${fn}: ${name}.${missing[0]} is required for rope_type '${type}' (transformers: Missing required keys in \`rope_parameters\` for 'rope_type'='${type}': {${missing.map((k) => `'${k}'`).join(', ')}})`,
    );
  }
  const unknown = Object.keys(dict).filter((k) => ![...required, ...optional, ...ALWAYS, ...ignore].includes(k));
  if (unknown.length)
    warnings.push(`Unrecognized keys in \`rope_parameters\` for 'rope_type'='${type}': {${unknown.map((k) => `'${k}'`).join(', ')}}`);

  const s: ScalingStruct = { ...DEFAULT_SCALING, rope_type: type, short_factor: [], long_factor: [] };
  const num = (k: keyof ScalingStruct & string) => {
    if (![...required, ...optional].includes(k) || !given(k)) return;
    const v = get(k);
    if (typeof v !== 'number') typeError(`${fn}: ${name}.${k} must be a number, got ${describe(v)}`);
    (s as unknown as Record<string, number>)[k] = v;
  };
  const list = (k: 'short_factor' | 'long_factor') => {
    if (!given(k)) return;
    const v = get(k);
    if (!Array.isArray(v)) typeError(`${fn}: ${name}.${k} must be a list of numbers, got ${describe(v)}`);
    v.forEach((x, i) => {
      if (typeof x !== 'number') typeError(`${fn}: ${name}.${k}[${i}] must be a number, got ${describe(x)}`);
    });
    s[k] = v as number[];
  };
  for (const k of [
    'factor',
    'max_position_embeddings',
    'seq_len',
    'original_max_position_embeddings',
    'beta_fast',
    'beta_slow',
    'attention_factor',
    'mscale',
    'mscale_all_dim',
    'low_freq_factor',
    'high_freq_factor',
  ] as const)
    num(k);
  list('short_factor');
  list('long_factor');
  if (given('truncate') && optional.includes('truncate')) {
    const t = get('truncate');
    if (typeof t !== 'boolean') typeError(`${fn}: ${name}.truncate must be a boolean, got ${describe(t)}`);
    s.truncate = t;
  }
  // Python's `or`: transformers reads beta_fast = 0 as "use 32"; posenc's C++ would refuse 0.
  if (given('beta_fast') && s.beta_fast === 0) s.beta_fast = 32;
  if (given('beta_slow') && s.beta_slow === 0) s.beta_slow = 1;
  // transformers' value checks, which only warn.
  if ((type === 'linear' || type === 'dynamic' || type === 'yarn' || type === 'llama3') && s.factor < 1) {
    warnings.push(`\`rope_parameters\`'s factor field must be a float or int >= 1, got ${s.factor}`);
  }
  if (type === 'yarn' && s.beta_fast < s.beta_slow) {
    warnings.push(
      `\`rope_parameters\`'s beta_fast field must be greater than beta_slow, got beta_fast=${s.beta_fast} and beta_slow=${s.beta_slow}`,
    );
  }
  if (type === 'llama3' && !(s.high_freq_factor > s.low_freq_factor)) {
    warnings.push(
      `\`rope_parameters\`'s high_freq_factor field must be greater than low_freq_factor, got high_freq_factor=${s.high_freq_factor} and low_freq_factor=${s.low_freq_factor}`,
    );
  }
  return { struct: s, warnings };
}
