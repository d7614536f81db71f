/** Relative PE: seed 002 (relative encodings, DeBERTa), seed 004 §2.3–2.4. */
import { param, type ChapterBody } from '../components/chapter/chapter-types.js';
import '../components/relative/deberta-terms.js';
import '../components/relative/relative-bias.js';
import '../components/relative/sentence-offsets.js';
import '../components/relative/shaw-indices.js';
import '../components/relative/sliding-pair.js';
import '../components/relative/t5-buckets.js';
import '../components/relative/xl-terms.js';
import { l } from '../components/shared/i18n.js';
import { glossary } from './glossary.js';

const body: ChapterBody = {
  question: l(
    '绝对位置编码给每个位置一个向量，模型要自己从中读出"相距多远"。能不能让分数 $S_{ij}$ 直接依赖距离 $j-i$？四种做法各学什么、各要多少参数？',
    'An absolute encoding gives every position a vector, and the model has to work out "how far apart" from them. Could the score $S_{ij}$ depend on the distance $j-i$ directly? What does each of the four published ways learn, and how many numbers does it need?',
  ),
  params: [
    { id: 'n', label: l('序列长度 n', 'sequence length n'), min: 4, max: 64, step: 1, default: 16 },
    { id: 'gap', label: l('两个词的间隔', 'gap between the two words'), min: 1, max: 16, step: 1, default: 3 },
    { id: 'seed', label: l('随机种子', 'seed'), min: 1, max: 50, step: 1, default: 2 },
    { id: 'k', label: l('裁剪距离 k', 'clipping distance k'), min: 0, max: 16, step: 1, default: 3 },
    { id: 'buckets', label: l('T5 桶数', 'T5 buckets'), min: 4, max: 64, step: 2, default: 32 },
    { id: 'maxdist', label: l('T5 最大距离', 'T5 max distance'), min: 40, max: 2048, step: 4, default: 128, scale: 'log' },
    {
      id: 'direction',
      label: l('T5 方向', 'T5 direction'),
      choices: [
        { value: 'bi', label: l('双向（编码器）', 'bidirectional (encoder)') },
        { value: 'causal', label: l('单向（解码器）', 'causal (decoder)') },
      ],
      default: 'bi',
    },
    { id: 'span', label: l('画出的偏移范围 ±', 'offsets drawn ±'), min: 16, max: 2048, step: 16, default: 256, scale: 'log' },
    { id: 'kd', label: l('DeBERTa 的最大距离 k', 'DeBERTa max distance k'), min: 1, max: 16, step: 1, default: 4 },
  ],
  sections: [
    {
      id: 'why',
      title: l('同样的间隔，不同的位置分', 'Same gap, different position score'),
      seeds: l('004 §2.3 · 002 "相对位置编码"', '004 §2.3 · 002, "relative position encodings"'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '两个词相隔 3 个位置。把这一对词整体往后挪：它们的关系没变，但在绝对编码下，分数里来自位置的那部分（正弦编码经过随机投影的位置—位置项）跟着变。相对编码直接给"间隔 3"一个数 $b(3)$，挪到哪里都一样。',
            'Two words stand 3 positions apart. Slide the pair along the sentence: their relation does not change, yet under an absolute encoding the part of their score that comes from position (the sinusoidal position–position term, through random projections) moves with them. A relative encoding gives "gap 3" one number $b(3)$, wherever the pair stands.',
          ),
        },
        { kind: 'controls', params: ['n', 'gap', 'seed'] },
        {
          kind: 'figure',
          tag: 'posenc-sliding-pair',
          props: {
            n: param('n'),
            dim: 16,
            seed: param('seed'),
            gap: param('gap'),
            caption: l('相隔 {gap} 的两个词沿句子滑动', 'Two words {gap} apart sliding along the sentence'),
            absoluteLabel: l('绝对编码：位置—位置项', 'absolute: position–position term'),
            relativeLabel: l('相对编码：b({gap})', 'relative: b({gap})'),
            summary: l(
              '从位置 0 滑到 {last}：绝对编码的位置分在 {abs} 的范围里变；相对偏置一直是 {bias}（变化 {rel}）。',
              "Sliding from position 0 to {last}: the absolute encoding's position score ranges over {abs}; the relative bias stays at {bias} (it changes by {rel}).",
            ),
          },
        },
        {
          kind: 'note',
          text: l(
            '「注意力分数的四项」一章说明了原因：只有 $W_QW_K^\\top=I$ 时正弦编码的位置—位置项才只依赖距离。训练好的模型可以学到近似相对的投影，但结构上没有保证；相对编码把这一点写进了公式。',
            'The chapter "Attention scores" shows why: the sinusoidal position–position term depends on the distance alone only when $W_QW_K^\\top=I$. A trained model may learn nearly relative projections, but nothing guarantees it; relative encodings build it into the formula.',
          ),
        },
      ],
    },
    {
      id: 'sentence',
      title: l('004 的句子例子', 'The sentence example of 004'),
      seeds: '004 §2.3',
      blocks: [
        {
          kind: 'text',
          text: l(
            '004 用两句意思相同、词序不同的句子（讲义里缺了这两个句子本身），给出每个词在两句中的位置：句子 1 是 1 到 6，句子 2 是 `The` 5、`cat` 6、`sat` 7、`on` 1、`the` 2、`mat` 3，然后说在相对编码下两句"完全相同"。按它自己的位置表计算：',
            '004 takes two sentences with the same meaning in a different word order (the sentences themselves are missing from the document) and lists each word\'s position: 1 to 6 in sentence 1; `The` 5, `cat` 6, `sat` 7, `on` 1, `the` 2, `mat` 3 in sentence 2. It then says relative encodings represent the two "exactly the same". Computed from its own table:',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-sentence-offsets',
          props: {
            words: ['The', 'cat', 'sat', 'on', 'the', 'mat'],
            positions1: [1, 2, 3, 4, 5, 6],
            positions2: [5, 6, 7, 1, 2, 3],
            caption: l('相邻词的相对位置（后一个词减前一个词）', 'Relative position of neighbouring words (later minus earlier)'),
            sentence1: l('句子 1', 'sentence 1'),
            sentence2: l('句子 2', 'sentence 2'),
            differs: l('两句中的偏移不同：004 的表写的是 +1', "the offsets differ; 004's table prints +1"),
            pairCaption: l(
              '所有有序词对：句子 1 中的偏移 / 句子 2 中的偏移（绿色：相同）',
              'Every ordered pair of words: offset in sentence 1 / in sentence 2 (green: the same)',
            ),
            summary: l(
              '相对编码看的是所有词对，不只是相邻的词：{pairs} 个有序词对里只有 {same} 个在两句中偏移相同。',
              'A relative encoding sees every pair, not only neighbours: of the {pairs} ordered pairs only {same} have the same offset in both sentences.',
            ),
          },
        },
        {
          kind: 'erratum',
          id: 'e004-sentence',
          text: l(
            '按 004 自己的位置表，句子 2 的相邻偏移是 +1、+1、−6、+1、+1（`sat` 在 7、`on` 在 1），不是五个 +1；而且 30 个词对中有 18 个偏移不同（如 `cat` → `on`：+2 与 −5）。两句在相对编码下并不"完全相同"。',
            'By 004\'s own position table the neighbour offsets of sentence 2 are +1, +1, −6, +1, +1 (`sat` at 7, `on` at 1), not five times +1; and 18 of the 30 word pairs have different offsets (e.g. `cat` → `on`: +2 against −5). Relative encodings do not represent the two "exactly the same".',
          ),
        },
      ],
    },
    {
      id: 'bias',
      title: l('每个距离一个偏置 b(j − i)', 'One bias per distance, b(j − i)'),
      seeds: '004 §2.4 (1)',
      blocks: [
        { kind: 'math', tex: 'A_{ij}=\\frac{(x_iW_Q)(x_jW_K)^\\top}{\\sqrt{d}}+b(j-i)' },
        {
          kind: 'text',
          text: l(
            '每个距离学一个标量。$n$ 个词只有 $2n-1$ 种距离，这些数铺满 $n\\times n$ 的矩阵，每条对角线是同一个数。这里的 $b$ 是示例：$b(\\Delta)=-0.3|\\Delta|$ 加随机扰动——越远越低，像训练后常见的那样。',
            'One learned scalar per distance. $n$ tokens have only $2n-1$ distances, and those numbers fill the $n\\times n$ matrix, one number per diagonal. The $b$ here is an example: $b(\\Delta)=-0.3|\\Delta|$ plus random noise, lower for farther keys, as trained biases often are.',
          ),
        },
        { kind: 'controls', params: ['n', 'seed'] },
        {
          kind: 'figure',
          tag: 'posenc-relative-bias',
          props: {
            n: param('n'),
            seed: param('seed'),
            matrixCaption: l('加到分数上的矩阵 b(j − i)', 'The matrix added to the scores, b(j − i)'),
            curveCaption: l('学到的 2n − 1 个数', 'The 2n − 1 learned numbers'),
            summary: l(
              '{count} 个数填满 {n} × {n} = {cells} 个格子；沿对角线的变化是 {spread}：这个矩阵只依赖 $j-i$。',
              '{count} numbers fill the {n} × {n} = {cells} cells; along a diagonal the matrix changes by {spread}: it depends on $j-i$ alone.',
            ),
          },
        },
        {
          kind: 'erratum',
          id: 'e004-relative-sign',
          text: l(
            '符号约定：本站用 $j-i$（键减查询），与 T5、Shaw 等和 004 的代码（`position_ids - position_ids.T`）相同。004 的公式写成 $b_{i-j}$，方向相反：$i=2, j=5$ 时公式取 $b_{-3}$，代码取的却是 $+3$ 的那一行。两种约定都可以，但一篇文章要统一。',
            "Sign convention: this site uses $j-i$ (key minus query), as T5, Shaw et al. and 004's own code (`position_ids - position_ids.T`) do. 004's formulas write $b_{i-j}$, the opposite direction: for $i=2, j=5$ the formula takes $b_{-3}$ while the code looks up the row of $+3$. Either works, but one text should keep one.",
          ),
        },
      ],
    },
    {
      id: 'shaw',
      title: l('相对键向量与裁剪（Shaw 等）', 'Relative key vectors with clipping (Shaw et al.)'),
      seeds: '004 §2.4 (2)',
      blocks: [
        { kind: 'math', tex: 'A_{ij}=\\frac{(x_iW_Q)(x_jW_K+a_{\\operatorname{clip}(j-i,\\,-k,\\,k)})^\\top}{\\sqrt{d}}' },
        {
          kind: 'text',
          text: l(
            '这回每个距离学一个向量 $a$，加在键上。距离超过 $k$ 的都用最边上那个向量，所以表里只有 $2k+1$ 行。热图是每个 $(i,j)$ 查的行号 $\\operatorname{clip}(j-i,-k,k)+k$。',
            'Now each distance learns a vector $a$, added to the key. Distances beyond $k$ all use the outermost vector, so the table has only $2k+1$ rows. The heatmap shows the row each $(i,j)$ looks up, $\\operatorname{clip}(j-i,-k,k)+k$.',
          ),
        },
        { kind: 'controls', params: ['n', 'k'] },
        {
          kind: 'predict',
          id: 'predict-shaw',
          question: l(
            '序列长度 $n$ = {n}、裁剪距离 $k$ = {k}。把序列加长到 4 倍，它会用到表里更多的行吗？',
            'Sequence length $n$ = {n}, clipping distance $k$ = {k}. Make the sequence four times longer: does it use more rows of the table?',
          ),
          choices: [
            { value: 'yes', label: l('会，要更多行', 'yes, more rows') },
            { value: 'no', label: l('不会', 'no') },
          ],
          reveal: {
            tag: 'posenc-shaw-indices',
            props: {
              n: param('n'),
              k: param('k'),
              caption: l('每个 (i, j) 查的行号', 'The row each (i, j) looks up'),
              bandLabel: l('|j − i| ≤ {k}：每个距离自己的向量', '|j − i| ≤ {k}: a vector per distance'),
              summary: l(
                '{n} 个词用到 {used} 行（表有 2k + 1 = {rows} 行）；{n4} 个词用到 {used4} 行。',
                '{n} tokens use {used} rows (the table has 2k + 1 = {rows}); {n4} tokens use {used4}.',
              ),
            },
          },
          explain: l(
            '只要 $k<n$，所有远距离都挤进边上的两行，再长的序列也只用 $2k+1$ 行。把 $k$ 调到不小于 $n$，裁剪不起作用，行数随长度增长。004 的代码就是这种情况：它存 $2\\cdot\\text{max\\_len}$ 行、从不裁剪，序列长到 $\\text{max\\_len}+1$ 时下标越界——和可学习的绝对表一样有长度上限。',
            "As long as $k<n$, every long distance is squeezed into the two outer rows, and any longer sequence still uses $2k+1$ rows. Push $k$ to $n$ or beyond and clipping never acts: the rows grow with the length. 004's code is that case: it stores $2\\cdot\\text{max\\_len}$ rows and never clips, so at length $\\text{max\\_len}+1$ the index runs off the table, the same hard limit as a learned absolute table.",
          ),
        },
        {
          kind: 'erratum',
          id: 'e004-shaw-key-only',
          text: l(
            '004 说相对位置嵌入"引入 `Key` 和 `Query` 的计算中"，但它自己的公式（Shaw 等的做法）只在键一侧加 $a$，查询不变；Shaw 等还把偏移裁剪到 $[-k,k]$，并在值上另加一组嵌入，004 都没有提。',
            '004 says the relative embeddings enter "the computation of Key and Query", but its own formula (Shaw et al.\'s) adds $a$ on the key side only and leaves the query alone; Shaw et al. also clip the offset to $[-k,k]$ and add a second set of embeddings to the values, neither of which 004 mentions.',
          ),
        },
        {
          kind: 'erratum',
          id: 'e004-rel-code-limit',
          text: l(
            '004 的代码 `nn.Embedding(2 * max_len, d_model)` 按 $j-i+\\text{max\\_len}$ 查表、不裁剪：序列长到 $\\text{max\\_len}+1$ 时下标达到 $2\\cdot\\text{max\\_len}$，越界。这与它说的"适用于长文本、不同长度"相矛盾；裁剪（上面的 $k$）才去掉了这个上限。',
            '004\'s code `nn.Embedding(2 * max_len, d_model)` looks up $j-i+\\text{max\\_len}$ without clipping: at length $\\text{max\\_len}+1$ the index reaches $2\\cdot\\text{max\\_len}$ and runs off the table, at odds with its "suits long texts and different lengths". Clipping (the $k$ above) is what removes the limit.',
          ),
        },
      ],
    },
    {
      id: 'xl',
      title: l('Transformer-XL 的四项', "Transformer-XL's four terms"),
      seeds: '004 §2.4 (3)',
      blocks: [
        {
          kind: 'math',
          tex: 'A_{ij}=\\underbrace{E_i^\\top W_q^\\top W_{k,E}E_j}_{(a)}+\\underbrace{E_i^\\top W_q^\\top W_{k,R}R_{i-j}}_{(b)}+\\underbrace{u^\\top W_{k,E}E_j}_{(c)}+\\underbrace{v^\\top W_{k,R}R_{i-j}}_{(d)}',
        },
        {
          kind: 'text',
          text: l(
            'Dai 等 (2019) 式 (4)。$R_{i-j}$ 是距离的正弦编码，固定不学；要学的是 $u, v$ 和投影 $W_{k,R}$。下面四张热图共用一个颜色刻度，标题里写着核心测出的"它依赖什么"：(c) 沿每一列不变（只依赖键），(d) 沿每条对角线不变（只依赖距离）。',
            'Dai et al. (2019), eq. (4). $R_{i-j}$ is the sinusoidal encoding of the distance, fixed, not learned; what is learned is $u, v$ and the projection $W_{k,R}$. The four heatmaps share one colour scale, and each title says what the core measured it to depend on: (c) is constant down every column (the key only), (d) along every diagonal (the distance only).',
          ),
        },
        { kind: 'controls', params: ['n', 'seed'] },
        {
          kind: 'figure',
          tag: 'posenc-xl-terms',
          props: {
            n: param('n'),
            dim: 8,
            seed: param('seed'),
            aLabel: l('(a) 内容 · {dep}', '(a) content · {dep}'),
            bLabel: l('(b) 内容×距离 · {dep}', '(b) content × distance · {dep}'),
            cLabel: l('(c) 全局内容偏置 · {dep}', '(c) global content bias · {dep}'),
            dLabel: l('(d) 全局距离偏置 · {dep}', '(d) global distance bias · {dep}'),
            keyOnly: l('只依赖键', 'key only'),
            offsetOnly: l('只依赖距离', 'distance only'),
            both: l('依赖查询和键', 'query and key'),
            scaleNote: l('分数：{n} 张分数热图共用一个颜色刻度', 'score: one colour scale for the {n} score maps'),
          },
        },
        {
          kind: 'erratum',
          id: 'e004-xl',
          text: l(
            '004 写成 $\\frac{(X_iW_q)(X_jW_k+R_{i-j})^\\top}{\\sqrt{d_k}}+UX_i^\\top+VX_j^\\top$。其中 $UX_i^\\top$ 只依赖查询，给一整行加同一个数，softmax 之后就消失了；论文的 (c)(d) 两项乘的是键的内容和键的相对位置。',
            "004 writes $\\frac{(X_iW_q)(X_jW_k+R_{i-j})^\\top}{\\sqrt{d_k}}+UX_i^\\top+VX_j^\\top$. Its $UX_i^\\top$ depends on the query only, adds one number to a whole row and vanishes in the softmax; the paper's (c) and (d) multiply the key's content and the key's relative position.",
          ),
        },
        {
          kind: 'erratum',
          id: 'e004-xl-learnable',
          text: l(
            '004 说 Transformer-XL 采用"可学习的"相对位置编码。$R_{i-j}$ 是固定的正弦表，没有可学习参数（Dai 等 §3.3）；学的是 $u, v$ 和投影 $W_{k,R}$。',
            '004 says Transformer-XL uses a "learned" relative encoding. $R_{i-j}$ is the fixed sinusoid table with no learned parameters (Dai et al. §3.3); what is learned is $u, v$ and the projection $W_{k,R}$.',
          ),
        },
      ],
    },
    {
      id: 't5',
      title: l('T5 的分桶', 'T5 buckets'),
      seeds: '004 §2.4 (4)',
      blocks: [
        {
          kind: 'text',
          text: l(
            'T5 每个头为每个桶学一个标量（不是向量），加到分数上。近处每个距离一个桶；远处按对数合并，越远的桶越宽；超过最大距离的都落进最后一个桶。双向时键在查询前、后各占一半的桶；单向时后面的键都在桶 0。计算与 Hugging Face 的 `_relative_position_bucket` 一致，包括其中的单精度浮点运算。',
            "T5 learns one scalar (not a vector) per bucket and head, added to the score. Near distances get a bucket each; farther ones are merged logarithmically, each bucket wider than the last; everything beyond the max distance lands in the last bucket. Bidirectionally, keys before and after the query get half the buckets each; causally, all later keys share bucket 0. The computation matches transformers' `_relative_position_bucket`, float32 arithmetic included.",
          ),
        },
        { kind: 'controls', params: ['buckets', 'maxdist', 'direction', 'span'] },
        {
          kind: 'figure',
          tag: 'posenc-t5-buckets',
          props: {
            span: param('span'),
            buckets: param('buckets'),
            maxDistance: param('maxdist'),
            direction: param('direction'),
            caption: l('每个偏移 j − i 落进的桶', 'The bucket of each offset j − i'),
            exactLabel: l('|j − i| < {exact}：每个距离一个桶', '|j − i| < {exact}: one bucket per distance'),
            farLabel: l('{at} 之外共用最后一个桶', 'beyond {at}: the last bucket'),
            summary: l(
              '{offsets} 个偏移只用到 {distinct} 个桶（共 {buckets} 个）：距离小于 {exact} 的各有一个桶，超过 {maxdist} 的都挤在最后一个桶里。',
              'The {offsets} offsets use only {distinct} buckets (of {buckets}): distances below {exact} get a bucket each, and all beyond {maxdist} are squeezed into the last one.',
            ),
            spansLabel: l('每个桶覆盖的偏移', 'The offsets each bucket covers'),
            spansCaption: l('桶与偏移 j − i', 'Buckets and offsets j − i'),
          },
        },
        {
          kind: 'note',
          text: l(
            '双向分桶时有一个桶永远用不到：正方向一半的第一个桶留给"偏移 0"，而偏移 0 已经算在负方向那一半。所以默认的 32 个桶实际用到 31 个。',
            'Bidirectional buckets leave one bucket unused: the first bucket of the positive half is reserved for "offset 0", which the negative half already holds. So T5\'s default 32 buckets are 31 in use.',
          ),
        },
        {
          kind: 'erratum',
          id: 'e002-relative-vector',
          text: l(
            '002 把 T5 列为注入"表示相对距离（$i-j$）的向量"的例子。T5 注入的是每个桶一个标量，而且它按 $j-i$（键减查询）分桶：双向时 $+3$ 和 $-3$ 落在不同的桶里（上图）。',
            '002 lists T5 among the methods that inject "a vector representing the relative distance ($i-j$)". T5 injects one scalar per bucket, and buckets $j-i$ (key minus query): bidirectionally $+3$ and $-3$ land in different buckets (the figure above).',
          ),
        },
      ],
    },
    {
      id: 'deberta',
      title: l('DeBERTa：内容与位置分开的注意力', 'DeBERTa: content and position kept apart'),
      seeds: l('002 “相对位置编码”一节', '002, “relative position encodings”'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '002 把 DeBERTa 列为相对位置编码的代表模型，却没有讲它。DeBERTa（He 等，2021）不把位置加到词向量上：每个词有一个内容向量 $H_i$，每个相对距离有一个位置向量 $P_{\\delta}$，两者各用自己的投影。分数是三项之和：',
            '002 names DeBERTa among the relative encodings without describing it. DeBERTa (He et al., 2021) does not add position to the word vector: each token keeps a content vector $H_i$, each relative distance has a position vector $P_{\\delta}$, and each has its own projections. The score is the sum of three terms:',
          ),
        },
        {
          kind: 'math',
          tex: l(
            '\\tilde A_{ij}=\\htmlData{term=c2c}{Q^c_i\\cdot K^c_j}+\\htmlData{term=c2p}{Q^c_i\\cdot K^r_{\\htmlData{term=delta}{\\delta(i,j)}}}+\\htmlData{term=p2c}{K^c_j\\cdot Q^r_{\\htmlData{term=delta}{\\delta(j,i)}}},\\qquad \\htmlData{term=delta}{\\delta(i,j)}=\\begin{cases}0 & i-j\\le -k\\\\ 2k-1 & i-j\\ge k\\\\ i-j+k & \\text{其余}\\end{cases}',
            '\\tilde A_{ij}=\\htmlData{term=c2c}{Q^c_i\\cdot K^c_j}+\\htmlData{term=c2p}{Q^c_i\\cdot K^r_{\\htmlData{term=delta}{\\delta(i,j)}}}+\\htmlData{term=p2c}{K^c_j\\cdot Q^r_{\\htmlData{term=delta}{\\delta(j,i)}}},\\qquad \\htmlData{term=delta}{\\delta(i,j)}=\\begin{cases}0 & i-j\\le -k\\\\ 2k-1 & i-j\\ge k\\\\ i-j+k & \\text{otherwise}\\end{cases}',
          ),
          terms: [
            { id: 'c2c', label: l('内容→内容', 'content-to-content') },
            { id: 'c2p', label: l('内容→位置', 'content-to-position') },
            { id: 'p2c', label: l('位置→内容', 'position-to-content') },
            { id: 'delta', label: l('距离桶 δ', 'distance bucket δ') },
          ],
        },
        {
          kind: 'text',
          text: l(
            '$Q^c=HW_{q,c}$、$K^c=HW_{k,c}$ 来自内容，$Q^r=PW_{q,r}$、$K^r=PW_{k,r}$ 来自位置。内容→位置项：查询的内容问"相距 $\\delta$ 的位置合不合我意"；位置→内容项：键的内容问"从我这里看，查询所在的距离合不合我意"（注意是 $\\delta(j,i)$）。位置→位置那一项被去掉了：只有相对距离时它不带任何内容信息（论文 §3.1）。距离被裁剪到 $2k$ 个桶：相距 $k$ 及以上的都落在两端的桶里（最后一个桶还装着 $i-j=k-1$）。整个分数再除以 $\\sqrt{3d}$（三项）。',
            '$Q^c=HW_{q,c}$ and $K^c=HW_{k,c}$ come from the content, $Q^r=PW_{q,r}$ and $K^r=PW_{k,r}$ from the positions. Content-to-position: the query’s content asks “does a token at distance $\\delta$ suit me?”; position-to-content: the key’s content asks “does the query, at its distance from me, suit me?” (note $\\delta(j,i)$). The position-to-position term is dropped: with relative distances only it carries no content (the paper, §3.1). Distances are clipped into $2k$ buckets: everything $k$ or more apart falls into the two end buckets (the last one holds $i-j=k-1$ too). The whole score is divided by $\\sqrt{3d}$ (three terms).',
          ),
        },
        { kind: 'controls', params: ['n', 'kd', 'seed'] },
        {
          kind: 'figure',
          tag: 'posenc-deberta-terms',
          props: {
            n: param('n'),
            dim: 8,
            k: param('kd'),
            seed: param('seed'),
            c2cLabel: l('内容→内容 · 大小 {rms}', 'content-to-content · size {rms}'),
            c2pLabel: l('内容→位置 · 大小 {rms}', 'content-to-position · size {rms}'),
            p2cLabel: l('位置→内容 · 大小 {rms}', 'position-to-content · size {rms}'),
            totalLabel: l('总分', 'total'),
            bucketLabel: l('距离桶 δ(i, j)：0 到 {buckets} − 1', 'distance bucket δ(i, j): 0 to {buckets} − 1'),
            scaleNote: l(
              '分数：{n} 张分数热图共用一个颜色刻度（距离桶图有自己的刻度；"大小"是均方根）',
              'score: one colour scale for the {n} score maps (the bucket map has its own; "size" is the root mean square)',
            ),
            summary: l(
              '核心量出的结构：内容→位置项的每一行里，落在同一个桶的键分数相同（最大差占刻度的 {rowSpread}）——它只读查询的内容和桶。位置→内容项的每一列里，落在同一个桶的查询分数相同（{colSpread}）。但内容→位置项的一列里，同一个桶给出的值不同（{c2pColumn}）：不同的查询带着不同的内容。这 $n\\times n$ 个词对用到 $2k$ = {buckets} 个桶中的 {distinct} 个。',
              'What the core measured: in every row of content-to-position, keys in the same bucket score the same (largest difference {rowSpread} of the scale): it reads the query’s content and the bucket only. In every column of position-to-content, queries in the same bucket score the same ({colSpread}). Down a column of content-to-position, though, one bucket gives different values ({c2pColumn}): different queries bring different content. The $n\\times n$ pairs use {distinct} of the $2k$ = {buckets} buckets.',
            ),
            summaryNoShare: l(
              '这里 $n\\le k$：没有距离被裁剪，每一行里每个键都有自己的桶（用到 $2k$ = {buckets} 个桶中的 {distinct} 个），没有两个键共用一个桶可比。把 $n$ 调到 $k$ 以上，两端的桶就开始装下多个键。',
              'Here $n\\le k$: no distance is clipped, every key of a row has a bucket of its own ({distinct} of the $2k$ = {buckets} buckets in use), so no two keys share a bucket to compare. Raise $n$ past $k$ and the end buckets start to hold several keys.',
            ),
          },
        },
        {
          kind: 'note',
          text: l(
            '和前面几种比：T5 每个桶只学一个标量，与内容无关；Shaw 的 $R_{i-j}$ 只和查询相乘；DeBERTa 让查询和键的内容都去读相对位置。论文还在预测被遮住的词的输出层之前把绝对位置加回来（增强的掩码解码器，§3.2），因为只看相对距离，有些词在句子里的角色分不清。',
            'Compared with the others: T5 learns one scalar per bucket, blind to content; Shaw’s $R_{i-j}$ meets the query only; DeBERTa lets the content of both the query and the key read the relative position. The paper also adds absolute positions back just before the output layer that predicts masked words (the enhanced mask decoder, §3.2), since relative distances alone leave some words’ roles in a sentence ambiguous.',
          ),
        },
      ],
    },
  ],
  takeaways: [
    l(
      '相对编码让分数里来自位置的部分只依赖 $j-i$：同一对词挪到哪里都一样。绝对编码经过投影之后做不到这一点。',
      'Relative encodings make the position part of the score depend on $j-i$ alone: the same pair scores the same wherever it stands. Absolute encodings lose that once the projections act.',
    ),
    l(
      '四种做法学的东西不同：偏置每个距离一个标量；Shaw 每个距离一个键向量（裁剪到 $2k+1$ 个）；Transformer-XL 学 $u, v$ 和投影，距离本身用固定正弦；T5 每个对数宽度的桶一个标量。',
      'The four learn different things: a bias learns a scalar per distance; Shaw et al. a key vector per distance (clipped to $2k+1$); Transformer-XL learns $u, v$ and projections over a fixed sinusoid of the distance; T5 a scalar per logarithmic bucket.',
    ),
    l(
      '参数量不随长度增长的关键是裁剪或分桶；不裁剪的相对表（如 004 的代码）和绝对表一样有长度上限。',
      "What keeps the parameter count from growing with length is clipping or bucketing; an unclipped relative table (like 004's code) has the same length limit as an absolute one.",
    ),
  ],
  references: [
    {
      text: 'He, Liu, Gao, Chen, "DeBERTa: Decoding-enhanced BERT with Disentangled Attention", ICLR 2021',
      href: 'https://arxiv.org/abs/2006.03654',
    },
    {
      text: 'Shaw, Uszkoreit, Vaswani, "Self-Attention with Relative Position Representations", NAACL 2018',
      href: 'https://arxiv.org/abs/1803.02155',
    },
    {
      text: 'Dai et al., "Transformer-XL: Attentive Language Models Beyond a Fixed-Length Context", ACL 2019',
      href: 'https://arxiv.org/abs/1901.02860',
    },
    {
      text: 'Raffel et al., "Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer" (T5), JMLR 2020',
      href: 'https://arxiv.org/abs/1910.10683',
    },
    {
      text: 'Hugging Face transformers, T5Attention._relative_position_bucket',
      href: 'https://github.com/huggingface/transformers/blob/main/src/transformers/models/t5/modeling_t5.py',
    },
  ],
  glossary: [glossary.position, glossary.score, glossary.offset],
};

export default body;
