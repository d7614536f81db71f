/**
 * Notation shared by every chapter: the same letter means the same thing on every page, and the
 * places where the seed documents use one letter for two things are said once, here.
 */
import type { GlossaryTerm } from '../components/chapter/chapter-types.js';
import { l } from '../components/shared/i18n.js';

const term = (id: string, t: [string, string], m: [string, string]): GlossaryTerm => ({ id, term: l(...t), meaning: l(...m) });

export const glossary = {
  position: term(
    'position',
    ['位置 $m$、$n$、$pos$', 'position $m$, $n$, $pos$'],
    ['词在序列中的序号，从 0 开始。', 'Where a token sits in the sequence, counting from 0.'],
  ),
  offset: term(
    'offset',
    ['相对距离 $\\Delta = n - m$', 'offset $\\Delta = n - m$'],
    [
      '两个位置之差。本站统一用 $n-m$（键减查询）；讲义有时写 $i-j$，方向相反。',
      'The difference of two positions. This site always means $n-m$ (key minus query); the documents sometimes write $i-j$, the opposite direction.',
    ],
  ),
  pairIndex: term(
    'pair-index',
    ['维度对的序号 $i$', 'pair index $i$'],
    [
      '第 $i$ 对维度 $(2i, 2i+1)$，$i = 0 \\dots d/2-1$。它不是虚数单位；虚数单位本站写作 $\\mathrm{i}$（正体）。',
      'The $i$-th pair of dimensions $(2i, 2i+1)$, $i = 0 \\dots d/2-1$. Not the imaginary unit, which this site writes upright as $\\mathrm{i}$.',
    ],
  ),
  omega: term(
    'omega',
    ['频率 $\\omega_i$（正弦编码）', 'frequency $\\omega_i$ (sinusoidal)'],
    [
      '第 $i$ 对维度每前进一个位置转过的弧度：$\\omega_i = \\text{base}^{-2i/d}$。',
      'The angle, in radians, that pair $i$ turns per position: $\\omega_i = \\text{base}^{-2i/d}$.',
    ],
  ),
  theta: term(
    'theta',
    ['频率 $\\theta_i$（RoPE）', 'frequency $\\theta_i$ (RoPE)'],
    [
      '与 $\\omega_i$ 同一个公式，RoFormer 论文写作 $\\theta_i$。位置 $m$ 处第 $i$ 对转过 $m\\theta_i$。',
      'The same formula as $\\omega_i$; the RoFormer paper writes it $\\theta_i$. At position $m$, pair $i$ has turned by $m\\theta_i$.',
    ],
  ),
  base: term(
    'base',
    ['底数 base', 'base'],
    [
      '决定波长范围：最快的一对波长 $2\\pi$，最慢的一对波长约 $2\\pi \\cdot \\text{base}^{(d-2)/d}$。默认 10000。',
      'Sets the range of wavelengths: the fastest pair has wavelength $2\\pi$, the slowest about $2\\pi \\cdot \\text{base}^{(d-2)/d}$. 10000 by default.',
    ],
  ),
  wavelength: term(
    'wavelength',
    ['波长 $2\\pi/\\omega_i$', 'wavelength $2\\pi/\\omega_i$'],
    ['第 $i$ 对维度转满一圈所需的位置数。', 'How many positions pair $i$ needs to turn once around.'],
  ),
  score: term(
    'score',
    ['分数 $S_{ij}$', 'score $S_{ij}$'],
    [
      '查询 $i$ 对键 $j$ 的注意力分数 $q_i\\cdot k_j/\\sqrt{d}$（softmax 之前）。矩阵的行是查询、列是键；本站的偏移写作 $j-i$（键减查询），与 $\\Delta=n-m$ 同向。',
      'The attention score of query $i$ against key $j$, $q_i\\cdot k_j/\\sqrt{d}$ (before the softmax). Rows are queries, columns keys; this site writes the offset as $j-i$ (key minus query), the same direction as $\\Delta=n-m$.',
    ],
  ),
  dModel: term(
    'd-model',
    ['维度 $d$、$d_{model}$', 'dimension $d$, $d_{model}$'],
    [
      '编码向量（或注意力头）的长度；正弦编码与 RoPE 都要求它是偶数。',
      'The length of the encoding vector (or attention head); sinusoidal PE and RoPE need it even.',
    ],
  ),
  rotation: term(
    'rotation',
    ['旋转 $R(\\theta)$', 'rotation $R(\\theta)$'],
    [
      '$R(\\theta) = \\begin{bmatrix}\\cos\\theta & -\\sin\\theta\\\\ \\sin\\theta & \\cos\\theta\\end{bmatrix}$，$\\theta>0$ 时逆时针转。',
      '$R(\\theta) = \\begin{bmatrix}\\cos\\theta & -\\sin\\theta\\\\ \\sin\\theta & \\cos\\theta\\end{bmatrix}$, counter-clockwise for $\\theta>0$.',
    ],
  ),
  layout: term(
    'layout',
    ['配对方式', 'pairing (layout)'],
    [
      '相邻配对 $(x_{2i}, x_{2i+1})$（RoFormer、讲义）或前后半配对 $(x_i, x_{i+d/2})$（GPT-NeoX、Hugging Face）；两者只差一个维度的排列。',
      'Interleaved $(x_{2i}, x_{2i+1})$ (RoFormer, the documents) or halves $(x_i, x_{i+d/2})$ (GPT-NeoX, Hugging Face); they differ only by a permutation of dimensions.',
    ],
  ),
  trainLength: term(
    'train-length',
    ["训练长度 $L$、目标长度 $L'$", "training length $L$, target length $L'$"],
    [
      '模型训练时见过的最长序列，与现在要读的长度。超过 $L$ 的位置叫外推。',
      'The longest sequence the model was trained on, and the length it must now read. Positions past $L$ are extrapolation.',
    ],
  ),
  scalingFactor: term(
    'scaling-factor',
    ["缩放因子 $s = L'/L$", "scaling factor $s = L'/L$"],
    [
      '目标长度是训练长度的几倍；各种 RoPE 缩放按它减慢（一部分）维度对。',
      'How many times longer the target is than the training length; RoPE scalings slow (some of) the pairs by it.',
    ],
  ),
  permutation: term(
    'permutation',
    ['置换矩阵 $\\Pi$', 'permutation matrix $\\Pi$'],
    [
      '每行每列恰有一个 1 的方阵；$\\Pi X$ 把 $X$ 的行（词）重新排序。讲义写作 $P$，本站写 $\\Pi$，免得与位置编码 $PE$ 混淆。',
      'A square matrix with exactly one 1 in every row and column; $\\Pi X$ reorders the rows (words) of $X$. The documents write $P$; this site writes $\\Pi$, so it is not confused with the position encoding $PE$.',
    ],
  ),
  equivariant: term(
    'equivariant',
    ['等变与不变', 'equivariant, invariant'],
    [
      '等变：$f(\\Pi X)=\\Pi f(X)$，输出跟着输入一起重排（没有位置信息的自注意力）。不变：$f(\\Pi X)=f(X)$，输出完全不变（对所有词求平均后的读出）。',
      'Equivariant: $f(\\Pi X)=\\Pi f(X)$, the output is reordered with the input (self-attention without positions). Invariant: $f(\\Pi X)=f(X)$, the output does not change at all (a read-out averaged over the words).',
    ],
  ),
} satisfies Record<string, GlossaryTerm>;
