/** Sinusoidal PE: seed 000 §2, seed 001 §6.1.1–6.1.4, seed 004 §2.1. */
import { html } from 'lit';

import type { Chapter } from '../components/chapter/chapter-types.js';
import { l } from '../components/shared/i18n.js';
import { fmtSig } from '../components/shared/format.js';
import type { TableData } from '../components/table/table.js';
import { matrixTable, range } from './shared.js';

export const sinusoidal: Chapter = {
  id: 'sinusoidal',
  title: l('正弦位置编码', 'Sinusoidal PE'),
  summary: l(
    '《Attention Is All You Need》的位置编码：每对维度是一个以不同频率转动的指针。',
    'The encoding of "Attention Is All You Need": each pair of dimensions is a hand turning at its own frequency.',
  ),
  seeds: '000 §2 · 001 §6.1.1–6.1.4 · 004 §2.1',
  params: [
    { id: 'd', label: l('模型维度 d_model', 'model dimension d_model'), min: 2, max: 64, step: 2, default: 8 },
    { id: 'n', label: l('位置个数', 'number of positions'), min: 1, max: 64, step: 1, default: 11 },
    { id: 'base', label: l('底数 base', 'base'), min: 2, max: 100000, step: 1, default: 10000 },
  ],
  sections: [
    {
      id: 'definition',
      title: l('定义与频率', 'Definition and frequencies'),
      seeds: '000 §2.1–2.2.1',
      blocks: [
        {
          kind: 'text',
          text: l(
            '位置从 0 开始。偶数维放正弦，奇数维放同一频率的余弦；第 $i$ 对维度的频率随 $i$ 指数下降。',
            'Positions start at 0. Even dimensions hold a sine, odd ones the cosine of the same frequency; the frequency of pair $i$ falls exponentially with $i$.',
          ),
        },
        { kind: 'math', tex: 'PE_{(pos,2i)}=\\sin(pos\\cdot\\omega_i),\\quad PE_{(pos,2i+1)}=\\cos(pos\\cdot\\omega_i),\\quad \\omega_i=\\text{base}^{-2i/d_{model}}' },
        { kind: 'controls', params: ['d', 'n', 'base'] },
        {
          kind: 'view',
          deps: ['d', 'base'],
          render: ({ pe, n, t }) => {
            const d = n('d');
            const { invFreq } = pe.inverseFrequencies({ dim: d, base: n('base') });
            const data: TableData = {
              caption: t(l('每对维度的频率 ω_i 与周期 2π/ω_i', 'Frequency ω_i and period 2π/ω_i of each pair')),
              columns: ['i', ...range(d / 2).map(String)],
              rows: [
                { head: 'ω_i', cells: Array.from(invFreq, (w) => fmtSig(w, 4)) },
                { head: '2π/ω_i', cells: Array.from(invFreq, (w) => fmtSig((2 * Math.PI) / w, 4)) },
              ],
            };
            return html`<posenc-table id="freq" .data=${data}></posenc-table>`;
          },
        },
      ],
    },
    {
      id: 'tables',
      title: l('sin 与 cos 表', 'The sin and cos tables'),
      seeds: '000 §2.2.2–2.2.4',
      blocks: [
        {
          kind: 'text',
          text: l(
            '讲义在 $d_{model}=8$、位置 0 到 10 处手算了这些表；这里它们由 WebAssembly 核心以 float64 计算，随参数变化。',
            'The document works these tables out by hand at $d_{model}=8$, positions 0 to 10; here the WebAssembly core computes them in float64 as you change the parameters.',
          ),
        },
        {
          kind: 'view',
          deps: ['d', 'n', 'base'],
          render: ({ pe, n, t }) => {
            const d = n('d'), count = n('n');
            const m = pe.sinusoidal({ positions: count, dim: d, base: n('base'), layout: 'concat', precision: 64 });
            const half = d / 2;
            const sin = { rows: count, cols: half, data: new Float64Array(count * half) };
            const cos = { rows: count, cols: half, data: new Float64Array(count * half) };
            for (let r = 0; r < count; r++) {
              sin.data.set(m.data.subarray(r * d, r * d + half), r * half);
              cos.data.set(m.data.subarray(r * d + half, r * d + d), r * half);
            }
            const o = { rowHead: String, colHead: (c: number) => `i=${c}`, corner: 'pos \\ i', digits: 4 };
            return html`<div id="sin-table">${matrixTable(sin, { ...o, caption: t(l('sin(pos·ω_i)', 'sin(pos·ω_i)')) })}</div>
              <div id="cos-table">${matrixTable(cos, { ...o, caption: t(l('cos(pos·ω_i)', 'cos(pos·ω_i)')) })}</div>`;
          },
        },
        {
          kind: 'text',
          text: l('把 sin 与 cos 交替排列，就得到每个位置的完整向量 $PE_{pos}$：', 'Interleaving sin and cos gives the full vector $PE_{pos}$ of each position:'),
        },
        {
          kind: 'view',
          deps: ['d', 'n', 'base'],
          render: ({ pe, n, t }) => {
            const d = n('d');
            const m = pe.sinusoidal({ positions: n('n'), dim: d, base: n('base'), precision: 64 });
            return html`<div id="pe-table">${matrixTable(m, {
              caption: t(l('完整的 PE 向量（交错排列）', 'Full PE vectors (interleaved layout)')),
              rowHead: String,
              colHead: (c) => `${c % 2 ? 'cos' : 'sin'}${Math.floor(c / 2)}`,
              corner: 'pos',
              digits: 3,
            })}</div>`;
          },
        },
      ],
    },
  ],
};
