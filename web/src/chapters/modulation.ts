/** Additive vs multiplicative: seed 003. */
import { param, type ChapterBody } from '../components/chapter/chapter-types.js';
import '../components/modulation/modulation-split.js';
import '../components/modulation/offset-gate.js';
import '../components/modulation/sliding-query.js';
import { l } from '../components/shared/i18n.js';
import { glossary } from './glossary.js';

const plane = { phi: param('phi'), omega: param('omega'), delta: param('delta'), m: param('m') };

const sliding = {
  ...plane,
  caption: l(
    '一个平面、单位长度的 q 与 k（夹角 φ）、W = I：分数随 Δ 的变化',
    'One plane, unit q and k at angle φ, W = I: the score against Δ',
  ),
  fullLabel: l('正弦编码的完整分数，查询在 m = {m}', 'sinusoidal, all four terms, query at m = {m}'),
  highLabel: l('查询走遍 0…{last} 时的最大值', 'largest as the query moves over 0…{last}'),
  lowLabel: l('查询走遍 0…{last} 时的最小值', 'smallest as the query moves over 0…{last}'),
  keptLabel: l('003 保留的两项 cos φ + cos ωΔ', "003's two kept terms, cos φ + cos ωΔ"),
  ropeLabel: l('旋转编码 cos(φ + ωΔ)，任意 m', 'RoPE, cos(φ + ωΔ), any m'),
  pointLabel: l('m = {m} 时的完整分数', 'full score at m = {m}'),
};

