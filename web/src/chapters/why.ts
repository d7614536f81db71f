/** Why position: seed 002 (permutation), seed 004 §1, seed 001 §6.1 introduction. */
import { html } from 'lit';

import type { ChapterBody, ViewContext } from '../components/chapter/chapter-types.js';
import { fmt } from '../components/shared/format.js';
import type { Matrix } from '../lib/types.js';
import { l, matrixTable, maxAbsDiff, permuteRows, sinTable } from './shared.js';

const TOKENS = { zh: ['我', '爱', '吃', '梨子'], en: ['I', 'love', 'eating', 'pears'] };

const PERMUTATIONS: Record<string, number[]> = {
  reverse: [3, 2, 1, 0],
  swap: [1, 0, 2, 3],
  // 002's example: 我爱吃梨子 -> 爱吃我梨子
  seed002: [1, 2, 0, 3],
};

/** The toy layer: 4 tokens of dimension 4, weights drawn from the seed (deterministic). */
function toy(ctx: ViewContext) {
  const seed = ctx.n('seed');
  const r = (k: number, rows: number, cols: number, sd = 1) => ctx.pe.analysis.randomNormal({ seed: seed * 10 + k, rows, cols, stddev: sd });
  return { x: r(1, 4, 4), wq: r(2, 4, 4, 0.7), wk: r(3, 4, 4, 0.7), wv: r(4, 4, 4, 0.7) };
}

function tokenTable(m: Matrix, caption: string, tokens: string[], id: string) {
  return matrixTable(m, { caption, rowHead: (r) => tokens[r], colHead: (c) => `y${c}`, corner: 'token', digits: 4, id });
}

