// Families with no bundled config.json file (none of their published files is in the stored sources
// we could read): configs shaped like the published ones (the fields each family's rule reads), run
// through the installed package and through the TypeScript transliteration of transformers'
// functions (tests/hf/rope-reference.ts, written from transformers' source, not from posenc).
import { beforeAll, describe, expect, it } from 'vitest';

import type { Posenc } from '../../web/src/lib/types.js';
import { referenceRope } from '../hf/rope-reference.js';
import { loadPosenc } from './load-posenc.js';

let pe: Posenc;
beforeAll(async () => {
  pe = await loadPosenc();
});

const longFactors = (n: number, from: number) => Array.from({ length: n }, (_, i) => from + i * 0.37);

const FAMILIES: Record<string, Record<string, unknown>> = {
  // GLM-4-9B-chat (remote code): head from kv_channels, half the head rotary, base 10000·rope_ratio.
  'GLM-4 (chatglm)': {
    model_type: 'chatglm',
    hidden_size: 4096,
    num_attention_heads: 32,
    kv_channels: 128,
    rope_ratio: 500,
    seq_length: 131072,
  },
  // Kimi-K2: an MLA head's rotary slice (qk_rope_head_dim) with YaRN.
  'Kimi-K2 (MLA + YaRN)': {
    model_type: 'kimi_k2',
    hidden_size: 7168,
    num_attention_heads: 64,
    qk_nope_head_dim: 128,
    qk_rope_head_dim: 64,
    v_head_dim: 128,
    rope_theta: 50000,
    max_position_embeddings: 131072,
    rope_scaling: {
      type: 'yarn',
      factor: 32,
      original_max_position_embeddings: 4096,
      beta_fast: 1,
      beta_slow: 1,
      mscale: 1,
      mscale_all_dim: 1,
    },
  },
  // MiniCPM3-4B: MLA rotary slice with LongRoPE factors.
  'MiniCPM3 (MLA + LongRoPE)': {
    model_type: 'minicpm3',
    hidden_size: 2560,
    num_attention_heads: 40,
    qk_nope_head_dim: 64,
    qk_rope_head_dim: 32,
    rope_theta: 10000,
    max_position_embeddings: 32768,
    rope_scaling: {
      rope_type: 'longrope',
      short_factor: longFactors(16, 1.0),
      long_factor: longFactors(16, 1.1),
      original_max_position_embeddings: 32768,
    },
  },
  // InternLM2.5-7B-chat: dynamic NTK.
  'InternLM2.5 (dynamic)': {
    model_type: 'internlm2',
    hidden_size: 4096,
    num_attention_heads: 32,
    rope_theta: 1000000,
    max_position_embeddings: 32768,
    rope_scaling: { type: 'dynamic', factor: 2.0 },
  },
  // Command-R: interleaved pairs, a large base.
  'Command-R (cohere)': {
    model_type: 'cohere',
    hidden_size: 8192,
    num_attention_heads: 64,
    rope_theta: 8000000,
    max_position_embeddings: 131072,
  },
  // A GPT-NeoX-architecture model that turns the whole head: its own rotary_pct, not the class's 0.25.
  'GPT-NeoX with rotary_pct 1.0': {
    model_type: 'gpt_neox',
    hidden_size: 2560,
    num_attention_heads: 32,
    rotary_pct: 1.0,
    rotary_emb_base: 10000,
    max_position_embeddings: 2048,
  },
  // StableLM 2: a quarter of the head rotary.
  'StableLM 2 (partial rotary)': {
    model_type: 'stablelm',
    hidden_size: 2048,
    num_attention_heads: 32,
    partial_rotary_factor: 0.25,
    rope_theta: 10000,
    max_position_embeddings: 4096,
  },
};

describe('families without a bundled file: the package agrees with the transliteration of transformers', () => {
  for (const [name, config] of Object.entries(FAMILIES)) {
    it(name, () => {
      const r = pe.ropeFromConfig(structuredClone(config));
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const t = referenceRope(structuredClone(config)) as Record<string, any>;
      expect(r.layout, 'layout').toBe(t.layout);
      expect(r.headDim, 'head dim').toBe(t.head_dim);
      expect(r.invFreq.length, 'rotary pairs').toBe(t.inv_freq.length);
      for (let i = 0; i < t.inv_freq.length; i++) {
        const rel = Math.abs(r.invFreq[i] - t.inv_freq[i]) / Math.abs(t.inv_freq[i]);
        expect(rel, `inv_freq[${i}]`).toBeLessThanOrEqual(1e-12);
      }
      expect(r.attentionFactor, 'attention factor').toBeCloseTo(t.attention_factor ?? 1, 12);
      expect(pe.positionalScheme(structuredClone(config)).scheme).toBe('rope');
    });
  }
});
