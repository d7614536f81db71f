/** Longer contexts: ALiBi, Position Interpolation, NTK-aware and dynamic scaling, YaRN, Llama 3. */
import { html } from 'lit';

import type { ChapterBody, ViewContext } from '../components/chapter/chapter-types.js';
import { fmt } from '../components/shared/format.js';
import type { Posenc, RopeScaling, WasmTensor } from '../lib/types.js';
import './config-panel.js';
import { heatmap, l, plot, range, TABLE_LABEL } from './shared.js';

type Kind = 'linear' | 'dynamic' | 'yarn' | 'llama3';
const KINDS: Kind[] = ['linear', 'dynamic', 'yarn', 'llama3'];
const KIND_LABELS: Record<Kind, { zh: string; en: string }> = {
  linear: l('线性（位置插值 PI）', 'linear (Position Interpolation)'),
  dynamic: l('动态 NTK（factor 1，在长度 L′）', 'dynamic NTK (factor 1, at length L′)'),
  yarn: l('YaRN', 'YaRN'),
  llama3: l('Llama 3', 'Llama 3'),
};

/** The Hugging Face rope_scaling object for the chapter's parameters. */
export function scalingFor(ctx: ViewContext, kind: Kind): RopeScaling {
  const factor = ctx.n('ltarget') / ctx.n('ltrain');
  const L = ctx.n('ltrain');
  switch (kind) {
    case 'linear':
      return { rope_type: 'linear', factor };
    case 'dynamic':
      // factor 1 at the current length L′: base·(L′/L)^(d/(d−2)), the NTK-aware base for s = L′/L
      return { rope_type: 'dynamic', factor: 1, max_position_embeddings: L, seq_len: ctx.n('ltarget') };
    case 'yarn':
      return { rope_type: 'yarn', factor, original_max_position_embeddings: L, beta_fast: ctx.n('betaFast'), beta_slow: ctx.n('betaSlow') };
    case 'llama3':
      return { rope_type: 'llama3', factor, low_freq_factor: ctx.n('lowFF'), high_freq_factor: Math.max(ctx.n('highFF'), ctx.n('lowFF') + 0.5), original_max_position_embeddings: L };
  }
}

function freqs(ctx: ViewContext, kind?: Kind) {
  return ctx.pe.inverseFrequencies({ dim: ctx.n('dim'), base: ctx.n('base'), scaling: kind ? scalingFor(ctx, kind) : undefined });
}

const log10 = (v: number) => Math.log10(v);

/** The 128k-position table's wasm buffer, reused between recomputations. */
let longTable: WasmTensor | undefined;

/** The long-range curve's wasm buffers (keys of ones, their rotations, q, scores), reused. */
let curveTensors: { pe: Posenc; count: number; dim: number; ones: WasmTensor; keys: WasmTensor; query: WasmTensor; scores: WasmTensor } | undefined;

function curveBuffers(pe: Posenc, count: number, dim: number) {
  // Kernels take tensors of exactly the shape's size: reallocate when the shape changes.
  if (!curveTensors || curveTensors.pe !== pe || curveTensors.count !== count || curveTensors.dim !== dim) {
    if (curveTensors?.pe === pe) for (const t of [curveTensors.ones, curveTensors.keys, curveTensors.query, curveTensors.scores]) t.free();
    curveTensors = { pe, count, dim, ones: pe.tensor(count * dim), keys: pe.tensor(count * dim), query: pe.tensor(dim), scores: pe.tensor(count) };
    curveTensors.ones.view().fill(1);
  }
  return curveTensors;
}

