/** RoPE: seed 000 §3, seed 004 §2.5–2.7. */
import { html } from 'lit';

import type { ChapterBody, ViewContext } from '../components/chapter/chapter-types.js';
import '../components/rotation/rotation.js';
import type { RotVector } from '../components/rotation/rotation.js';
import { fmt } from '../components/shared/format.js';
import type { Matrix } from '../lib/types.js';
import { fromRows, heatmap, l, matrixTable, plot, range, TABLE_LABEL, toeplitzDeviation } from './shared.js';

const rad = (d: number) => (d * Math.PI) / 180;

/** Rotates a 2-vector by position·θ with the core (θ in degrees). */
function turn(ctx: ViewContext, x: number, y: number, position: number, thetaDeg: number): [number, number] {
  const r = ctx.pe.analysis.ropeRotate({ x: [x, y], position, invFreq: [rad(thetaDeg)] });
  return [r[0], r[1]];
}

function transpose(m: Matrix): Matrix<Float64Array> {
  const out = new Float64Array(m.rows * m.cols);
  for (let r = 0; r < m.rows; r++) for (let c = 0; c < m.cols; c++) out[c * m.rows + r] = m.data[r * m.cols + c];
  return { rows: m.cols, cols: m.rows, data: out };
}

/** Seed 004's three-token demo, recomputed. */
function demo004(ctx: ViewContext) {
  const { pe } = ctx;
  const tokens = fromRows([[1.0, 0.2], [0.3, 1.0], [-0.9, 0.5]]);
  const wq = fromRows([[1.0, 0.8], [-0.8, 1.0]]);
  const wk = fromRows([[-1.0, 0.6], [0.6, 1.0]]);
  // F.linear(x, W) = x·Wᵀ
  const q = pe.analysis.matmul(tokens, transpose(wq));
  const k = pe.analysis.matmul(tokens, transpose(wk));
  const v = tokens;
  const thetas = [10, 20, 30];
  const rot = (m: Matrix) => fromRows(range(3).map((i) => Array.from(pe.analysis.ropeRotate({ x: [m.data[2 * i], m.data[2 * i + 1]], position: i + 1, invFreq: [rad(10)] }))));
  const qr = rot(q), kr = rot(k);
  return { q, k, qr, kr, thetas, after: pe.analysis.attention(qr, kr, v), before: pe.analysis.attention(q, k, v) };
}