const body: ChapterBody = {
  question: l(
    '003 说：两种编码都把 $\\cos(\\omega(m-n))$ 放进分数，正弦编码是"加法偏移"，旋转编码是"乘法调制"。这两种方式分别对分数做了什么？003 又省略了什么？',
    '003 says both encodings put $\\cos(\\omega(m-n))$ into the score, the sinusoidal one as an "additive offset", RoPE as a "multiplicative modulation". What does each do to the score, and what does 003 leave out?',
  ),
  params: [
    { id: 'delta', label: l('相对距离 Δ = n − m', 'offset Δ = n − m'), min: -50, max: 50, step: 1, default: 3 },
    { id: 'phi', label: l('q 与 k 的夹角 φ（度）', 'angle φ from q to k (degrees)'), min: 0, max: 180, step: 5, default: 30 },
    { id: 'omega', label: l('频率 ω', 'frequency ω'), min: 0.01, max: 1, step: 0.01, default: 0.2, scale: 'log' },
    { id: 'm', label: l('查询的位置 m', 'query position m'), min: 0, max: 50, step: 1, default: 0 },
    { id: 'seed', label: l('随机种子', 'seed'), min: 1, max: 50, step: 1, default: 4 },
  ],
  sections: [
    {
      id: 'sliding',
      title: l('同样的距离，不同的分数', 'Same distance, different scores'),
      seeds: '003 §2.1–2.2',
      blocks: [
        {
          kind: 'text',
          text: l(
            '只看一个平面：查询的内容 $q=(1,0)$ 在位置 $m$，键的内容 $k$ 是把 $q$ 逆时针转 $\\varphi$ 得到的单位向量，在位置 $n=m+\\Delta$。正弦编码把 $p_{pos}=(\\sin pos\\,\\omega,\\cos pos\\,\\omega)$ 加到内容上；取 $W_Q=W_K=I$（003 的"某些情况"），分数展开成四项：',
            "Look at one plane. The query's content $q=(1,0)$ sits at position $m$; the key's content $k$ is the unit vector $q$ turned counter-clockwise by $\\varphi$, at position $n=m+\\Delta$. The sinusoidal encoding adds $p_{pos}=(\\sin pos\\,\\omega,\\cos pos\\,\\omega)$ to the content; with $W_Q=W_K=I$ (003's \"some cases\") the score has four terms:",
          ),
        },
        {
          kind: 'math',
          tex: l(
            '(q+p_m)^\\top(k+p_n)=\\underbrace{q^\\top k}_{\\cos\\varphi}+\\underbrace{q^\\top p_n+p_m^\\top k}_{\\text{交叉项}}+\\underbrace{p_m^\\top p_n}_{\\cos\\omega\\Delta}',
            '(q+p_m)^\\top(k+p_n)=\\underbrace{q^\\top k}_{\\cos\\varphi}+\\underbrace{q^\\top p_n+p_m^\\top k}_{\\text{cross terms}}+\\underbrace{p_m^\\top p_n}_{\\cos\\omega\\Delta}',
          ),
        },
        {
          kind: 'text',
          text: l(
            '003 只写第一项和最后一项，"一堆交叉项"一笔带过。把交叉项留着，再让查询在句子里移动（$\\Delta$ 不变）：',
            '003 writes only the first and the last term and waves the middle two away as "a pile of cross terms". Keep them, and move the query along the sentence with $\\Delta$ fixed:',
          ),
        },
        { kind: 'controls', params: ['m', 'phi', 'omega'] },
        {
          kind: 'figure',
          tag: 'posenc-sliding-query',
          props: {
            ...sliding,
            withRope: false,
            summary: l(
              '在 Δ = {delta}、查询位于 m = {m} 时，完整分数是 {full}，其中交叉项贡献 {cross}——003 的 {kept} 里没有它。Δ 不变、查询从 0 走到 {last}，分数在 {aspread} 的范围里变：同样的距离，不同的分数（绿色竖线）。',
              "At Δ = {delta} with the query at m = {m} the full score is {full}, of which the cross terms contribute {cross}; 003's {kept} leaves them out. With Δ fixed, moving the query from 0 to {last} sweeps the score over a range of {aspread}: the same distance, different scores (green bar).",
            ),
          },
        },
        {
          kind: 'text',
          text: l(
            '交叉项 $q^\\top p_n+p_m^\\top k$ 分别依赖 $n$ 和 $m$，不只依赖 $\\Delta$。所以加法编码的分数里，距离信息和"这对词在句中哪里"混在一起；一般的投影下连位置—位置项本身也是如此（见「注意力分数的四项」）。旋转编码换一种做法。',
            'The cross terms $q^\\top p_n+p_m^\\top k$ depend on $n$ and $m$ separately, not on $\\Delta$ alone. So in an added encoding\'s score the distance is mixed with where the pair stands; with general projections even the position–position term is (see "Attention scores"). RoPE does it another way.',
          ),
        },
      ],
    },
    {
      id: 'split',
      title: l('旋转：qᵀR(Δ)k 拆成两项', 'Turning: qᵀR(Δ)k in two terms'),
      seeds: '003 §3.1–3.2',
      blocks: [
        {
          kind: 'text',
          text: l(
            '旋转编码不往内容上加东西，而是把查询转 $m\\omega$、键转 $n\\omega$。因为 $R(m\\omega)^\\top R(n\\omega)=R((n-m)\\omega)$，分数只剩下 $\\Delta=n-m$；又因为 $R(\\alpha)=\\cos\\alpha\\,I+\\sin\\alpha\\,J$（$J$ 是逆时针转 90°），它正好分成两项：',
            'RoPE adds nothing to the content; it turns the query by $m\\omega$ and the key by $n\\omega$. Since $R(m\\omega)^\\top R(n\\omega)=R((n-m)\\omega)$ only $\\Delta=n-m$ is left, and since $R(\\alpha)=\\cos\\alpha\\,I+\\sin\\alpha\\,J$ ($J$ turns by 90° counter-clockwise) the score splits in two:',
          ),
        },
        {
          kind: 'math',
          tex: 'q^\\top R(\\omega\\Delta)\\,k=\\cos(\\omega\\Delta)\\,q^\\top k+\\sin(\\omega\\Delta)\\,q^\\top Jk,\\qquad J=\\begin{bmatrix}0&-1\\\\1&0\\end{bmatrix}',
        },
        {
          kind: 'text',
          text: l(
            '在 8 维随机 $q,k$ 的每个平面上核对这一拆分（平面 $i$ 的频率是 $\\theta_i=10000^{-2i/8}$）：',
            'Checked on every plane of random 8-dimensional $q, k$ (plane $i$ turns at $\\theta_i=10000^{-2i/8}$):',
          ),
        },
        { kind: 'controls', params: ['delta', 'seed'] },
        {
          kind: 'figure',
          tag: 'posenc-modulation-split',
          props: {
            delta: param('delta'),
            seed: param('seed'),
            caption: l(
              '每个平面：两项、两项之和、以及真的转过 Δθᵢ 之后的点积',
              'Each plane: the two terms, their sum, and the dot product after actually turning by Δθᵢ',
            ),
            sumHead: l('两项之和', 'sum'),
            summary: l(
              '每个平面上两项之和都等于旋转后的点积，最大差 {diff}，即双精度浮点数的舍入误差。四个平面加起来就是分数 $q^\\top R_\\Delta k$ = {total}。',
              'In every plane the two terms add up to the rotated dot product, within {diff}: float64 rounding. Summed over the four planes they give the score $q^\\top R_\\Delta k$ = {total}.',
            ),
          },
        },
        {
          kind: 'erratum',
          id: 'e003-delta-sign',
          text: l(
            '符号要一致：这里 $\\Delta=n-m$（键减查询），与 003 §3 相同；003 §1 却写 $\\Delta=m-n$。$\\cos$ 是偶函数看不出差别，$\\sin$ 项会变号：把上面的 Δ 改成相反数，第二列整列变号。',
            'Keep one sign: here $\\Delta=n-m$ (key minus query), as in 003 §3; 003 §1 writes $\\Delta=m-n$. The cos term cannot tell, being even, but the sin term flips: negate Δ above and the second column changes sign.',
          ),
        },
      ],
    },
    {
      id: 'offset-vs-gate',
      title: l('上下移动还是左右平移', 'Moved down, or slid sideways'),
      seeds: '003 §2.3, §3.3',
      blocks: [
        {
          kind: 'text',
          text: l(
            '回到单位长度的 $q,k$：$q^\\top k=\\cos\\varphi$，$q^\\top Jk=-\\sin\\varphi$。于是两种编码的分数是',
            'Back to unit $q, k$: $q^\\top k=\\cos\\varphi$ and $q^\\top Jk=-\\sin\\varphi$. The two scores are then',
          ),
        },
        {
          kind: 'math',
          tex: l(
            '\\text{正弦（003 保留的两项）：}\\ \\cos\\varphi+\\cos\\omega\\Delta',
            "\\text{sinusoidal (003's two terms): }\\ \\cos\\varphi+\\cos\\omega\\Delta",
          ),
        },
        {
          kind: 'math',
          tex: l(
            '\\text{旋转：}\\ \\cos\\omega\\Delta\\cos\\varphi-\\sin\\omega\\Delta\\sin\\varphi=\\cos(\\varphi+\\omega\\Delta)',
            '\\text{RoPE: }\\ \\cos\\omega\\Delta\\cos\\varphi-\\sin\\omega\\Delta\\sin\\varphi=\\cos(\\varphi+\\omega\\Delta)',
          ),
        },
        {
          kind: 'text',
          text: l(
            '改变夹角 $\\varphi$，看两条曲线怎么动（虚线是 $\\varphi=0$，绿色带是移动的量，圆点是当前的 $\\Delta$）：',
            'Change the angle $\\varphi$ and watch how each curve moves (dashed: $\\varphi=0$; green band: how far it moved; dot: the current $\\Delta$):',
          ),
        },
        { kind: 'controls', params: ['phi', 'omega', 'delta'] },
        {
          kind: 'figure',
          tag: 'posenc-offset-gate',
          props: {
            phi: param('phi'),
            omega: param('omega'),
            delta: param('delta'),
            additiveCaption: l('正弦：内容与距离相加', 'Sinusoidal: content plus distance'),
            ropeCaption: l('旋转：内容决定相位', 'RoPE: content sets the phase'),
            additiveLabel: l('φ = {phi}°：cos φ + cos ωΔ', 'φ = {phi}°: cos φ + cos ωΔ'),
            additiveZeroLabel: l('φ = 0：1 + cos ωΔ', 'φ = 0: 1 + cos ωΔ'),
            ropeLabel: l('φ = {phi}°：cos(φ + ωΔ)', 'φ = {phi}°: cos(φ + ωΔ)'),
            ropeZeroLabel: l('φ = 0：cos ωΔ', 'φ = 0: cos ωΔ'),
            lowerLabel: l('下移 1 − cos φ = {shift}', 'lowered by 1 − cos φ = {shift}'),
            slideLabel: l('左移 φ/ω = {shift}', 'slid left by φ/ω = {shift}'),
            markerLabel: l('Δ = {delta}', 'Δ = {delta}'),
            summary: l(
              'φ = {phi}° 把正弦曲线整体下移 {lower}，把旋转曲线向左平移 {slide} 个位置；两条曲线的形状都不变。在 Δ = {delta} 处：正弦 {additive}，旋转 {rope}。',
              'φ = {phi}° lowers the sinusoidal curve by {lower} and slides the RoPE curve {slide} positions to the left; neither changes shape. At Δ = {delta}: sinusoidal {additive}, RoPE {rope}.',
            ),
            summaryZero: l(
              'φ = 0°：$q$ 与 $k$ 同向，两条曲线都和虚线重合，没有移动。加大 φ 看正弦曲线下移、旋转曲线左移。在 Δ = {delta} 处：正弦 {additive}，旋转 {rope}。',
              'φ = 0°: $q$ and $k$ point the same way and both curves sit on their dashed ones, unmoved. Raise φ to see the sinusoidal curve go down and the RoPE curve slide left. At Δ = {delta}: sinusoidal {additive}, RoPE {rope}.',
            ),
          },
        },
        {
          kind: 'text',
          text: l(
            '这就是两句口号的具体含义。正弦编码：内容相似度 $\\cos\\varphi$ 是一个与距离无关的底座，距离项加在上面。旋转编码：内容决定曲线的相位——分数在哪个 $\\Delta$ 达到最高（不是单位向量时还决定高度 $|q||k|$）；距离与内容不能分开。',
            'That is what the two slogans mean. Sinusoidal: the content similarity $\\cos\\varphi$ is a base that ignores distance, and the distance term sits on top of it. RoPE: the content sets the phase of the curve, the $\\Delta$ at which the score peaks (and for vectors that are not unit, its height $|q||k|$); distance and content cannot be pulled apart.',
          ),
        },
        {
          kind: 'erratum',
          id: 'e003-gate-amplify',
          text: l(
            '003 说 $\\cos(\\omega\\Delta)$ 像"门控"，会"放大/抑制"内容相似度。作为 $q^\\top k$ 的系数它在 $[-1,1]$ 里，只能缩小或变号（$\\omega\\Delta$ 在 $90°$ 到 $270°$ 之间时把相似变成不相似），不能放大。能让分数超过 $q^\\top k$ 的是另一项 $\\sin(\\omega\\Delta)\\,q^\\top Jk$：把 φ 调到 90°（$q^\\top k=0$），旋转曲线照样能到 1。',
            '003 calls $\\cos(\\omega\\Delta)$ a "gate" that can "amplify or suppress" the content similarity. As the factor on $q^\\top k$ it lies in $[-1,1]$: it can shrink or flip the sign (for $\\omega\\Delta$ between $90°$ and $270°$ similarity becomes dissimilarity), never amplify. What lifts the score above $q^\\top k$ is the other term, $\\sin(\\omega\\Delta)\\,q^\\top Jk$: set φ to 90° ($q^\\top k=0$) and the RoPE curve still reaches 1.',
          ),
        },
      ],
    },
    {
      id: 'moving-query',
      title: l('移动查询', 'Moving the query'),
      seeds: '003 §3.1',
      blocks: [
        { kind: 'controls', params: ['m', 'delta'] },
        {
          kind: 'predict',
          id: 'predict-query',
          question: l(
            '保持 $\\Delta$ 不变，把查询的位置 $m$ 从 0 移到别处。哪种编码的分数会变？',
            'Keep $\\Delta$ and move the query position $m$ away from 0. Whose score changes?',
          ),
          choices: [
            { value: 'additive', label: l('只有正弦编码的', 'only the sinusoidal one') },
            { value: 'rope', label: l('只有旋转编码的', "only RoPE's") },
            { value: 'both', label: l('两个都变', 'both') },
            { value: 'neither', label: l('都不变', 'neither') },
          ],
          reveal: {
            tag: 'posenc-sliding-query',
            props: {
              ...sliding,
              withRope: true,
              summary: l(
                '查询从 0 走到 {last}（Δ = {delta} 不变）：正弦编码的分数变化了 {aspread}，旋转编码的分数变化了 {rspread}。',
                "Moving the query from 0 to {last} with Δ = {delta} fixed: the sinusoidal score changes by {aspread}, RoPE's by {rspread}.",
              ),
            },
          },
          explain: l(
            '旋转编码的分数是 $q^\\top R(m\\omega)^\\top R(n\\omega)k=q^\\top R(\\omega\\Delta)k$，$m$ 在乘积里消掉了：任何位置、同样的 $\\Delta$，分数一样（变化只是舍入）。正弦编码的交叉项 $q^\\top p_n+p_m^\\top k$ 留下了 $m$。',
            "RoPE's score is $q^\\top R(m\\omega)^\\top R(n\\omega)k=q^\\top R(\\omega\\Delta)k$: $m$ cancels in the product, so the same $\\Delta$ gives the same score anywhere (the change is rounding). The sinusoidal cross terms $q^\\top p_n+p_m^\\top k$ keep $m$.",
          ),
        },
        {
          kind: 'note',
          text: l(
            '003 的两条恒等式都成立（上面逐平面核对过）；需要补充的是它们成立的条件：正弦编码的"距离项"要求 $W_QW_K^\\top=I$ 并且略去交叉项，拆分里的 $\\Delta$ 必须是 $n-m$。',
            'Both of 003\'s identities hold (checked plane by plane above); what needs adding is when they apply: the sinusoidal "distance term" needs $W_QW_K^\\top=I$ and the cross terms dropped, and the $\\Delta$ of the split must be $n-m$.',
          ),
        },
      ],
    },
  ],
  takeaways: [
    l(
      '正弦编码（$W=I$、略去交叉项）把距离项 $\\cos\\omega\\Delta$ 加在内容相似度上：夹角只把曲线上下移动。留下交叉项，同样的 $\\Delta$ 在句中不同位置得到不同分数。',
      'The sinusoidal encoding (with $W=I$ and the cross terms dropped) adds the distance term $\\cos\\omega\\Delta$ to the content similarity: the angle only lifts the curve. Keep the cross terms and the same $\\Delta$ scores differently at different places.',
    ),
    l(
      '旋转编码的分数 $\\cos(\\omega\\Delta)q^\\top k+\\sin(\\omega\\Delta)q^\\top Jk=|q||k|\\cos(\\varphi+\\omega\\Delta)$ 只依赖 $\\Delta$：内容决定曲线的相位和高度，夹角让曲线左右平移，形状不变。',
      "RoPE's score $\\cos(\\omega\\Delta)q^\\top k+\\sin(\\omega\\Delta)q^\\top Jk=|q||k|\\cos(\\varphi+\\omega\\Delta)$ depends on $\\Delta$ alone: the content sets the curve's phase and height, and the angle slides it sideways without changing its shape.",
    ),
    l(
      '"乘法调制"里的 $\\cos(\\omega\\Delta)$ 只能缩小或翻转 $q^\\top k$，不能放大；偏移的方向要统一为 $\\Delta=n-m$，否则 $\\sin$ 项变号。',
      'The $\\cos(\\omega\\Delta)$ of "multiplicative modulation" can shrink or flip $q^\\top k$, never amplify it; and the offset must be $\\Delta=n-m$ throughout, or the sin term flips sign.',
    ),
  ],
  references: [
    { text: 'Su et al., "RoFormer: Enhanced Transformer with Rotary Position Embedding", 2021', href: 'https://arxiv.org/abs/2104.09864' },
    { text: 'Vaswani et al., "Attention Is All You Need", NeurIPS 2017', href: 'https://arxiv.org/abs/1706.03762' },
    {
      text: 'Biderman et al., "Rotary Embeddings: A Relative Revolution", EleutherAI blog, 2021',
      href: 'https://blog.eleuther.ai/rotary-embeddings/',
    },
  ],
  glossary: [glossary.position, glossary.offset, glossary.omega, glossary.rotation],
};

export default body;
