/** Learned PE: seed 001 §6.1.5, seed 004 §2.2. */
import { html } from 'lit';

import type { ChapterBody } from '../components/chapter/chapter-types.js';
import { heatmap, l, range, TABLE_LABEL } from './shared.js';

const body: ChapterBody = {
  params: [
    { id: 'nmax', label: l('训练长度 n_max', 'training length n_max'), min: 8, max: 128, step: 8, default: 32 },
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
        { kind: 'math', tex: 'PE=\\operatorname{Embedding}(n_{max},\\,d),\\qquad X\'=X+PE[0{:}n]' },
        {
          kind: 'text',
          text: l(
            '这里的表按 BERT 的做法用 $\\mathcal N(0,0.02^2)$ 初始化（种子可复现，原生与 wasm 结果相同）。训练会改动它，但形状不变：第 $pos$ 行就是位置 $pos$ 的向量，没有公式把相邻的行联系起来。',
            'The table here is initialised as BERT does, $\\mathcal N(0,0.02^2)$ (seeded: the same numbers natively and in wasm). Training changes its values, not its shape: row $pos$ is the vector of position $pos$, and no formula ties neighbouring rows together.',
          ),
        },
        { kind: 'controls', params: ['nmax', 'd', 'len', 'seed'] },
        {
          kind: 'view',
          deps: ['nmax', 'd', 'len', 'seed'],
          render: ({ pe, n, t }) => {
            const nmax = n('nmax'), len = n('len');
            const rows = pe.analysis.learnedLookup({ nMax: nmax, dim: n('d'), seed: n('seed'), positions: range(Math.min(len, nmax)) });
            let error = '';
            try {
              pe.analysis.learnedLookup({ nMax: nmax, dim: n('d'), seed: n('seed'), positions: range(len) });
            } catch (e) {
              error = (e as Error).message;
            }
            return html`${heatmap(rows, {
                caption: t(l('查到的行 PE[0 … min(n, n_max)−1]', 'Rows looked up: PE[0 … min(n, n_max)−1]')),
                rowAxis: 'pos',
                colAxis: t(l('维度', 'dimension')),
                id: 'learned-heatmap',
                tableLabel: t(TABLE_LABEL),
              })}
              <p id="learned-status" role="status" style=${error ? 'color:var(--_warn)' : ''}>
                ${error
                  ? html`${t(l('长度 ', 'Length '))}${len} &gt; n_max = ${nmax}: <code>${error}</code>`
                  : html`${t(l('长度 ', 'Length '))}${len} ≤ n_max = ${nmax}: ${t(l('每个位置都有一行。', 'every position has a row.'))}`}
              </p>`;
          },
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
            '正弦编码对任何位置都有定义（公式在所有整数上成立）；可学习编码只能处理 $n\\le n_{max}$，超出部分要截断或继续训练。参数量：正弦编码 0 个，可学习编码 $n_{max}\\cdot d$ 个。',
            'The sinusoidal encoding is defined at every position (the formula holds for all integers); a learned one only handles $n\\le n_{max}$, beyond which it must truncate or be trained further. Parameters: none for the sinusoidal encoding, $n_{max}\\cdot d$ for a learned one.',
          ),
        },
        {
          kind: 'view',
          deps: ['nmax', 'd', 'len'],
          render: ({ pe, n, t }) => {
            const nmax = n('nmax'), d = n('d'), len = n('len');
            const sinOk = pe.sinusoidal({ positions: [len - 1], dim: d }).rows === 1;
            return html`<posenc-table
              id="learned-vs-sin"
              .data=${{
                caption: t(l('在当前参数下', 'At the current parameters')),
                columns: ['', t(l('正弦', 'sinusoidal')), t(l('可学习', 'learned'))],
                rows: [
                  { head: t(l('参数个数', 'parameters')), cells: ['0', String(nmax * d)] },
                  { head: t(l(`位置 ${len - 1} 有向量？`, `a vector for position ${len - 1}?`)), cells: [sinOk ? '✓' : '✗', len <= nmax ? '✓' : '✗'] },
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
