/**
 * What a model family's config class and modeling code decide beyond modeling_rope_utils.py
 * (tests/hf/NOTES.md §4, with the transformers files and commits read): which coordinates a rotary
 * pair joins, class defaults for keys a config.json may leave out, and which positional scheme a
 * family uses at all.
 */
import type { RopeLayout } from '../types.js';

/** Families that pair (x[2i], x[2i+1]) (GPT-J's rotate_every_two, Cohere's interleave, GLM, MLA). */
const INTERLEAVED = new Set(['gptj', 'cohere', 'cohere2', 'chatglm', 'glm', 'glm4', 'deepseek_v2', 'deepseek_v3', 'kimi_k2']);

export function familyLayout(modelType: string, config: Record<string, unknown>): RopeLayout {
  // DeepSeek's rope_interleave (default true) says the checkpoint stores pairs side by side.
  if ((modelType === 'deepseek_v2' || modelType === 'deepseek_v3' || modelType === 'kimi_k2') && config.rope_interleave === false)
    return 'half';
  return INTERLEAVED.has(modelType) ? 'interleaved' : 'half';
}

/** Class defaults that decide RoPE when a config.json omits the key. */
export const CLASS_DEFAULTS: Record<string, Record<string, unknown>> = {
  // Gemma3TextConfig (v4.50 @008f5c8c): a nested text_config takes these for absent keys.
  gemma3_text: {
    head_dim: 256,
    num_attention_heads: 8,
    hidden_size: 2304,
    num_hidden_layers: 26,
    rope_theta: 1_000_000,
    rope_local_base_freq: 10_000,
    sliding_window_pattern: 6,
    max_position_embeddings: 131072,
  },
  stablelm: { partial_rotary_factor: 0.25 },
  falcon: { max_position_embeddings: 2048 },
  gpt_neox: { rotary_pct: 0.25 }, // its legacy key: a config's own rotary_pct must win over it
  phi: { partial_rotary_factor: 0.5 },
  persimmon: { partial_rotary_factor: 0.5 },
  glm: { partial_rotary_factor: 0.5 },
  glm4: { partial_rotary_factor: 0.5 },
};

/** model_type → positional scheme, for families that name no rope key (or name one they do not use). */
export const LEARNED = new Set([
  'bert',
  'roberta',
  'xlm-roberta',
  'camembert',
  'distilbert',
  'electra',
  'albert',
  'ernie',
  'gpt2',
  'gpt_neo',
  'gpt_bigcode',
  'opt',
  'bart',
  'mbart',
  'blenderbot',
  'vit',
  'clip',
  'clip_text_model',
  'layoutlm',
  'biogpt',
  'xglm',
]);
/** Learned tables indexed from 2 (OPT, BART and mBART reserve the first two rows). */
export const LEARNED_OFFSET: Record<string, number> = { opt: 2, bart: 2, mbart: 2 };
export const SINUSOIDAL = new Set(['marian', 'fsmt', 'speech_to_text', 'm2m_100', 'pegasus', 'nllb-moe', 'transformer']);
export const RELATIVE_BUCKETS = new Set(['t5', 'mt5', 'umt5', 'longt5', 'switch_transformers', 'pix2struct']);
export const ALIBI = new Set(['bloom', 'mpt']);
/** No positional encoding at all: state-space and recurrent models carry order in their state. */
export const NONE = new Set(['mamba', 'mamba2', 'rwkv', 'rwkv5', 'rwkv6']);
