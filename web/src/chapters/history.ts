/** Design history: seed 002, from integer labels to sin+cos pairs. */
import { html } from 'lit';

import type { ChapterBody } from '../components/chapter/chapter-types.js';
import { fmt } from '../components/shared/format.js';
import { l, matrixTable, plot, range } from './shared.js';

const body: ChapterBody = {
  params: [
    { id: 'n', label: l('句子长度 n', 'sentence length n'), min: 2, max: 12, step: 1, default: 3 },
    { id: 'bits', label: l('二进制位数', 'number of bits'), min: 3, max: 8, step: 1, default: 4 },
    { id: 'k', label: l('偏移 k', 'offset k'), min: 1, max: 30, step: 1, default: 3 },
    { id: 'd', label: l('维度 d', 'dimension d'), min: 2, max: 16, step: 2, default: 8 },
  ],
  sections: [
    {
      id: 'integer',
      title: l('整数编号', 'Integer labels'),
      seeds: '002',
      blocks: [
        {
          kind: 'text',
          text: l(
            '第一个词标 0，第二个标 1……编号无界：长句的编号远大于词向量的量级（约 1），训练时没见过的长度会给出没见过的数。',
            'Label the first token 0, the second 1, … The labels are unbounded: in long sentences they dwarf the token vectors (of size about 1), and lengths unseen in training give numbers never seen.',
          ),
        },
        {
          kind: 'view',
          deps: ['n'],
          render: ({ pe, n, t }) => {
            const lengths = [n('n'), 64, 512];
            return html`<posenc-table
              .data=${{
                caption: t(l('不同句长下最后一个词的编号', 'Label of the last token for several sentence lengths')),
                columns: [t(l('句长', 'length')), t(l('最后编号', 'last label')), t(l('归一化到 [0,1] 后相邻两词的间距', 'gap between neighbours after [0,1] scaling'))],
                rows: lengths.map((len) => {
                  const norm = pe.analysis.normalizedEncoding(len);
                  return { head: String(len), cells: [String(len - 1), fmt(norm[1] - norm[0], 4)] };
                }),
              }}
            ></posenc-table>`;
          },
        },
      ],
    },
    {
      id: 'normalised',
      title: l('归一化到 [0, 1]', 'Scaled to [0, 1]'),
      seeds: '002',
      blocks: [
        {
          kind: 'text',
          text: l(
            '用 $pos/(n-1)$ 标记，数值有界了，但同样相邻的两个词，在 3 个词的句子里相距 0.5，在 4 个词的句子里相距 0.333：相对距离随句长变化。',
            'Labelling with $pos/(n-1)$ bounds the values, but the same two neighbours are 0.5 apart in a 3-token sentence and 0.333 apart in a 4-token one: the relative distance changes with the length.',
          ),
        },
        { kind: 'controls', params: ['n'] },
        {
          kind: 'view',
          deps: ['n'],
          render: ({ pe, n, t }) => {
            const len = n('n');
            const a = pe.analysis.normalizedEncoding(len), b = pe.analysis.normalizedEncoding(len + 1);
            return html`<posenc-table
              id="normalised"
              .data=${{
                caption: t(l('pos/(n−1)：句长 n 与 n+1', 'pos/(n−1): lengths n and n+1')),
                columns: ['pos', ...range(len + 1).map(String)],
                rows: [
                  { head: `n = ${len}`, cells: [...Array.from(a), ''] },
                  { head: `n = ${len + 1}`, cells: Array.from(b) },
                ],
                digits: 3,
              }}
            ></posenc-table>`;
          },
        },
      ],
    },
    {
      id: 'binary',
      title: l('二进制编码与 7→8 的跳变', 'Binary codes and the 7 → 8 jump'),
      seeds: l('002 "二进制编码"', '002, "binary encoding"'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '用位置的二进制位作向量：唯一、确定、有界。但空间是离散的：6→7 只翻 1 位，7→8 翻 4 位。相邻位置之间的距离忽大忽小，模型学不到统一的"相邻"。',
            'Use the bits of the position as the vector: unique, deterministic, bounded. But the space is discrete: 6 → 7 flips one bit, 7 → 8 flips four. The distance between neighbours jumps about, so no single notion of "adjacent" can be learned.',
          ),
        },
        { kind: 'controls', params: ['bits'] },
        {
          kind: 'view',
          deps: ['bits'],
          render: ({ pe, n, t }) => {
            const bits = n('bits');
            const count = Math.min(2 ** bits, 16);
            const m = pe.analysis.binaryEncoding({ n: count, bits });
            const all = pe.analysis.binaryEncoding({ n: 2 ** bits, bits });
            const xs = range(2 ** bits - 1);
            const dist = xs.map((p) => {
              let s = 0;
              for (let b = 0; b < bits; b++) s += (all.data[p * bits + b] - all.data[(p + 1) * bits + b]) ** 2;
              return Math.sqrt(s);
            });
            return html`${matrixTable(m, {
                caption: t(l('二进制编码（最高位在前）', 'Binary code (most significant bit first)')),
                rowHead: String,
                colHead: (c) => `d=${bits - 1 - c}`,
                corner: 'pos',
                digits: 0,
                id: 'binary',
              })}
              ${plot([{ label: '‖PE(pos+1) − PE(pos)‖', x: xs, y: dist }], {
                caption: t(l('相邻位置之间的欧氏距离', 'Euclidean distance between neighbouring positions')),
                xLabel: 'pos',
                yLabel: t(l('距离', 'distance')),
                id: 'binary-jumps',
              })}`;
          },
        },
      ],
    },
    {
      id: 'sin-only',
      title: l('只用 sin：不存在线性的平移', 'sin alone: no linear shift exists'),
      seeds: l('002 "为什么单独使用sin不行"', '002, "why sin alone fails"'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '希望存在只依赖偏移 $k$ 的矩阵 $M_k$，使 $PE(pos+k)=M_k\\,PE(pos)$。只有 sin 时，和角公式需要 $\\cos(pos\\cdot\\omega_i)$，而它不在向量里：',
            'We want a matrix $M_k$ depending only on the offset $k$ with $PE(pos+k)=M_k\\,PE(pos)$. With sines alone, the angle-sum formula needs $\\cos(pos\\cdot\\omega_i)$, which is not in the vector:',
          ),
        },
        { kind: 'math', tex: '\\sin((pos+k)\\omega_i)=\\sin(pos\\,\\omega_i)\\cos(k\\omega_i)+\\underbrace{\\cos(pos\\,\\omega_i)}_{\\text{not encoded}}\\sin(k\\omega_i)' },
        {
          kind: 'text',
          text: l(
            '核心在位置 0…63 上用最小二乘求最好的 $M_k$，报告残差 $\\|P M_k^\\top-P_k\\|_F/\\|P_k\\|_F$：只有 sin 时残差明显大于 0；加上 cos 后残差是浮点误差。',
            'The core fits the best $M_k$ by least squares over positions 0 … 63 and reports the residual $\\|P M_k^\\top-P_k\\|_F/\\|P_k\\|_F$: with sines alone it stays well above 0; with the cosines added it is rounding error.',
          ),
        },
        { kind: 'controls', params: ['k', 'd'] },
        {
          kind: 'view',
          deps: ['k', 'd'],
          render: ({ pe, n, t }) => {
            const k = n('k'), d = n('d');
            const sinOnly = pe.analysis.bestLinearMap({ k, dim: d, n: 64, features: 'sin' });
            const both = pe.analysis.bestLinearMap({ k, dim: d, n: 64, features: 'sincos' });
            return html`<posenc-table
              id="linear-fit"
              .data=${{
                caption: t(l('最好的线性映射 M_k 的相对残差（64 个位置）', 'Relative residual of the best linear map M_k (64 positions)')),
                columns: [t(l('特征', 'features')), t(l('相对残差', 'relative residual')), t(l('最大绝对误差', 'max abs error'))],
                rows: [
                  { head: t(l('只有 sin', 'sin only')), cells: [sinOnly.relativeResidual.toExponential(2), sinOnly.maxAbsError.toExponential(2)] },
                  { head: 'sin + cos', cells: [both.relativeResidual.toExponential(2), both.maxAbsError.toExponential(2)] },
                ],
              }}
            ></posenc-table>`;
          },
        },
      ],
    },
    {
      id: 'sin-cos',
      title: l('sin + cos：平移就是旋转', 'sin + cos: a shift is a rotation'),
      seeds: l('002 "sin/cos 配对的成功之处" · 000 §2.3', '002, "why sin/cos pairs work" · 000 §2.3'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '把同一频率的 sin 与 cos 放在一起，每对维度构成一个二维子空间，平移 $k$ 就是旋转 $k\\omega_i$，矩阵只依赖 $k$：',
            'Pair each sine with the cosine of the same frequency: every pair spans a 2-D subspace, and a shift by $k$ is a rotation by $k\\omega_i$, a matrix depending on $k$ only:',
          ),
        },
        {
          kind: 'math',
          tex: '\\begin{bmatrix}PE_{(pos+k,2i)}\\\\PE_{(pos+k,2i+1)}\\end{bmatrix}=\\begin{bmatrix}\\cos k\\omega_i&\\sin k\\omega_i\\\\-\\sin k\\omega_i&\\cos k\\omega_i\\end{bmatrix}\\begin{bmatrix}PE_{(pos,2i)}\\\\PE_{(pos,2i+1)}\\end{bmatrix}',
        },
        {
          kind: 'text',
          text: l(
            '注意这个矩阵作用在 (sin, cos) 上，是 $R(-k\\omega_i)$ 的形式（顺时针）；RoPE 作用在 (x, y) 坐标上用的是 $R(+m\\theta)$。下面是当前 $k$ 与 $d$ 下最小二乘求得的 $M_k$，与精确的块对角矩阵一致：',
            'Note this matrix acts on (sin, cos), so it has the form $R(-k\\omega_i)$ (clockwise); RoPE acts on (x, y) coordinates with $R(+m\\theta)$. Below, $M_k$ fitted by least squares at the current $k$ and $d$; it matches the exact block-diagonal matrix:',
          ),
        },
        {
          kind: 'view',
          deps: ['k', 'd'],
          render: ({ pe, n, t }) => {
            const both = pe.analysis.bestLinearMap({ k: n('k'), dim: n('d'), n: 64, features: 'sincos' });
            const names = (c: number) => `${c % 2 ? 'cos' : 'sin'}${Math.floor(c / 2)}`;
            let diff = 0;
            both.m.data.forEach((v, i) => (diff = Math.max(diff, Math.abs(v - both.exact!.data[i]))));
            return html`${matrixTable(both.m, { caption: t(l('拟合的 M_k', 'fitted M_k')), rowHead: names, colHead: names, corner: '', digits: 4, id: 'mk' })}
              <p>${t(l('与精确块对角矩阵的最大差：', 'Largest difference from the exact block-diagonal matrix: '))}<strong id="mk-diff">${diff.toExponential(2)}</strong></p>`;
          },
        },
      ],
    },
  ],
};

export default body;
