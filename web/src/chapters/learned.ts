/** Learned PE: seed 001 §6.1.5, seed 004 §2.2. */
import '../components/absolute/encoding-coverage.js';
import '../components/absolute/learned-lookup.js';
import { param, type ChapterBody } from '../components/chapter/chapter-types.js';
import { l } from '../components/shared/i18n.js';
import { glossary } from './glossary.js';

const body: ChapterBody = {
  question: l(
    'BERT 和 GPT-2 不用公式，直接学一张位置表。它能学到什么？序列比表长时又会怎样？',
    'BERT and GPT-2 use no formula: they learn a table of positions. What can it hold, and what happens when a sequence is longer than the table?',
  ),
  params: [
    { id: 'nmax', label: l('表的行数 n_max', 'rows in the table n_max'), min: 8, max: 128, step: 8, default: 32 },
    { id: 'd', label: l('维度 d', 'dimension d'), min: 4, max: 64, step: 4, default: 16 },
    { id: 'len', label: l('要编码的序列长度', 'length of the sequence to encode'), min: 1, max: 256, step: 1, default: 24 },
    { id: 'seed', label: l('初始化种子', 'initialisation seed'), min: 0, max: 50, step: 1, default: 1 },
  ],
  sections: [
    {
      id: 'table',
      title: l('一张参数表', 'A table of parameters'),
      seeds: '004 §2.2',
      blocks: [
        { kind: 'math', tex: "PE=\\operatorname{Embedding}(n_{max},\\,d),\\qquad X'=X+PE[0{:}n]" },
        {
          kind: 'text',
          text: l(
            '这里的表按 BERT 的做法用 $\\mathcal N(0,0.02^2)$ 初始化（种子可复现，原生与 wasm 结果相同）。训练会改动它，但形状不变：第 $pos$ 行就是位置 $pos$ 的向量，没有公式把相邻的行联系起来。',
            'The table here is initialised as BERT does, $\\mathcal N(0,0.02^2)$ (seeded: the same numbers natively and in wasm). Training changes its values, not its shape: row $pos$ is the vector of position $pos$, and no formula ties neighbouring rows together.',
          ),
        },
        { kind: 'controls', params: ['nmax', 'd', 'len', 'seed'] },
        {
          kind: 'predict',
          id: 'predict-beyond',
          question: l(
            '表有 $n_{max}$ = {nmax} 行。把序列长度调到 {len}：每个位置都能查到一行吗？',
            'The table has $n_{max}$ = {nmax} rows. With a sequence of {len} tokens, does every position find a row?',
          ),
          choices: [
            { value: 'yes', label: l('能', 'yes') },
            { value: 'no', label: l('不能', 'no') },
          ],
          reveal: {
            tag: 'posenc-learned-lookup',
            props: {
              nMax: param('nmax'),
              dim: param('d'),
              length: param('len'),
              seed: param('seed'),
              caption: l('查到的行 PE[0 … min(n, n_max)−1]', 'Rows looked up: PE[0 … min(n, n_max)−1]'),
              within: l('长度 {len} ≤ n_max = {nmax}：每个位置都有一行。', 'Length {len} ≤ n_max = {nmax}: every position has a row.'),
              beyond: l('长度 {len} > n_max = {nmax}：', 'Length {len} > n_max = {nmax}:'),
            },
          },
          explain: l(
            '位置 $n_{max}$ 及以后在表里没有行：核心直接拒绝查找，而不是悄悄复用最后一行。要处理更长的序列，只能截断、插值或继续训练。',
            'Positions $n_{max}$ and later have no row in the table: the core refuses the lookup rather than silently reusing the last row. Longer sequences must be truncated, interpolated or trained on.',
          ),
        },
      ],
    },
    {
      id: 'extrapolation',
      title: l('与正弦编码比较', 'Against the sinusoidal encoding'),
      seeds: '001 §6.1.5',
      blocks: [
        {
          kind: 'text',
          text: l(
            '正弦编码对任何位置都有定义（公式在所有整数上成立）；可学习编码只能处理 $n\\le n_{max}$。参数量：正弦编码 0 个，可学习编码 $n_{max}\\cdot d$ 个。',
            'The sinusoidal encoding is defined at every position (the formula holds for all integers); a learned one only handles $n\\le n_{max}$. Parameters: none for the sinusoidal encoding, $n_{max}\\cdot d$ for a learned one.',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-encoding-coverage',
          props: {
            nMax: param('nmax'),
            dim: param('d'),
            length: param('len'),
            caption: l('在当前参数下', 'At the current parameters'),
            hasVector: l('位置 {pos} 有向量？', 'a vector for position {pos}?'),
          },
        },
        {
          kind: 'note',
          text: l(
            '“有向量”不等于“学会了用它”：正弦编码在训练长度之外也有定义，模型却可能从没见过那些向量。「训练与外推」一章在你的浏览器里训练小模型，实测这一点。',
            'Having a vector is not the same as having learned to use it: the sinusoidal encoding is defined past the training length, but the model may never have seen those vectors. The chapter "Train and extrapolate" trains small models in your browser and measures this.',
          ),
        },
      ],
    },
  ],
  takeaways: [
    l(
      '可学习编码是一张 $n_{max}\\times d$ 的参数表，每个位置一行，行与行之间没有公式约束。',
      'A learned encoding is an $n_{max}\\times d$ table of parameters, one row per position, with no formula tying the rows together.',
    ),
    l(
      '位置 $n_{max}$ 及以后没有行：不能外推，只能截断、插值或继续训练。',
      'Positions $n_{max}$ and beyond have no row: no extrapolation, only truncation, interpolation or more training.',
    ),
    l(
      '正弦编码零参数、处处有定义；但“有定义”不保证模型会用。',
      'The sinusoidal encoding has no parameters and is defined everywhere; being defined does not mean the model can use it.',
    ),
  ],
  references: [
    {
      text: 'Devlin et al., "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding", NAACL 2019',
      href: 'https://arxiv.org/abs/1810.04805',
    },
    { text: 'Radford et al., "Language Models are Unsupervised Multitask Learners" (GPT-2), 2019' },
    {
      text: 'Hugging Face transformers, BertEmbeddings.position_embeddings (nn.Embedding(max_position_embeddings, hidden_size))',
      href: 'https://github.com/huggingface/transformers/blob/main/src/transformers/models/bert/modeling_bert.py',
    },
  ],
  glossary: [glossary.position, glossary.dModel],
};

export default body;
