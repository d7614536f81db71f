/** Sinusoidal PE: seed 000 §2, seed 001 §6.1.1–6.1.4, seed 004 §2.1. */
import { html } from 'lit';

import type { ChapterBody } from '../components/chapter/chapter-types.js';
import { l } from '../components/shared/i18n.js';
import { fmtSig } from '../components/shared/format.js';
import type { TableData } from '../components/table/table.js';
import { heatmap, matrixTable, plot, range, sinTable, TABLE_LABEL } from './shared.js';

const body: ChapterBody = {
  params: [
    { id: 'd', label: l('模型维度 d_model', 'model dimension d_model'), min: 2, max: 64, step: 2, default: 8 },
    { id: 'n', label: l('位置个数', 'number of positions'), min: 1, max: 64, step: 1, default: 11 },
    { id: 'base', label: l('底数 base', 'base'), min: 2, max: 100000, step: 1, default: 10000 },
    { id: 'N', label: l('热图的位置数', 'positions in the heatmap'), min: 16, max: 512, step: 16, default: 128 },
    { id: 'D', label: l('热图的维度 d_model', 'd_model of the heatmap'), min: 8, max: 256, step: 8, default: 64 },
    { id: 'delta', label: l('最大位置差 Δ', 'largest offset Δ'), min: 10, max: 2000, step: 10, default: 100 },
    { id: 'pcaN', label: l('投影的位置数', 'positions projected'), min: 16, max: 256, step: 4, default: 100 },
    { id: 'pcaD', label: l('投影的维度 d_model', 'd_model projected'), min: 4, max: 64, step: 2, default: 16 },
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
    {
      id: 'errata-tables',
      title: l('讲义里的两处数字', 'Two numbers in the documents'),
      seeds: '001 §6.1.4 · 004 §2.1',
      blocks: [
        {
          kind: 'erratum',
          id: 'e001-omega',
          text: l(
            '001 §6.1.4 在 $d_{model}=8$ 时写 $\\omega_1=10000^{2/4}=100$，除数依次是 100、$10^4$、$10^6$；按公式 (6.1.2) 应为 $10000^{2/8}=10$、100、1000（即上表的 0.1、0.01、0.001），它的点积 3.54、2.58 也因此偏了。',
            '001 §6.1.4, at $d_{model}=8$, writes $\\omega_1=10000^{2/4}=100$ and divides by 100, $10^4$, $10^6$; formula (6.1.2) gives $10000^{2/8}=10$, 100, 1000 (the 0.1, 0.01, 0.001 of the table above), so its dot products 3.54 and 2.58 are off too.',
          ),
        },
        {
          kind: 'erratum',
          id: 'e004-table',
          text: l(
            '004 §2.1 的表标着 $d_{model}=4$，却有 22 列：数值是 $d_{model}=512$ 编码的前 22 列（例如 pos=1 的第三列 0.821856 = sin(10000^{-2/512})）；表头把 sin 列和 cos 列分开排，而数据是交错排列的。',
            '004 §2.1 labels its table $d_{model}=4$ but prints 22 columns: the values are the first 22 columns of a $d_{model}=512$ encoding (e.g. 0.821856 at pos 1, third column, is sin(10000^{-2/512})); its header lists the sine columns then the cosine columns while the data alternate.',
          ),
        },
      ],
    },
    {
      id: 'heatmap',
      title: l('整张编码矩阵', 'The whole encoding matrix'),
      seeds: l('001 §6.1.4 "热力图展示"', '001 §6.1.4, "heatmaps"'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '行是位置，列是维度。左边（$i$ 小）频率高，颜色随位置快速交替；右边频率低，几乎不变。注意：**低维对应高频**，001 §6.1.1 把这点说反了。',
            'Rows are positions, columns dimensions. On the left (small $i$) the frequency is high and the colours alternate quickly down the rows; on the right it is low and they barely change. Note: **low dimensions carry the high frequencies**; 001 §6.1.1 states the opposite.',
          ),
        },
        {
          kind: 'erratum',
          id: 'e001-low-high',
          text: l(
            '001 §6.1.1 说"低维度 $\\omega_m$ 较小，对应长周期"。$\\omega_m=10000^{-2m/d}$ 随 $m$ 减小，所以低维 $\\omega$ 最大、周期最短。',
            '001 §6.1.1 says "for low dimensions $\\omega_m$ is small, a long period". $\\omega_m=10000^{-2m/d}$ decreases with $m$: low dimensions have the largest $\\omega$ and the shortest period.',
          ),
        },
        { kind: 'controls', params: ['N', 'D', 'base'] },
        {
          kind: 'view',
          deps: ['N', 'D', 'base'],
          render: ({ pe, n, t }) => {
            const m = pe.sinusoidal({ positions: n('N'), dim: n('D'), base: n('base') });
            return heatmap(m, {
              caption: t(l('PE[pos, 维度]（float32，SIMD 核心计算）', 'PE[pos, dimension] (float32, computed by the SIMD kernel)')),
              rowAxis: 'pos',
              colAxis: t(l('维度', 'dimension')),
              lo: -1,
              hi: 1,
              id: 'pe-heatmap',
              tableLabel: t(TABLE_LABEL),
              size: 420,
            });
          },
        },
      ],
    },
    {
      id: 'curves',
      title: l('每个维度的曲线与波长', 'Each dimension as a curve, and its wavelength'),
      seeds: '000 §2.2.5 · 001 §6.1.4',
      blocks: [
        {
          kind: 'text',
          text: l(
            '第 $i$ 对维度的波长是 $2\\pi/\\omega_i = 2\\pi\\cdot\\text{base}^{2i/d}$，从 $2\\pi$ 一直到接近 $2\\pi\\cdot\\text{base}$：像秒针、分针、时针。',
            'The wavelength of pair $i$ is $2\\pi/\\omega_i = 2\\pi\\cdot\\text{base}^{2i/d}$, from $2\\pi$ up to nearly $2\\pi\\cdot\\text{base}$: second, minute and hour hands.',
          ),
        },
        {
          kind: 'view',
          deps: ['N', 'D', 'base'],
          render: ({ pe, n, t }) => {
            const N = n('N'), D = n('D');
            const m = pe.sinusoidal({ positions: N, dim: D, base: n('base') }); // float32: enough to draw
            const pairs = [0, 1, Math.floor(D / 8), Math.floor(D / 4), D / 2 - 1].filter((v, i, a) => a.indexOf(v) === i);
            const xs = range(N);
            const series = pairs.map((i) => ({ label: `sin, i=${i}`, x: xs, y: xs.map((p) => m.data[p * D + 2 * i]) }));
            const inv = pe.inverseFrequencies({ dim: D, base: n('base') }).invFreq;
            return html`${plot(series, { caption: t(l('PE[pos, 2i] 随位置变化', 'PE[pos, 2i] along the positions')), xLabel: 'pos', yLabel: 'sin(pos·ω_i)', id: 'curves' })}
              ${plot([{ label: '2π/ω_i', x: range(D / 2), y: Array.from(inv, (w) => Math.log10((2 * Math.PI) / w)) }], {
                caption: t(l('波长（以 10 为底的对数）', 'Wavelength (log10)')),
                xLabel: 'i',
                yLabel: 'log10(2π/ω_i)',
                id: 'wavelengths',
              })}`;
          },
        },
      ],
    },
    {
      id: 'geometry',
      title: l('范数、点积与唯一性', 'Norms, dot products and uniqueness'),
      seeds: '001 §6.1.2 (6.1.8)–(6.1.10), §6.1.4',
      blocks: [
        { kind: 'math', tex: '\\|p_i\\|^2=\\sum_m\\left(\\sin^2+\\cos^2\\right)=\\tfrac{d}{2},\\qquad p_i\\cdot p_j=\\sum_{m=0}^{d/2-1}\\cos\\big((i-j)\\,\\omega_m\\big)' },
        {
          kind: 'text',
          text: l(
            '所有向量都在半径 $\\sqrt{d/2}$ 的球面上；点积只依赖位置差 $\\Delta=i-j$。但它**不随 $\\Delta$ 单调下降**：快的维度转回来时点积又升高（001 称"总体上随距离增加而减小"，只是粗略的趋势）。',
            'Every vector lies on the sphere of radius $\\sqrt{d/2}$, and the dot product depends only on the offset $\\Delta=i-j$. It is **not monotonic in $\\Delta$**: when the fast dimensions come round again it rises (001\'s "decreases with distance overall" is only a rough trend).',
          ),
        },
        { kind: 'controls', params: ['d', 'delta'] },
        {
          kind: 'view',
          deps: ['d', 'base', 'delta'],
          render: ({ pe, n, t }) => {
            const d = n('d'), maxD = n('delta');
            const offsets = range(maxD + 1);
            const dots = pe.analysis.dotByOffset({ dim: d, base: n('base'), offsets });
            // measured on the table itself: p_0·p_Δ and p_37·p_{37+Δ}
            const tab = sinTable(pe, maxD + 38, d, n('base'));
            const dot = (a: number, b: number) => {
              let s = 0;
              for (let c = 0; c < d; c++) s += tab.data[a * d + c] * tab.data[b * d + c];
              return s;
            };
            const norms = range(maxD + 1).map((p) => Math.sqrt(dot(p, p)));
            let minDist = Infinity, at = [0, 0];
            for (let a = 0; a <= Math.min(maxD, 300); a++) {
              for (let b = a + 1; b <= Math.min(maxD, 300); b++) {
                let s = 0;
                for (let c = 0; c < d; c++) s += (tab.data[a * d + c] - tab.data[b * d + c]) ** 2;
                if (s < minDist) [minDist, at] = [s, [a, b]];
              }
            }
            return html`${plot(
                [
                  { label: t(l('公式 Σ cos(Δω_m)', 'formula Σ cos(Δω_m)')), x: offsets, y: Array.from(dots) },
                  { label: 'p₀·p_Δ', x: offsets, y: offsets.map((k) => dot(0, k)), dash: true },
                  { label: 'p₃₇·p₃₇₊Δ', x: offsets, y: offsets.map((k) => dot(37, 37 + k)), points: offsets.length <= 60 },
                ],
                { caption: t(l('点积只依赖 Δ，且不单调', 'The dot product depends on Δ only, and is not monotonic')), xLabel: 'Δ', yLabel: 'p_i·p_{i+Δ}', id: 'dot-delta' },
              )}
              <posenc-table
                id="geometry-facts"
                .data=${{
                  caption: t(l('在当前参数下测得', 'Measured at the current parameters')),
                  columns: ['', t(l('值', 'value'))],
                  rows: [
                    { head: '√(d/2)', cells: [Math.sqrt(d / 2).toFixed(6)] },
                    { head: t(l('‖p_pos‖ 的最小值 / 最大值', 'min / max of ‖p_pos‖')), cells: [`${Math.min(...norms).toFixed(6)} / ${Math.max(...norms).toFixed(6)}`] },
                    { head: 'p₀·p₁', cells: [dots[1].toFixed(4)] },
                    { head: 'p₀·p₂', cells: [dots[2].toFixed(4)] },
                    { head: t(l('最近的两个不同位置（≤300）', 'closest two distinct positions (≤ 300)')), cells: [`${at[0]}, ${at[1]}: ‖Δp‖ = ${Math.sqrt(minDist).toFixed(4)}`] },
                  ],
                }}
              ></posenc-table>`;
          },
        },
      ],
    },
    {
      id: 'pca',
      title: l('主成分投影：螺旋', 'Principal components: a spiral'),
      seeds: l('001 §6.1.4 "主成分分析"', '001 §6.1.4, "principal component analysis"'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '把 $N$ 个位置的编码投影到前两个主成分上：点沿着一条螺旋/圆弧依次排开，相邻位置在图上相邻。',
            'Project the encodings of $N$ positions onto their first two principal components: the points follow a spiral or arc in order, neighbouring positions side by side.',
          ),
        },
        { kind: 'controls', params: ['pcaN', 'pcaD'] },
        {
          kind: 'view',
          deps: ['pcaN', 'pcaD', 'base'],
          render: ({ pe, n, t }) => {
            const N = n('pcaN'), D = n('pcaD');
            const p = pe.analysis.pca(sinTable(pe, N, D, n('base')), 2);
            const xs = range(N).map((r) => p.coords.data[r * 2]);
            const ys = range(N).map((r) => p.coords.data[r * 2 + 1]);
            return html`${plot(
                [
                  { label: t(l('位置顺序', 'in order of position')), x: xs, y: ys },
                  { label: t(l('位置', 'positions')), x: xs, y: ys, points: true },
                ],
                { caption: t(l('前两个主成分', 'First two principal components')), xLabel: 'PC1', yLabel: 'PC2', id: 'pca', equal: true, height: 360 },
              )}
              <p>${t(l('解释方差：', 'Explained variance: '))}PC1 ${(p.explained[0] * 100).toFixed(1)}%, PC2 ${(p.explained[1] * 100).toFixed(1)}%</p>`;
          },
        },
      ],
    },
  ],
};

export default body;
