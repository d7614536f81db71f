/** Attention scores: seed 001 §6.1.3 (four terms, causal mask), seed 003 §2. */
import { html } from 'lit';

import type { ChapterBody, ViewContext } from '../components/chapter/chapter-types.js';
import type { Matrix } from '../lib/types.js';
import { heatmap, l, maxAbsDiff, sinTable, TABLE_LABEL } from './shared.js';

type Setup = { x: Matrix<Float64Array>; p: Matrix<Float64Array>; wq: Matrix<Float64Array>; wk: Matrix<Float64Array>; n: number; d: number };
/** Both views of a slider step draw from the same inputs: compute them once. */
let last: { key: string; pe: ViewContext['pe']; value: Setup } | undefined;

function setup(ctx: ViewContext): Setup {
  const n = ctx.n('n'), d = ctx.n('d'), seed = ctx.n('seed'), identity = ctx.s('weights') === 'identity';
  const key = `${n},${d},${seed},${identity}`;
  if (last?.key === key && last.pe === ctx.pe) return last.value;
  const x = ctx.pe.analysis.randomNormal({ seed: seed * 10 + 1, rows: n, cols: d, stddev: 1 });
  const p = sinTable(ctx.pe, n, d);
  const eye = (): Matrix<Float64Array> => {
    const data = new Float64Array(d * d);
    for (let i = 0; i < d; i++) data[i * (d + 1)] = 1;
    return { rows: d, cols: d, data };
  };
  const wq = identity ? eye() : ctx.pe.analysis.randomNormal({ seed: seed * 10 + 2, rows: d, cols: d, stddev: 1 / Math.sqrt(d) });
  const wk = identity ? eye() : ctx.pe.analysis.randomNormal({ seed: seed * 10 + 3, rows: d, cols: d, stddev: 1 / Math.sqrt(d) });
  const value = { x, p, wq, wk, n, d };
  last = { key, pe: ctx.pe, value };
  return value;
}

/** How far a matrix is from depending on i − j only: max over diagonals of (max − min). */
export function toeplitzDeviation(m: Matrix): number {
  let worst = 0;
  for (let off = -(m.rows - 1); off < m.cols; off++) {
    let mn = Infinity, mx = -Infinity;
    for (let i = 0; i < m.rows; i++) {
      const j = i + off;
      if (j < 0 || j >= m.cols) continue;
      const v = m.data[i * m.cols + j];
      mn = Math.min(mn, v);
      mx = Math.max(mx, v);
    }
    if (mx >= mn) worst = Math.max(worst, mx - mn);
  }
  return worst;
}

