/** Additive vs multiplicative: seed 003. */
import { html } from 'lit';

import type { ChapterBody } from '../components/chapter/chapter-types.js';
import { l, plot, range } from './shared.js';

const body: ChapterBody = {
  params: [
    { id: 'delta', label: l('相对距离 Δ = n − m', 'relative distance Δ = n − m'), min: -50, max: 50, step: 1, default: 3 },
    { id: 'phi', label: l('q 与 k 的夹角（度）', 'angle between q and k (degrees)'), min: 0, max: 180, step: 5, default: 30 },
    { id: 'omega', label: l('频率 ω', 'frequency ω'), min: 0.01, max: 1, step: 0.01, default: 0.2 },
    { id: 'seed', label: l('随机种子', 'seed'), min: 1, max: 50, step: 1, default: 4 },
  ],
  sections: [
    {
      id: 'split',
      title: l('qᵀR(Δ)k 拆成两项', 'qᵀR(Δ)k in two terms'),
      seeds: '003 §3.2',
      blocks: [
        { kind: 'math', tex: 'q^\\top R(\\omega\\Delta)\\,k=\\cos(\\omega\\Delta)\\,q^\\top k+\\sin(\\omega\\Delta)\\,q^\\top Jk,\\qquad J=\\begin{bmatrix}0&-1\\\\1&0\\end{bmatrix}' },
        {
          kind: 'text',
          text: l(
            '因为 $R(\\alpha)=\\cos\\alpha\\,I+\\sin\\alpha\\,J$。下表对 8 维随机 $q,k$ 的每个平面分别计算两项，并与直接旋转后的点积比较：',
            'Because $R(\\alpha)=\\cos\\alpha\\,I+\\sin\\alpha\\,J$. The table computes both terms for each plane of random 8-dimensional $q, k$ and compares with the dot product after an actual rotation:',
          ),
        },
        { kind: 'controls', params: ['delta', 'seed'] },
        {
          kind: 'view',
          deps: ['delta', 'seed'],
          render: ({ pe, n, t }) => {
            const q = pe.analysis.randomNormal({ seed: n('seed'), rows: 1, cols: 8 }).data;
            const k = pe.analysis.randomNormal({ seed: n('seed') + 100, rows: 1, cols: 8 }).data;
            const inv = pe.inverseFrequencies({ dim: 8 }).invFreq;
            const sp = pe.analysis.ropeSplit({ q, k, delta: n('delta'), invFreq: inv });
            let worst = 0;
            const rows = range(4).map((i) => {
              worst = Math.max(worst, Math.abs(sp.cosTerm[i] + sp.sinTerm[i] - sp.direct[i]));
              return { head: String(i), cells: [sp.cosTerm[i], sp.sinTerm[i], sp.cosTerm[i] + sp.sinTerm[i], sp.direct[i]] };
            });
            return html`<posenc-table
                id="split"
                .data=${{
                  caption: t(l('每个平面 i', 'Each plane i')),
                  columns: [t(l('平面', 'plane')), 'cos(Δθᵢ)·qᵀk', 'sin(Δθᵢ)·qᵀJk', t(l('两项之和', 'sum')), 'qᵀR(Δθᵢ)k'],
                  rows,
                  digits: 6,
                }}
              ></posenc-table>
              <p>${t(l('最大差：', 'Largest difference: '))}<strong id="split-diff">${worst.toExponential(2)}</strong></p>`;
          },
        },
      ],
    },
    {
      id: 'offset-vs-gate',
      title: l('偏移还是调制', 'Offset or modulation'),
      seeds: '003 §2.3, §3.3',
      blocks: [
        {
          kind: 'text',
          text: l(
            '一个平面、单位长度的 $q,k$，夹角 $\\varphi$（内容相似度 $\\cos\\varphi$）。正弦编码（$W=I$ 的位置—位置项）：分数 $=\\cos\\varphi+\\cos(\\omega\\Delta)$，距离项与内容无关地**加上去**。RoPE：分数 $=\\cos(\\varphi-\\omega\\Delta)=\\cos\\varphi\\cos\\omega\\Delta+\\sin\\varphi\\sin\\omega\\Delta$，距离**乘在**内容上，$\\varphi$ 不同曲线形状不同。改变夹角看两张图的差别：',
            'One plane, unit $q, k$ at angle $\\varphi$ (content similarity $\\cos\\varphi$). Sinusoidal encoding (the position–position term with $W=I$): score $=\\cos\\varphi+\\cos(\\omega\\Delta)$, the distance term is **added** whatever the content. RoPE: score $=\\cos(\\varphi-\\omega\\Delta)=\\cos\\varphi\\cos\\omega\\Delta+\\sin\\varphi\\sin\\omega\\Delta$, the distance **multiplies** the content, and the curve changes shape with $\\varphi$. Change the angle and compare the two plots:',
          ),
        },
        { kind: 'controls', params: ['phi', 'omega'] },
        {
          kind: 'view',
          deps: ['phi', 'omega'],
          render: ({ pe, n, t }) => {
            const phi = (n('phi') * Math.PI) / 180, w = n('omega');
            const deltas = range(121, -60);
            const q = [1, 0];
            const k = [Math.cos(phi), Math.sin(phi)];
            // RoPE: q at 0, k at Δ, one plane with frequency ω, computed by the core
            const rope = deltas.map((dlt) => {
              const s = pe.analysis.ropeSplit({ q, k, delta: dlt, invFreq: [w] });
              return s.direct[0];
            });
            // content similarity qᵀk, and the sinusoidal position–position term p_m·p_n = cos(ωΔ) (one pair)
            const content = pe.analysis.ropeSplit({ q, k, delta: 0, invFreq: [w] }).direct[0];
            const additive = deltas.map((dlt) => content + pe.analysis.ropeSplit({ q: [1, 0], k: [1, 0], delta: dlt, invFreq: [w] }).direct[0]);
            const baseline = deltas.map(() => content);
            return html`${plot(
                [
                  { label: t(l('正弦：cos φ + cos ωΔ', 'sinusoidal: cos φ + cos ωΔ')), x: deltas, y: additive },
                  { label: 'RoPE: cos(φ − ωΔ)', x: deltas, y: rope },
                  { label: t(l('内容相似度 cos φ', 'content similarity cos φ')), x: deltas, y: baseline, dash: true },
                ],
                { caption: t(l('分数随 Δ 的变化', 'Score against Δ')), xLabel: 'Δ', yLabel: t(l('分数', 'score')), id: 'offset-gate', yRange: [-2, 2] },
              )}`;
          },
        },
        {
          kind: 'text',
          text: l(
            '两者都包含 $\\cos(\\omega\\Delta)$，但在 RoPE 里它的幅度被内容决定：$q,k$ 正交（$\\varphi=90°$）时 $\\cos$ 部分消失，只剩 $\\sin$ 部分。',
            'Both contain $\\cos(\\omega\\Delta)$, but in RoPE its amplitude is set by the content: when $q, k$ are orthogonal ($\\varphi=90°$) the cosine part vanishes and only the sine part remains.',
          ),
        },
      ],
    },
  ],
};

export default body;