const body: ChapterBody = {
  params: [
    { id: 'qx', label: l('q 的 x 分量', 'q, x component'), min: -2, max: 2, step: 0.01, default: 1 },
    { id: 'qy', label: l('q 的 y 分量', 'q, y component'), min: -2, max: 2, step: 0.01, default: 0.5 },
    { id: 'kx', label: l('k 的 x 分量', 'k, x component'), min: -2, max: 2, step: 0.01, default: 0.8 },
    { id: 'ky', label: l('k 的 y 分量', 'k, y component'), min: -2, max: 2, step: 0.01, default: -0.4 },
    { id: 'theta', label: l('每步角度 θ（度）', 'angle per step θ (degrees)'), min: 1, max: 90, step: 1, default: 30 },
    { id: 'm', label: l('q 的位置 m', 'position m of q'), min: 0, max: 100, step: 1, default: 2 },
    { id: 'n', label: l('k 的位置 n', 'position n of k'), min: 0, max: 100, step: 1, default: 5 },
    { id: 'd', label: l('维度 d', 'dimension d'), min: 2, max: 64, step: 2, default: 8 },
    { id: 'base', label: l('底数 base', 'base'), min: 2, max: 100000, step: 1, default: 10000 },
    { id: 'N', label: l('热图的位置数', 'positions in the heatmap'), min: 16, max: 256, step: 16, default: 64 },
    { id: 'delta', label: l('最大相对距离', 'largest relative distance'), min: 100, max: 20000, step: 100, default: 2000 },
    { id: 'grid', label: l('二维网格边长', 'side of the 2-D grid'), min: 4, max: 32, step: 1, default: 12 },
    {
      id: 'layout',
      label: l('维度配对方式', 'pairing of dimensions'),
      choices: [
        { value: 'interleaved', label: l('相邻配对 (x₂ᵢ, x₂ᵢ₊₁)：RoFormer、讲义', 'interleaved (x₂ᵢ, x₂ᵢ₊₁): RoFormer, the seeds') },
        { value: 'half', label: l('前后半配对 (xᵢ, xᵢ₊d/2)：GPT-NeoX、HF', 'halves (xᵢ, xᵢ₊d/2): GPT-NeoX, HF') },
      ],
      default: 'interleaved',
    },
  ],
  sections: [
    {
      id: 'plane',
      title: l('二维：把向量转 mθ', 'In 2-D: turn the vector by mθ'),
      seeds: '000 §3.2 · 004 §2.5',
      blocks: [
        { kind: 'math', tex: 'f(q,m)=R(m\\theta)\\,q=\\begin{bmatrix}\\cos m\\theta&-\\sin m\\theta\\\\\\sin m\\theta&\\cos m\\theta\\end{bmatrix}\\begin{bmatrix}q_0\\\\q_1\\end{bmatrix}' },
        {
          kind: 'text',
          text: l(
            '拖动 $q$、$k$ 的端点（或聚焦后用方向键），改变位置 $m$、$n$：虚线是原向量，实线是旋转后的。$\\theta>0$ 时逆时针转。',
            'Drag the tips of $q$ and $k$ (or focus them and use the arrow keys) and change the positions $m$, $n$: dashed is the original vector, solid the rotated one. For $\\theta>0$ the turn is counter-clockwise.',
          ),
        },
        { kind: 'controls', params: ['theta', 'm', 'n'] },
        {
          kind: 'view',
          deps: ['qx', 'qy', 'kx', 'ky', 'theta', 'm', 'n'],
          render: (ctx) => {
            const { n, t } = ctx;
            const th = n('theta');
            const vectors: RotVector[] = [
              { label: 'q', x: n('qx'), y: n('qy'), angle: rad(n('m') * th), draggable: true },
              { label: 'k', x: n('kx'), y: n('ky'), angle: rad(n('n') * th), draggable: true },
            ];
            const rotated = vectors.map((v, i) => turn(ctx, v.x, v.y, i === 0 ? n('m') : n('n'), th));
            const dot = rotated[0][0] * rotated[1][0] + rotated[0][1] * rotated[1][1];
            const gap = n('n') - n('m');
            const same = [0, 7, 30].map((m0) => {
              const a = turn(ctx, n('qx'), n('qy'), m0, th), b = turn(ctx, n('kx'), n('ky'), m0 + gap, th);
              return { head: `m = ${m0}, n = ${m0 + gap}`, cells: [a[0] * b[0] + a[1] * b[1]] };
            });
            return html`<div style="display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start">
              <posenc-rotation
                id="rotation"
                .vectors=${vectors}
                .rotated=${rotated}
                caption=${t(l('q 转 mθ，k 转 nθ', 'q turned by mθ, k by nθ'))}
                handleLabel=${t(l('拖动或用方向键改变向量', 'drag or use the arrow keys to change the vector'))}
                @posenc-vector-change=${(e: CustomEvent) => {
                  const id = e.detail.index === 0 ? 'q' : 'k';
                  ctx.set(`${id}x`, clampVec(e.detail.x), false);
                  ctx.set(`${id}y`, clampVec(e.detail.y), true);
                }}
              ></posenc-rotation>
              <posenc-table
                id="relative-dot"
                .data=${{
                  caption: t(l(`q′·k′ 只取决于 n − m = ${gap}`, `q′·k′ depends only on n − m = ${gap}`)),
                  columns: ['', "q′·k′"],
                  rows: [{ head: t(l('当前 m, n', 'current m, n')), cells: [dot] }, ...same],
                  digits: 6,
                }}
              ></posenc-table>
            </div>`;
          },
        },
        { kind: 'math', tex: '\\langle f(q,m),f(k,n)\\rangle=q^\\top R(m\\theta)^\\top R(n\\theta)k=q^\\top R\\big((n-m)\\theta\\big)k' },
      ],
    },
    {
      id: 'examples',
      title: l('90° 与 30° 的例子', 'The 90° and 30° examples'),
      seeds: l('004 §2.5 "旋转矩阵公式的通俗理解"', '004 §2.5, "the rotation matrix in plain words"'),
      blocks: [
        {
          kind: 'view',
          deps: [],
          render: (ctx) => {
            const r90 = turn(ctx, 1, 0, 1, 90), r30 = turn(ctx, 1, 0.5, 1, 30);
            const vectors: RotVector[] = [{ label: 'v', x: 1, y: 0, angle: rad(90) }];
            const vectors30: RotVector[] = [{ label: 'Q₁', x: 1, y: 0.5, angle: rad(30) }];
            return html`<div style="display:flex;flex-wrap:wrap;gap:1.5rem">
              <posenc-rotation id="r90" .vectors=${vectors} .rotated=${[r90]} caption="R(90°)·(1, 0)"></posenc-rotation>
              <posenc-rotation id="r30" .vectors=${vectors30} .rotated=${[r30]} caption="R(30°)·(1, 0.5)"></posenc-rotation>
            </div>
            <p>R(90°)(1, 0) = (${fmt(r90[0], 4)}, ${fmt(r90[1], 4)}); R(30°)(1, 0.5) = (${fmt(r30[0], 4)}, ${fmt(r30[1], 4)})</p>`;
          },
        },
        {
          kind: 'erratum',
          id: 'e004-clockwise',
          text: l(
            '004 说把 (1, 0)"顺时针旋转 90°"得到 (0, 1)。从 x 轴正方向转到 y 轴正方向是**逆时针**；$R(\\theta)$ 对 $\\theta>0$ 逆时针转。',
            '004 says (1, 0) "rotated 90° clockwise" gives (0, 1). Turning from the positive x axis to the positive y axis is **counter-clockwise**; $R(\\theta)$ turns counter-clockwise for $\\theta>0$.',
          ),
        },
      ],
    },
    {
      id: 'frequencies',
      title: l('高维：每对维度一个频率', 'Higher dimensions: one frequency per pair'),
      seeds: '000 §3.3 · 004 §2.6',
      blocks: [
        { kind: 'math', tex: 'R_{\\Theta,m}=\\operatorname{diag}\\big(R(m\\theta_0),R(m\\theta_1),\\dots,R(m\\theta_{d/2-1})\\big),\\qquad \\theta_i=\\text{base}^{-2i/d}' },
        {
          kind: 'text',
          text: l(
            '同一个位置 $m$，快的维度对已经转了很多圈，慢的几乎没动。每个表盘的指针是 $m\\theta_i$：',
            'At the same position $m$ the fast pairs have turned many times, the slow ones hardly at all. Each dial\'s hand is $m\\theta_i$:',
          ),
        },
        { kind: 'controls', params: ['m', 'd', 'base'] },
        {
          kind: 'view',
          deps: ['m', 'd', 'base'],
          render: ({ pe, n, t }) => {
            const inv = pe.inverseFrequencies({ dim: n('d'), base: n('base') }).invFreq;
            const angles = Array.from(inv, (w) => n('m') * w);
            return html`<posenc-dials id="dials" .angles=${angles} label=${t(l('维度对', 'pair'))}></posenc-dials>`;
          },
        },
        {
          kind: 'view',
          deps: ['m', 'd', 'base', 'layout'],
          render: ({ pe, n, s, t }) => {
            const d = Math.min(n('d'), 16);
            const r = pe.rotationMatrix({ dim: d, position: n('m'), base: n('base'), layout: s('layout') as 'interleaved' | 'half' });
            return matrixTable(r, {
              caption: t(l(`R_{Θ,m}（d = ${d}${n('d') > 16 ? '，表格最多显示 16 维' : ''}）`, `R_{Θ,m} (d = ${d}${n('d') > 16 ? '; the table shows at most 16 dimensions' : ''})`)),
              rowHead: String,
              colHead: String,
              corner: '',
              digits: 3,
              id: 'block-matrix',
            });
          },
        },
      ],
    },
    {
      id: 'worked',
      title: l('算例：q = [1, 2, 3, 4]，m = 2', 'Worked example: q = [1, 2, 3, 4], m = 2'),
      seeds: '000 §3.4',
      blocks: [
        {
          kind: 'text',
          text: l(
            '讲义的算例 $d=4$、$m=2$：$\\theta_0=1$，$\\theta_1=0.01$。下表逐步重算（float64），最后一列是 npm 包 `applyRope` 的 float32 结果。改变上面的 $m$ 可以看其他位置。',
            'The document\'s example, $d=4$, $m=2$: $\\theta_0=1$, $\\theta_1=0.01$. The table redoes each step (float64); the last column is the float32 result of the npm package\'s `applyRope`. Change $m$ above to see other positions.',
          ),
        },
        {
          kind: 'view',
          deps: ['m'],
          render: ({ pe, n, t }) => {
            const m = n('m');
            const inv = pe.inverseFrequencies({ dim: 4 }).invFreq;
            const exact = pe.analysis.ropeRotate({ x: [1, 2, 3, 4], position: m, invFreq: inv });
            const f32 = pe.applyRope(new Float32Array([1, 2, 3, 4]), { shape: [1, 4], positions: [m] });
            const steps = {
              caption: t(l('逐步计算', 'Step by step')),
              columns: ['i', 'θ_i', 'mθ_i', 'cos mθ_i', 'sin mθ_i'],
              rows: [0, 1].map((i) => ({ head: String(i), cells: [inv[i], m * inv[i], Math.cos(m * inv[i]), Math.sin(m * inv[i])] })),
              digits: [4, 4, 4, 4],
            };
            const result = {
              caption: t(l('f(q, m)', 'f(q, m)')),
              columns: ['', 'q', 'f(q, m) float64', 'applyRope float32'],
              rows: range(4).map((k) => ({ head: `q${k}`, cells: [k + 1, exact[k], f32[k]] })),
              digits: [0, 4, 4],
            };
            return html`<posenc-table .data=${steps}></posenc-table><posenc-table id="worked" .data=${result}></posenc-table>`;
          },
        },
        {
          kind: 'text',
          text: l(
            '在 $m=2$ 时结果是 $[-2.2347, 0.0770, 2.9194, 4.0592]$。讲义用三位小数的 cos、sin 代入，得到 $-2.234$、$2.92$、$4.06$：差别来自舍入。',
            'At $m=2$ the result is $[-2.2347, 0.0770, 2.9194, 4.0592]$. The document substitutes cos and sin rounded to three decimals and gets $-2.234$, $2.92$, $4.06$: the differences are rounding.',
          ),
        },
      ],
    },
    {
      id: 'elementwise',
      title: l('逐元素形式与两种配对', 'The element-wise form, in both pairings'),
      seeds: '000 §3.5 · 004 §2.5 (code)',
      blocks: [
        {
          kind: 'math',
          tex: 'f(x,m)=x\\odot\\cos(m\\theta)+\\operatorname{rot}(x)\\odot\\sin(m\\theta),\\quad \\operatorname{rot}_{\\text{interleaved}}(x)=[-x_1,x_0,-x_3,x_2,\\dots],\\quad \\operatorname{rot}_{\\text{half}}(x)=[-x_{d/2:},\\,x_{:d/2}]',
        },
        {
          kind: 'text',
          text: l(
            '实际实现不构造矩阵。RoFormer 与讲义把相邻两维配成一对；GPT-NeoX 与 Hugging Face 的 `rotate_half` 把第 $i$ 维和第 $i+d/2$ 维配对。两者只差一个维度置换：把 $x$ 重排成 $[x_0,x_2,\\dots,x_1,x_3,\\dots]$ 再用 half 方式，结果就是 interleaved 结果的同样重排。',
            'Real implementations never build the matrix. RoFormer and the seeds pair neighbouring dimensions; GPT-NeoX and Hugging Face\'s `rotate_half` pair dimension $i$ with $i+d/2$. The two differ by a permutation of dimensions only: reorder $x$ as $[x_0,x_2,\\dots,x_1,x_3,\\dots]$, apply the half form, and you get the interleaved result reordered the same way.',
          ),
        },
        {
          kind: 'erratum',
          id: 'e004-rope-code',
          text: l(
            '004 的 `rotary_embedding` 代码在角度里除以 `dim`（= d/2）而不是 d，得到 $\\theta_i=10000^{-4i/d}$；它把旋转后的两半 `cat` 在一起而不是交错放回，输出维度顺序与输入不同；`positions[:, None]` 的形状是 (batch, 1, seq)，与 (d/2,) 的 theta 无法广播，示例按原样运行会报错（应为 `positions[..., None]`）。',
            '004\'s `rotary_embedding` code divides by `dim` (= d/2) instead of d, giving $\\theta_i=10000^{-4i/d}$; it `cat`s the two rotated halves instead of interleaving them back, so the output dimensions come out in a different order from the input; and `positions[:, None]` has shape (batch, 1, seq), which does not broadcast against theta of shape (d/2,), so the example raises an error as written (it needs `positions[..., None]`).',
          ),
        },
        { kind: 'controls', params: ['m', 'layout'] },
        {
          kind: 'view',
          deps: ['m', 'base'],
          render: ({ pe, n, t }) => {
            const d = 8;
            const x = new Float32Array(range(d, 1));
            const inter = pe.applyRope(x, { shape: [1, d], positions: [n('m')], base: n('base') });
            const perm = [0, 2, 4, 6, 1, 3, 5, 7];
            const px = new Float32Array(perm.map((p) => x[p]));
            const half = pe.applyRope(px, { shape: [1, d], positions: [n('m')], base: n('base'), layout: 'half' });
            let diff = 0;
            perm.forEach((p, k) => (diff = Math.max(diff, Math.abs(half[k] - inter[p]))));
            return html`<posenc-table
                id="layouts"
                .data=${{
                  caption: t(l('x = [1 … 8]：interleaved 结果，与重排后用 half 的结果', 'x = [1 … 8]: the interleaved result, and the half result on the reordered x')),
                  columns: ['k', 'x', 'interleaved f(x)_k', 'perm(x)', 'half f(perm x)', 'interleaved f(x)_{perm k}'],
                  rows: range(d).map((k) => ({ head: String(k), cells: [x[k], inter[k], px[k], half[k], inter[perm[k]]] })),
                  digits: [0, 4, 0, 4, 4],
                }}
              ></posenc-table>
              <p>${t(l('最大差：', 'Largest difference: '))}<strong id="layout-diff">${diff.toExponential(2)}</strong></p>`;
          },
        },
      ],
    },
    {
      id: 'relative-scores',
      title: l('q_mᵀk_n 只依赖 n − m', 'q_mᵀk_n depends only on n − m'),
      seeds: '000 §3.2 · 004 §2.6',
      blocks: [
        {
          kind: 'text',
          text: l(
            '同一个 $q$ 放在每个位置 $m$，同一个 $k$ 放在每个位置 $n$，核心（SIMD）旋转后算出所有 $q_m^\\top k_n$：矩阵沿每条对角线是常数。',
            'Put the same $q$ at every position $m$ and the same $k$ at every position $n$; the core (SIMD) rotates them and computes every $q_m^\\top k_n$: the matrix is constant along each diagonal.',
          ),
        },
        { kind: 'controls', params: ['N', 'd', 'base'] },
        {
          kind: 'view',
          deps: ['N', 'd', 'base'],
          render: ({ pe, n, t }) => {
            const N = n('N'), d = n('d');
            const q0 = pe.analysis.randomNormal({ seed: 11, rows: 1, cols: d }).data;
            const k0 = pe.analysis.randomNormal({ seed: 12, rows: 1, cols: d }).data;
            const Q = new Float32Array(N * d), K = new Float32Array(N * d);
            for (let r = 0; r < N; r++) {
              Q.set(q0, r * d);
              K.set(k0, r * d);
            }
            const qr = pe.applyRope(Q, { shape: [N, d], base: n('base') });
            const kr = pe.applyRope(K, { shape: [N, d], base: n('base') });
            const s = pe.scores(qr, kr, { queries: N, keys: N, dim: d });
            return html`${heatmap(s, { caption: 'q_mᵀ k_n', rowAxis: 'm', colAxis: 'n', id: 'rope-scores', tableLabel: t(TABLE_LABEL), size: 380 })}
              <p>${t(l('沿对角线的最大变化（float32）：', 'Largest change along a diagonal (float32): '))}<strong id="rope-toeplitz">${toeplitzDeviation(s).toExponential(2)}</strong></p>`;
          },
        },
      ],
    },
    {
      id: 'demo004',
      title: l('004 的三个 token 演示', 'The three-token demo of 004'),
      seeds: '004 §2.5 (code)',
      blocks: [
        {
          kind: 'text',
          text: l(
            '004 的代码：三个二维 token，$Q=\\text{F.linear}(x,W_q)=xW_q^\\top$（注意转置），第 $i$ 个 token 转 $10°, 20°, 30°$，即位置 1、2、3、$\\theta=10°$。这里用核心重算它打印的注意力权重：',
            '004\'s code: three 2-D tokens, $Q=\\text{F.linear}(x,W_q)=xW_q^\\top$ (note the transpose), token $i$ turned by $10°, 20°, 30°$, i.e. positions 1, 2, 3 with $\\theta=10°$. The core recomputes the attention weights it prints:',
          ),
        },
        {
          kind: 'view',
          deps: [],
          render: (ctx) => {
            const d = demo004(ctx);
            const t = ctx.t;
            const names = (r: number) => `token ${r}`;
            const claim = range(3).flatMap((i) =>
              range(3).map((j) => {
                const actual = d.after.scores.data[i * 3 + j] * Math.SQRT2;
                const dotBefore = d.before.scores.data[i * 3 + j] * Math.SQRT2;
                const claimed = Math.cos(rad(d.thetas[i] - d.thetas[j])) * dotBefore;
                return { head: `Q′${i}·K′${j}`, cells: [actual, claimed, actual - claimed] };
              }),
            );
            return html`${matrixTable(d.after.weights, { caption: t(l('旋转后的注意力权重', 'Attention weights after the rotation')), rowHead: names, colHead: names, corner: '', digits: 4, id: 'demo-weights' })}
              ${matrixTable(d.after.output, { caption: t(l('输出 = 权重 · V', 'Output = weights · V')), rowHead: names, colHead: (c) => `dim ${c}`, corner: '', digits: 4 })}
              <posenc-table
                id="demo-claim"
                .data=${{
                  caption: t(l("检查 004 的式子 Q′ᵢ·K′ⱼ = cos(θᵢ − θⱼ)(Qᵢ·Kⱼ)", "Checking 004's formula Q′ᵢ·K′ⱼ = cos(θᵢ − θⱼ)(Qᵢ·Kⱼ)")),
                  columns: ['', t(l('实际', 'actual')), t(l('004 的式子', "004's formula")), t(l('差', 'difference'))],
                  rows: claim,
                  digits: 4,
                }}
              ></posenc-table>`;
          },
        },
        {
          kind: 'erratum',
          id: 'e004-cos-only',
          text: l(
            '004 写 $Q\'_i\\cdot K\'_j=\\cos(\\theta_i-\\theta_j)(Q_i\\cdot K_j)$，漏了正弦项：正确的是 $\\cos(\\theta_j-\\theta_i)\\,Q_i^\\top K_j+\\sin(\\theta_j-\\theta_i)\\,Q_i^\\top JK_j$（见"加法与乘法"一章），上表的差不为 0。',
            '004 writes $Q\'_i\\cdot K\'_j=\\cos(\\theta_i-\\theta_j)(Q_i\\cdot K_j)$, dropping the sine term: the right formula is $\\cos(\\theta_j-\\theta_i)\\,Q_i^\\top K_j+\\sin(\\theta_j-\\theta_i)\\,Q_i^\\top JK_j$ (see the "Additive vs multiplicative" chapter); the differences above are not 0.',
          ),
        },
      ],
    },
    {
      id: 'decay',
      title: l('远程衰减', 'Long-distance decay'),
      seeds: l('004 §2.6 "旋转模拟相对距离衰减"', '004 §2.6, "rotation models decay with distance"'),
      blocks: [
        {
          kind: 'text',
          text: l(
            'RoFormer §3.4.3 给出 $q_m^\\top k_n$ 的一个上界，它随相对距离整体下降：$\\frac{1}{d/2}\\sum_{j=1}^{d/2}|S_j|$，$S_j=\\sum_{i<j}e^{\\mathrm{i}(n-m)\\theta_i}$。它不是单调的，而且只是上界。',
            'RoFormer §3.4.3 bounds $q_m^\\top k_n$ by a quantity that falls with the relative distance overall: $\\frac{1}{d/2}\\sum_{j=1}^{d/2}|S_j|$, $S_j=\\sum_{i<j}e^{\\mathrm{i}(n-m)\\theta_i}$. It is not monotonic, and it is only a bound.',
          ),
        },
        { kind: 'controls', params: ['delta', 'd', 'base'] },
        {
          kind: 'view',
          deps: ['delta', 'd', 'base'],
          render: ({ pe, n, t }) => {
            const inv = pe.inverseFrequencies({ dim: Math.max(n('d'), 4), base: n('base') }).invFreq;
            const offsets = range(n('delta') + 1);
            const b = pe.analysis.ropeDecayBound({ invFreq: inv, offsets });
            return plot([{ label: t(l('相对上界', 'relative upper bound')), x: offsets, y: Array.from(b) }], {
              caption: t(l('上界随 n − m 的变化', 'The bound against n − m')),
              xLabel: 'n − m',
              yLabel: t(l('上界', 'bound')),
              id: 'decay',
            });
          },
        },
      ],
    },
    {
      id: 'rope2d',
      title: l('二维 RoPE（图像）', '2-D RoPE (images)'),
      seeds: '004 §2.7',
      blocks: [
        {
          kind: 'text',
          text: l(
            '轴向二维 RoPE：前一半维度按 $x$ 坐标旋转，后一半按 $y$ 坐标旋转，每一半用 $d/2$ 维 RoPE 的频率。分数只依赖 $(\\Delta x,\\Delta y)$。热图是中心 patch 的查询对网格上每个 patch 的键的分数；把查询和所有键一起平移，分数不变（下面的最大差）。',
            'Axial 2-D RoPE: the first half of the dimensions turns with the $x$ coordinate, the second half with $y$, each half with the frequencies of a $d/2$-dimensional RoPE. The score depends only on $(\\Delta x,\\Delta y)$. The heatmap shows the score of the centre patch\'s query against the key of every patch of the grid; shifting the query and all keys together leaves it unchanged (largest difference below).',
          ),
        },
        { kind: 'controls', params: ['grid'] },
        {
          kind: 'view',
          deps: ['grid'],
          render: ({ pe, n, t }) => {
            const G = n('grid'), d = 16;
            const q = pe.analysis.randomNormal({ seed: 21, rows: 1, cols: d }).data;
            const k = pe.analysis.randomNormal({ seed: 22, rows: 1, cols: d }).data;
            const c = Math.floor(G / 2), h = d / 2;
            // Keys for the whole grid at once: the x half turned at the x positions and the y half at
            // the y positions, each as a [G·G, d/2] tensor through applyRope (what a model does).
            const map = (sx: number, sy: number) => {
              const qr = pe.analysis.ropeRotate2d({ x: q, px: c + sx, py: c + sy });
              const kx = new Float32Array(G * G * h), ky = new Float32Array(G * G * h);
              const px: number[] = [], py: number[] = [];
              for (let y = 0; y < G; y++) {
                for (let x = 0; x < G; x++) {
                  kx.set(k.subarray(0, h), (y * G + x) * h);
                  ky.set(k.subarray(h), (y * G + x) * h);
                  px.push(x + sx);
                  py.push(y + sy);
                }
              }
              const rx = pe.applyRope(kx, { shape: [G * G, h], positions: px });
              const ry = pe.applyRope(ky, { shape: [G * G, h], positions: py });
              const out = new Float64Array(G * G);
              for (let p = 0; p < G * G; p++) {
                let s = 0;
                for (let i = 0; i < h; i++) s += qr[i] * rx[p * h + i] + qr[h + i] * ry[p * h + i];
                out[p] = s;
              }
              return { rows: G, cols: G, data: out };
            };
            const a = map(0, 0), b = map(5, -3);
            let diff = 0;
            a.data.forEach((v, i) => (diff = Math.max(diff, Math.abs(v - b.data[i]))));
            return html`${heatmap(a, { caption: t(l('中心查询对每个 patch 的分数', "Centre query's score against each patch")), rowAxis: 'y', colAxis: 'x', id: 'rope2d', tableLabel: t(TABLE_LABEL), size: 300 })}
              <p>${t(l('整体平移 (5, −3) 后的最大差：', 'Largest difference after shifting everything by (5, −3): '))}<strong id="rope2d-shift">${diff.toExponential(2)}</strong></p>`;
          },
        },
      ],
    },
  ],
};

function clampVec(v: number): number {
  return Math.max(-2, Math.min(2, Math.round(v * 100) / 100));
}

export default body;
