/**
 * Which positional scheme a model's config.json describes, before any RoPE is read: learned
 * absolute tables (BERT, GPT-2, OPT), T5's relative buckets, ALiBi (BLOOM, MPT, Falcon with alibi),
 * sinusoidal tables (Marian, FSMT), none (state-space models), or a rotary embedding.
 */
import { describe, rangeError } from '../checks.js';
import { ALIBI, LEARNED, LEARNED_OFFSET, NONE, PADDING_OFFSET, RELATIVE_BUCKETS, SINUSOIDAL, SINUSOIDAL_SWITCH } from './families.js';
import { isDict, ownKeys, type Dict } from './dict.js';
import { languageConfig } from './rope.js';
import { MAX_ALIBI_HEADS } from '../limits.generated.js';

export type SchemeKind = 'rope' | 'learned' | 'sinusoidal' | 'relative-buckets' | 'relative-embeddings' | 'alibi' | 'none';

export type SchemeInfo =
  | { scheme: 'rope' }
  | { scheme: 'learned'; maxPositions: number; offset: number; paddingIdx?: number }
  | { scheme: 'sinusoidal'; maxPositions: number; dim?: number; layout?: 'interleaved'; base?: number }
  | { scheme: 'relative-buckets'; numBuckets: number; maxDistance: number; numHeads: number; bidirectionalEncoder: boolean }
  /** BERT's position_embedding_type relative_key(_query): learned embeddings of clipped distances. */
  | { scheme: 'relative-embeddings'; maxDistance: number; variant: string }
  | { scheme: 'alibi'; numHeads: number; maxBias: number }
  | { scheme: 'none'; reason: string };

const ROPE_KEYS = [
  'rope_theta',
  'rope_scaling',
  'rope_parameters',
  'rotary_dim',
  'rotary_pct',
  'rotary_emb_base',
  'rope_pct',
  'partial_rotary_factor',
  'qk_rope_head_dim',
  'rope_ratio',
  'rope_local_base_freq',
];

const HEAD_KEYS = ['num_attention_heads', 'n_head', 'num_heads', 'n_heads'];
const num = (v: unknown, fallback: number) => (typeof v === 'number' ? v : fallback);

export function classify(fn: string, root: Dict): { modelType: string | null; info: SchemeInfo } {
  const language = languageConfig(root);
  const { modelType } = language;
  const cfg = ownKeys(language.cfg);
  const mt = modelType ?? '';
  const headKey = HEAD_KEYS.find((k) => cfg[k] !== undefined && cfg[k] !== null);
  const heads = num(headKey === undefined ? undefined : cfg[headKey], 0);
  const maxPositions = num(cfg.max_position_embeddings ?? cfg.n_positions ?? cfg.max_seq_len ?? cfg.seq_length, 0);
  const attn = ownKeys(isDict(cfg.attn_config) ? cfg.attn_config : {});

  // ALiBi: BLOOM always; MPT unless attn_config.alibi is false; Falcon when alibi is true.
  if (cfg.alibi === true || (mt === 'mpt' && attn.alibi !== false) || (ALIBI.has(mt) && mt !== 'mpt')) {
    // One slope per head: a head count the config gives must be one.
    const given = headKey === undefined ? undefined : cfg[headKey];
    if (headKey !== undefined && !(typeof given === 'number' && Number.isInteger(given) && given >= 1 && given <= MAX_ALIBI_HEADS)) {
      rangeError(
        `${fn}: config.${headKey} must be an integer from 1 to ${MAX_ALIBI_HEADS} (ALiBi has one slope per head), got ${describe(given)}`,
      );
    }
    return { modelType, info: { scheme: 'alibi', numHeads: heads, maxBias: num(attn.alibi_bias_max, 8) } };
  }
  if (RELATIVE_BUCKETS.has(mt) || cfg.relative_attention_num_buckets !== undefined) {
    return {
      modelType,
      info: {
        scheme: 'relative-buckets',
        numBuckets: num(cfg.relative_attention_num_buckets, 32),
        maxDistance: num(cfg.relative_attention_max_distance, 128),
        numHeads: heads,
        bidirectionalEncoder: true,
      },
    };
  }
  const pet = cfg.position_embedding_type;
  if (pet === 'relative_key' || pet === 'relative_key_query') {
    return { modelType, info: { scheme: 'relative-embeddings', maxDistance: maxPositions, variant: pet } };
  }
  if (NONE.has(mt)) return { modelType, info: { scheme: 'none', reason: 'a state-space or recurrent model: order lives in its state' } };
  if (ROPE_KEYS.some((k) => cfg[k] !== undefined && cfg[k] !== null) || pet === 'rotary') return { modelType, info: { scheme: 'rope' } };
  if (SINUSOIDAL.has(mt)) return { modelType, info: { scheme: 'sinusoidal', maxPositions } };
  const fixed = SINUSOIDAL_SWITCH[mt];
  if (fixed && cfg[fixed.key] === true) {
    const dim = num(
      fixed.dimKeys.map((k) => cfg[k]).find((v) => typeof v === 'number'),
      0,
    );
    return { modelType, info: { scheme: 'sinusoidal', maxPositions, dim, layout: 'interleaved', base: 10000 } };
  }
  if (PADDING_OFFSET.has(mt)) {
    const pad = cfg.pad_token_id === undefined || cfg.pad_token_id === null ? 1 : cfg.pad_token_id;
    if (!(typeof pad === 'number' && Number.isInteger(pad) && pad >= 0)) {
      rangeError(`${fn}: config.pad_token_id must be an integer ≥ 0 (the row padding tokens read), got ${describe(pad)}`);
    }
    return { modelType, info: { scheme: 'learned', maxPositions, offset: pad + 1, paddingIdx: pad } };
  }
  if (LEARNED.has(mt) || pet === 'absolute') {
    return { modelType, info: { scheme: 'learned', maxPositions, offset: LEARNED_OFFSET[mt] ?? 0 } };
  }
  // A RoPE family whose config.json relies on every default (Llama 2 writes no rope_theta).
  if (
    [
      'llama',
      'mistral',
      'mixtral',
      'qwen2',
      'qwen3',
      'gemma',
      'gemma2',
      'internlm2',
      'stablelm',
      'starcoder2',
      'olmo',
      'falcon',
      'cohere',
      'glm',
      'glm4',
      'chatglm',
    ].includes(mt)
  ) {
    return { modelType, info: { scheme: 'rope' } };
  }
  rangeError(
    `${fn}: cannot tell the positional scheme of this config (model_type ${describe(modelType)}): it names no rope keys, no relative buckets, no ALiBi, and its family is not one posenc knows`,
    { argument: 'config' },
  );
}

/** What positionalScheme calls the scheme in words, for messages. */
export const SCHEME_WORDS: Record<SchemeKind, string> = {
  rope: 'a rotary embedding',
  learned: 'a learned absolute position table',
  sinusoidal: 'a fixed sinusoidal table',
  'relative-buckets': "T5's relative position buckets",
  'relative-embeddings': 'learned relative position embeddings',
  alibi: 'ALiBi linear biases',
  none: 'no positional encoding',
};
