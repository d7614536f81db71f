/**
 * The chapters in reading order (docs/DESIGN.md, "Page: chapters and the seeds they walk through"):
 * what navigation, deep links and the e2e suites need, without loading any chapter. Each body loads
 * when its chapter is opened.
 */
import type { Chapter, ChapterEntry } from '../components/chapter/chapter-types.js';
import { l } from '../components/shared/i18n.js';

export const chapters: ChapterEntry[] = [
  {
    id: 'why',
    title: l('为什么需要位置', 'Why position'),
    summary: l(
      '没有位置信息时，自注意力只看见一袋词：打乱输入，输出只是跟着打乱。',
      'Without position information self-attention sees a bag of words: shuffle the input and the output is merely shuffled the same way.',
    ),
    seeds: '002 · 004 §1 · 001 §6.1',
    load: () => import('./why.js').then((m) => m.default),
  },
  {
    id: 'history',
    title: l('位置编码的设计演变', 'Design history'),
    summary: l(
      '从整数编号到成对的 sin/cos：每一步修掉前一步的一个毛病。',
      'From integer labels to sin/cos pairs: each step fixes one flaw of the previous one.',
    ),
    seeds: l('002 "位置编码设计历史" … "sin+cos的位置编码"', '002, "history of position encodings" … "sin+cos encodings"'),
    load: () => import('./history.js').then((m) => m.default),
  },
  {
    id: 'sinusoidal',
    title: l('正弦位置编码', 'Sinusoidal PE'),
    summary: l(
      'Transformer 原论文（Vaswani 等，2017）的位置编码：每对维度是一根以自己的频率转动的指针。',
      'The encoding of "Attention Is All You Need": each pair of dimensions is a hand turning at its own frequency.',
    ),
    seeds: '000 §2 · 001 §6.1.1–6.1.4 · 004 §2.1',
    load: () => import('./sinusoidal.js').then((m) => m.default),
  },
  {
    id: 'scores',
    title: l('注意力分数的四项', 'Attention scores'),
    summary: l(
      '位置编码加在输入上，打分展开成内容—内容、内容—位置、位置—内容、位置—位置四项。',
      'With the encoding added to the input, the score splits into content–content, content–position, position–content and position–position terms.',
    ),
    seeds: '001 §6.1.3 · 003 §2',
    load: () => import('./scores.js').then((m) => m.default),
  },
  {
    id: 'learned',
    title: l('可学习的位置编码', 'Learned PE'),
    summary: l(
      '一张 $n_{max}\\times d$ 的参数表（BERT、GPT-2）：训练长度以内任意灵活，之外没有行可查。',
      'A table of $n_{max}\\times d$ parameters (BERT, GPT-2): as flexible as you like within the training length, and no row to look up beyond it.',
    ),
    seeds: '001 §6.1.5 · 004 §2.2',
    load: () => import('./learned.js').then((m) => m.default),
  },
  {
    id: 'relative',
    title: l('相对位置编码', 'Relative PE'),
    summary: l(
      '不给每个位置一个向量，而是让分数 $S_{ij}$ 直接依赖距离：偏置、相对键向量、Transformer-XL、T5 分桶。',
      'Instead of a vector per position, let the score $S_{ij}$ depend on the distance directly: biases, relative key vectors, Transformer-XL, T5 buckets.',
    ),
    seeds: l('002 "相对位置编码" · 004 §2.3–2.4', '002, "relative position encodings" · 004 §2.3–2.4'),
    load: () => import('./relative.js').then((m) => m.default),
  },
  {
    id: 'rope',
    title: l('旋转位置编码 RoPE', 'Rotary position embedding (RoPE)'),
    summary: l(
      '把 $q$、$k$ 按位置旋转：$q_m^\\top k_n$ 只依赖 $n-m$。',
      'Turn $q$ and $k$ by their positions: $q_m^\\top k_n$ then depends on $n-m$ only.',
    ),
    seeds: '000 §3 · 004 §2.5–2.7',
    load: () => import('./rope.js').then((m) => m.default),
  },
  {
    id: 'modulation',
    title: l('加法偏移与乘法调制', 'Additive vs multiplicative'),
    summary: l(
      '两种编码都让 $\\cos(\\omega\\Delta)$ 进入分数：正弦编码把它加在内容相似度上，内容只让曲线上下移动；RoPE 把它乘进内容，内容让曲线平移，分数只依赖 $\\Delta$。',
      'Both encodings put $\\cos(\\omega\\Delta)$ into the score: the sinusoidal encoding adds it to the content similarity, which only moves the curve up or down; RoPE multiplies it into the content, which slides the curve, and the score depends on $\\Delta$ alone.',
    ),
    seeds: '003',
    load: () => import('./modulation.js').then((m) => m.default),
  },
  {
    id: 'comparison',
    title: l('对比', 'Comparison'),
    summary: l(
      '讲义的对比表：不训练就能测的格子由核心逐一测量，外推能力交给「训练与外推」一章实测。',
      "The documents' comparison tables: every cell that can be measured without training is measured by the core; extrapolation is measured in the chapter Train and extrapolate.",
    ),
    seeds: '000 §4 · 004 §3',
    load: () => import('./comparison.js').then((m) => m.default),
  },
  {
    id: 'contexts',
    title: l('更长的上下文', 'Longer contexts'),
    summary: l(
      '训练时只见过 $L$ 个位置的模型，怎样读更长的文本：外推与插值，PI、NTK、动态缩放、YaRN、Llama 3，以及不需要旋转的 ALiBi。',
      'How a model trained on $L$ positions reads longer text: extrapolation and interpolation, PI, NTK, dynamic scaling, YaRN, Llama 3, and ALiBi, which needs no rotation at all.',
    ),
    seeds: l('讲义之外（Hugging Face rope_scaling 的定义）', 'beyond the teaching documents (Hugging Face rope_scaling definitions)'),
    load: () => import('./contexts.js').then((m) => m.default),
  },
  {
    id: 'lab',
    title: l('训练与外推', 'Train and extrapolate'),
    summary: l(
      '在浏览器里用多种位置编码各训练一个小模型，再在比训练更长的序列上测试：谁还能答对？',
      'Train a small model with each of several positional encodings in the browser, then test on sequences longer than any seen in training: which still answer right?',
    ),
    seeds: '000 §2.4 §4 · 001 §6.1.5 · 004 §3',
    load: () => import('./lab.js').then((m) => m.default),
  },
  {
    id: 'since2023',
    title: l('2023 年以后', 'Since 2023'),
    summary: l(
      'xPos、p-RoPE、Kerple、FIRE、CoPE、Llama 4 的 iRoPE 与随机位置：每一种修补什么，在同一个小实验里论文的说法是否成立。',
      'xPos, p-RoPE, Kerple, FIRE, CoPE, Llama 4’s iRoPE and randomized positions: what each fixes, and whether the papers’ claims hold in the same small experiment.',
    ),
    seeds: l('讲义之外（2022—2025 年的论文）', 'beyond the teaching documents (papers of 2022–25)'),
    load: () => import('./since2023.js').then((m) => m.default),
  },
  {
    id: 'errata',
    title: l('勘误', 'Errata'),
    summary: l(
      '讲义里的数字、算例、代码与论断，逐条用核心重算：哪些核对无误，哪些有错，错在哪里。',
      "The documents' numbers, worked examples, code and claims, each recomputed by the core: which check out, which are wrong, and how.",
    ),
    seeds: '000 · 001 · 002 · 003 · 004',
    load: () => import('./errata.js').then((m) => m.default),
  },
  {
    id: 'speed',
    title: l('速度', 'Speed'),
    summary: l(
      '同一计算：惯用的 JavaScript、标量 wasm 与 SIMD wasm，在你的浏览器里比一比。',
      'The same work done by idiomatic JavaScript, scalar wasm and SIMD wasm, measured in your browser.',
    ),
    seeds: '—',
    load: () => import('./speed.js').then((m) => m.default),
  },
];

const loaded = new Map<string, Promise<Chapter>>();

/** The chapter with its body, loaded once. */
export function loadChapter(entry: ChapterEntry): Promise<Chapter> {
  let c = loaded.get(entry.id);
  if (!c) {
    c = entry.load().then((body) => ({ ...entry, ...body }));
    loaded.set(entry.id, c);
  }
  return c;
}

export const findChapter = (id: string | null | undefined): ChapterEntry | undefined => chapters.find((c) => c.id === id);
