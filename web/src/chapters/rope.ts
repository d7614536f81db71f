/** RoPE: seed 000 §3, seed 004 §2.5–2.7. */
import { param, type ChapterBody } from '../components/chapter/chapter-types.js';
import '../components/rope/rope-2d.js';
import '../components/rope/rope-block-matrix.js';
import '../components/rope/rope-complex.js';
import '../components/rope/rope-decay.js';
import '../components/rope/rope-demo.js';
import '../components/rope/rope-dials.js';
import '../components/rope/rope-gap-curve.js';
import '../components/rope/rope-layouts.js';
import '../components/rope/rope-plane.js';
import '../components/rope/rope-relative-matrix.js';
import '../components/rope/rope-shift.js';
import '../components/rope/rope-shifted-pairs.js';
import '../components/rope/rope-turn.js';
import '../components/rope/rope-worked.js';
import { l } from '../components/shared/i18n.js';
import { glossary } from './glossary.js';

const TABLE_LABEL = l('以表格显示数值', 'Values as a table');
const TURNS = l('圈', 'turns');

/** q, k, their positions and the angle per step: what every 2-D figure reads. */
const plane = {
  qx: param('qx'),
  qy: param('qy'),
  kx: param('kx'),
  ky: param('ky'),
  qScale: param('qscale'),
  theta: param('theta'),
  m: param('m'),
  n: param('n'),
};

