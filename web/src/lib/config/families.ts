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
  'xlm',
  'xlm-roberta-xl',
  'roberta-prelayernorm',
  'data2vec-text',
  'longformer',
  'markuplm',
  'ibert',
]);
/** Learned tables indexed from 2 (OPT, BART and mBART reserve the first two rows). */
export const LEARNED_OFFSET: Record<string, number> = { opt: 2, bart: 2, mbart: 2 };
/**
 * RoBERTa and the families that copy its create_position_ids_from_input_ids (fairseq's
 * make_positions): a real token's position is its count among the non-padding tokens plus
 * padding_idx = pad_token_id, so position 0 reads row pad_token_id + 1 and padding reads row
 * pad_token_id. RobertaConfig's pad_token_id defaults to 1 (offset 2).
 */
export const PADDING_OFFSET = new Set([
  'roberta',
  'xlm-roberta',
  'xlm-roberta-xl',
  'camembert',
  'roberta-prelayernorm',
  'data2vec-text',
  'longformer',
  'markuplm',
  'ibert',
]);
/**
 * A learned table some configs replace with a fixed sinusoidal one: DistilBERT's
 * sinusoidal_pos_embds and XLM's sinusoidal_embeddings (create_sinusoidal_embeddings: row pos,
 * column j = sin or cos of pos / 10000^(2⌊j/2⌋/dim), sines at even columns).
 */
export const SINUSOIDAL_SWITCH: Record<string, { key: string; dimKeys: string[] }> = {
  distilbert: { key: 'sinusoidal_pos_embds', dimKeys: ['dim', 'hidden_size'] },
  xlm: { key: 'sinusoidal_embeddings', dimKeys: ['emb_dim', 'hidden_size'] },
};
export const SINUSOIDAL = new Set(['marian', 'fsmt', 'speech_to_text', 'm2m_100', 'pegasus', 'nllb-moe', 'transformer']);
export const RELATIVE_BUCKETS = new Set(['t5', 'mt5', 'umt5', 'longt5', 'switch_transformers', 'pix2struct']);
export const ALIBI = new Set(['bloom', 'mpt']);
/** No positional encoding at all: state-space and recurrent models carry order in their state. */
export const NONE = new Set(['mamba', 'mamba2', 'rwkv', 'rwkv5', 'rwkv6']);