const body: ChapterBody = {
  params: [
    { id: 'n', label: l('序列长度 n', 'sequence length n'), min: 4, max: 64, step: 1, default: 16 },
    { id: 'd', label: l('维度 d', 'dimension d'), min: 4, max: 64, step: 2, default: 16 },
    { id: 'seed', label: l('随机种子', 'seed'), min: 1, max: 50, step: 1, default: 3 },
    {
      id: 'weights',
      label: l('投影 W_q, W_k', 'projections W_q, W_k'),
      choices: [
        { value: 'random', label: l('随机（像训练前的模型）', 'random (like an untrained model)') },
        { value: 'identity', label: l('单位矩阵', 'identity') },
      ],
      default: 'random',
    },
    {
      id: 'mask',
      label: l('因果掩码', 'causal mask'),
      choices: [
        { value: 'off', label: l('不加（编码器）', 'off (encoder)') },
        { value: 'on', label: l('加（解码器）', 'on (decoder)') },
      ],
      default: 'on',
    },
  ],
  sections: [
    {
      id: 'four-terms',
      title: l('展开成四项', 'Four terms'),
      seeds: '001 (6.1.11)–(6.1.15) · 003 §2.2',
      blocks: [
        { kind: 'math', tex: 'S=\\frac{(X+P)W_QW_K^\\top(X+P)^\\top}{\\sqrt{d_k}}=\\frac{XW_QW_K^\\top X^\\top+XW_QW_K^\\top P^\\top+PW_QW_K^\\top X^\\top+PW_QW_K^\\top P^\\top}{\\sqrt{d_k}}' },
        {
          kind: 'text',
          text: l(
            '$X$ 是随机的内容向量，$P$ 是正弦编码。四张热图由核心分别计算，相加等于整体分数（最大差见下）。第三项是第二项的转置，只在 $W_QW_K^\\top$ 对称时成立；随机权重下并不成立，001 的"与第二项转置相关"要按这个条件理解。',
            '$X$ holds random content vectors, $P$ the sinusoidal encoding. The core computes the four heatmaps separately; they add up to the whole score (largest difference below). The third term is the transpose of the second only when $W_QW_K^\\top$ is symmetric, which random weights are not: 001\'s "related to the transpose of the second" holds under that condition only.',
          ),
        },
        { kind: 'controls', params: ['n', 'd', 'seed', 'weights'] },
        {
          kind: 'view',
          deps: ['n', 'd', 'seed', 'weights'],
          render: (ctx) => {
            const { x, p, wq, wk } = setup(ctx);
            const t4 = ctx.pe.analysis.fourTerms(x, p, wq, wk);
            const sum: Matrix<Float64Array> = {
              ...t4.total,
              data: t4.total.data.map((_, i) => t4.contentContent.data[i] + t4.contentPosition.data[i] + t4.positionContent.data[i] + t4.positionPosition.data[i]),
            };
            const opts = (caption: string, id: string) => ({ caption, rowAxis: 'i', colAxis: 'j', id, tableLabel: ctx.t(TABLE_LABEL), size: 220 });
            return html`<div style="display:flex;flex-wrap:wrap;gap:0 1.2rem">
                ${heatmap(t4.contentContent, opts(ctx.t(l('内容—内容 XWWᵀXᵀ', 'content–content XWWᵀXᵀ')), 'cc'))}
                ${heatmap(t4.contentPosition, opts(ctx.t(l('内容—位置 XWWᵀPᵀ', 'content–position XWWᵀPᵀ')), 'cp'))}
                ${heatmap(t4.positionContent, opts(ctx.t(l('位置—内容 PWWᵀXᵀ', 'position–content PWWᵀXᵀ')), 'pc'))}
                ${heatmap(t4.positionPosition, opts(ctx.t(l('位置—位置 PWWᵀPᵀ', 'position–position PWWᵀPᵀ')), 'pp'))}
                ${heatmap(t4.total, opts(ctx.t(l('总分 S', 'total S')), 'total'))}
              </div>
              <p>${ctx.t(l('四项之和与总分的最大差：', 'Largest difference between the four terms\' sum and the total: '))}<strong id="sum-diff">${maxAbsDiff(sum, t4.total).toExponential(2)}</strong>${ctx.t(l('。', '.'))}
                ${ctx.t(l('位置—位置项偏离"只依赖 i−j"的程度：', 'How far the position–position term is from depending on i − j only: '))}<strong id="pp-toeplitz">${toeplitzDeviation(t4.positionPosition).toExponential(2)}</strong>
                ${ctx.t(l('（选"单位矩阵"时它是 0 量级：PPᵀ 只依赖位置差；随机投影破坏了这一点）。', '(with "identity" it is about 0: PPᵀ depends on the offset only; random projections destroy that).'))}</p>`;
          },
        },
      ],
    },
    {
      id: 'causal',
      title: l('因果掩码', 'The causal mask'),
      seeds: '001 (6.1.16)',
      blocks: [
        {
          kind: 'text',
          text: l(
            '解码器里位置 $i$ 不能看 $j>i$：把这些分数设为 $-\\infty$，softmax 后权重为 0。掩码不改变位置编码本身，它只是把未来的列遮住（灰色格子）。',
            'In a decoder, position $i$ may not look at $j>i$: those scores are set to $-\\infty$ and get weight 0 after the softmax. The mask leaves the encoding itself alone; it only hides the future columns (grey cells).',
          ),
        },
        { kind: 'math', tex: 'S^{\\text{masked}}_{ij}=\\begin{cases}S_{ij}&j\\le i\\\\-\\infty&j>i\\end{cases}' },
        { kind: 'controls', params: ['mask'] },
        {
          kind: 'view',
          deps: ['n', 'd', 'seed', 'weights', 'mask'],
          render: (ctx) => {
            const { x, p, wq, wk } = setup(ctx);
            const xp: Matrix<Float64Array> = { ...x, data: x.data.map((v, i) => v + p.data[i]) };
            const a = ctx.pe.analysis.selfAttention(xp, wq, wk, wq, { causal: ctx.s('mask') === 'on' });
            let rowSumErr = 0;
            for (let i = 0; i < a.weights.rows; i++) {
              let s = 0;
              for (let j = 0; j < a.weights.cols; j++) s += a.weights.data[i * a.weights.cols + j];
              rowSumErr = Math.max(rowSumErr, Math.abs(s - 1));
            }
            const o = (caption: string, id: string, seq = false) => ({ caption, rowAxis: 'i', colAxis: 'j', id, tableLabel: ctx.t(TABLE_LABEL), size: 260, colormap: seq ? ('sequential' as const) : ('diverging' as const) });
            return html`<div style="display:flex;flex-wrap:wrap;gap:0 1.2rem">
                ${heatmap(a.scores, o(ctx.t(l('分数 S（掩码后）', 'scores S (after the mask)')), 'masked-scores'))}
                ${heatmap(a.weights, { ...o(ctx.t(l('注意力权重 softmax(S)', 'attention weights softmax(S)')), 'weights', true), lo: 0, hi: 1 })}
              </div>
              <p>${ctx.t(l('每行权重之和与 1 的最大差：', 'Largest deviation of a row sum of weights from 1: '))}<strong>${rowSumErr.toExponential(2)}</strong></p>`;
          },
        },
      ],
    },
  ],
};

export default body;