const body: ChapterBody = {
  question: l(
    '把位置向量加到词向量上，注意力分数里就混进了位置：同样相隔 3 个位置的两个词，换个地方分数就变了。能不能让位置进入分数，却只留下两者的距离 $n-m$？',
    'Add a position vector to each token and position leaks into every term of the score: two tokens 3 positions apart get a different score wherever they stand. Can position enter the score so that only the distance $n-m$ is left?',
  ),
  params: [
    { id: 'qx', label: l('q 的横坐标', 'q, x component'), min: -2, max: 2, step: 0.01, default: 1 },
    { id: 'qy', label: l('q 的纵坐标', 'q, y component'), min: -2, max: 2, step: 0.01, default: 0.5 },
    { id: 'kx', label: l('k 的横坐标', 'k, x component'), min: -2, max: 2, step: 0.01, default: 0.8 },
    { id: 'ky', label: l('k 的纵坐标', 'k, y component'), min: -2, max: 2, step: 0.01, default: -0.4 },
    { id: 'qscale', label: l('q 的长度倍数 s', 'length of q times s'), min: 0.25, max: 4, step: 0.05, default: 1, scale: 'log' },
    { id: 'theta', label: l('每步角度 θ（度）', 'angle per step θ (degrees)'), min: 1, max: 90, step: 1, default: 30 },
    { id: 'm', label: l('q 的位置 m', 'position m of q'), min: 0, max: 100, step: 1, default: 2 },
    { id: 'n', label: l('k 的位置 n', 'position n of k'), min: 0, max: 100, step: 1, default: 5 },
    { id: 'gap', label: l('两个词的间隔 n − m', 'gap n − m between the two tokens'), min: -16, max: 16, step: 1, default: 3 },
    { id: 'd', label: l('维度 d', 'dimension d'), min: 2, max: 64, step: 2, default: 8 },
    { id: 'base', label: l('底数 base', 'base'), min: 2, max: 100000, step: 1, default: 10000, scale: 'log' },
    { id: 'N', label: l('热图的位置数', 'positions in the heatmap'), min: 16, max: 256, step: 16, default: 64 },
    { id: 'dDecay', label: l('这张图的维度 d', 'dimension d of this plot'), min: 8, max: 256, step: 8, default: 128 },
    { id: 'delta', label: l('最大相对距离', 'largest relative distance'), min: 100, max: 20000, step: 100, default: 2000, scale: 'log' },
    { id: 'grid', label: l('二维网格边长', 'side of the 2-D grid'), min: 4, max: 32, step: 1, default: 12 },
    {
      id: 'layout',
      label: l('维度配对方式', 'pairing of dimensions'),
      choices: [
        { value: 'interleaved', label: l('相邻 (x₂ᵢ, x₂ᵢ₊₁)：RoFormer', 'interleaved (x₂ᵢ, x₂ᵢ₊₁): RoFormer') },
        { value: 'half', label: l('前后半 (xᵢ, xᵢ₊d/2)：GPT-NeoX', 'halves (xᵢ, xᵢ₊d/2): GPT-NeoX') },
      ],
      default: 'interleaved',
    },
  ],
  sections: [
    {
      id: 'failure',
      title: l('加上去的位置：分数随位置漂移', 'Added positions: the score drifts with position'),
      seeds: '000 §3.1 · 004 §2.5',
      blocks: [
        {
          kind: 'text',
          text: l(
            '取两个固定的向量 $q$、$k$（$d=8$），让它们始终相隔 $n-m$ 个位置，一起沿序列滑动。橙线：先加上正弦位置编码再点乘，$(q+p_m)^\\top(k+p_n)$。蓝线：用本章的旋转 $R_m q$、$R_n k$ 再点乘。',
            "Take two fixed vectors $q$, $k$ ($d=8$), keep them $n-m$ positions apart and slide the pair along the sequence. Orange: add the sinusoidal encoding first, then take the dot product, $(q+p_m)^\\top(k+p_n)$. Blue: turn them with this chapter's rotation, $R_m q$ and $R_n k$, then take the dot product.",
          ),
        },
        { kind: 'controls', params: ['gap'] },
        {
          kind: 'figure',
          tag: 'posenc-rope-shift',
          props: {
            gap: param('gap'),
            caption: l('同一对向量、同样的间隔，只是整体挪了位置', 'The same pair of vectors, the same gap, only moved along the sequence'),
            additiveLabel: l('加法：(q + pₘ)·(k + pₙ)', 'added: (q + pₘ)·(k + pₙ)'),
            rotaryLabel: l('旋转：(Rₘq)·(Rₙk)', 'rotated: (Rₘq)·(Rₙk)'),
            summary: l(
              '橙线上下摆动了 {additive}：加法编码让分数同时依赖位置本身。蓝线的摆动是 {rotary}，只是双精度舍入：旋转后的分数只看间隔。',
              'The orange curve swings by {additive}: with an added encoding the score also depends on where the pair stands. The blue one moves by {rotary}, which is float64 rounding: after the rotation the score sees only the gap.',
            ),
          },
        },
        {
          kind: 'text',
          text: l(
            '加法的毛病在"注意力分数的四项"一章里看得更清楚：内容—位置的交叉项随绝对位置变化。本章说明蓝线为什么是平的。',
            'The chapter "Attention scores" shows where the wandering comes from: the content–position cross terms change with the absolute position. This chapter explains why the blue line is flat.',
          ),
        },
      ],
    },
    {
      id: 'plane',
      title: l('二维：把向量转 mθ', 'In 2-D: turn the vector by mθ'),
      seeds: '000 §3.2 · 004 §2.5',
      blocks: [
        {
          kind: 'math',
          tex: '\\htmlData{term=qrot}{f(q,m)}=R(\\htmlData{term=mtheta}{m\\theta})\\,\\htmlData{term=q}{q}=\\begin{bmatrix}\\cos \\htmlData{term=mtheta}{m\\theta}&-\\sin \\htmlData{term=mtheta}{m\\theta}\\\\\\sin \\htmlData{term=mtheta}{m\\theta}&\\cos \\htmlData{term=mtheta}{m\\theta}\\end{bmatrix}\\htmlData{term=q}{\\begin{bmatrix}q_0\\\\q_1\\end{bmatrix}}',
          terms: [
            { id: 'q', label: l('原来的 q', 'q as it was') },
            { id: 'mtheta', label: l('转角 mθ', 'the turn mθ') },
            { id: 'qrot', label: l('转过的 q′ = f(q, m)', 'the turned q′ = f(q, m)') },
          ],
        },
        {
          kind: 'text',
          text: l(
            "位置 $m$ 的查询转 $m\\theta$，位置 $n$ 的键转 $n\\theta$；$\\theta>0$ 时逆时针转。拖动 $q$、$k$ 的端点（或聚焦后用方向键）。虚线是原向量，实线是转过的；绿色弧是从 $q'$ 到 $k'$ 的夹角 $\\varphi$，分数只读它和两个长度：$q'\\cdot k'=|q|\\,|k|\\cos\\varphi$。转角超过半圈时，图上写出化到 $(-180°, 180°]$ 的角度和已经转过的整圈数。",
            "The query at position $m$ turns by $m\\theta$, the key at position $n$ by $n\\theta$; for $\\theta>0$ the turn is counter-clockwise. Drag the tips of $q$ and $k$ (or focus them and use the arrow keys). Dashed is the original vector, solid the turned one; the green arc is the angle $\\varphi$ from $q'$ to $k'$, and the score reads only it and the two lengths: $q'\\cdot k'=|q|\\,|k|\\cos\\varphi$. Past half a turn the figure prints the angle reduced to $(-180°, 180°]$ and the whole turns already made.",
          ),
        },
        { kind: 'controls', params: ['theta', 'm', 'n', 'qscale'] },
        {
          kind: 'figure',
          tag: 'posenc-rope-plane',
          id: 'rotation',
          props: {
            ...plane,
            caption: l(
              'q 转 mθ，k 转 nθ；绿色弧是分数读到的夹角 φ',
              'q turned by mθ, k by nθ; the green arc is the angle φ the score reads',
            ),
            handleLabel: l('拖动或用方向键改变向量', 'drag or use the arrow keys to change the vector'),
            scoreLine: l(
              'q′·k′ = |q| |k| cos φ = {nq} × {nk} × cos {phi} = {dot}',
              'q′·k′ = |q| |k| cos φ = {nq} × {nk} × cos {phi} = {dot}',
            ),
          },
        },
        {
          kind: 'math',
          tex: '\\langle \\htmlData{term=qrot}{f(q,m)},\\htmlData{term=krot}{f(k,n)}\\rangle=\\htmlData{term=q}{q}^\\top R(\\htmlData{term=mtheta}{m\\theta})^\\top R(\\htmlData{term=ntheta}{n\\theta})\\,\\htmlData{term=k}{k}=q^\\top R(-m\\theta)R(n\\theta)\\,k=q^\\top R\\big((n-m)\\theta\\big)\\,k',
          terms: [
            { id: 'qrot', label: l('q′ = f(q, m)', 'q′ = f(q, m)') },
            { id: 'krot', label: l('k′ = f(k, n)', 'k′ = f(k, n)') },
            { id: 'q', label: l('原来的 q', 'q as it was') },
            { id: 'mtheta', label: l('转角 mθ', 'the turn mθ') },
            { id: 'ntheta', label: l('转角 nθ', 'the turn nθ') },
            { id: 'k', label: l('原来的 k', 'k as it was') },
          ],
        },
        {
          kind: 'predict',
          id: 'predict-shift',
          question: l(
            "现在 $m$ = {m}，$n$ = {n}。把两个词一起往后挪：$q$ 放到 0、7、30，$k$ 始终在 $q$ 之后 $n-m$ 个位置。$q'\\cdot k'$ 会变吗？",
            "Now $m$ = {m} and $n$ = {n}. Move the two tokens together: $q$ to 0, 7, 30, with $k$ always $n-m$ positions after it. Will $q'\\cdot k'$ change?",
          ),
          choices: [
            { value: 'same', label: l('不变', 'it stays the same') },
            { value: 'changes', label: l('会变', 'it changes') },
          ],
          reveal: {
            tag: 'posenc-rope-shifted-pairs',
            props: {
              ...plane,
              shifts: [0, 7, 30],
              caption: l('q′·k′ 只取决于 n − m = {gap}', 'q′·k′ depends only on n − m = {gap}'),
              currentLabel: l('当前', 'current'),
              note: l(
                "每一格里 $q'$ 和 $k'$ 一起转过同样的角度，它们之间的夹角不变，点积也就不变。",
                "In every panel $q'$ and $k'$ have turned by the same extra angle together: the angle between them, and so their dot product, is unchanged.",
              ),
            },
          },
          explain: l(
            '旋转矩阵满足 $R(\\alpha)^\\top=R(-\\alpha)$，所以 $R(m\\theta)^\\top R(n\\theta)=R((n-m)\\theta)$：两个位置只以差 $n-m$ 出现在分数里。一起挪动时两个向量转过同样多，夹角不变。',
            'Rotations satisfy $R(\\alpha)^\\top=R(-\\alpha)$, so $R(m\\theta)^\\top R(n\\theta)=R((n-m)\\theta)$: the two positions enter the score only through $n-m$. Moved together, both vectors turn by the same amount and the angle between them stays.',
          ),
        },
        {
          kind: 'note',
          text: l(
            '000 §3.1 把目标写成 $g(q,k,m-n)$，推导却得到 $R((n-m)\\theta)$。对任意的 $g$ 两种说法等价，但要代入公式时只能用 $n-m$（键减查询，与 RoFormer 一致）：代入 $m-n$，正弦项会变号。',
            '000 §3.1 states the goal as $g(q,k,m-n)$ and the derivation ends with $R((n-m)\\theta)$. For an arbitrary $g$ the two say the same thing, but a formula takes only $n-m$ (key minus query, as RoFormer writes it): substituting $m-n$ flips the sign of the sine term.',
          ),
        },
      ],
    },
    {
      id: 'multiply',
      title: l('位置是乘上去的，不是加上去的', 'Position multiplies, it does not add'),
      seeds: '004 §2.6',
      blocks: [
        {
          kind: 'text',
          text: l(
            "把 $q'\\cdot k'$ 对 $n-m$ 画出来，是一条振幅为 $|q|\\,|k|$ 的余弦：$|q|\\,|k|\\cos(\\varphi_0+(n-m)\\theta)$。用上面的倍数 $s$ 拉长 $q$：整条曲线按 $s$ 倍伸缩，过零点一个都不动。长度（内容）决定分数有多大，角度（位置）决定它在曲线上的哪一点——两者相乘，而不像加法编码那样相加。",
            "Plot $q'\\cdot k'$ against $n-m$: a cosine of amplitude $|q|\\,|k|$, $|q|\\,|k|\\cos(\\varphi_0+(n-m)\\theta)$. Stretch $q$ by the factor $s$ above: the whole curve scales by $s$ and not one zero moves. The lengths (the content) set how large the score can be, the angle (the position) where on the curve it sits: the two multiply, where an added encoding would add.",
          ),
        },
        { kind: 'controls', params: ['qscale', 'theta'] },
        {
          kind: 'figure',
          tag: 'posenc-rope-gap-curve',
          props: {
            ...plane,
            range: 48,
            caption: l('二维 RoPE 的分数对 n − m', 'The 2-D RoPE score against n − m'),
            curveLabel: l('q 拉长 {s} 倍', 'q stretched by {s}'),
            baseLabel: l('q 原长', 'q at its own length'),
            ampLabel: l('|q| |k| = {amp}', '|q| |k| = {amp}'),
            pointLabel: l('当前 n − m = {gap}：{dot}', 'current n − m = {gap}: {dot}'),
          },
        },
      ],
    },
    {
      id: 'complex',
      title: l('同一件事的复数写法', 'The same thing with complex numbers'),
      seeds: '004 §2.7',
      blocks: [
        {
          kind: 'text',
          text: l(
            "把一对坐标看成一个复数 $\\tilde q=q_0+\\mathrm{i}\\,q_1$。乘以单位圆上的 $e^{\\mathrm{i}m\\theta}$，长度乘 1、角度加 $m\\theta$：这正是旋转 $R(m\\theta)$。分数是 $\\tilde q'$ 乘以 $\\tilde k'$ 的共轭再取实部。",
            "Read a pair of coordinates as one complex number, $\\tilde q=q_0+\\mathrm{i}\\,q_1$. Multiplying by $e^{\\mathrm{i}m\\theta}$, a point on the unit circle, multiplies the length by 1 and adds $m\\theta$ to the angle: exactly the rotation $R(m\\theta)$. The score is the real part of $\\tilde q'$ times the conjugate of $\\tilde k'$.",
          ),
        },
        {
          kind: 'math',
          tex: "f(q,m)=\\tilde q\\,e^{\\mathrm{i}m\\theta},\\qquad q'\\cdot k'=\\operatorname{Re}\\!\\big[\\tilde q\\,e^{\\mathrm{i}m\\theta}\\,\\overline{\\tilde k\\,e^{\\mathrm{i}n\\theta}}\\big]=\\operatorname{Re}\\!\\big[\\tilde q\\,\\overline{\\tilde k}\\,e^{\\mathrm{i}(m-n)\\theta}\\big]",
        },
        {
          kind: 'figure',
          tag: 'posenc-rope-complex',
          props: {
            ...plane,
            turnWord: TURNS,
            caption: l('复平面：乘以单位圆上的 eⁱᵐᶿ 就是转 mθ', 'The complex plane: multiplying by eⁱᵐᶿ on the unit circle turns by mθ'),
            scoreLine: l(
              '复数形式：q̃′ 乘 k̃′ 的共轭，取实部 = {complex}；实数形式 q′·k′ = {real}',
              'complex form Re[q̃′·conj(k̃′)] = {complex}; real form q′·k′ = {real}',
            ),
          },
        },
        {
          kind: 'note',
          text: l(
            '实数形式里出现 $R_{n-m}$，复数形式里出现 $e^{\\mathrm{i}(m-n)\\theta}$：不是符号错误。复数形式对键取了共轭，两者给出同一个数（上图两行相等）。',
            'The real form has $R_{n-m}$ and the complex form $e^{\\mathrm{i}(m-n)\\theta}$: not a sign error. The complex form conjugates the key, and both give the same number (the two values above agree).',
          ),
        },
      ],
    },
    {
      id: 'examples',
      title: l('90° 与 30° 的例子', 'The 90° and 30° examples'),
      seeds: l('004 §2.5 "旋转矩阵公式的通俗理解"', '004 §2.5, "the rotation matrix in plain words"'),
      blocks: [
        {
          kind: 'figure',
          tag: 'posenc-rope-turn',
          id: 'r90',
          props: {
            vector: [1, 0],
            angle: 90,
            name: 'v',
            caption: l('R(90°)·(1, 0)', 'R(90°)·(1, 0)'),
            ccw: l('逆时针：v × v′ = {cross} > 0', 'counter-clockwise: v × v′ = {cross} > 0'),
            cw: l('顺时针：v × v′ = {cross} < 0', 'clockwise: v × v′ = {cross} < 0'),
          },
        },
        {
          kind: 'figure',
          tag: 'posenc-rope-turn',
          id: 'r30',
          props: {
            vector: [1, 0.5],
            angle: 30,
            name: 'Q₁',
            caption: l(
              'R(30°)·(1, 0.5)：讲义算得 (0.616, 0.933)，正确',
              'R(30°)·(1, 0.5): the document gets (0.616, 0.933), which is right',
            ),
            ccw: l('逆时针：Q₁ × Q₁′ = {cross} > 0', 'counter-clockwise: Q₁ × Q₁′ = {cross} > 0'),
            cw: l('顺时针：Q₁ × Q₁′ = {cross} < 0', 'clockwise: Q₁ × Q₁′ = {cross} < 0'),
          },
        },
        {
          kind: 'erratum',
          id: 'e004-clockwise',
          text: l(
            '004 说把 (1, 0)"顺时针旋转 90°"得到 (0, 1)。从 x 轴正方向转到 y 轴正方向是**逆时针**（上图的叉积为正）；$R(\\theta)$ 对 $\\theta>0$ 逆时针转。',
            '004 says (1, 0) "rotated 90° clockwise" gives (0, 1). Turning from the positive x axis to the positive y axis is **counter-clockwise** (the cross product above is positive); $R(\\theta)$ turns counter-clockwise for $\\theta>0$.',
          ),
        },
      ],
    },
    {
      id: 'frequencies',
      title: l('高维：每对维度一个频率', 'Higher dimensions: one frequency per pair'),
      seeds: '000 §3.3 · 004 §2.6',
      blocks: [
        {
          kind: 'math',
          tex: 'R_{\\Theta,m}=\\operatorname{diag}\\big(\\htmlData{term=plane0}{R(m\\theta_0)},\\htmlData{term=plane1}{R(m\\theta_1)},\\allowbreak\\dots,\\htmlData{term=planeLast}{R(m\\theta_{d/2-1})}\\big),\\qquad \\theta_i=\\text{base}^{-2i/d}',
          terms: [
            { id: 'plane0', label: l('平面 0：转 mθ₀', 'plane 0: turn mθ₀') },
            { id: 'plane1', label: l('平面 1：转 mθ₁', 'plane 1: turn mθ₁') },
            { id: 'planeLast', label: l('最后一个平面', 'the last plane') },
          ],
        },
        {
          kind: 'text',
          text: l(
            '$d$ 维向量分成 $d/2$ 个平面，第 $i$ 个平面以频率 $\\theta_i$ 转。同一个位置 $m$，快的平面已经转了很多圈，慢的几乎没动。每个表盘的指针是 $m\\theta_i$，下面写着化到一圈内的角度和已转过的整圈数：',
            "A $d$-dimensional vector is $d/2$ planes, and plane $i$ turns at frequency $\\theta_i$. At the same position $m$ the fast planes have turned many times and the slow ones hardly at all. Each dial's hand is $m\\theta_i$, with the angle reduced to one turn and the whole turns already made written under it:",
          ),
        },
        { kind: 'controls', params: ['m', 'd', 'base', 'layout'] },
        {
          kind: 'figure',
          tag: 'posenc-rope-dials',
          id: 'dials',
          props: {
            dim: param('d'),
            base: param('base'),
            m: param('m'),
            caption: l('位置 m 处每个平面转过的角度 mθᵢ', 'The angle mθᵢ of each plane at position m'),
            pairLabel: l('平面', 'plane'),
            turnWord: TURNS,
          },
        },
        {
          kind: 'figure',
          tag: 'posenc-rope-block-matrix',
          props: {
            dim: param('d'),
            base: param('base'),
            m: param('m'),
            layout: param('layout'),
            caption: l(
              '$R_{\\Theta,m}$，d = {d}：同色边框是同一个平面的四个元素，其余都是 0',
              "$R_{\\Theta,m}$ for d = {d}: cells with the same border colour are one plane's four entries; everything else is 0",
            ),
            large: l(
              'd 大于 16 时画成热图（悬停看数值）；换成前后半配对，方块就散开成同一矩阵的行列重排。',
              'Above d = 16 the matrix is drawn as a heatmap (hover for values); with the halves pairing the blocks scatter into the same matrix with rows and columns permuted.',
            ),
            tableLabel: TABLE_LABEL,
          },
        },
        {
          kind: 'text',
          text: l(
            '换成"前后半配对"：每个平面的四个元素不再挨在一起，而是散到 $(i, i)$、$(i, i+d/2)$、$(i+d/2, i)$、$(i+d/2, i+d/2)$——同一个矩阵，行和列按同一个排列重排。',
            'Switch to the "halves" pairing: each plane\'s four entries are no longer side by side but at $(i, i)$, $(i, i+d/2)$, $(i+d/2, i)$, $(i+d/2, i+d/2)$: the same matrix with its rows and columns reordered by one permutation.',
          ),
        },
        {
          kind: 'note',
          text: l(
            '讲义 004 里 $\\theta_i$ 有四种含义：第 $i$ 个词的转角（§2.5）、$pos/10000^{2i/d}$ 这个角度本身（§2.5）、从 1 数起的第 $i$ 个频率（§2.6）、从 0 数起的频率（§2.7）。本站只用一种：$\\theta_i$ 是第 $i$ 个平面的频率（从 0 数起），$m\\theta_i$ 是它在位置 $m$ 的转角。',
            'In document 004 $\\theta_i$ means four things: the angle of token $i$ (§2.5), the angle $pos/10000^{2i/d}$ itself (§2.5), the $i$-th frequency counted from 1 (§2.6) and the frequency counted from 0 (§2.7). This site uses one: $\\theta_i$ is the frequency of plane $i$ (from 0), and $m\\theta_i$ its angle at position $m$.',
          ),
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
            '讲义的算例 $d=4$、$m=2$：$\\theta_0=1$，$\\theta_1=0.01$。$(1, 2)$ 在第一个平面里转 2 弧度，$(3, 4)$ 在第二个平面里只转 0.02 弧度。表格逐步重算（双精度），最后一列是本项目函数库里 `applyRope` 函数的单精度结果（程序调用它时得到的就是这些数）。移动 $m$ 看其他位置。',
            "The document's example, $d=4$, $m=2$: $\\theta_0=1$, $\\theta_1=0.01$. $(1, 2)$ turns by 2 radians in the first plane, $(3, 4)$ by only 0.02 radians in the second. The tables redo each step in float64; the last column is what the library's `applyRope` function returns in float32 (the numbers a program calling it gets). Move $m$ to see other positions.",
          ),
        },
        { kind: 'controls', params: ['m'] },
        {
          kind: 'figure',
          tag: 'posenc-rope-worked',
          props: {
            q: [1, 2, 3, 4],
            m: param('m'),
            stepsCaption: l('逐步计算', 'Step by step'),
            resultCaption: l('f(q, m)', 'f(q, m)'),
            turnWord: TURNS,
          },
        },
        {
          kind: 'erratum',
          id: 'e000-rounding',
          text: l(
            '在 $m=2$ 时精确结果是 $[-2.2347, 0.0770, 2.9194, 4.0592]$。讲义用已舍入到三位的 cos、sin 相乘，得到第一个分量 $-2.234$；保留三位应为 $-2.235$。其余分量在所印位数内正确。',
            'At $m=2$ the exact result is $[-2.2347, 0.0770, 2.9194, 4.0592]$. The document multiplies cos and sin already rounded to three decimals and gets $-2.234$ for the first component; to three decimals it is $-2.235$. The other components are right to the digits printed.',
          ),
        },
      ],
    },
    {
      id: 'elementwise',
      title: l('逐元素形式与两种配对', 'The element-wise form, in both pairings'),
      seeds: l('000 §3.5 · 004 §2.5（代码）', '000 §3.5 · 004 §2.5 (code)'),
      blocks: [
        {
          kind: 'math',
          tex: 'f(x,m)={x\\odot\\cos(m\\theta)}+{\\operatorname{rot}(x)\\odot\\sin(m\\theta)},\\quad \\operatorname{rot}_{\\text{interleaved}}(x)=[-x_1,x_0,-x_3,x_2,\\dots],\\quad \\operatorname{rot}_{\\text{half}}(x)=[-x_{d/2:},\\,x_{:d/2}]',
        },
        {
          kind: 'text',
          text: l(
            '实际实现不构造矩阵，只做逐元素乘加。RoFormer 与讲义把相邻两维配成一个平面；GPT-NeoX 与 Hugging Face 的 `rotate_half` 把第 $i$ 维和第 $i+d/2$ 维配对。选一种配对方式，下面的连线、表格与结果都会跟着变：',
            "Real implementations never build the matrix: they multiply and add element by element. RoFormer and the teaching documents pair neighbouring dimensions into a plane; GPT-NeoX and Hugging Face's `rotate_half` pair dimension $i$ with $i+d/2$. Pick a pairing and the arcs, the table and the result below follow it:",
          ),
        },
        { kind: 'controls', params: ['layout', 'm'] },
        {
          kind: 'figure',
          tag: 'posenc-rope-layouts',
          props: {
            m: param('m'),
            base: param('base'),
            layout: param('layout'),
            pairingCaption: l(
              'x = [1 … 8] 的维度怎样配成平面（同色相连）',
              'How the dimensions of x = [1 … 8] pair into planes (joined in one colour)',
            ),
            tableCaption: l(
              '逐元素：f(x)ₖ = xₖ·cos + （第四列）·sin，第四列是配对分量转 90°',
              'Element by element: f(x)ₖ = xₖ·cos + rot(x)ₖ·sin',
            ),
            permCaption: l(
              '排列 P：把相邻配对的维度顺序 [x₀, x₁, x₂, …] 重排成 [x₀, x₂, …, x₁, x₃, …]',
              'The permutation P: it reorders [x₀, x₁, x₂, …] into [x₀, x₂, …, x₁, x₃, …]',
            ),
            check: l(
              '两种配对只差这个排列：对重排后的向量用前后半配对，结果就是相邻配对结果的同样重排。核心逐个比较，最大差 {diff}——同样的乘加，只是换了位置，所以连最后一位都相同。',
              'The two pairings differ by this permutation only: apply the halves pairing to the reordered vector and you get the interleaved result reordered the same way. The core compares them entry by entry; the largest difference is {diff}: the same multiplications and additions in other places, equal to the last bit.',
            ),
          },
        },
        {
          kind: 'erratum',
          id: 'e004-rope-code',
          text: l(
            '004 的 `rotary_embedding` 代码在角度里除以 `dim`（= d/2）而不是 d，得到 $\\theta_i=10000^{-4i/d}$；它把旋转后的两半 `cat` 在一起而不是交错放回，输出维度顺序与输入不同；`positions[:, None]` 的形状是 `(batch, 1, seq)`，与形状为 `(d/2,)` 的 `theta` 无法广播，示例按原样运行会报错（应为 `positions[..., None]`）。',
            "004's `rotary_embedding` code divides by `dim` (= d/2) instead of d, giving $\\theta_i=10000^{-4i/d}$; it `cat`s the two rotated halves instead of interleaving them back, so the output dimensions come out in a different order from the input; and `positions[:, None]` has shape (batch, 1, seq), which does not broadcast against theta of shape (d/2,), so the example raises an error as written (it needs `positions[..., None]`).",
          ),
        },
      ],
    },
    {
      id: 'relative-scores',
      title: l('所有位置上：qₘᵀkₙ 只依赖 n − m', 'At every position: qₘᵀkₙ depends only on n − m'),
      seeds: '000 §3.2 · 004 §2.6',
      blocks: [
        {
          kind: 'text',
          text: l(
            '同一个 $q$ 放在每个位置 $m$，同一个 $k$ 放在每个位置 $n$，核心旋转后算出所有 $q_m^\\top k_n$。如果分数只依赖 $n-m$，矩阵沿每条对角线都是常数：描出来的那条对角线画在右边，是一条水平线。',
            'Put the same $q$ at every position $m$ and the same $k$ at every position $n$; the core rotates them and computes every $q_m^\\top k_n$. If the score depends on $n-m$ only, the matrix is constant along each diagonal: the outlined diagonal is plotted on the right, and it is a flat line.',
          ),
        },
        { kind: 'controls', params: ['N', 'd', 'base', 'gap'] },
        {
          kind: 'figure',
          tag: 'posenc-rope-relative-matrix',
          props: {
            count: param('N'),
            dim: param('d'),
            base: param('base'),
            gap: param('gap'),
            caption: l('qₘᵀkₙ（同一对 q、k 放在每个位置）', 'qₘᵀkₙ (the same q, k at every position)'),
            diagonalCaption: l('对角线 n − m = {gap} 上的值', 'values on the diagonal n − m = {gap}'),
            summary: l(
              '所有对角线中，沿一条对角线的最大变化是 {dev}：在双精度舍入以内，每条对角线都是常数。',
              'Along any diagonal the values change by at most {dev}: within float64 rounding, every diagonal is constant.',
            ),
            tableLabel: TABLE_LABEL,
          },
        },
        {
          kind: 'erratum',
          id: 'e004-projection-order',
          text: l(
            "004 §2.5 第 (3) 步写 $A_{i,j}=(Q'W_q)(K'W_k)^\\top$，先旋转再投影。RoPE 旋转的是投影之后的 $q=W_qx$、$k=W_kx$；先旋转再乘投影矩阵，分数就不再只依赖 $n-m$。",
            "004 §2.5 step (3) writes $A_{i,j}=(Q'W_q)(K'W_k)^\\top$, rotating first and projecting after. RoPE rotates the projected $q=W_qx$, $k=W_kx$; multiplying by the projection after the rotation breaks the dependence on $n-m$ alone.",
          ),
        },
      ],
    },
    {
      id: 'demo004',
      title: l('004 的三个词演示', 'The three-token demo of 004'),
      seeds: l('004 §2.5（代码）', '004 §2.5 (code)'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '004 的代码：三个二维词向量，$Q=\\text{F.linear}(x,W_q)=xW_q^\\top$（行向量，注意转置；RoFormer 用列向量写 $W_q x$，是同一件事），第 $i$ 个词转 10°、20°、30°，即位置 1、2、3 与 $\\theta=10°$。核心重算它画的图和打印的注意力权重：',
            "004's code: three 2-D tokens, $Q=\\text{F.linear}(x,W_q)=xW_q^\\top$ (row vectors, note the transpose; RoFormer writes column vectors, $W_q x$, for the same thing), token $i$ turned by 10°, 20°, 30°, i.e. positions 1, 2, 3 with $\\theta=10°$. The core redoes its plot and the attention weights it prints:",
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-rope-demo',
          props: {
            // 004's code, row by row: tokens (3 × 2), W_q and W_k (2 × 2, used as F.linear(x, W) = x·Wᵀ)
            tokens: { rows: 3, cols: 2, data: [1.0, 0.2, 0.3, 1.0, -0.9, 0.5] },
            wq: { rows: 2, cols: 2, data: [1.0, 0.8, -0.8, 1.0] },
            wk: { rows: 2, cols: 2, data: [-1.0, 0.6, 0.6, 1.0] },
            anglesDeg: [10, 20, 30],
            caption: l(
              '旋转前（虚线）与旋转后（实线）的 Q、K，括号里是转角',
              'Q and K before (dashed) and after (solid) the turn, angle in brackets',
            ),
            weightsCaption: l('旋转后的注意力权重', 'Attention weights after the rotation'),
            outputCaption: l('输出 = 权重 · V', 'Output = weights · V'),
            claimCaption: l('检查 004 的式子 Q′ᵢ·K′ⱼ = cos(θᵢ − θⱼ)(Qᵢ·Kⱼ)', "Checking 004's formula Q′ᵢ·K′ⱼ = cos(θᵢ − θⱼ)(Qᵢ·Kⱼ)"),
          },
        },
        {
          kind: 'erratum',
          id: 'e004-cos-only',
          text: l(
            '004 写 $Q\'_i\\cdot K\'_j=\\cos(\\theta_i-\\theta_j)(Q_i\\cdot K_j)$，漏了正弦项：正确的是 $\\cos(\\theta_j-\\theta_i)\\,Q_i^\\top K_j+\\sin(\\theta_j-\\theta_i)\\,Q_i^\\top JK_j$（见"加法与乘法"一章）。上表最后一列就是漏掉的这一项，它不为 0。',
            '004 writes $Q\'_i\\cdot K\'_j=\\cos(\\theta_i-\\theta_j)(Q_i\\cdot K_j)$, dropping the sine term: the right formula is $\\cos(\\theta_j-\\theta_i)\\,Q_i^\\top K_j+\\sin(\\theta_j-\\theta_i)\\,Q_i^\\top JK_j$ (see the "Additive vs multiplicative" chapter). The last column above is exactly the term it drops, and it is not 0.',
          ),
        },
        {
          kind: 'note',
          text: l(
            '004 说旋转保持向量长度"因为旋转是线性的"。结论对，理由不对：线性映射一般会改变长度（投影 $W_q$ 就会）；旋转保长是因为它是正交的，$R^\\top R=I$。',
            '004 says the rotation keeps the vector\'s length "because it is linear". The conclusion is right, the reason is not: linear maps change lengths in general (the projection $W_q$ does); a rotation keeps them because it is orthogonal, $R^\\top R=I$.',
          ),
        },
      ],
    },
    {
      id: 'decay',
      title: l('远程衰减：一个上界，不是分数本身', 'Long-distance decay: a bound, not the score'),
      seeds: l('004 §2.6 "旋转模拟相对距离衰减"', '004 §2.6, "rotation models decay with distance"'),
      blocks: [
        {
          kind: 'text',
          text: l(
            'RoFormer §3.4.3 证明 $|q_m^\\top k_n|$ 不超过 $\\max_j|h_{j+1}-h_j|\\cdot\\sum_{j=1}^{d/2}|S_j|$，其中 $S_j=\\sum_{i<j}e^{\\mathrm{i}(n-m)\\theta_i}$。"远程衰减"说的是后一个因子（除以 $d/2$，下图按它在 0 处的值归一）整体随距离下降。它是上界：某一对 $q$、$k$ 的分数完全可以随距离变大。这个上界也只在维度多时才明显下降：把 $d$ 调到 8，它只是上下摆动，看不出下降。',
            'RoFormer §3.4.3 proves that $|q_m^\\top k_n|$ is at most $\\max_j|h_{j+1}-h_j|\\cdot\\sum_{j=1}^{d/2}|S_j|$ with $S_j=\\sum_{i<j}e^{\\mathrm{i}(n-m)\\theta_i}$. The "long-distance decay" is the second factor (divided by $d/2$; below, relative to its value at 0) falling with distance on the whole. It is an upper bound: the score of a given $q$, $k$ may well grow with distance. And it only falls clearly with many dimensions: set $d$ to 8 and it only swings up and down, with no decay to see.',
          ),
        },
        { kind: 'controls', params: ['dDecay', 'base', 'delta'] },
        {
          kind: 'predict',
          id: 'predict-decay',
          question: l(
            '$d$ = {dDecay}，$n-m$ 从 0 走到 {delta}。这个上界会怎样变化？',
            '$d$ = {dDecay}, $n-m$ from 0 to {delta}. What does the bound do?',
          ),
          choices: [
            { value: 'every', label: l('每走一步都下降', 'it goes down at every single step') },
            { value: 'overall', label: l('整体下降，但有些步会上升', 'it goes down on the whole, though some steps go up') },
            { value: 'none', label: l('看不出下降：远处又回到起点附近', 'no decay to see: far away it comes back up near its start') },
          ],
          reveal: {
            tag: 'posenc-rope-decay',
            props: {
              dim: param('dDecay'),
              base: param('base'),
              delta: param('delta'),
              caption: l('RoFormer 的上界与两个真实分数，对 n − m', "RoFormer's bound and two actual scores, against n − m"),
              boundLabel: l('上界（相对 n − m = 0）', 'bound (relative to n − m = 0)'),
              onesLabel: l('q = k = (1, …, 1) 的分数 ÷ d', 'score of q = k = (1, …, 1) ÷ d'),
              pairLabel: l('一对随机 q、k 的分数 ÷ |q||k|', 'score of one random q, k ÷ |q||k|'),
              riseLabel: l('第一次上升：{first}', 'first rise: {first}'),
              peakLabel: l('后半段最高：{peak}', 'highest in the far half: {peak}'),
              thresholdLabel: l('起点的一半', 'half the start'),
              counting: l('正在逐个距离计算上界…', 'computing the bound at every distance…'),
              summaryEvery: l(
                '这 {steps} 步里上界没有一步上升：它每一步都在下降。在后半段（$n-m\\ge$ {from}）它最高只有起点的 {peak}。',
                'In these {steps} steps the bound never goes up: it falls at every step. Over the far half ($n-m\\ge$ {from}) it reaches at most {peak} of its start.',
              ),
              summaryOverall: l(
                '整体在下降：后半段（$n-m\\ge$ {from}，灰色区域）里上界最高只有起点的 {peak}，不到一半。但并非每步都降：{steps} 步里有 {rises} 步上升，第一次在 $n-m$ = {first}。红线（一对具体的 $q$、$k$）在正负之间来回，远处也不趋于 0。',
                'It falls on the whole: over the far half ($n-m\\ge$ {from}, shaded) the bound reaches at most {peak} of its start, less than half. But not at every step: it goes up at {rises} of {steps} steps, first at $n-m$ = {first}. The red curve (one actual pair $q$, $k$) swings between positive and negative and does not settle to 0 far away either.',
              ),
              summaryNone: l(
                '看不出衰减：在后半段（$n-m\\ge$ {from}，灰色区域）上界又回到起点的 {peak}（在 $n-m$ = {at}），超过一半。{steps} 步里有 {rises} 步上升。维度太少时，几个频率的部分和抵消不了多少，上界只是上下摆动。',
                'No decay to see: over the far half ($n-m\\ge$ {from}, shaded) the bound comes back up to {peak} of its start (at $n-m$ = {at}), more than half. It goes up at {rises} of {steps} steps. With few dimensions the partial sums of a handful of frequencies cancel little, and the bound only swings.',
              ),
            },
          },
          explain: l(
            '维度多时，$e^{\\mathrm{i}\\Delta\\theta_i}$ 的部分和在远处互相抵消，上界整体下降；抵消并不单调，所以有些步会上升。维度少时抵消得很少，远处的上界会回到起点附近。无论哪种情况，它说的都是"分数最大可能有多大"，不是某个分数本身。这里"整体下降"的标准是：后半段的最高点不超过起点的一半。',
            'With many dimensions the partial sums of $e^{\\mathrm{i}\\Delta\\theta_i}$ cancel far away and the bound falls on the whole; the cancelling is not monotonic, so some steps go up. With few dimensions little cancels, and far away the bound comes back near its start. Either way it says how large a score can be, not what any score is. "Falls on the whole" is judged here as: its highest point over the far half of the range is at most half its start.',
          ),
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
            '轴向二维 RoPE：前一半维度按横坐标 $x$ 旋转，后一半按纵坐标 $y$ 旋转，每一半用 $d/2$ 维 RoPE 的频率，分数只依赖 $(\\Delta x,\\Delta y)$。热图是中心图块的查询对网格上每个图块的键的分数（中心已框出）。',
            "Axial 2-D RoPE: the first half of the dimensions turns with the $x$ coordinate, the second half with $y$, each half with the frequencies of a $d/2$-dimensional RoPE, and the score depends on $(\\Delta x,\\Delta y)$ only. The heatmap is the centre patch's query against the key of every patch of the grid (the centre is outlined).",
          ),
        },
        {
          kind: 'math',
          tex: '\\theta_{x,i}=\\text{base}^{-2i/d_x},\\qquad \\theta_{y,i}=\\text{base}^{-2i/d_y},\\qquad d_x=d_y=d/2',
        },
        {
          kind: 'text',
          text: l(
            '004 §2.7 给出这两串角度：$x$ 方向和 $y$ 方向各用一串，就是把一维 RoPE 的 $\\theta_i$ 用在一半的维度上。',
            '004 §2.7 gives the two lists of angles: one for the $x$ direction and one for $y$, each the $\\theta_i$ of 1-D RoPE applied to half of the dimensions.',
          ),
        },
        { kind: 'controls', params: ['grid'] },
        {
          kind: 'figure',
          tag: 'posenc-rope-2d',
          props: {
            grid: param('grid'),
            shift: [5, -3],
            caption: l('中心查询对每个图块的分数', "The centre query's score against each patch"),
            centreLabel: l('查询', 'query'),
            summary: l(
              '把查询和所有键一起平移 ({sx}, {sy})，分数最多变化 {diff}：只在双精度舍入以内。',
              'Shift the query and every key together by ({sx}, {sy}) and the scores change by at most {diff}: rounding only.',
            ),
            tableLabel: TABLE_LABEL,
            offset: [3, 1],
            thetaText: l(
              '这张图的 $d$ = {d}：$d_x=d_y=$ {half}，每一半有 {pairs} 对。横向每移一格，$x$ 那一半的第 $i$ 对转 $\\theta_{x,i}$；纵向每移一格，$y$ 那一半的第 $i$ 对转 $\\theta_{y,i}$：$\\theta_x$ = {thetaX}，$\\theta_y$ = {thetaY}，是同一串数。对一个与查询在 $x$ 方向相距 {dx} 格、$y$ 方向相距 {dy} 格的键，分数读到的转角是 $x$ 那一半的 $\\Delta x\\,\\theta_{x,i}$ = {angleX} 弧度，和 $y$ 那一半的 $\\Delta y\\,\\theta_{y,i}$ = {angleY} 弧度，两组各算各的。',
              'In this figure $d$ = {d}: $d_x=d_y=$ {half}, each half with {pairs} pairs. One patch to the right turns pair $i$ of the $x$ half by $\\theta_{x,i}$; one patch down turns pair $i$ of the $y$ half by $\\theta_{y,i}$: $\\theta_x$ = {thetaX} and $\\theta_y$ = {thetaY}, the same list. For a key {dx} patches from the query along $x$ and {dy} along $y$, the score reads the turns $\\Delta x\\,\\theta_{x,i}$ = {angleX} radians in the $x$ half and $\\Delta y\\,\\theta_{y,i}$ = {angleY} radians in the $y$ half, each on its own.',
            ),
          },
        },
        {
          kind: 'erratum',
          id: 'e004-2d',
          text: l(
            '004 把二维 RoPE 写成一个复数乘一个指数 $e^{\\mathrm{i}(x_m\\theta_x+y_m\\theta_y)}$，又说 $d_x$、$d_y$ 各取一半维度。只用一个指数时，分数只依赖 $\\Delta x\\,\\theta_x+\\Delta y\\,\\theta_y$，不同的 $(\\Delta x,\\Delta y)$ 可以给出同一个角度；轴向二维 RoPE 把维度分成两半，各转各的。',
            '004 writes 2-D RoPE as one complex number times one exponent $e^{\\mathrm{i}(x_m\\theta_x+y_m\\theta_y)}$, and also says $d_x$, $d_y$ take half the dimensions each. With one exponent the score depends only on $\\Delta x\\,\\theta_x+\\Delta y\\,\\theta_y$, and different $(\\Delta x,\\Delta y)$ can give the same angle; axial 2-D RoPE splits the dimensions, each half turning on its own.',
          ),
        },
        {
          kind: 'note',
          text: l(
            '同一处公式里 $x_m$ 有两个意思：词向量（$W^q x_m$）和横坐标（$x_m\\theta_x$）。把词向量写成 $h_m$、坐标写成 $(x_m, y_m)$ 就不会混。',
            'In the same formula $x_m$ means two things: the token vector ($W^q x_m$) and the horizontal coordinate ($x_m\\theta_x$). Write the token vector $h_m$ and the coordinates $(x_m, y_m)$ and they no longer collide.',
          ),
        },
      ],
    },
  ],
  takeaways: [
    l(
      'RoPE 把位置 $m$ 的查询转 $m\\theta$、位置 $n$ 的键转 $n\\theta$。因为 $R(m\\theta)^\\top R(n\\theta)=R((n-m)\\theta)$，分数只依赖 $n-m$，整体平移不改变它。',
      'RoPE turns the query at position $m$ by $m\\theta$ and the key at $n$ by $n\\theta$. Because $R(m\\theta)^\\top R(n\\theta)=R((n-m)\\theta)$, the score depends on $n-m$ only, and moving both together leaves it unchanged.',
    ),
    l(
      '位置是乘上去的：分数是 $|q|\\,|k|\\cos\\varphi$，长度带着内容，夹角带着相对位置。复数写法 $\\tilde q\\,e^{\\mathrm{i}m\\theta}$ 说的是同一件事。',
      'Position multiplies: the score is $|q|\\,|k|\\cos\\varphi$, the lengths carry the content and the angle the relative position. The complex form $\\tilde q\\,e^{\\mathrm{i}m\\theta}$ says the same thing.',
    ),
    l(
      '$d$ 维是 $d/2$ 个平面、频率 $\\theta_i=\\text{base}^{-2i/d}$；实现用逐元素乘加。相邻配对与前后半配对只差一个维度排列。',
      '$d$ dimensions are $d/2$ planes at frequencies $\\theta_i=\\text{base}^{-2i/d}$, applied element by element. The interleaved and halves pairings differ by one permutation of the dimensions.',
    ),
    l(
      '"远程衰减"是一个上界，维度多时整体下降但不单调；它不保证某一对 $q$、$k$ 的分数随距离变小。',
      'The "long-distance decay" is an upper bound that falls on the whole with many dimensions, not at every step; it promises nothing about the score of a given $q$, $k$.',
    ),
  ],
  references: [
    {
      text: 'Su et al., "RoFormer: Enhanced Transformer with Rotary Position Embedding", 2021 (§3.2–3.4)',
      href: 'https://arxiv.org/abs/2104.09864',
    },
    {
      text: 'Biderman et al., "Rotary Embeddings: A Relative Revolution", EleutherAI blog, 2021',
      href: 'https://blog.eleuther.ai/rotary-embeddings/',
    },
    {
      text: 'Hugging Face transformers, rotate_half and apply_rotary_pos_emb (modeling_llama.py)',
      href: 'https://github.com/huggingface/transformers/blob/main/src/transformers/models/llama/modeling_llama.py',
    },
    {
      text: 'EleutherAI GPT-NeoX, RotaryEmbedding (megatron/model/positional_embeddings.py)',
      href: 'https://github.com/EleutherAI/gpt-neox/blob/main/megatron/model/positional_embeddings.py',
    },
    {
      text: 'Heo et al., "Rotary Position Embedding for Vision Transformer", ECCV 2024',
      note: l('轴向二维 RoPE', 'axial 2-D RoPE'),
      href: 'https://arxiv.org/abs/2403.13298',
    },
  ],
  glossary: [
    glossary.position,
    glossary.offset,
    glossary.pairIndex,
    glossary.theta,
    glossary.rotation,
    glossary.layout,
    glossary.dModel,
    glossary.base,
  ],
};

export default body;
