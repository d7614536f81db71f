/** Attention scores: seed 001 §6.1.3 (four terms, causal mask), seed 003 §2. */
import '../components/attention/causal-mask.js';
import '../components/attention/four-terms.js';
import '../components/attention/position-diagonals.js';
import '../components/attention/repeated-word.js';
import { param, type ChapterBody } from '../components/chapter/chapter-types.js';
import { l } from '../components/shared/i18n.js';
import { glossary } from './glossary.js';

const toy = { n: param('n'), dim: param('d'), seed: param('seed') };

const body: ChapterBody = {
  question: l(
    '位置编码 $p_i$ 加在词向量 $x_i$ 上，而注意力只通过分数 $S_{ij}$ 比较两个词。位置从哪里进入分数？进入之后，分数知道两个词相距多远吗？',
    'The encoding $p_i$ is added to the word vector $x_i$, and attention compares two tokens only through their score $S_{ij}$. Where does position enter that score, and once it is in, does the score know how far apart the two tokens are?',
  ),
  params: [
    { id: 'n', label: l('序列长度 n', 'sequence length n'), min: 4, max: 64, step: 1, default: 16 },
    { id: 'd', label: l('维度 d', 'dimension d'), min: 4, max: 64, step: 2, default: 16 },
    { id: 'seed', label: l('随机种子', 'seed'), min: 1, max: 50, step: 1, default: 3 },
    { id: 'qi', label: l('查询的位置 i', 'query position i'), min: 0, max: 63, step: 1, default: 5 },
    {
      id: 'weights',
      label: l('投影矩阵', 'projections'),
      choices: [
        { value: 'random', label: l('随机（像训练前的模型）', 'random (like an untrained model)') },
        { value: 'identity', label: l('单位矩阵', 'identity') },
      ],
      default: 'random',
    },
    {
      id: 'mask',
      label: l('因果掩码', 'causal mask'),
      choices: [
        { value: 'on', label: l('加（解码器）', 'on (decoder)') },
        { value: 'off', label: l('不加（编码器）', 'off (encoder)') },
      ],
      default: 'on',
    },
  ],
  sections: [
    {
      id: 'failure',
      title: l('同一个词，处处同分', 'The same word scores the same everywhere'),
      seeds: '001 §6.1.3',
      blocks: [
        {
          kind: 'text',
          text: l(
            '先看没有位置编码时的毛病。把同一个词重复 $n$ 次：所有键向量都一样，查询 $i$ 给每个键打的分也就一样，softmax 之后每个键的权重都是 $1/n$。查询分不清"紧挨着我的那个词"和"最远的那个词"。灰色虚线就是这一行分数。',
            'First the flaw without a position encoding. Repeat one word $n$ times: every key vector is the same, so query $i$ gives every key the same score, and after the softmax each key gets weight $1/n$. The query cannot tell "the word next to me" from "the word farthest away". The grey dashed line is that row of scores.',
          ),
        },
        { kind: 'controls', params: ['n', 'qi', 'weights'] },
        {
          kind: 'figure',
          tag: 'posenc-repeated-word',
          props: {
            ...toy,
            weights: param('weights'),
            query: param('qi'),
            caption: l(
              '重复同一个词 n = {n} 次：查询 i = {query} 对每个键的分数',
              'One word repeated n = {n} times: the scores of query i = {query} against every key',
            ),
            withoutLabel: l('不加位置编码', 'without a position encoding'),
            withLabel: l('加上正弦编码 x + p', 'with the sinusoidal encoding x + p'),
            selfLabel: l('查询自己 j = {query}', 'the query itself, j = {query}'),
            topLabel: l('最高分 j = {argmax}', 'highest score, j = {argmax}'),
            summary: l(
              '不加位置编码：{n} 个键的分数都是 {flat}（最大减最小 = {spread}），每个权重都是 {weight}。加上 $p$ 之后：键 {argmax} 得分最高，它的权重是 {top}。',
              'Without an encoding: all {n} keys score {flat} (largest minus smallest = {spread}), and each gets weight {weight}. With $p$ added: key {argmax} scores highest and gets weight {top}.',
            ),
          },
        },
        {
          kind: 'text',
          text: l(
            '加上位置编码之后这一行有了起伏：查询终于能偏爱某些位置。但最高分落在哪里，并不只由距离决定——换一个种子、换一种投影、移动查询，峰的位置都会变。位置是怎样进入分数的？下面把分数拆开看。',
            'With the encoding added the row has a shape: the query can finally prefer some positions. But where the top lands is not set by distance alone: change the seed, the projections or the query and the peak moves. How exactly does position enter the score? Next, the score taken apart.',
          ),
        },
      ],
    },
    {
      id: 'four-terms',
      title: l('展开成四项', 'Four terms'),
      seeds: '001 (6.1.11)–(6.1.15) · 003 §2.2',
      blocks: [
        {
          kind: 'math',
          tex: '\\htmlData{term=total}{S}=\\frac{(X+P)W_QW_K^\\top(X+P)^\\top}{\\sqrt{d}}=\\frac{1}{\\sqrt{d}}\\Big(\\htmlData{term=cc}{XW_QW_K^\\top X^\\top}+\\htmlData{term=cp}{XW_QW_K^\\top P^\\top}+\\htmlData{term=pc}{PW_QW_K^\\top X^\\top}+\\htmlData{term=pp}{PW_QW_K^\\top P^\\top}\\Big)',
          terms: [
            { id: 'cc', label: l('内容—内容', 'content–content') },
            { id: 'cp', label: l('内容—位置', 'content–position') },
            { id: 'pc', label: l('位置—内容', 'position–content') },
            { id: 'pp', label: l('位置—位置', 'position–position') },
            { id: 'total', label: l('总分 S', 'total S') },
          ],
        },
        {
          kind: 'text',
          text: l(
            '矩阵乘法对加法分配，所以分数分成四块：内容—内容（与位置无关）、内容—位置、位置—内容、位置—位置。$X$ 是随机的内容向量，$P$ 是正弦编码，$W_Q, W_K$ 可选随机或单位矩阵。五张热图共用一个颜色刻度，颜色深浅可以直接比较：交叉项并不小。',
            'Matrix products distribute over sums, so the score splits into four blocks: content–content (blind to position), content–position, position–content, position–position. $X$ holds random content vectors, $P$ the sinusoidal encoding, $W_Q, W_K$ are random or the identity. The five heatmaps share one colour scale, so shades compare directly: the cross terms are not small.',
          ),
        },
        { kind: 'controls', params: ['n', 'd', 'seed', 'weights'] },
        {
          kind: 'figure',
          tag: 'posenc-four-terms',
          props: {
            ...toy,
            weights: param('weights'),
            ccLabel: l('内容—内容 · 大小 {rms}', 'content–content · size {rms}'),
            cpLabel: l('内容—位置 · 大小 {rms}', 'content–position · size {rms}'),
            pcLabel: l('位置—内容 · 大小 {rms}', 'position–content · size {rms}'),
            ppLabel: l('位置—位置 · 大小 {rms}', 'position–position · size {rms}'),
            totalLabel: l('总分 S · 大小 {rms}', 'total S · size {rms}'),
            scaleNote: l(
              '分数：五张热图同一个颜色刻度（标题里的"大小"是均方根）',
              'score: one colour scale for all five heatmaps ("size" in each title is the root mean square)',
            ),
            sumNote: l(
              '四项相加等于总分：逐格的最大差是 {residual}，只是双精度浮点数的舍入误差。',
              'The four terms add up to the total: the largest cell-by-cell difference is {residual}, float64 rounding and nothing more.',
            ),
            transposeNote: l(
              '位置—内容项与内容—位置项的转置最多相差 {gap}：两者只在 $W_QW_K^\\top$ 对称时互为转置（单位矩阵时差为 0）。',
              'The position–content term differs from the transpose of the content–position term by up to {gap}: they are transposes only when $W_QW_K^\\top$ is symmetric (with the identity the difference is 0).',
            ),
            ppNote: l(
              '位置—位置项沿同一条对角线（同一个 $j-i$）的最大变化，占它全部取值范围的 {spread}。下一节看这意味着什么。',
              'Along one diagonal (one value of $j-i$) the position–position term varies by up to {spread} of its whole range. The next section shows what that means.',
            ),
          },
        },
        {
          kind: 'erratum',
          id: 'e001-terms',
          text: l(
            '001 说第三项"与第二项转置相关"。$PW_QW_K^\\top X^\\top=(XW_KW_Q^\\top P^\\top)^\\top$：它是第二项的转置，当且仅当 $W_QW_K^\\top$ 对称。随机投影下两者差得很远（见上面的数）。',
            '001 says the third term is "related to the transpose of the second". $PW_QW_K^\\top X^\\top=(XW_KW_Q^\\top P^\\top)^\\top$: it is the second term\'s transpose exactly when $W_QW_K^\\top$ is symmetric. With random projections the two are far apart (the number above).',
          ),
        },
        {
          kind: 'erratum',
          id: 'e004-separated-vs-mixed',
          text: l(
            '004 一处说加法编码让位置和内容"分离"，另一处说让两者"混淆"。看热图：内容和位置进了同一个向量，分数里有两个不为零的交叉项，既不是分离的，也不是分不开的——四项各自可以算出来。',
            '004 says in one place that additive encodings keep position and content "separate", in another that they "mix them up". The heatmaps say neither: content and position share one vector, and the score holds two cross terms that are far from zero, yet each of the four can be computed apart.',
          ),
        },
      ],
    },
    {
      id: 'distance',
      title: l('位置—位置项是"距离项"吗？', 'Is the position–position term a distance term?'),
      seeds: '003 §2.2–2.3',
      blocks: [
        {
          kind: 'text',
          text: l(
            '003 用恒等式 $[\\sin m\\omega,\\cos m\\omega]\\cdot[\\sin n\\omega,\\cos n\\omega]=\\cos(\\omega(m-n))$ 说：第四项是只依赖距离的加法项。但这个恒等式说的是 $p_m\\cdot p_n$，而第四项是 $p_m W_QW_K^\\top p_n^\\top$，中间夹着投影。',
            '003 uses the identity $[\\sin m\\omega,\\cos m\\omega]\\cdot[\\sin n\\omega,\\cos n\\omega]=\\cos(\\omega(m-n))$ to say the fourth term is an added term that depends on the distance only. But the identity is about $p_m\\cdot p_n$, while the fourth term is $p_m W_QW_K^\\top p_n^\\top$, with the projections in between.',
          ),
        },
        { kind: 'controls', params: ['n', 'd', 'seed'] },
        {
          kind: 'predict',
          id: 'predict-diagonals',
          question: l(
            '用随机投影（像训练前的模型）时，位置—位置项沿每条对角线还是常数吗？也就是说，它还只依赖 $j-i$ 吗？',
            'With random projections (like an untrained model), is the position–position term still constant along each diagonal, that is, does it still depend on $j-i$ alone?',
          ),
          choices: [
            { value: 'yes', label: l('是，只依赖 $j-i$', 'yes, on $j-i$ alone') },
            { value: 'no', label: l('不是', 'no') },
          ],
          reveal: {
            tag: 'posenc-position-diagonals',
            props: {
              ...toy,
              caption: l(
                '每个偏移 j − i 上位置—位置项的最小值与最大值',
                'The smallest and largest position–position entry at each offset j − i',
              ),
              identityLabel: l('投影为单位矩阵', 'identity projections'),
              projectedLabel: l('随机投影', 'random projections'),
              summary: l(
                '单位矩阵：每条对角线是常数（变化 {identity}），两条线重合成一条。随机投影：同一个偏移上的值相差可达全部范围的 {projected}——上下两条线分开了。',
                'Identity: every diagonal is constant (it varies by {identity}), so its two lines coincide. Random projections: entries at the same offset differ by up to {projected} of the whole range, and the two lines come apart.',
              ),
            },
          },
          explain: l(
            '恒等式只在 $W_QW_K^\\top=I$（或与每个旋转块可交换）时把第四项变成 $\\sum_i\\cos(\\omega_i(n-m))$。一般的投影把不同频率混在一起，第四项同时依赖 $m$ 和 $n$。它仍然是只与位置有关的偏置，但不是距离的函数。',
            'The identity turns the fourth term into $\\sum_i\\cos(\\omega_i(n-m))$ only when $W_QW_K^\\top=I$ (or commutes with every rotation block). General projections mix the frequencies, and the term depends on $m$ and $n$ separately: still a bias that depends on positions only, but not a function of the distance.',
          ),
        },
        {
          kind: 'erratum',
          id: 'e003-pp-not-relative',
          text: l(
            '003 把第四项当作 $\\cos(\\omega(m-n))$，一个只依赖距离的加法项。这只在 $W_QW_K^\\top=I$（或与每个旋转块可交换）时成立；上图是一般的情况。',
            '003 takes the fourth term to be $\\cos(\\omega(m-n))$, an added term that depends on the distance only. That holds only when $W_QW_K^\\top=I$ (or it commutes with every rotation block); the figure above is the general case.',
          ),
        },
        {
          kind: 'note',
          text: l(
            '这正是"加法偏移"一说的前提：003 的"某些情况下"就是 $W_QW_K^\\top=I$ 这种情况。「加法偏移与乘法调制」一章从这里接着讲。',
            'This is the premise behind "additive offset": 003\'s "in some cases" is the case $W_QW_K^\\top=I$. The chapter "Additive vs multiplicative" picks up from here.',
          ),
        },
      ],
    },
    {
      id: 'causal',
      title: l('因果掩码', 'The causal mask'),
      seeds: '001 (6.1.16)',
      blocks: [
        {
          kind: 'text',
          text: l(
            '解码器生成第 $i$ 个词时还看不到后面的词，所以位置 $i$ 不能注意 $j>i$：把这些分数设为 $-\\infty$，softmax 后权重正好是 0。掩码不改动位置编码，它只遮住未来的列（灰色格子）。',
            'A decoder writing token $i$ has not seen the tokens after it, so position $i$ may not attend to $j>i$: those scores are set to $-\\infty$, and after the softmax their weights are exactly 0. The mask leaves the encoding alone; it only hides the future columns (grey cells).',
          ),
        },
        {
          kind: 'math',
          tex: l(
            'S^{\\text{掩码}}_{ij}=\\begin{cases}S_{ij}&j\\le i\\\\-\\infty&j>i\\end{cases}',
            'S^{\\text{masked}}_{ij}=\\begin{cases}S_{ij}&j\\le i\\\\-\\infty&j>i\\end{cases}',
          ),
        },
        { kind: 'controls', params: ['mask'] },
        {
          kind: 'predict',
          id: 'predict-leak',
          question: l(
            '后半段的词（内容和位置编码）改变，前半段查询的输出会跟着变吗？先在上面选好掩码，再回答。',
            'If the tokens of the second half change (their contents and their position encodings alike), do the outputs of the queries in the first half change? Set the mask above first, then answer.',
          ),
          choices: [
            { value: 'yes', label: l('会变', 'they change') },
            { value: 'no', label: l('一点也不变', 'not at all') },
          ],
          reveal: {
            tag: 'posenc-causal-mask',
            props: {
              ...toy,
              weights: param('weights'),
              mask: param('mask'),
              scoresCaption: l('分数 S（灰色：被掩码遮住）', 'Scores S (grey: masked)'),
              weightsCaption: l('注意力权重 softmax(S)，0 到 1', 'Attention weights softmax(S), 0 to 1'),
              maskedLabel: l('j > i：被遮住', 'j > i: masked'),
              summary: l(
                '查询给后面的键的最大权重：{future}。每行权重之和与 1 最多差 {rowsum}。把后 {half} 个位置的输入都加 1，前 {half} 个查询的输出最多变化 {leak}。',
                'Largest weight a query gives a later key: {future}. Each row of weights sums to 1 within {rowsum}. Adding 1 to the input at the last {half} positions moves the outputs of the first {half} queries by at most {leak}.',
              ),
            },
          },
          explain: l(
            '加了掩码，后面键的权重恰好是 0，所以前面的输出与后面的词逐位无关——无论内容还是位置编码。不加掩码，softmax 给每个键的权重都大于 0，后面的词就会渗进来。能看见谁，由掩码决定，与位置编码无关。',
            "With the mask, later keys get weight exactly 0, so earlier outputs do not depend on later tokens at all, to the last bit: neither on their contents nor on their encodings. Without it the softmax gives every key a positive weight, and later tokens leak in. Who sees whom is the mask's business, not the encoding's.",
          ),
        },
        {
          kind: 'erratum',
          id: 'e001-mask-pe',
          text: l(
            '001 说还可以"把被掩码位置的编码设为 0"，以"进一步"防止泄露。上面的数说明没有什么需要进一步防止：掩码之后，后面的词（内容和编码）对前面的输出的影响恰好是 0。',
            '001 says the encodings of masked positions can also be "set to 0" to prevent leaks "further". The numbers above leave nothing to prevent: after the mask, later tokens (contents and encodings) change earlier outputs by exactly 0.',
          ),
        },
        {
          kind: 'erratum',
          id: 'e001-causal-pe',
          text: l(
            '001 说"因果位置编码"能让位置 $i$ 只"看到" $\\le i$ 的位置。能看到哪些键由掩码决定：只要分数有限，softmax 就给每个键正的权重（把掩码关掉试试），任何编码都挡不住。',
            '001 says a "causal positional encoding" lets position $i$ "see" only positions $\\le i$. Which keys a query sees is the mask\'s doing: with finite scores the softmax gives every key a positive weight (turn the mask off and look), whatever the encoding.',
          ),
        },
      ],
    },
  ],
  takeaways: [
    l(
      '加法编码让分数分成四项：内容—内容、内容—位置、位置—内容、位置—位置。它们相加正好是总分，交叉项与其他项一样大。',
      'An added encoding splits the score into four terms, content–content, content–position, position–content and position–position; they add up to the score exactly, and the cross terms are as large as the others.',
    ),
    l(
      '位置—位置项只在 $W_QW_K^\\top=I$ 时只依赖 $j-i$。一般的投影下它依赖两个位置本身：分数里有位置，却不一定有"距离"。',
      'The position–position term depends on $j-i$ alone only when $W_QW_K^\\top=I$. With general projections it depends on both positions: the score holds position, not necessarily distance.',
    ),
    l(
      '能看到哪些词由因果掩码决定：被遮住的权重恰好为 0，位置编码既不能打开也不需要再关上。',
      'What a token can see is decided by the causal mask: masked weights are exactly 0, and no encoding can open them or needs to close them further.',
    ),
  ],
  references: [
    { text: 'Vaswani et al., "Attention Is All You Need", NeurIPS 2017', href: 'https://arxiv.org/abs/1706.03762' },
    {
      text: 'Ke, He, Liu, "Rethinking Positional Encoding in Language Pre-training" (TUPE), ICLR 2021',
      note: l('注意力分数的四项，以及噪声很大的交叉项', 'the four terms and the noisy cross terms'),
      href: 'https://arxiv.org/abs/2006.15595',
    },
    {
      text: 'Rush et al., "The Annotated Transformer"',
      note: l('因果掩码，即其中的 `subsequent_mask`', 'the causal mask as `subsequent_mask`'),
      href: 'https://nlp.seas.harvard.edu/annotated-transformer/',
    },
  ],
  glossary: [glossary.position, glossary.score, glossary.offset, glossary.dModel],
};

export default body;