const body: ChapterBody = {
  params: [
    { id: 'dim', label: l('头维度 d', 'head dimension d'), min: 16, max: 256, step: 16, default: 128 },
    { id: 'base', label: l('底数 base (rope_theta)', 'base (rope_theta)'), min: 100, max: 1000000, step: 100, default: 10000 },
    { id: 'ltrain', label: l('训练长度 L', 'training length L'), min: 512, max: 32768, step: 512, default: 4096 },
    { id: 'ltarget', label: l('目标长度 L′', 'target length L′'), min: 1024, max: 262144, step: 1024, default: 32768 },
    { id: 'betaFast', label: l('YaRN beta_fast', 'YaRN beta_fast'), min: 1, max: 64, step: 1, default: 32 },
    { id: 'betaSlow', label: l('YaRN beta_slow', 'YaRN beta_slow'), min: 0.5, max: 8, step: 0.5, default: 1 },
    { id: 'lowFF', label: l('Llama 3 low_freq_factor', 'Llama 3 low_freq_factor'), min: 1, max: 8, step: 0.5, default: 1 },
    { id: 'highFF', label: l('Llama 3 high_freq_factor', 'Llama 3 high_freq_factor'), min: 1.5, max: 16, step: 0.5, default: 4 },
    {
      id: 'kind',
      label: l('缩放方式', 'scaling'),
      choices: KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })),
      default: 'yarn',
    },
    { id: 'kindB', label: l('对比的第二种缩放', 'second scaling to compare'), choices: KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })), default: 'linear' },
    { id: 'heads', label: l('ALiBi 头数', 'ALiBi heads'), min: 1, max: 64, step: 1, default: 12 },
    { id: 'head', label: l('显示第几个头', 'head shown'), min: 0, max: 63, step: 1, default: 0 },
    { id: 'alibiLen', label: l('ALiBi 序列长度', 'ALiBi sequence length'), min: 8, max: 256, step: 8, default: 64 },
  ],
  sections: [
    {
      id: 'extrapolation',
      title: l('越过训练长度：外推', 'Past the training length: extrapolation'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '第 $i$ 对维度的波长是 $2\\pi/\\theta_i$。波长超过训练长度 $L$ 的维度对，在训练中连一整圈都没转完：到位置 $L\'>L$ 时它们的角度是模型从没见过的。这正是直接外推失败的地方；各种缩放改的都是这些慢的维度对。',
            'Pair $i$ has wavelength $2\\pi/\\theta_i$. Pairs whose wavelength exceeds the training length $L$ never completed one turn during training: at positions $L\'>L$ their angles are ones the model has never seen. That is where plain extrapolation fails, and the slow pairs are what every scaling changes.',
          ),
        },
        { kind: 'controls', params: ['dim', 'base', 'ltrain', 'ltarget'] },
        {
          kind: 'view',
          deps: ['dim', 'base', 'ltrain', 'ltarget'],
          render: (ctx) => {
            const { t, n } = ctx;
            const inv = freqs(ctx).invFreq;
            const idx = range(inv.length);
            const wl = Array.from(inv, (w) => (2 * Math.PI) / w);
            const unseen = wl.filter((w) => w > n('ltrain')).length;
            return html`${plot(
                [
                  { label: t(l('波长 2π/θ_i', 'wavelength 2π/θ_i')), x: idx, y: wl.map(log10) },
                  { label: `L = ${n('ltrain')}`, x: [0, idx.length - 1], y: [log10(n('ltrain')), log10(n('ltrain'))], dash: true },
                  { label: `L′ = ${n('ltarget')}`, x: [0, idx.length - 1], y: [log10(n('ltarget')), log10(n('ltarget'))], dash: true },
                ],
                { caption: t(l('每对维度的波长（log10）与两个长度', 'Wavelength of each pair (log10) against the two lengths')), xLabel: 'i', yLabel: 'log10', id: 'wavelength-lines' },
              )}
              <posenc-table
                id="unseen"
                .data=${{
                  caption: t(l('在当前参数下', 'At the current parameters')),
                  columns: ['', t(l('值', 'value'))],
                  rows: [
                    { head: t(l('维度对总数', 'pairs')), cells: [String(inv.length)] },
                    { head: t(l('训练中没转完一圈的维度对', 'pairs that never completed a turn in training')), cells: [String(unseen)] },
                    { head: t(l('最慢一对在 L 处的转角', 'angle of the slowest pair at L')), cells: [`${fmt((n('ltrain') * inv[inv.length - 1] * 180) / Math.PI, 2)}°`] },
                    { head: t(l('最慢一对在 L′ 处的转角', "angle of the slowest pair at L′")), cells: [`${fmt((n('ltarget') * inv[inv.length - 1] * 180) / Math.PI, 2)}°`] },
                  ],
                }}
              ></posenc-table>`;
          },
        },
      ],
    },
    {
      id: 'scalings',
      title: l('四种缩放', 'Four scalings'),
      blocks: [
        {
          kind: 'math',
          tex: '\\text{linear: }\\theta_i\'=\\frac{\\theta_i}{s}\\qquad\\text{dynamic: }b\'=b\\Big(\\frac{f\\,L_{\\text{now}}}{L}-(f-1)\\Big)^{\\frac{d}{d-2}}\\qquad s=\\frac{L\'}{L}',
        },
        {
          kind: 'math',
          tex: '\\text{YaRN: }\\theta_i\'=(1-\\gamma_i)\\frac{\\theta_i}{s}+\\gamma_i\\theta_i,\\quad \\gamma_i=1-\\operatorname{clamp}\\Big(\\frac{i-\\text{low}}{\\text{high}-\\text{low}},0,1\\Big),\\quad \\text{attention factor}=0.1\\ln s+1',
        },
        {
          kind: 'text',
          text: l(
            '**位置插值**把所有位置压缩 $s$ 倍：角度都回到训练范围内，但相邻位置的差别也变小了。**NTK 感知**改大底数，快的维度几乎不变、慢的维度被插值；**动态**版本只在序列超过 $L$ 时按当前长度调整。**YaRN** 用两个转数阈值 beta_fast、beta_slow 划分：转得多的维度保持原样，转得少的按 $s$ 插值，中间线性过渡，并把 cos、sin 乘以注意力因子。**Llama 3** 按波长分三段：短于 $L/\\text{high}$ 不变，长于 $L/\\text{low}$ 除以 $s$，中间平滑过渡。下图是每对维度被压缩的倍数 $\\theta_i/\\theta_i\'$（1 = 不变，$s$ = 完全插值）：',
            '**Position Interpolation** squeezes every position by $s$: all angles are back in the trained range, but neighbouring positions also move closer. **NTK-aware** scaling enlarges the base: fast pairs hardly change, slow ones are interpolated; the **dynamic** variant adapts to the current length only once the sequence exceeds $L$. **YaRN** splits pairs by how many turns they make over $L$, with thresholds beta_fast and beta_slow: pairs turning often are kept, pairs turning little are interpolated by $s$, a linear ramp between; cos and sin are multiplied by an attention factor. **Llama 3** splits by wavelength into three bands: shorter than $L/\\text{high}$ unchanged, longer than $L/\\text{low}$ divided by $s$, a smooth blend between. The plot shows how much each pair is slowed down, $\\theta_i/\\theta_i\'$ (1 = unchanged, $s$ = fully interpolated):',
          ),
        },
        { kind: 'controls', params: ['betaFast', 'betaSlow', 'lowFF', 'highFF'] },
        {
          kind: 'view',
          deps: ['dim', 'base', 'ltrain', 'ltarget', 'betaFast', 'betaSlow', 'lowFF', 'highFF'],
          render: (ctx) => {
            const { t } = ctx;
            const base = freqs(ctx).invFreq;
            const idx = range(base.length);
            const series = KINDS.map((k) => {
              const f = freqs(ctx, k);
              return { label: t(KIND_LABELS[k]), x: idx, y: Array.from(f.invFreq, (w, i) => base[i] / w) };
            });
            const yarn = freqs(ctx, 'yarn');
            const llama = freqs(ctx, 'llama3').invFreq;
            const bands = { kept: 0, blended: 0, divided: 0 };
            const s = ctx.n('ltarget') / ctx.n('ltrain');
            llama.forEach((w, i) => {
              const r = base[i] / w;
              if (Math.abs(r - 1) < 1e-12) bands.kept++;
              else if (Math.abs(r - s) < 1e-9 * s) bands.divided++;
              else bands.blended++;
            });
            return html`${plot(series, { caption: t(l('θ_i / θ′_i：每对维度被减慢的倍数', 'θ_i / θ′_i: how much each pair is slowed down')), xLabel: 'i', yLabel: 'θ/θ′', id: 'slowdown' })}
              <posenc-table
                id="scaling-facts"
                .data=${{
                  caption: t(l(`s = L′/L = ${fmt(s, 3)}`, `s = L′/L = ${fmt(s, 3)}`)),
                  columns: ['', t(l('值', 'value'))],
                  rows: [
                    { head: t(l('YaRN 注意力因子', 'YaRN attention factor')), cells: [fmt(yarn.attentionFactor, 6)] },
                    { head: t(l('Llama 3：不变的维度对', 'Llama 3: pairs unchanged')), cells: [String(bands.kept)] },
                    { head: t(l('Llama 3：平滑过渡的维度对', 'Llama 3: pairs blended')), cells: [String(bands.blended)] },
                    { head: t(l('Llama 3：除以 s 的维度对', 'Llama 3: pairs divided by s')), cells: [String(bands.divided)] },
                  ],
                }}
              ></posenc-table>`;
          },
        },
      ],
    },
    {
      id: 'long-scores',
      title: l('长距离上的分数', 'Scores over a long range'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '取 $q=k=(1,\\dots,1)$（RoFormer 分析远程衰减时的做法），$q$ 在位置 0，$k$ 在位置 $\\Delta$，$\\Delta$ 一直到 $L\'$：缩放前后 $q^\\top k=2\\sum_i\\cos(\\Delta\\theta_i\')$ 的变化。缩放把曲线沿 $\\Delta$ 拉长：训练长度内的形状被带到更远处。图只为绘制而抽样（每个像素列保留最大与最小值），数值由核心在全部位置上计算。',
            'Take $q=k=(1,\\dots,1)$ (as RoFormer does for its long-distance decay), $q$ at position 0 and $k$ at position $\\Delta$ up to $L\'$: $q^\\top k=2\\sum_i\\cos(\\Delta\\theta_i\')$ before and after scaling. Scaling stretches the curve along $\\Delta$: the shape seen within the training length is carried further out. The plot is thinned for drawing only (each pixel column keeps its min and max); the core computes every position.',
          ),
        },
        { kind: 'controls', params: ['kind'] },
        {
          kind: 'view',
          deps: ['dim', 'base', 'ltrain', 'ltarget', 'kind', 'betaFast', 'betaSlow', 'lowFF', 'highFF'],
          render: (ctx) => {
            const { pe, n, t } = ctx;
            const d = n('dim'), L = n('ltarget');
            const step = Math.max(1, Math.floor(L / 8192));
            const count = Math.floor(L / step) + 1;
            const positions = Float64Array.from({ length: count }, (_, i) => i * step);
            const b = curveBuffers(pe, count, d);
            const curve = (scaling?: RopeScaling) => {
              // Keys at Δ = i·step: the kernel rotates row i by i·(step·θ), formed in float64 like
              // (i·step)·θ. Everything stays in wasm memory; only the count scores are copied out.
              const f = pe.inverseFrequencies({ dim: d, base: n('base'), scaling });
              const inv = pe.kernels.float64(f.invFreq.map((w) => w * step));
              try {
                pe.kernels.ropeApply(b.ones, b.keys, { shape: [count, d], invFreq: inv, attentionFactor: f.attentionFactor });
              } finally {
                inv.free();
              }
              // q sits at position 0: R(0) = I, so q′ = attentionFactor · q.
              b.query.view().fill(f.attentionFactor);
              pe.kernels.scores(b.query, b.keys, b.scores, { queries: 1, keys: count, dim: d });
              return b.scores.view().slice(0, count);
            };
            const kind = ctx.s('kind') as Kind;
            const plain = curve();
            return plot(
              [
                { label: t(l('不缩放', 'no scaling')), x: positions, y: plain },
                { label: t(KIND_LABELS[kind]), x: positions, y: curve(scalingFor(ctx, kind)) },
                { label: `L = ${n('ltrain')}`, x: [n('ltrain'), n('ltrain')], y: [Math.min(...plain), Math.max(...plain)], dash: true },
              ],
              { caption: t(l(`q₀ᵀk_Δ，Δ = 0 … ${L}（${count} 个位置）`, `q₀ᵀk_Δ for Δ = 0 … ${L} (${count} positions)`)), xLabel: 'Δ', yLabel: 'qᵀk', id: 'long-scores' },
            );
          },
        },
      ],
    },
    {
      id: 'score-matrix',
      title: l('长距离上的分数矩阵', 'The score matrix over a long range'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '128 个位置均匀分布在 0 … L′ 上，每个位置放 $q=k=(1,\\dots,1)$，$q_m^\\top k_n$ 的矩阵：左边不缩放，右边用上面选的缩放。对角线附近的亮带是"近处分数高"；缩放后这条带变宽，远处的振荡变慢。',
            '128 positions spread evenly over 0 … L′, $q=k=(1,\\dots,1)$ at each, and the matrix of $q_m^\\top k_n$: left without scaling, right with the scaling chosen above. The bright band along the diagonal is "near means high"; after scaling it widens and the far-off oscillation slows down.',
          ),
        },
        {
          kind: 'view',
          deps: ['dim', 'base', 'ltrain', 'ltarget', 'kind', 'betaFast', 'betaSlow', 'lowFF', 'highFF'],
          render: (ctx) => {
            const { pe, n, t } = ctx;
            const d = n('dim'), P = 128;
            const positions = Float64Array.from({ length: P }, (_, i) => (i * n('ltarget')) / (P - 1));
            const Q = new Float32Array(P * d).fill(1), K = new Float32Array(P * d).fill(1);
            const matrix = (scaling?: RopeScaling) => {
              const o = { shape: [P, d], positions, base: n('base'), scaling };
              return pe.scores(pe.applyRope(Q, o), pe.applyRope(K, o), { queries: P, keys: P, dim: d });
            };
            const kind = ctx.s('kind') as Kind;
            const opts = (caption: string, id: string) => ({ caption, rowAxis: 'm · L′/127', colAxis: 'n · L′/127', id, tableLabel: t(TABLE_LABEL), size: 256 });
            return html`<div style="display:flex;flex-wrap:wrap;gap:0 1.2rem">
              ${heatmap(matrix(), opts(t(l('不缩放', 'no scaling')), 'long-matrix-plain'))}
              ${heatmap(matrix(scalingFor(ctx, kind)), opts(t(KIND_LABELS[kind]), 'long-matrix-scaled'))}
            </div>`;
          },
        },
      ],
    },
    {
      id: 'compare',
      title: l('两种缩放对比', 'Two scalings side by side'),
      blocks: [
        { kind: 'controls', params: ['kind', 'kindB'] },
        {
          kind: 'view',
          deps: ['dim', 'base', 'ltrain', 'ltarget', 'kind', 'kindB', 'betaFast', 'betaSlow', 'lowFF', 'highFF'],
          render: (ctx) => {
            const { t } = ctx;
            const a = ctx.s('kind') as Kind, b = ctx.s('kindB') as Kind;
            const base = freqs(ctx).invFreq;
            const fa = freqs(ctx, a), fb = freqs(ctx, b);
            const idx = range(base.length);
            const wl = (inv: Float64Array) => Array.from(inv, (w) => log10((2 * Math.PI) / w));
            return plot(
              [
                { label: t(l('不缩放', 'no scaling')), x: idx, y: wl(base), dash: true },
                { label: `A: ${t(KIND_LABELS[a])}`, x: idx, y: wl(fa.invFreq) },
                { label: `B: ${t(KIND_LABELS[b])}`, x: idx, y: wl(fb.invFreq) },
              ],
              { caption: t(l('波长（log10）', 'Wavelength (log10)')), xLabel: 'i', yLabel: 'log10(2π/θ′_i)', id: 'compare' },
            );
          },
        },
      ],
    },
    {
      id: 'paste',
      title: l('粘贴一个 config.json', 'Paste a config.json'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '粘贴模型的 `config.json`（或选一个示例）：读取 rope_theta、rope_scaling、head_dim 或 hidden_size/num_attention_heads、partial_rotary_factor，按 Hugging Face 的语义算出频率。',
            "Paste a model's `config.json` (or pick an example): rope_theta, rope_scaling, head_dim or hidden_size/num_attention_heads and partial_rotary_factor are read and the frequencies computed with Hugging Face's semantics.",
          ),
        },
        { kind: 'view', deps: [], render: ({ lang }) => html`<posenc-config-panel lang=${lang}></posenc-config-panel>` },
      ],
    },
    {
      id: 'long-table',
      title: l('128k 个位置的 cos/sin 表', 'The cos/sin table for 128k positions'),
      blocks: [
        {
          kind: 'text',
          text: l(
            'SIMD 核心一次算出 131072 个位置 × $d$ 维的表（角度在 float64 中归约）。热图每 512 行取一行来画；下表是最后一个位置的精确值，没有抽样。',
            'The SIMD kernel computes the table for 131072 positions × $d$ dimensions in one call (angles reduced in float64). The heatmap draws every 512th row; the table below gives the exact values at the last position, nothing sampled.',
          ),
        },
        {
          kind: 'view',
          deps: ['dim', 'base'],
          render: ({ pe, n, t }) => {
            const d = n('dim'), N = 131072;
            // Zero-copy: the table stays in wasm memory (a 64 MiB copy out would cost more than
            // computing it); only the rows drawn and the last row are read.
            if (!longTable || longTable.length < N * d) {
              longTable?.free();
              longTable = pe.tensor(N * 256);
            }
            const t0 = performance.now();
            pe.kernels.sinusoidal(longTable, { count: N, dim: d, base: n('base') });
            const ms = performance.now() - t0;
            const view = longTable.view();
            const every = 512;
            const rows = N / every;
            const drawn = new Float32Array(rows * d);
            for (let r = 0; r < rows; r++) drawn.set(view.subarray(r * every * d, r * every * d + d), r * d);
            const last = view.slice((N - 1) * d, N * d);
            return html`<p id="long-table-time">${t(l(`计算 ${N} × ${d} 用时 ${fmt(ms, 1)} ms。`, `${N} × ${d} computed in ${fmt(ms, 1)} ms.`))}</p>
              ${heatmap({ rows, cols: d, data: drawn }, { caption: t(l('每 512 个位置一行', 'One row per 512 positions')), rowAxis: 'pos / 512', colAxis: t(l('维度', 'dimension')), lo: -1, hi: 1, id: 'long-heatmap', tableLabel: t(TABLE_LABEL), size: 320 })}
              <posenc-table
                id="last-row"
                .data=${{
                  caption: t(l(`位置 ${N - 1} 的前 8 个值（float32）`, `First 8 values at position ${N - 1} (float32)`)),
                  columns: range(8).map((c) => `${c % 2 ? 'cos' : 'sin'}${Math.floor(c / 2)}`),
                  rows: [{ head: String(N - 1), cells: Array.from(last.subarray(0, 8)) }],
                  digits: 6,
                }}
              ></posenc-table>`;
          },
        },
      ],
    },
    {
      id: 'alibi',
      title: l('ALiBi：不旋转，直接按距离扣分', 'ALiBi: no rotation, a penalty by distance'),
      blocks: [
        { kind: 'math', tex: 'S_{ij}=q_i^\\top k_j-m_h\\,(i-j),\\quad j\\le i,\\qquad m_h=2^{-8h/H}\\ (h=1\\dots H,\\ H\\text{ a power of two})' },
        {
          kind: 'text',
          text: l(
            'ALiBi（Press 等）不给向量加任何东西，只给分数减去与距离成正比的偏置，每个头斜率不同。头数不是 2 的幂时，取最近的较小 2 的幂的斜率，再从两倍头数的斜率里隔一个取一个（论文代码的做法）。',
            'ALiBi (Press et al.) adds nothing to the vectors; it subtracts from each score a bias proportional to the distance, with a different slope per head. For head counts that are not powers of two it takes the slopes of the closest lower power of two, then every other slope of twice as many heads (as the paper\'s code does).',
          ),
        },
        { kind: 'controls', params: ['heads', 'head', 'alibiLen'] },
        {
          kind: 'view',
          deps: ['heads', 'head', 'alibiLen'],
          render: ({ pe, n, t }) => {
            const H = n('heads'), h = Math.min(n('head'), H - 1), len = n('alibiLen');
            const slopes = pe.alibiSlopes(H);
            const bias = pe.alibiBias({ numHeads: H, length: len });
            return html`<posenc-table
                id="alibi-slopes"
                .data=${{
                  caption: t(l(`${H} 个头的斜率`, `Slopes of ${H} heads`)),
                  columns: ['h', ...range(H).map(String)],
                  rows: [{ head: 'm_h', cells: Array.from(slopes, (s) => fmt(s, 6)) }],
                }}
              ></posenc-table>
              ${heatmap({ rows: len, cols: len, data: bias.subarray(h * len * len, (h + 1) * len * len) }, {
                caption: t(l(`第 ${h} 个头的偏置（灰色：被因果掩码遮住）`, `Bias of head ${h} (grey: masked by causality)`)),
                rowAxis: t(l('查询 i', 'query i')),
                colAxis: t(l('键 j', 'key j')),
                colormap: 'sequential',
                id: 'alibi-bias',
                tableLabel: t(TABLE_LABEL),
              })}`;
          },
        },
      ],
    },
  ],
};

export default body;
