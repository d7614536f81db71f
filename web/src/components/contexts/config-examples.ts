/**
 * The real config.json files of web/data/configs (each checked there against a transliteration of
 * transformers), bundled as the model card's one-click examples with the public source each was
 * read from (web/data/configs/manifest.json). Loaded with import() when the card first renders, so
 * neither the chapter's first paint nor the embeddable elements carry them.
 */
import manifest from '../../../data/configs/manifest.json';
import { l, type L10n } from '../shared/i18n.js';

import llama_2_7b_chat_hf from '../../../data/configs/llama-2-7b-chat-hf.json';
import llama_31_8b_instruct from '../../../data/configs/llama-3.1-8b-instruct.json';
import llama_32_1b_instruct from '../../../data/configs/llama-3.2-1b-instruct.json';
import mistral_7b_instruct_v03 from '../../../data/configs/mistral-7b-instruct-v0.3.json';
import devstral_small_2_24b_instruct from '../../../data/configs/devstral-small-2-24b-instruct.json';
import qwen25_7b_instruct from '../../../data/configs/qwen2.5-7b-instruct.json';
import qwen25_vl_7b_instruct from '../../../data/configs/qwen2.5-vl-7b-instruct.json';
import qwen3_4b from '../../../data/configs/qwen3-4b.json';
import qwen3_8b from '../../../data/configs/qwen3-8b.json';
import qwen3_32b from '../../../data/configs/qwen3-32b.json';
import deepseek_v3 from '../../../data/configs/deepseek-v3.json';
import phi_1 from '../../../data/configs/phi-1.json';
import phi_2 from '../../../data/configs/phi-2.json';
import phi_35_vision_instruct_text from '../../../data/configs/phi-3.5-vision-instruct-text.json';
import gemma_3_4b_it from '../../../data/configs/gemma-3-4b-it.json';
import gemma_3_27b_it from '../../../data/configs/gemma-3-27b-it.json';
import gpt_j_6b from '../../../data/configs/gpt-j-6b.json';
import gpt_neox_20b from '../../../data/configs/gpt-neox-20b.json';
import falcon_40b_instruct from '../../../data/configs/falcon-40b-instruct.json';
import bert_base_uncased from '../../../data/configs/bert-base-uncased.json';
import gpt2 from '../../../data/configs/gpt2.json';
import opt_125m from '../../../data/configs/opt-125m.json';
import t5_small from '../../../data/configs/t5-small.json';
import mpt_7b_instruct from '../../../data/configs/mpt-7b-instruct.json';

export interface ConfigSource {
  modelId: string;
  repo: string;
  path: string;
  commit: string;
  /** The manifest's words on how faithful the copy is (verbatim, re-saved, adapted, reconstructed, transcribed). */
  status: string;
}

export interface ConfigExample {
  /** The file name without .json: the value of the picker. */
  id: string;
  label: L10n;
  config: object;
  source: ConfigSource;
}

interface ManifestEntry {
  file: string;
  model_id: string;
  status: string;
  source: { repo: string; path: string; commit: string };
}

const FILES: [string, object, L10n][] = [
  ['llama-2-7b-chat-hf.json', llama_2_7b_chat_hf, l('Llama 2 7B 对话版', 'Llama 2 7B Chat')],
  ['llama-3.1-8b-instruct.json', llama_31_8b_instruct, l('Llama 3.1 8B 指令版（Llama 3 缩放）', 'Llama 3.1 8B Instruct (Llama 3 scaling)')],
  ['llama-3.2-1b-instruct.json', llama_32_1b_instruct, l('Llama 3.2 1B 指令版（缩放因子 32）', 'Llama 3.2 1B Instruct (factor 32)')],
  ['mistral-7b-instruct-v0.3.json', mistral_7b_instruct_v03, l('Mistral 7B 指令版 0.3', 'Mistral 7B Instruct v0.3')],
  [
    'devstral-small-2-24b-instruct.json',
    devstral_small_2_24b_instruct,
    l('Devstral 小型 2 代 24B 指令版', 'Devstral Small 2 24B Instruct'),
  ],
  ['qwen2.5-7b-instruct.json', qwen25_7b_instruct, l('Qwen 2.5 7B 指令版', 'Qwen2.5 7B Instruct')],
  ['qwen2.5-vl-7b-instruct.json', qwen25_vl_7b_instruct, l('Qwen 2.5 视觉语言 7B 指令版（M-RoPE）', 'Qwen2.5-VL 7B Instruct (M-RoPE)')],
  ['qwen3-4b.json', qwen3_4b, l('Qwen 3 4B', 'Qwen3 4B')],
  ['qwen3-8b.json', qwen3_8b, l('Qwen 3 8B', 'Qwen3 8B')],
  ['qwen3-32b.json', qwen3_32b, l('Qwen 3 32B', 'Qwen3 32B')],
  ['deepseek-v3.json', deepseek_v3, l('DeepSeek-V3（YaRN，多头潜在注意力）', 'DeepSeek-V3 (YaRN, multi-head latent attention)')],
  ['phi-1.json', phi_1, l('Phi 1（只旋转一部分维度）', 'Phi-1 (partial rotary)')],
  ['phi-2.json', phi_2, l('Phi 2（只旋转 40% 的维度）', 'Phi-2 (partial rotary 0.4)')],
  [
    'phi-3.5-vision-instruct-text.json',
    phi_35_vision_instruct_text,
    l('Phi 3.5 视觉指令版的文本部分（LongRoPE）', 'Phi-3.5 Vision Instruct, text part (LongRoPE)'),
  ],
  ['gemma-3-4b-it.json', gemma_3_4b_it, l('Gemma 3 4B 指令版（两个底数）', 'Gemma 3 4B IT (two bases)')],
  ['gemma-3-27b-it.json', gemma_3_27b_it, l('Gemma 3 27B 指令版（两个底数）', 'Gemma 3 27B IT (two bases)')],
  ['gpt-j-6b.json', gpt_j_6b, l('GPT-J 6B（相邻两维成对）', 'GPT-J 6B (interleaved pairs)')],
  ['gpt-neox-20b.json', gpt_neox_20b, l('GPT-NeoX 20B', 'GPT-NeoX 20B')],
  ['falcon-40b-instruct.json', falcon_40b_instruct, l('Falcon 40B 指令版', 'Falcon 40B Instruct')],
  ['bert-base-uncased.json', bert_base_uncased, l('BERT 基础版（可学习的绝对位置）', 'BERT base uncased (learned absolute)')],
  ['gpt2.json', gpt2, l('GPT-2（可学习的绝对位置）', 'GPT-2 (learned absolute)')],
  ['opt-125m.json', opt_125m, l('OPT 125M（可学习的绝对位置，偏移 2）', 'OPT 125M (learned absolute, offset 2)')],
  ['t5-small.json', t5_small, l('T5 小型（相对位置分桶）', 'T5 small (relative buckets)')],
  ['mpt-7b-instruct.json', mpt_7b_instruct, l('MPT 7B 指令版（ALiBi）', 'MPT-7B Instruct (ALiBi)')],
];

const entries = new Map((manifest.configs as ManifestEntry[]).map((e) => [e.file, e]));

export const EXAMPLES: ConfigExample[] = FILES.map(([file, config, label]) => {
  const e = entries.get(file);
  if (!e) throw new Error(`config-examples: ${file} is not in web/data/configs/manifest.json`);
  return {
    id: file.replace(/\.json$/, ''),
    label,
    config,
    source: { modelId: e.model_id, repo: e.source.repo, path: e.source.path, commit: e.source.commit, status: e.status },
  };
});