const body: ChapterBody = {
  params: [
    { id: 'seed', label: l('随机权重的种子', 'seed of the random weights'), min: 1, max: 50, step: 1, default: 7 },
    {
      id: 'perm',
      label: l('置换 P', 'permutation P'),
      choices: [
        { value: 'seed002', label: l('我爱吃梨子 → 爱吃我梨子', 'I love eating pears → love eating I pears') },
        { value: 'reverse', label: l('倒序', 'reverse') },
        { value: 'swap', label: l('交换前两个词', 'swap the first two') },
      ],
      default: 'seed002',
    },
    {
      id: 'pe',
      label: l('输入加上位置编码', 'position encoding added to the input'),
      choices: [
        { value: 'off', label: l('不加（只有词向量）', 'no (token vectors only)') },
        { value: 'on', label: l('加上正弦位置编码', 'yes (sinusoidal PE)') },
      ],
      default: 'off',
    },
  ],
  sections: [
    {
      id: 'equivariance',
      title: l('自注意力是置换等变的', 'Self-attention is permutation equivariant'),
      seeds: l('002 "注意力机制中的permutation equivariant"', '002, "permutation equivariance in attention"'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '设输入 $X\\in\\mathbb{R}^{n\\times d}$，$Q=XW_Q$，$K=XW_K$，$V=XW_V$。用置换矩阵 $P$ 打乱词序，$X\'=PX$，则打分、权重与输出都只是被同一个 $P$ 重排：',
            'Take input $X\\in\\mathbb{R}^{n\\times d}$, $Q=XW_Q$, $K=XW_K$, $V=XW_V$. Shuffle the tokens with a permutation matrix $P$, $X\'=PX$; scores, weights and outputs are only reordered by the same $P$:',
          ),
        },
        { kind: 'math', tex: "S'=\\frac{(PQ)(PK)^\\top}{\\sqrt{d_k}}=PSP^\\top,\\quad A'=\\operatorname{softmax}_{\\text{row}}(PSP^\\top)=PAP^\\top,\\quad Y'=A'V'=PAP^\\top PV=PY" },
        {
          kind: 'text',
          text: l(
            '下面是一个 4 个词、4 维的玩具注意力层（权重由种子生成）。左表是原句的输出 $Y$，中表是打乱后的输出 $Y(PX)$，右表是把原输出打乱 $P\\,Y(X)$：两者逐元素相同，每个词的结果不变，只是换了行。',
            'Below, a toy attention layer with 4 tokens of 4 dimensions (weights drawn from the seed). Left: the output $Y$ of the sentence; middle: the output $Y(PX)$ of the shuffled sentence; right: the original output shuffled, $P\\,Y(X)$. They agree entry by entry: each token gets the same result, only the rows move.',
          ),
        },
        { kind: 'controls', params: ['seed', 'perm', 'pe'] },
        {
          kind: 'view',
          deps: ['seed', 'perm', 'pe'],
          render: (ctx) => {
            const { x, wq, wk, wv } = toy(ctx);
            const perm = PERMUTATIONS[ctx.s('perm')];
            const tokens = TOKENS[ctx.lang];
            const withPe = ctx.s('pe') === 'on';
            const enc = withPe ? sinTable(ctx.pe, 4, 4) : undefined;
            const check = ctx.pe.analysis.permutationCheck({ x, permutation: perm, wq, wk, wv, encoding: enc });
            const add = (m: Matrix) => (enc ? { ...m, data: m.data.map((v, i) => v + enc.data[i]) } : m);
            const y = ctx.pe.analysis.selfAttention(add(x), wq, wk, wv).output;
            const permTokens = perm.map((p) => tokens[p]);
            const diff = check.maxAbsDifference;
            return html`<div class="grid3" style="display:flex;flex-wrap:wrap;gap:0 1.5rem">
                ${tokenTable(y, ctx.t(l('Y(X)：原句', 'Y(X): the sentence')), tokens, 'y-orig')}
                ${tokenTable(check.yOfPermuted, ctx.t(l('Y(PX)：打乱后再算', 'Y(PX): shuffled, then attention')), permTokens, 'y-perm')}
                ${tokenTable(check.permutedY, ctx.t(l('P·Y(X)：算完再打乱', 'P·Y(X): attention, then shuffled')), permTokens, 'py')}
              </div>
              <p id="perm-diff">
                ${ctx.t(l('最大差 max|Y(PX) − P·Y(X)| = ', 'Largest difference max|Y(PX) − P·Y(X)| = '))}<strong>${diff.toExponential(2)}</strong>
                — ${diff < 1e-9
                  ? ctx.t(l('只是浮点舍入：模型分不出词序。', 'floating-point rounding only: the model cannot tell the order.'))
                  : ctx.t(l('位置编码让同一个词在不同位置得到不同结果。', 'the position encoding makes the same token come out differently at a different position.'))}
              </p>`;
          },
        },
      ],
    },
    {
      id: 'cross',
      title: l('交叉注意力的读出对置换不变', 'Cross-attention read-out is invariant'),
      seeds: l('002 "翻译任务"', '002, "translation"'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '翻译时，解码器第 $t$ 步用查询 $Q_t$ 读取编码器的 $K,V$。打乱源句只把 $K,V$ 的行重排，而 $P^\\top P=I$，读出的上下文向量完全相同：',
            'In translation, decoder step $t$ reads the encoder\'s $K, V$ with its query $Q_t$. Shuffling the source only reorders the rows of $K, V$, and since $P^\\top P=I$ the context vector read out is exactly the same:',
          ),
        },
        { kind: 'math', tex: "C_t'=\\operatorname{softmax}(Q_tK^\\top P^\\top)(PV)=\\operatorname{softmax}(Q_tK^\\top)P^\\top PV=C_t" },
        {
          kind: 'view',
          deps: ['seed', 'perm'],
          render: (ctx) => {
            const { x, wk, wv } = toy(ctx);
            const queries = ctx.pe.analysis.randomNormal({ seed: ctx.n('seed') * 10 + 5, rows: 2, cols: 4 });
            const c = ctx.pe.analysis.crossAttentionCheck({ queries, source: x, permutation: PERMUTATIONS[ctx.s('perm')], wk, wv });
            return html`${matrixTable(c.original, { caption: ctx.t(l('C_t：原源句', 'C_t: original source')), rowHead: (r) => `t=${r}`, colHead: (k) => `c${k}`, corner: '', digits: 4 })}
              ${matrixTable(c.permuted, { caption: ctx.t(l('C′_t：打乱的源句', 'C′_t: shuffled source')), rowHead: (r) => `t=${r}`, colHead: (k) => `c${k}`, corner: '', digits: 4 })}
              <p id="cross-diff">max|C′_t − C_t| = <strong>${c.maxAbsDifference.toExponential(2)}</strong></p>`;
          },
        },
        {
          kind: 'text',
          text: l(
            '所以不加位置信息时，"猫坐在垫子上"和"垫子坐在猫上"对模型是同一个输入。',
            'So without position information, "the cat sat on the mat" and "the mat sat on the cat" are the same input to the model.',
          ),
        },
      ],
    },
    {
      id: 'breaking',
      title: l('加上位置编码，对称性被打破', 'Adding a position encoding breaks the symmetry'),
      seeds: l('002 "为什么加上PE，位置信息就不会丢失" · 004 §1.2', '002, "why adding PE keeps the positions" · 004 §1.2'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '把位置编码加到输入上：$\\tilde X = X + E$，打乱后是 $PX + E$，而不是 $P(X+E)$。位置向量留在原位，词向量换了位置，于是 $Y(PX+E)\\ne P\\,Y(X+E)$。在上面的参数里选"加上正弦位置编码"，最大差从 $10^{-16}$ 量级跳到 $10^{-1}$ 量级。',
            'Add a position encoding to the input: $\\tilde X = X + E$. Shuffled, it is $PX + E$, not $P(X+E)$: the position vectors stay where they are while the tokens move, so $Y(PX+E)\\ne P\\,Y(X+E)$. Pick "yes (sinusoidal PE)" in the parameters above and the largest difference jumps from about $10^{-16}$ to about $10^{-1}$.',
          ),
        },
        {
          kind: 'view',
          deps: ['seed', 'perm'],
          render: (ctx) => {
            const { x, wq, wk, wv } = toy(ctx);
            const perm = PERMUTATIONS[ctx.s('perm')];
            const enc = sinTable(ctx.pe, 4, 4);
            const off = ctx.pe.analysis.permutationCheck({ x, permutation: perm, wq, wk, wv }).maxAbsDifference;
            const on = ctx.pe.analysis.permutationCheck({ x, permutation: perm, wq, wk, wv, encoding: enc }).maxAbsDifference;
            return html`<posenc-table
              id="pe-effect"
              .data=${{
                caption: ctx.t(l('同一置换，加与不加位置编码', 'Same permutation, with and without a position encoding')),
                columns: ['', 'max|Y(PX+E) − P·Y(X+E)|'],
                rows: [
                  { head: ctx.t(l('E = 0', 'E = 0')), cells: [off.toExponential(2)] },
                  { head: ctx.t(l('E = 正弦 PE', 'E = sinusoidal PE')), cells: [fmt(on, 4)] },
                ],
              }}
            ></posenc-table>`;
          },
        },
      ],
    },
  ],
};

export default body;
