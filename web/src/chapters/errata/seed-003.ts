/**
 * The audit of seed 003, "Thought of Position Embedding" (web/data/seeds/003_1b2565e023c4a316.txt).
 * Data only: the checks are in components/errata/checks.ts.
 */
import type { EntryData } from '../../components/errata/types.js';
import { l } from '../../components/shared/i18n.js';

export const SEED_003: EntryData[] = [
  {
    id: 'e003-delta-sign',
    doc: '003',
    location: l('§1 与 §3.1–3.2', '§1 against §3.1–3.2'),
    quote: [
      { line: 30, text: '位置编码的目的：让模型能感知 **token m 与 token n 的相对位置差** `Δ = m−n`。' },
      { line: 118, text: '也就是说，打分只依赖相对距离 `Δ = n−m`。' },
    ],
    says: '§1 defines Δ = m − n; §3.1 defines Δ = n − m, and §3.2 uses R(Δ) with that Δ.',
    kind: 'notation',
    verdict: 'erratum',
    severity: 'typo',
    title: l('$\\Delta$ 在两节里符号相反', '$\\Delta$ has opposite signs in two sections'),
    right: l(
      '$\\cos$ 是偶函数，$\\cos$ 项看不出区别，但 $\\sin$ 项会变号：$q^\\top R(\\Delta)k=\\cos(\\omega\\Delta)q^\\top k+\\sin(\\omega\\Delta)q^\\top Jk$。应全文统一为 $\\Delta=n-m$（键减查询），与 §3 一致。',
      '$\\cos$ is even, so the $\\cos$ term does not notice, but the $\\sin$ term changes sign: $q^\\top R(\\Delta)k=\\cos(\\omega\\Delta)q^\\top k+\\sin(\\omega\\Delta)q^\\top Jk$. Use $\\Delta=n-m$ (key minus query) throughout, as §3 does.',
    ),
    chapter: 'modulation',
    check: { name: 'offsetSign', args: { q: [1, 0], k: [0, 1], m: 0, n: 1, theta: 1 } },
  },
  {
    id: 'c003-four-terms',
    doc: '003',
    location: l('§2.2 展开', '§2.2 Expanding the score'),
    quote: [{ line: 56, text: '展开后是四项相加（内容项 + 交叉项 + 位置项）：' }],
    says: 'Expanded, the score is a sum of four terms (content + cross terms + position).',
    kind: 'claim',
    verdict: 'confirmed',
    title: l('分数是四项之和', 'The score is the sum of four terms'),
    right: l(
      '正确：内容—内容、内容—位置、位置—内容、位置—位置四项之和，等于在 $X+P$ 上用同一公式算出的分数（与 001 式 (6.1.13) 相同）。',
      'Right: content–content, content–position, position–content and position–position add up to the score the same formula gives on $X+P$ (as in 001 eq. (6.1.13)).',
    ),
    chapter: 'scores',
    check: { name: 'fourTerms', args: { seed: 2, n: 6, d: 8 } },
  },
  {
    id: 'e003-pp-not-relative',
    doc: '003',
    location: l('开头，§2.2–2.3，§4–5', 'Opening, §2.2–2.3, §4–5'),
    quote: [
      { line: 11, text: '> **Sinusoidal PE**：通过点积产生 `cos(ω(m−n))` 的**加法偏移**。' },
      { line: 15, text: '两者都能把“相对距离 `(m−n)`”编码进 attention 打分' },
      { line: 73, text: '也就是说，某些情况下你可以把打分理解成：' },
      { line: 76, text: '\\underbrace{\\cos(\\omega(m-n))}_{\\text{距离相关的加法项}}' },
    ],
    says: 'With sinusoidal PE the dot product produces an additive offset cos(ω(m − n)): the last of the four terms is the pure position contribution, and by the identity [sin mω, cos mω]·[sin nω, cos nω] = cos(ω(m − n)) it is a distance term.',
    kind: 'claim',
    verdict: 'erratum',
    severity: 'misleading',
    title: l(
      '投影之后，位置项一般不是距离的函数',
      'After the projections the position term is not, in general, a function of the distance',
    ),
    right: l(
      '恒等式说的是 $p_m\\cdot p_n$，而分数的第四项是 $(W_Qp_m)^\\top(W_Kp_n)=p_m^\\top W_Q^\\top W_Kp_n$。只有 $W_Q^\\top W_K=I$ 时它才等于 $\\sum_i\\cos(\\omega_i(m-n))$，只有 $W_Q^\\top W_K$ 与每个旋转块可交换时才只依赖 $m-n$；一般学到的投影下它分别依赖 $m$ 和 $n$。所以这个加法项是只与位置有关的偏置，但一般不是"距离"项；"某些情况下"应写明是哪种情况。',
      'The identity is about $p_m\\cdot p_n$, but the score\'s fourth term is $(W_Qp_m)^\\top(W_Kp_n)=p_m^\\top W_Q^\\top W_Kp_n$. It equals $\\sum_i\\cos(\\omega_i(m-n))$ only when $W_Q^\\top W_K=I$, and depends on $m-n$ alone only when $W_Q^\\top W_K$ commutes with every rotation block; for generic learned projections it depends on $m$ and $n$ separately. So the additive term is a position-only bias, but in general not a distance term; "in some cases" should say which.',
    ),
    chapter: 'scores',
    link: 'weights=identity',
    check: {
      name: 'positionTerm',
      args: {
        seed: 7,
        n: 12,
        d: 8,
        cells: [
          [1, 3],
          [5, 7],
        ],
      },
    },
  },
  {
    id: 'c003-shift-invariance',
    doc: '003',
    location: l('§3.1 RoPE 的做法', '§3.1 How RoPE works'),
    quote: [
      { line: 109, text: 'R(m)^\\top R(n) = R(n-m)' },
      { line: 115, text: "q_m'^\\top k_n' = q_m^\\top R(n-m)\\,k_n" },
    ],
    says: 'Rotations satisfy $R(m)^\\top R(n) = R(n-m)$, so ${q^\\prime_m}^\\top k^\\prime_n = q_m^\\top R(n-m)\\,k_n$ depends only on the distance.',
    kind: 'claim',
    verdict: 'confirmed',
    title: l('$R(m)^\\top R(n)=R(n-m)$，分数只依赖 $n-m$', '$R(m)^\\top R(n)=R(n-m)$: the score depends on $n-m$ only'),
    right: l(
      '正确：核心在块对角旋转上验证恒等式，并测得同一位置差的分数相同。',
      'Right: the core checks the identity on block-diagonal rotations and measures equal scores at equal offsets.',
    ),
    chapter: 'modulation',
    check: {
      name: 'ropeRelative',
      args: {
        dim: 8,
        seed: 21,
        pairs: [
          [2, 5],
          [12, 15],
          [2, 6],
        ],
      },
    },
  },
  {
    id: 'c003-split',
    doc: '003',
    location: l('§2.2 与 §3.2', '§2.2 and §3.2'),
    quote: [
      { line: 69, text: '[\\sin(m\\omega),\\cos(m\\omega)]\\cdot[\\sin(n\\omega),\\cos(n\\omega)]' },
      { line: 136, text: '= \\cos(\\omega\\Delta)\\,(q^\\top k)' },
      { line: 138, text: '\\sin(\\omega\\Delta)\\,(q^\\top J k)' },
    ],
    says: '[sin mω, cos mω]·[sin nω, cos nω] = cos(ω(m − n)); qᵀR(Δ)k = cos(ωΔ)(qᵀk) + sin(ωΔ)(qᵀJk).',
    kind: 'claim',
    verdict: 'confirmed',
    title: l(
      '$\\cos(\\omega(m-n))$ 恒等式与 $q^\\top R(\\Delta)k$ 的拆分',
      'The $\\cos(\\omega(m-n))$ identity and the split of $q^\\top R(\\Delta)k$',
    ),
    right: l(
      '两个恒等式都对：核心逐平面验证，差在浮点误差以内（$J$ 是逆时针 90° 旋转）。',
      'Both identities hold: the core checks each plane, with differences at rounding level ($J$ is the counter-clockwise 90° turn).',
    ),
    chapter: 'modulation',
    check: { name: 'ropeSplit', args: { q: [0.3, 1.2, -0.7, 0.5], k: [1.1, -0.4, 0.2, 0.9], delta: 7, dim: 4, m: 2, n: 7 } },
  },
  {
    id: 'e003-paren-delimiter',
    doc: '003',
    location: l('§3.2', '§3.2'),
    quote: [{ line: 141, text: '其中 \\(J\\) 是 90° 旋转算子（不重要，知道它也是内容相关项就行）。' }],
    says: 'Where \\(J\\) is the 90° rotation operator (not important: just know it is a content term too).',
    kind: 'typesetting',
    verdict: 'erratum',
    severity: 'typo',
    title: l('唯一一处 `\\(J\\)` 不会被排成公式', 'The one `\\(J\\)` is not typeset'),
    right: l(
      '全文其余公式都用 `$$`（行内用反引号），只有这里用 `\\( … \\)`：在常见的文档转换里 `\\(` 是转义的括号，读者看到的是文字"(J)"；KaTeX 在数学环境内也不接受 `\\(`。应写 `$J$`。而且 $J$ 的方向决定 $\\sin$ 项的符号，不算"不重要"：$J=\\begin{bmatrix}0&-1\\\\1&0\\end{bmatrix}$，逆时针 90°。',
      'Every other formula uses `$$` (inline ones backticks); only here is `\\( … \\)` used: in Markdown `\\(` is an escaped parenthesis, so the reader sees the text "(J)", and KaTeX rejects `\\(` inside math. Write `$J$`. And the direction of $J$ sets the sign of the $\\sin$ term, so it is not unimportant: $J=\\begin{bmatrix}0&-1\\\\1&0\\end{bmatrix}$, counter-clockwise 90°.',
    ),
    chapter: 'modulation',
    check: { name: 'text', args: { items: [{ kind: 'tex', line: 141, source: '\\(J\\)', fixed: 'J', measure: 'parses' }] } },
  },
  {
    id: 'e003-gate-amplify',
    doc: '003',
    location: l('§3.3 "乘法调制"是什么？', '§3.3 What is "multiplicative modulation"?'),
    quote: [
      { line: 154, text: '- 距离项 `cos(ωΔ)` 像一个**随距离变化的滤波器/门控**' },
      { line: 155, text: '- 它会放大/抑制/改变内容相似度在打分中的贡献' },
    ],
    says: 'The distance factor cos(ωΔ) acts like a distance-dependent filter or gate; it amplifies, suppresses or changes the contribution of the content similarity to the score.',
    kind: 'claim',
    verdict: 'erratum',
    severity: 'misleading',
    title: l('$\\cos(\\omega\\Delta)$ 不能放大内容相似度', '$\\cos(\\omega\\Delta)$ cannot amplify the content similarity'),
    right: l(
      '作为 $q^\\top k$ 的系数，$\\cos(\\omega\\Delta)\\in[-1,1]$：只能缩小或变号（$\\omega\\Delta$ 在 $\\pi/2$ 到 $3\\pi/2$ 之间时把"相似"变成"不相似"，这也不是"门控"一词的意思），不能放大。能让分数超过 $q^\\top k$ 的是另一项 $\\sin(\\omega\\Delta)q^\\top Jk$：$q=(1,0)$、$k=(0,1)$ 时 $q^\\top k=0$，而 $\\omega\\Delta=-90°$ 时分数为 1。',
      'As a factor on $q^\\top k$, $\\cos(\\omega\\Delta)\\in[-1,1]$: it can shrink or flip the sign (between $\\pi/2$ and $3\\pi/2$ it turns similarity into dissimilarity, not what "gate" suggests), never amplify. What can push the score above $q^\\top k$ is the other term, $\\sin(\\omega\\Delta)q^\\top Jk$: with $q=(1,0)$ and $k=(0,1)$, $q^\\top k=0$, yet at $\\omega\\Delta=-90°$ the score is 1.',
    ),
    chapter: 'modulation',
    check: { name: 'cosineFactor', args: { q: [1, 0], k: [0, 1], sameQ: [1, 0.5], offsets: 64 } },
  },
];
