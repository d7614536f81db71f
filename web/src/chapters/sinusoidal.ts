/** Sinusoidal PE: seed 000 §2, seed 001 §6.1.1–6.1.4, seed 004 §2.1. */
import '../components/history/pair-hands.js';
import '../components/sinusoidal/closest-positions.js';
import '../components/sinusoidal/dimension-curves.js';
import '../components/sinusoidal/dot-profile.js';
import '../components/sinusoidal/frequency-table.js';
import '../components/sinusoidal/hand-distance.js';
import '../components/sinusoidal/pca-shape.js';
import '../components/sinusoidal/pe-heatmap.js';
import '../components/sinusoidal/period-check.js';
import '../components/sinusoidal/seed-dot-check.js';
import '../components/sinusoidal/sincos-tables.js';
import '../components/sinusoidal/wavelength-ladder.js';
import { param, type ChapterBody } from '../components/chapter/chapter-types.js';
import { l } from '../components/shared/i18n.js';
import { glossary } from './glossary.js';

const body: ChapterBody = {
  question: l(
    'Transformer 原论文（Vaswani 等，2017）用一组正弦和余弦写下每个位置。为什么要那么多不同的频率？base = 10000 决定了什么？这些向量彼此之间又是什么关系？',
    '“Attention Is All You Need” writes each position as a set of sines and cosines. Why so many different frequencies? What does base = 10000 decide? And how do these vectors relate to one another?',
  ),
  params: [
    { id: 'd', label: l('模型维度 $d_{model}$', 'model dimension $d_{model}$'), min: 2, max: 64, step: 2, default: 8 },
    { id: 'n', label: l('表中的位置数', 'positions in the tables'), min: 1, max: 32, step: 1, default: 11 },
    { id: 'base', label: l('底数 base（对数刻度）', 'base (log scale)'), min: 2, max: 100000, step: 1, default: 10000, scale: 'log' },
    { id: 'pos', label: l('位置 pos（对数刻度）', 'position pos (log scale)'), min: 1, max: 100000, step: 1, default: 10, scale: 'log' },
    { id: 'N', label: l('热图的位置数', 'positions in the heatmap'), min: 16, max: 512, step: 16, default: 128 },
    { id: 'D', label: l('热图的维度 $d_{model}$', '$d_{model}$ of the heatmap'), min: 8, max: 256, step: 8, default: 64 },
    {
      id: 'delta',
      label: l('最大位置差 Δ（对数刻度）', 'largest offset Δ (log scale)'),
      min: 10,
      max: 2000,
      step: 10,
      default: 100,
      scale: 'log',
    },
    {
      id: 'far',
      label: l('在前多少个位置里找（对数刻度）', 'search the first … positions (log scale)'),
      min: 2,
      max: 20000,
      step: 1,
      default: 1000,
      scale: 'log',
    },
    { id: 'pcaN', label: l('投影的位置数', 'positions projected'), min: 16, max: 512, step: 4, default: 256 },
    { id: 'pcaD', label: l('投影的维度 $d_{model}$', '$d_{model}$ projected'), min: 4, max: 64, step: 2, default: 64 },
  ],
  sections: [
    {
      id: 'hands',
      title: l('一根指针不够', 'One hand is not enough'),
      seeds: '000 §2.2.5 · 001 §6.1.1',
      blocks: [
        {
          kind: 'text',
          text: l(
            '上一章的结论是：用 (sin, cos) 成对的指针表示位置，挪 $k$ 个位置就是把指针转 $k\\omega$。只用一根指针行不行？转得快，相邻位置分得开，可它转一圈又回来，远处的位置会撞上近处的；转得慢，远处分得开，相邻位置却几乎一样。下图是位置 0 与位置 $\\Delta$ 的距离：',
            'The last chapter ended with a (sin, cos) pair as a clock hand: moving $k$ positions turns it by $k\\omega$. Would one hand do? A fast hand separates neighbours, but it comes round again and far positions land on near ones; a slow hand separates far positions, but neighbours look almost the same. Below, the distance between position 0 and position $\\Delta$:',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-hand-distance',
          props: {
            dim: param('d'),
            base: param('base'),
            maxOffset: 120,
            example: 44,
            caption: l(
              '位置 0 与位置 Δ 的距离：一根快指针、一根慢指针、全部指针',
              'Distance between positions 0 and Δ: one fast hand, one slow hand, all hands',
            ),
            fastLabel: l('只用最快的一对（ω₀ = 1）', 'fastest pair alone (ω₀ = 1)'),
            slowLabel: l('只用最慢的一对', 'slowest pair alone'),
            allLabel: l('全部成对使用', 'all pairs together'),
            sentence: l(
              '只用快指针：位置 0 和 {ex} 只相距 {fastEx}，几乎是同一个编码（44 弧度只比整 7 圈多一点点）。只用慢指针：相邻的 0 和 1 只相距 {slow1}。{pairs} 根指针一起用，这两段距离分别是（Δ = {ex}：{allEx}；Δ = 1：{all1}）。',
              'The fast hand alone puts positions 0 and {ex} only {fastEx} apart, nearly the same code (44 radians is just past 7 full turns). The slow hand alone puts neighbours 0 and 1 only {slow1} apart. With all {pairs} hands together the two distances become (Δ = {ex}: {allEx}; Δ = 1: {all1}).',
            ),
          },
        },
      ],
    },
    {
      id: 'definition',
      title: l('定义：每一对是一根以自己速度转动的指针', 'Definition: each pair is a hand turning at its own speed'),
      seeds: '000 §2.1–2.2.1',
      blocks: [
        {
          kind: 'text',
          text: l(
            '位置从 0 开始。第 $i$ 对维度 $(2i, 2i+1)$ 放同一频率 $\\omega_i$ 的 sin 与 cos；$\\omega_i$ 随 $i$ 指数下降：第 0 对最快，最后一对最慢。',
            'Positions start at 0. Pair $i$, dimensions $(2i, 2i+1)$, holds the sine and the cosine of one frequency $\\omega_i$, which falls exponentially with $i$: pair 0 is the fastest, the last pair the slowest.',
          ),
        },
        {
          kind: 'math',
          tex: 'PE_{(pos,\\,2i)}=\\sin(pos\\cdot\\omega_i),\\qquad PE_{(pos,\\,2i+1)}=\\cos(pos\\cdot\\omega_i),\\qquad \\omega_i=\\text{base}^{-2i/d_{model}}',
        },
        { kind: 'controls', params: ['d', 'base'] },
        {
          kind: 'figure',
          tag: 'posenc-frequency-table',
          props: {
            dim: param('d'),
            base: param('base'),
            caption: l(
              '每对维度的频率 ωᵢ（弧度/位置）与波长 2π/ωᵢ（位置数）',
              'Frequency ωᵢ (radians per position) and wavelength 2π/ωᵢ (positions) of each pair',
            ),
          },
        },
        {
          kind: 'text',
          text: l(
            '**base 决定什么？** 第 0 对的 $\\omega_0=\\text{base}^0=1$，波长总是 $2\\pi\\approx 6.28$ 个位置，与 base 无关；最后一对的波长是 $2\\pi\\cdot\\text{base}^{(d-2)/d}$。所以 base 设定的是波长的**范围**：从 $2\\pi$ 到接近 $2\\pi\\cdot\\text{base}$，各对在对数尺度上等距排开。',
            '**What does base decide?** Pair 0 has $\\omega_0=\\text{base}^0=1$: its wavelength is always $2\\pi\\approx 6.28$ positions, whatever the base. The last pair’s wavelength is $2\\pi\\cdot\\text{base}^{(d-2)/d}$. So base sets the **range** of wavelengths, from $2\\pi$ up to nearly $2\\pi\\cdot\\text{base}$, the pairs evenly spaced on a log scale in between.',
          ),
        },
        {
          kind: 'predict',
          id: 'predict-base',
          question: l('把 base 从 10000 调到 1000000，哪些波长会变？', 'Raise base from 10000 to 1000000: which wavelengths change?'),
          choices: [
            { value: 'all', label: l('全部按同一比例变长', 'all of them, by the same factor') },
            { value: 'slow', label: l('慢的变长，最快的一对不变', 'the slow ones grow; the fastest pair stays') },
            { value: 'fast', label: l('快的变，慢的不变', 'the fast ones change; the slow ones stay') },
          ],
          reveal: {
            tag: 'posenc-wavelength-ladder',
            props: {
              dim: param('d'),
              base: 1000000,
              refBase: 10000,
              caption: l(
                '各对的波长：base = 1000000（圆点）与 base = 10000（虚线）',
                'Wavelength of each pair: base = 1000000 (dots) and base = 10000 (dashed)',
              ),
              sentence: l(
                '最快的一对仍是 {fast} 个位置；最慢的一对从 {refSlow} 变成 {slow}。越慢的对变得越多。',
                'The fastest pair stays at {fast} positions; the slowest goes from {refSlow} to {slow}. The slower the pair, the more it grows.',
              ),
            },
          },
          explain: l(
            '$\\omega_i=\\text{base}^{-2i/d}$：$i=0$ 时指数为 0，与 base 无关；$i$ 越大，base 的影响越大。下面用对数刻度的滑块自己调 base。',
            '$\\omega_i=\\text{base}^{-2i/d}$: at $i=0$ the exponent is 0, so base plays no part; the larger $i$, the more base matters. Move the log-scale base slider below yourself.',
          ),
        },
        { kind: 'controls', params: ['base'] },
        {
          kind: 'figure',
          tag: 'posenc-wavelength-ladder',
          props: {
            dim: param('d'),
            base: param('base'),
            refBase: 10000,
            context: 512,
            logText: l(
              '为什么用对数看？$\\omega_i=\\text{base}^{-2i/d}=e^{-(2i/d)\\ln \\text{base}}$，base = {base} 时 $\\ln\\text{base}$ = {lnBase}。相邻两对的波长之比总是 $e^{2\\ln\\text{base}/d}$ = {ratio}，所以在对数轴上各对等距排开，每一步 {step}；从最快一对到最慢一对，一共跨过 {span}（自然对数），也就是翻倍 {octaves} 次。',
              'Why a log axis? $\\omega_i=\\text{base}^{-2i/d}=e^{-(2i/d)\\ln \\text{base}}$, and at base = {base}, $\\ln\\text{base}$ = {lnBase}. Neighbouring pairs’ wavelengths always differ by the factor $e^{2\\ln\\text{base}/d}$ = {ratio}, so on a log axis the pairs stand evenly spaced, {step} apart; from the fastest pair to the slowest they span {span} in natural-log units, {octaves} doublings.',
            ),
            contextLabel: l('512 个词的上下文', 'a 512-token context'),
            caption: l(
              '各对的波长（对数轴）：当前 base，虚线是 base = 10000',
              'Wavelength of each pair (log axis): the current base, dashed base = 10000',
            ),
            sentence: l(
              'base = {base}：{pairs} 对的波长从 {fast} 排到 {slow} 个位置。',
              'base = {base}: the {pairs} pairs’ wavelengths run from {fast} to {slow} positions.',
            ),
          },
        },
        {
          kind: 'text',
          text: l(
            '把每一对画成一块表（sin 为横坐标、cos 为纵坐标）：位置 0 时所有指针都指向 12 点，之后第 $i$ 根指针每个位置顺时针转 $\\omega_i$ 弧度。移动位置，看快指针飞转、慢指针几乎不动：',
            'Draw every pair as a clock (sine across, cosine up): at position 0 every hand points at 12 o’clock, and hand $i$ then turns clockwise by $\\omega_i$ radians per position. Move the position and watch the fast hands spin while the slow ones barely move:',
          ),
        },
        { kind: 'controls', params: ['pos'] },
        {
          kind: 'figure',
          tag: 'posenc-pair-hands',
          props: {
            pos: param('pos'),
            k: 0,
            dim: param('d'),
            base: param('base'),
            caption: l(
              '位置 {to} 的编码：每一对 (sin, cos) 是一根指针，下面写着它转过的角度（从 12 点顺时针）',
              'The encoding of position {to}: each (sin, cos) pair is a hand, with the angle it has turned (clockwise from 12)',
            ),
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
            '讲义 000 在 $d_{model}=8$、位置 0 到 10 处手算了这些表；这里由 WebAssembly 核心以双精度浮点数计算，随参数变化。每一列就是上面一根指针的一个坐标。',
            'Document 000 works these tables out by hand at $d_{model}=8$, positions 0 to 10; here the WebAssembly core computes them in float64 as you change the parameters. Each column is one coordinate of one of the hands above.',
          ),
        },
        { kind: 'controls', params: ['d', 'n'] },
        {
          kind: 'figure',
          tag: 'posenc-sincos-tables',
          props: {
            dim: param('d'),
            n: param('n'),
            base: param('base'),
            show: 'sincos',
            caption: l('sin(pos·ωᵢ)', 'sin(pos·ωᵢ)'),
            captionCos: l('cos(pos·ωᵢ)', 'cos(pos·ωᵢ)'),
            truncated: l(
              '只列出前 {shown} 对（共 {pairs} 对）；下面的热图画出全部。',
              'The first {shown} of {pairs} pairs; the heatmap below draws them all.',
            ),
          },
        },
        {
          kind: 'text',
          text: l(
            '把 sin 与 cos 交替排列，就得到每个位置的完整向量 $PE_{pos}$：',
            'Interleaving sin and cos gives the full vector $PE_{pos}$ of each position:',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-sincos-tables',
          props: {
            dim: param('d'),
            n: param('n'),
            base: param('base'),
            show: 'vectors',
            caption: l('完整的编码向量（交错排列）', 'Full encoding vectors (interleaved layout)'),
            truncated: l('只列出前 {shown} 对（共 {pairs} 对）。', 'The first {shown} of {pairs} pairs.'),
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
            '001 §6.1.4 在 $d_{model}=8$ 时用的除数是 100、$10^4$、$10^6$（把 $d_{model}=4$ 的指数 $2m/4$ 一直用到 $m=3$）；按公式 (6.1.2) 应为 10、100、1000，即上表的 0.1、0.01、0.001。它印的三个点积里，两个 3.54 在两位小数上仍然对（最快的一对占了主导）；2.58 不对。下表由核心重算：讲义那一列照它的做法用 $\\sum_m\\cos((j-i)\\,\\omega_m)$，最后一列直接拿位置 0、1、2 的编码向量做点积。',
            '001 §6.1.4, at $d_{model}=8$, divides by 100, $10^4$, $10^6$ (the exponent $2m/4$ of $d_{model}=4$ carried on to $m=3$); formula (6.1.2) gives 10, 100, 1000, the 0.1, 0.01, 0.001 of the table above. Of its three dot products, the two 3.54 are still right to their two decimals (the fastest pair dominates); 2.58 is not. The table below recomputes them: the document’s column its own way, $\\sum_m\\cos((j-i)\\,\\omega_m)$, and the last column straight from the encoding vectors of positions 0, 1 and 2.',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-seed-dot-check',
          props: {
            dim: 8,
            docInvFreq: [1, 0.01, 0.0001, 0.000001],
            printed: ['3.54', '2.58', '3.54'],
            pairs: [
              [0, 1],
              [0, 2],
              [1, 2],
            ],
            sameText: l(
              '001 (6.1.19) 的要点：{b} = {second}，与 {a} = {first} 相同。这两对位置都相距 1，点积只依赖距离，不依赖位置本身。',
              'The point of 001 (6.1.19): {b} = {second}, the same as {a} = {first}. Both pairs are one step apart, and the dot product depends on the distance, not on where the pair stands.',
            ),
            caption: l(
              '001 §6.1.4 的点积（d_model = 8），由核心重算',
              'The dot products of 001 §6.1.4 (d_model = 8), recomputed by the core',
            ),
            docColumn: l('用讲义的除数 1、100、10⁴、10⁶', 'with its divisors 1, 100, 10⁴, 10⁶'),
            rightColumn: l('按公式 (6.1.2)：1、10、100、1000', 'by formula (6.1.2): 1, 10, 100, 1000'),
          },
        },
        {
          kind: 'erratum',
          id: 'e004-table',
          text: l(
            '004 §2.1 的表标着 $d_{model}=4$，却有 22 列：数值是 $d_{model}=512$ 编码的前 22 列（例如 pos = 1 的第三列 0.821856 就是 $\\sin(10000^{-2/512})$）；表头先列 sin 列再列 cos 列，而数据是交错排列的。',
            '004 §2.1 labels its table $d_{model}=4$ but prints 22 columns: the values are the first 22 columns of a $d_{model}=512$ encoding (e.g. 0.821856 at pos = 1, third column, is $\\sin(10000^{-2/512})$); its header lists the sine columns, then the cosine columns, while the data alternate.',
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
            '行是位置，列是维度。左边（$i$ 小）是快指针，颜色沿着行快速交替；右边是慢指针，几乎不变。**低维对应高频**，001 §6.1.1 把这点说反了。',
            'Rows are positions, columns dimensions. On the left (small $i$) are the fast hands, their colours alternating quickly down the rows; on the right the slow hands, barely changing. **Low dimensions carry the high frequencies**; 001 §6.1.1 states the opposite.',
          ),
        },
        {
          kind: 'erratum',
          id: 'e001-low-high',
          text: l(
            '001 §6.1.1 说“低维度 $\\omega_m$ 较小，对应长周期”。$\\omega_m=10000^{-2m/d}$ 随 $m$ 增大而减小，所以低维的 $\\omega$ 最大、周期最短（001 §6.1.4 自己的算例方向是对的）。',
            '001 §6.1.1 says “for low dimensions $\\omega_m$ is small, a long period”. $\\omega_m=10000^{-2m/d}$ decreases with $m$: low dimensions have the largest $\\omega$ and the shortest period (001’s own worked example in §6.1.4 has it the right way round).',
          ),
        },
        { kind: 'controls', params: ['N', 'D', 'base'] },
        {
          kind: 'figure',
          tag: 'posenc-pe-heatmap',
          props: {
            positions: param('N'),
            dim: param('D'),
            base: param('base'),
            caption: l(
              'PE[pos, 维度]：左边是快的对，右边是慢的对；颜色从 −1（蓝）到 1（红），单精度，由 SIMD 核心计算',
              'PE[pos, dimension]: fast pairs on the left, slow pairs on the right; colour from −1 (blue) to 1 (red), float32, computed by the SIMD kernel',
            ),
            quarterLabel: l('虚线：转满四分之一圈，pos = λᵢ/4', 'dashed: a quarter turn done, pos = λᵢ/4'),
            stillText: l(
              '图上那条弯曲的边界就是虚线：每一对的指针在 pos = λᵢ/4 处第一次转满四分之一圈（sin 第一次到 1）。波长按几何级数增长，所以它越往右弯得越陡。在这 {n} 个位置里，右边 {still} 对（从第 {first} 对、第 {firstDim} 维起）一次也没转满四分之一圈：它们的 sin 列一直在 0 和 1 之间慢慢变浅，cos 列一直接近 1，于是连成一片红色。',
              'The curved edge in the picture is the dashed line: each pair’s hand completes its first quarter turn (sin first reaches 1) at pos = λᵢ/4. The wavelengths grow geometrically, so the line bends ever more steeply to the right. Within these {n} positions the {still} pairs on the right (from pair {first}, dimension {firstDim}, on) never complete a quarter turn: their sin columns stay pale, between 0 and 1, and their cos columns stay near 1, which makes the red band.',
            ),
            allTurnText: l(
              '虚线是每一对的指针第一次转满四分之一圈的位置 pos = λᵢ/4（sin 第一次到 1）。在这 {n} 个位置里全部 {pairs} 对都转过了这一步：最慢的一对也已经离开了起点附近。',
              'The dashed line is where each pair’s hand first completes a quarter turn, pos = λᵢ/4 (sin first reaches 1). Within these {n} positions all {pairs} pairs get there: even the slowest hand has left its start.',
            ),
          },
        },
        {
          kind: 'text',
          text: l('同样的数据，把几列单独画成曲线：', 'The same numbers, a few columns drawn as curves:'),
        },
        {
          kind: 'figure',
          tag: 'posenc-dimension-curves',
          props: {
            positions: param('N'),
            dim: param('D'),
            base: param('base'),
            caption: l(
              '几对维度的 sin 随位置变化：秒针、分针、时针',
              'The sine of a few pairs along the positions: second, minute and hour hands',
            ),
          },
        },
      ],
    },
    {
      id: 'geometry',
      title: l('范数、点积与唯一性', 'Norms, dot products and uniqueness'),
      seeds: '001 §6.1.2 (6.1.8)–(6.1.10), §6.1.4',
      blocks: [
        {
          kind: 'math',
          tex: '\\|p_i\\|^2=\\sum_{m}\\left(\\sin^2+\\cos^2\\right)=\\tfrac{d}{2},\\qquad p_i\\cdot p_j=\\sum_{m=0}^{d/2-1}\\cos\\big((i-j)\\,\\omega_m\\big)',
        },
        {
          kind: 'text',
          text: l(
            '每一对的模都是 1，所以所有向量长度都是 $\\sqrt{d/2}$；两个向量的点积只依赖位置差 $\\Delta=i-j$（每根指针之间的夹角只看 $\\Delta$）。',
            'Every pair has norm 1, so every vector has length $\\sqrt{d/2}$; the dot product of two vectors depends on the offset $\\Delta=i-j$ only (the angle between two hands depends on $\\Delta$ only).',
          ),
        },
        { kind: 'controls', params: ['d', 'delta'] },
        {
          kind: 'predict',
          id: 'predict-monotonic',
          question: l(
            '位置差 $\\Delta$ 从 0 增大时，点积 $p_i\\cdot p_{i+\\Delta}$ 会一直减小吗？',
            'As the offset $\\Delta$ grows from 0, does the dot product $p_i\\cdot p_{i+\\Delta}$ keep falling?',
          ),
          choices: [
            { value: 'yes', label: l('会，越远越小', 'yes, the farther the smaller') },
            { value: 'no', label: l('不会，它会回升', 'no, it rises again') },
          ],
          reveal: {
            tag: 'posenc-dot-profile',
            props: {
              dim: param('d'),
              base: param('base'),
              maxOffset: param('delta'),
              facts: true,
              caption: l(
                '点积 p(i)·p(i+Δ)：公式与在表上实测（起点 0 和 37）',
                'Dot product p(i)·p(i+Δ): the formula and measured on the table (from 0 and from 37)',
              ),
              factsCaption: l('在当前参数下测得', 'Measured at the current parameters'),
              sentence: l(
                '三条曲线重合（最大差 {err}）：点积只依赖 $\\Delta$。在 $\\Delta$ = 0 到 {max} 之间它回升了 {rises} 次，第一次在 $\\Delta$ = {first} 之后：快指针转回来时点积又变大。',
                'The three curves coincide (largest difference {err}): the dot product depends on $\\Delta$ only. Between $\\Delta$ = 0 and {max} it rises {rises} times, the first after $\\Delta$ = {first}: when the fast hands come round, the dot product grows again.',
              ),
              sentenceNoRise: l(
                '三条曲线重合（最大差 {err}）：点积只依赖 $\\Delta$。在 $\\Delta$ = 0 到 {max} 之间它一次也没有上升：这段距离太短，最快的指针还没转回来。把最大位置差调大看看。',
                'The three curves coincide (largest difference {err}): the dot product depends on $\\Delta$ only. Between $\\Delta$ = 0 and {max} it never rises: the range is too short for the fastest hand to come round. Widen it.',
              ),
            },
          },
          explain: l(
            '每一项 $\\cos(\\Delta\\omega_m)$ 都是周期函数。快的几项转回来时，点积就回升。001 说点积“总体上随距离增加而减小”，只是粗略的趋势。',
            'Each term $\\cos(\\Delta\\omega_m)$ is periodic; when the fast terms come round, the sum rises again. 001’s “decreases with distance overall” is only a rough trend.',
          ),
        },
        {
          kind: 'erratum',
          id: 'e001-monotonic',
          text: l(
            '001 §6.1.2 说点积“总体上随位置距离增加而减小”。如上图，它并不单调：$d=8$ 时 $\\Delta=6$ 的点积大于 $\\Delta=3$ 的。',
            '001 §6.1.2 says the dot product “generally decreases as the distance grows”. As the figure shows, it is not monotonic: at $d=8$ the dot product at $\\Delta=6$ exceeds the one at $\\Delta=3$.',
          ),
        },
        {
          kind: 'text',
          text: l(
            '**唯一性**：两个不同位置的编码会不会相同？第 0 对的频率是 1，整数位置差乘 1 永远不是 $2\\pi$ 的整数倍，所以编码两两不同。但“不同”可以很接近：在前若干个位置里找最近的两个——',
            '**Uniqueness**: can two positions share an encoding? Pair 0 has frequency 1, and an integer offset times 1 is never a multiple of $2\\pi$, so all encodings differ. But different can be close. Search the first positions for the closest two:',
          ),
        },
        { kind: 'controls', params: ['d', 'far'] },
        {
          kind: 'figure',
          tag: 'posenc-closest-positions',
          props: {
            dim: param('d'),
            base: param('base'),
            count: param('far'),
            sentence: l(
              '在位置 0 … {last} 中（$d$ = {d}），最近的两个是位置 {a} 和 {b}，相距 {dist}。试试 $d$ = 8、范围超过 6283：四个频率都是 10 的幂，6283 ≈ 1000·2π，所有指针几乎同时转回原处。',
              'Among positions 0 … {last} ($d$ = {d}), the closest two are positions {a} and {b}, {dist} apart. Try $d$ = 8 with a range past 6283: the four frequencies are powers of ten, and at 6283 ≈ 1000·2π every hand is almost back where it started.',
            ),
          },
        },
        {
          kind: 'erratum',
          id: 'e001-highest',
          text: l(
            '001 §6.1.1 把 $\\omega_{d/2-1}$ 叫作“最高频率”，它其实是**最低**的频率（周期最长）。那里还说它的周期在 $n\\le 10000$ 时“仍然大于序列长度”：这只在 $d$ 足够大时成立，下图由核心按当前的 $d$ 与 base 计算。（唯一性本来也不靠它：第 0 对就够了。）',
            '001 §6.1.1 calls $\\omega_{d/2-1}$ “the highest frequency”; it is the **lowest** (the longest period). It also says that for $n\\le 10000$ its period “is still longer than the sequence”: true only for large enough $d$; the figure below is computed by the core at the current $d$ and base. (Uniqueness never depended on it: pair 0 alone is enough.)',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-period-check',
          props: {
            dim: param('d'),
            base: param('base'),
            length: 10000,
            caption: l(
              '最慢一对的周期随 d 变化（对数轴），横线是 10000 个位置',
              'The slowest pair’s period against d (log axis); the line is 10000 positions',
            ),
            aboveText: l(
              '$d$ = {d}、base = {base} 时，最慢一对的周期是 {period} 个位置，**大于** {length}。$d$ = 512 时是 {p512}。周期从 $d$ = {dmin} 起才超过 {length}。',
              'At $d$ = {d}, base = {base}, the slowest pair’s period is {period} positions, **longer** than {length}. At $d$ = 512 it is {p512}. The period first exceeds {length} at $d$ = {dmin}.',
            ),
            belowText: l(
              '$d$ = {d}、base = {base} 时，最慢一对的周期只有 {period} 个位置，**小于** {length}：讲义的说法在这里不成立。$d$ = 512 时是 {p512}。周期从 $d$ = {dmin} 起才超过 {length}。',
              'At $d$ = {d}, base = {base}, the slowest pair’s period is only {period} positions, **shorter** than {length}: the document’s claim fails here. At $d$ = 512 it is {p512}. The period first exceeds {length} at $d$ = {dmin}.',
            ),
            neverText: l(
              '$d$ = {d}、base = {base} 时，最慢一对的周期是 {period} 个位置；base 这么小，任何 $d$ 的周期都到不了 {length}（上限是 2π·base）。',
              'At $d$ = {d}, base = {base}, the slowest pair’s period is {period} positions; with so small a base no $d$ reaches {length} (the limit is 2π·base).',
            ),
          },
        },
      ],
    },
    {
      id: 'pca',
      title: l('这些向量在哪里：一个环面，不是整个球面', 'Where the vectors live: a torus, not the whole sphere'),
      seeds: l('001 §6.1.2, §6.1.4 "主成分分析"', '001 §6.1.2, §6.1.4, "principal component analysis"'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '所有编码都在半径 $\\sqrt{d/2}$ 的球面上，但只占其中很小的一部分：每一对 (sin, cos) 都在自己的单位圆上，整个向量在这些圆的乘积——一个 $d/2$ 维的环面上。001 说编码“在球面上均匀分布”，并不成立。',
            'Every encoding lies on the sphere of radius $\\sqrt{d/2}$, but only on a thin part of it: each (sin, cos) pair sits on its own unit circle, so the whole vector lives on the product of those circles, a $d/2$-dimensional torus. 001’s “spread uniformly over the sphere” does not hold.',
          ),
        },
        {
          kind: 'text',
          text: l(
            '001 还说把编码投影到前两个主成分上会看到“螺旋或圆形”。实际画出来是这样：',
            '001 also says that projected on their first two principal components the encodings form “a spiral or a circle”. Here is what the projection really shows:',
          ),
        },
        { kind: 'controls', params: ['pcaN', 'pcaD'] },
        {
          kind: 'figure',
          tag: 'posenc-pca-shape',
          props: {
            positions: param('pcaN'),
            dim: param('pcaD'),
            base: param('base'),
            caption: l(
              '前两个主成分上的投影，按位置顺序连线（每四分之一的位置一种颜色）',
              'Projection on the first two principal components, joined in order of position (one colour per quarter of the positions)',
            ),
            arch: l(
              '{n} 个位置、$d$ = {d}：两个主成分占方差的 {e1}% 和 {e2}%（合计 {e12}%），曲线绕中心只转了约 {swept}°，首尾相距 {gap} 个平均半径。这是一道**开口的拱**（马蹄形），不是闭合的圆，也不是螺旋。快指针在这么多位置里转了许多圈，向各个方向均匀散开，PCA 把它们当作噪声；拱形来自慢指针的平滑移动——任何平滑曲线做 PCA 都会得到这种马蹄形。',
              '{n} positions, $d$ = {d}: the two components hold {e1}% and {e2}% of the variance ({e12}% together); the curve turns only about {swept}° around its centre and its ends are {gap} mean radii apart. It is an **open arch** (a horseshoe), not a closed circle and not a spiral. Over so many positions the fast hands go round many times and spread evenly in every direction, so PCA treats them as noise; the arch comes from the smooth motion of the slow hands, the horseshoe PCA draws for any smooth curve.',
            ),
            loop: l(
              '{n} 个位置、$d$ = {d}：两个主成分占方差的 {e1}% 和 {e2}%（合计 {e12}%），曲线绕中心转了约 {swept}°，首尾只相距 {gap} 个平均半径：这一次它**闭合成一个圈**。维度少、位置也少时，恰好有一对指针在这段位置里转了大约一圈，它占了方差的大头，投影画的就是它的圆。这不是正弦编码的普遍形状：把位置数或维度调大，圈就会张开成拱。',
              '{n} positions, $d$ = {d}: the two components hold {e1}% and {e2}% of the variance ({e12}% together); the curve turns about {swept}° around its centre and its ends are only {gap} mean radii apart: this time it **closes into a loop**. With few dimensions and few positions, one pair’s hand happens to go round about once over these positions, holds most of the variance, and the projection draws its circle. It is not the general shape of the encoding: raise the number of positions or dimensions and the loop opens into an arch.',
            ),
            coil: l(
              '{n} 个位置、$d$ = {d}：两个主成分占方差的 {e1}% 和 {e2}%（合计 {e12}%），曲线绕中心转了约 {swept}°，也就是 {turns} 圈：投影被一对转得较快的指针占据，它的圆被一遍遍地重画，相邻位置平均相距 {step} 个平均半径。既不是一道拱，也不是向外展开的螺旋。',
              '{n} positions, $d$ = {d}: the two components hold {e1}% and {e2}% of the variance ({e12}% together); the curve turns about {swept}° around its centre, {turns} turns: the projection is taken over by one faster pair whose circle is drawn again and again, neighbouring positions {step} mean radii apart on average. Neither an arch nor a spiral opening outwards.',
            ),
          },
        },
        {
          kind: 'note',
          text: l(
            '减少位置数或维度，拱会变乱：快指针所占的方差份额越大，前两个主成分越抓不住顺序。相邻位置在投影里并不总是挨着。',
            'With fewer positions or dimensions the arch turns into a tangle: the larger the share of variance in the fast hands, the less the first two components follow the order. Neighbouring positions are not always side by side in the projection.',
          ),
        },
      ],
    },
  ],
  takeaways: [
    l(
      '每一对 (sin, cos) 是一根指针，第 $i$ 根每个位置转 $\\omega_i=\\text{base}^{-2i/d}$；base 设定波长的范围：从 $2\\pi$ 到 $2\\pi\\cdot\\text{base}^{(d-2)/d}$。',
      'Each (sin, cos) pair is a clock hand; hand $i$ turns $\\omega_i=\\text{base}^{-2i/d}$ per position. Base sets the range of wavelengths, from $2\\pi$ to $2\\pi\\cdot\\text{base}^{(d-2)/d}$.',
    ),
    l(
      '快指针分开相邻位置，慢指针分开远处的位置；合起来没有两个位置的编码相同（但 $d$ 小时可以很接近）。',
      'Fast hands separate neighbours, slow hands far positions; together no two positions share an encoding (though at small $d$ some come close).',
    ),
    l(
      '所有向量长度都是 $\\sqrt{d/2}$，点积只依赖位置差，但不随距离单调下降。',
      'Every vector has length $\\sqrt{d/2}$; the dot product depends on the offset only, and does not fall steadily with distance.',
    ),
    l(
      '这些向量在一个环面上（每对各在自己的圆上），主成分投影是一道开口的拱，不是螺旋。',
      'The vectors lie on a torus (each pair on its own circle); their principal-component projection is an open arch, not a spiral.',
    ),
  ],
  references: [
    {
      text: 'Vaswani et al., "Attention Is All You Need", NeurIPS 2017 (§3.5 Positional Encoding)',
      href: 'https://arxiv.org/abs/1706.03762',
    },
    {
      text: 'tensor2tensor, get_timing_signal_1d',
      note: l('参考实现：先排全部正弦，再排全部余弦', 'the reference code: sines first, then cosines'),
      href: 'https://github.com/tensorflow/tensor2tensor/blob/master/tensor2tensor/layers/common_attention.py',
    },
    {
      text: 'Rush et al., "The Annotated Transformer"',
      note: l('`PositionalEncoding`：sin 与 cos 交错排列', '`PositionalEncoding`, interleaved sin/cos'),
      href: 'https://nlp.seas.harvard.edu/annotated-transformer/',
    },
    {
      text: 'Kazemnejad, "Transformer Architecture: The Positional Encoding" (2019)',
      href: 'https://kazemnejad.com/blog/transformer_architecture_positional_encoding/',
    },
    {
      text: 'Wang and Chen, "What Do Position Embeddings Learn? An Empirical Study of Pre-Trained Language Model Positional Encoding", EMNLP 2020',
      href: 'https://arxiv.org/abs/2010.04903',
    },
  ],
  glossary: [glossary.position, glossary.offset, glossary.pairIndex, glossary.omega, glossary.base, glossary.wavelength, glossary.dModel],
};

export default body;
