/** Design history: seed 002, from integer labels to sin+cos pairs. */
import '../components/history/binary-steps.js';
import '../components/history/integer-labels.js';
import '../components/history/normalized-rulers.js';
import '../components/history/pair-hands.js';
import '../components/history/shift-fit.js';
import { param, type ChapterBody } from '../components/chapter/chapter-types.js';
import { l } from '../components/shared/i18n.js';
import { glossary } from './glossary.js';

const body: ChapterBody = {
  question: l(
    '怎样把“这是第几个词”告诉模型？把最直接的几种想法逐个试一遍：每一种在哪里失败，下一种又修好了什么？',
    'How do you tell the model which word comes where? Try the obvious ideas one by one: where does each fail, and what does the next one fix?',
  ),
  params: [
    { id: 'intLen', label: l('序列长度', 'sequence length'), min: 2, max: 4096, step: 1, default: 512, scale: 'log' },
    {
      id: 'intTrain',
      label: l('训练时的最长长度', 'longest length seen in training'),
      min: 2,
      max: 1024,
      step: 1,
      default: 64,
      scale: 'log',
    },
    { id: 'n', label: l('句子长度 n', 'sentence length n'), min: 2, max: 12, step: 1, default: 3 },
    { id: 'bits', label: l('二进制位数', 'number of bits'), min: 4, max: 8, step: 1, default: 4 },
    { id: 'step', label: l('看哪一步 pos → pos+1', 'which step pos → pos+1'), min: 0, max: 254, step: 1, default: 7 },
    { id: 'k', label: l('偏移 k', 'offset k'), min: 1, max: 30, step: 1, default: 3 },
    { id: 'd', label: l('维度 d', 'dimension d'), min: 2, max: 16, step: 2, default: 8 },
    { id: 'pos', label: l('起点位置 pos', 'starting position pos'), min: 0, max: 100, step: 1, default: 5 },
  ],
  sections: [
    {
      id: 'integer',
      title: l('想法一：直接用整数编号', 'Idea 1: the integer itself'),
      seeds: l('002 "位置编码设计历史"', '002, "history of position encodings"'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '第一个词标 0，第二个标 1……把编号加到词向量的每个分量上。词向量的分量大约在 ±1 之间，编号却没有上限。下面取两个随机词向量“猫”和“狗”，看它们加上同一个编号后有多像：',
            'Label the first word 0, the second 1, … and add the label to every entry of the word vector. Word-vector entries are about ±1; the labels have no bound. Below, two random word vectors, “cat” and “dog”, get the same label added: how alike do they look?',
          ),
        },
        { kind: 'controls', params: ['intLen', 'intTrain'] },
        {
          kind: 'figure',
          tag: 'posenc-integer-labels',
          props: {
            length: param('intLen'),
            trainLength: param('intTrain'),
            words: l('猫|狗', 'cat|dog'),
            caption: l(
              '两个不同的词加上同一个整数编号后的余弦相似度',
              'Cosine similarity of two different words once the same integer label is added',
            ),
            unseenLabel: l('训练时没见过的编号', 'labels never seen in training'),
            sentence: l(
              '在位置 {last}，“猫”和“狗”的余弦相似度是 {sim}（图上第一个点、位置 1 时是 {sim1}）：编号把约 ±{typical} 的词向量淹没了，两个词几乎指向同一个方向。',
              'At position {last}, “cat” and “dog” have cosine similarity {sim} (at position 1, the first point of the plot: {sim1}): the label drowns word entries of about ±{typical}, and the two words point almost the same way.',
            ),
            sentenceApart: l(
              '在位置 {last}，“猫”和“狗”的余弦相似度是 {sim}（图上第一个点、位置 1 时是 {sim1}）：这么短的序列里编号还没有大到淹没约 ±{typical} 的词向量，但它一直在往 1 爬。把序列调长看看。',
              'At position {last}, “cat” and “dog” have cosine similarity {sim} (at position 1, the first point of the plot: {sim1}): in so short a sequence the label is not yet large enough to drown word entries of about ±{typical}, but it keeps climbing towards 1. Make the sequence longer.',
            ),
            unseenText: l(
              '训练时最大只见过编号 {seen}；这一句里有 {unseen} 个编号模型从没见过（阴影部分）。',
              'Training never showed a label above {seen}; this sequence has {unseen} labels the model has never seen (shaded).',
            ),
            seenText: l(
              '这一句的编号都不超过训练时见过的最大编号 {seen}。',
              'Every label of this sequence is at most {seen}, the largest seen in training.',
            ),
          },
        },
      ],
    },
    {
      id: 'normalised',
      title: l('想法二：缩放到 [0, 1]', 'Idea 2: scale to [0, 1]'),
      seeds: '002',
      blocks: [
        {
          kind: 'text',
          text: l(
            '用 $pos/(n-1)$ 标记，数值就有界了。可是“相邻”的含义跟着句长变：',
            'Labelling with $pos/(n-1)$ bounds the values. But what “next to each other” means now depends on the length:',
          ),
        },
        { kind: 'controls', params: ['n'] },
        {
          kind: 'figure',
          tag: 'posenc-normalized-rulers',
          props: {
            n: param('n'),
            caption: l(
              '两个句长下的 pos/(n−1)：括号标出相邻两词的间距',
              'pos/(n−1) at two lengths: the bracket marks the gap between neighbours',
            ),
            sentence: l(
              '同样是相邻的两个词，在 {n} 个词的句子里相距 {gapN}，在 {m} 个词的句子里相距 {gapM}。同一个数值在不同长度的句子里指的也不是同一个位置。',
              'The same two neighbours are {gapN} apart in a sentence of {n} words and {gapM} apart in one of {m}. And one value points at different positions in sentences of different lengths.',
            ),
          },
        },
        {
          kind: 'text',
          text: l(
            '到这里，要求已经清楚了：每个位置的编码要**唯一**、**有界**、**确定**（不随句子内容变），而且相邻位置之间的关系不能随句长或位置而变。',
            'By now the requirements are clear: each position’s code must be **unique**, **bounded**, **deterministic** (independent of the sentence), and the relation between neighbours must not change with the length or the position.',
          ),
        },
      ],
    },
    {
      id: 'binary',
      title: l('想法三：二进制编码', 'Idea 3: binary codes'),
      seeds: l('002 "二进制编码"', '002, "binary encoding"'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '既然位置要加到一个 $d$ 维向量上，不如用一个 $d$ 维向量表示位置：位置的二进制位。它唯一、确定、有界（每个分量是 0 或 1）。',
            'Since the position is added to a $d$-dimensional vector, why not write the position as a $d$-dimensional vector: its bits. Unique, deterministic, bounded (every entry is 0 or 1).',
          ),
        },
        { kind: 'controls', params: ['bits', 'step'] },
        {
          kind: 'predict',
          id: 'predict-bits',
          question: l(
            '从位置 {step} 走到下一个位置，有几个二进制位要翻转？',
            'Going from position {step} to the next one, how many bits flip?',
          ),
          choices: [
            { value: '1', label: l('1 位', '1 bit') },
            { value: '2', label: l('2 位', '2 bits') },
            { value: '3', label: l('3 位', '3 bits') },
            { value: '4', label: l('4 位', '4 bits') },
            { value: '5+', label: l('5 位或更多', '5 or more') },
          ],
          reveal: {
            tag: 'posenc-binary-steps',
            props: {
              bits: param('bits'),
              step: param('step'),
              caption: l(
                '二进制编码（最高位在前）：高亮的两行是这一步，框出的是翻转的位',
                'Binary codes (most significant bit first): the highlighted rows are the step, the outlined bits flip',
              ),
              plotCaption: l('每一步相邻编码之间的距离', 'Distance between neighbouring codes at every step'),
              sentence: l(
                '{from} → {to} 翻转 {flips} 位。相邻位置之间的距离在 {min} 位与 {max} 位之间跳来跳去：离散的编码没有统一的“相邻”。',
                '{from} → {to} flips {flips} bits. The distance between neighbours jumps between {min} and {max} bits: a discrete code has no single notion of “next to”.',
              ),
            },
          },
          explain: l(
            '6 → 7 只翻 1 位，7 → 8 却要翻 4 位（0111 → 1000）。对模型来说，这两步是完全不同的变换，它学不到一个统一的“往后挪一位”。我们需要连续变化的编码。',
            '6 → 7 flips one bit, 7 → 8 flips four (0111 → 1000). To the model these are two entirely different moves, so it cannot learn a single “one step later”. We need codes that change smoothly.',
          ),
        },
      ],
    },
    {
      id: 'sin-only',
      title: l('想法四：只用 sin', 'Idea 4: sines alone'),
      seeds: l('002 "为什么单独使用sin不行"', '002, "why sin alone fails"'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '连续、有界的函数，最先想到的就是正弦：第 $i$ 维放 $\\sin(pos\\cdot\\omega_i)$，各维频率不同。我们还想要一件事：挪 $k$ 个位置是同一个**线性**变换，不管从哪里出发——存在只依赖 $k$ 的矩阵 $M_k$，使 $PE(pos+k)=M_k\\,PE(pos)$。这样模型学会一个 $M_k$，就学会了“往后 $k$ 个”。和角公式说：',
            'The first smooth, bounded function to come to mind is the sine: dimension $i$ holds $\\sin(pos\\cdot\\omega_i)$, each at its own frequency. We want one more thing: moving $k$ positions should be one **linear** map wherever we start, a matrix $M_k$ depending on $k$ only with $PE(pos+k)=M_k\\,PE(pos)$. Learn one $M_k$, and the model knows “$k$ later”. The angle-sum formula says:',
          ),
        },
        {
          kind: 'math',
          tex: l(
            '\\sin((pos+k)\\omega_i)=\\sin(pos\\,\\omega_i)\\cos(k\\omega_i)+\\underbrace{\\cos(pos\\,\\omega_i)}_{\\text{不是各个 sin 的线性组合}}\\sin(k\\omega_i)',
            '\\sin((pos+k)\\omega_i)=\\sin(pos\\,\\omega_i)\\cos(k\\omega_i)+\\underbrace{\\cos(pos\\,\\omega_i)}_{\\text{not a linear combination of the sines}}\\sin(k\\omega_i)',
          ),
        },
        { kind: 'controls', params: ['k', 'd'] },
        {
          kind: 'predict',
          id: 'predict-sin',
          question: l(
            '只有 sin 时，能找到一个矩阵 $M_k$，把每个 $PE(pos)$ 都准确地变成 $PE(pos+k)$ 吗？',
            'With sines alone, is there a matrix $M_k$ that turns every $PE(pos)$ exactly into $PE(pos+k)$?',
          ),
          choices: [
            { value: 'yes', label: l('能', 'yes') },
            { value: 'no', label: l('不能', 'no') },
          ],
          reveal: {
            tag: 'posenc-shift-fit',
            props: {
              k: param('k'),
              dim: param('d'),
              features: 'sin',
              table: true,
              caption: l(
                '只有 sin：最好的 Mₖ（在 64 个位置上用最小二乘求得）预测 {col} 挪 k 之后的值',
                'Sines alone: the best Mₖ (least squares over 64 positions) predicting {col} moved by k',
              ),
              failText: l(
                '最好的 $M_k$ 也差了 {err}（相对残差 {res}）：预测曲线离开了真值。不存在线性的平移。但信息并没有丢：64 个只有 sin 的向量互不相同（最近的两个是位置 {ca} 和 {cb}，相距 {closest}），从向量能反推出位置——缺的只是“线性”。',
                'Even the best $M_k$ is off by {err} (relative residual {res}): the predicted curve leaves the true one. No linear shift exists. Yet nothing is lost: the 64 sine-only vectors are all different (the closest two, positions {ca} and {cb}, are {closest} apart), so the position can be read back; what is missing is linearity.',
              ),
              exactText: l('最好的 $M_k$ 与真值相差 {err}：线性平移存在。', 'The best $M_k$ is off by {err}: a linear shift exists.'),
            },
          },
          explain: l(
            '$\\cos(pos\\,\\omega_i)$ 由位置决定，但它不是 $\\sin(pos\\,\\omega_j)$ 们的线性组合，所以没有矩阵能替它出现。讲义 002 说原因是“cos 没有被编码在向量里”，不准确：位置（从而 cos）可以从 sin 向量反推，只是不能线性地得到。',
            '$\\cos(pos\\,\\omega_i)$ is fixed by the position, but it is not a linear combination of the $\\sin(pos\\,\\omega_j)$, so no matrix can stand in for it. 002 gives as the reason that “cos is not encoded in the vector”; not quite: the position, hence the cosine, can be recovered from the sines, just not linearly.',
          ),
        },
      ],
    },
    {
      id: 'sin-cos',
      title: l('想法五：sin 与 cos 成对——平移就是旋转', 'Idea 5: sin and cos in pairs: a shift is a rotation'),
      seeds: l('002 "sin/cos 配对的成功之处" · 000 §2.3', '002, "why sin/cos pairs work" · 000 §2.3'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '把缺的那个 $\\cos$ 也放进来：同一频率的 sin 与 cos 组成一对。和角公式现在只用到这一对自己的两个数：',
            'Put the missing cosine in: a sine and the cosine of the same frequency form a pair. The angle-sum formulas now need only the pair’s own two numbers:',
          ),
        },
        {
          kind: 'math',
          tex: '\\begin{bmatrix}PE_{(pos+k,\\,2i)}\\\\PE_{(pos+k,\\,2i+1)}\\end{bmatrix}=\\begin{bmatrix}\\cos k\\omega_i&\\sin k\\omega_i\\\\-\\sin k\\omega_i&\\cos k\\omega_i\\end{bmatrix}\\begin{bmatrix}PE_{(pos,\\,2i)}\\\\PE_{(pos,\\,2i+1)}\\end{bmatrix}',
        },
        {
          kind: 'text',
          text: l(
            '画出来就是一块表：把这一对的 sin 当横坐标、cos 当纵坐标，位置 0 的点在 12 点钟方向 $(0,1)$，每往后一个位置，指针顺时针转 $\\omega_i$。挪 $k$ 个位置，每一对都顺时针多转 $k\\omega_i$，转多少只看 $k$，不看从哪里出发。',
            'Drawn, it is a clock: put the pair’s sine across and its cosine up; position 0 sits at 12 o’clock, $(0,1)$, and each position turns the hand clockwise by $\\omega_i$. Moving $k$ positions turns every pair clockwise by $k\\omega_i$ more, an amount that depends on $k$ only, not on where you start.',
          ),
        },
        { kind: 'controls', params: ['pos', 'k', 'd'] },
        {
          kind: 'figure',
          tag: 'posenc-pair-hands',
          props: {
            pos: param('pos'),
            k: param('k'),
            dim: param('d'),
            matrix: true,
            caption: l(
              '每一对维度是一根指针：虚线是位置 {pos}，实线是位置 {to}，橙色弧是转过的 kω',
              'Every pair is a hand: dashed at position {pos}, solid at position {to}, the orange arc the turn kω',
            ),
            sentence: l(
              '按块对角矩阵 $M_k$ 把 PE({pos}) 逐对旋转，得到的正是 PE({to})：最大差 {err}，只是舍入。',
              'Turning PE({pos}) pair by pair with the block-diagonal $M_k$ gives exactly PE({to}): the largest difference is {err}, rounding.',
            ),
            matrixCaption: l(
              'Mₖ（k = {k}）：只有对角线上的 2×2 旋转块不为零——正是 RoPE 在位置 −k 处用的那个块对角旋转矩阵',
              'Mₖ (k = {k}): only the 2×2 rotation blocks on the diagonal are non-zero; it is the very block-diagonal rotation RoPE applies at position −k',
            ),
          },
        },
        {
          kind: 'figure',
          tag: 'posenc-shift-fit',
          props: {
            k: param('k'),
            dim: param('d'),
            features: 'sincos',
            caption: l('sin + cos：用最小二乘拟合，预测 {col} 挪 k 之后的值', 'sin + cos: a least-squares fit predicting {col} moved by k'),
            failText: l('最好的 $M_k$ 差了 {err}。', 'The best $M_k$ is off by {err}.'),
            exactText: l(
              '两条曲线重合：误差 {err}（相对残差 {res}），只是浮点舍入。平移 $k$ 就是一个只依赖 $k$ 的矩阵。',
              'The two curves coincide: the error is {err} (relative residual {res}), floating-point rounding. A shift by $k$ is one matrix that depends on $k$ only.',
            ),
          },
        },
        {
          kind: 'note',
          text: l(
            '方向：这个矩阵作用在按 (sin, cos) 存放的一对上，在 $R(\\theta)=\\begin{bmatrix}\\cos\\theta&-\\sin\\theta\\\\\\sin\\theta&\\cos\\theta\\end{bmatrix}$ 的约定下它是 $R(-k\\omega_i)$，顺时针；RoPE 旋转 (x, y) 坐标用的是 $R(+m\\theta)$。只要 sin 与 cos 来自同一频率，排列顺序无所谓：先放全部 sin 再放全部 cos 也行，$M_k$ 只是换了行列顺序。',
            'Direction: the matrix acts on a pair stored as (sin, cos); in the convention $R(\\theta)=\\begin{bmatrix}\\cos\\theta&-\\sin\\theta\\\\\\sin\\theta&\\cos\\theta\\end{bmatrix}$ it is $R(-k\\omega_i)$, clockwise; RoPE turns (x, y) coordinates by $R(+m\\theta)$. The order does not matter as long as each sine has the cosine of its own frequency: all sines first, then all cosines works too, with $M_k$’s rows and columns permuted.',
          ),
        },
      ],
    },
  ],
  takeaways: [
    l(
      '整数编号无界：它淹没词向量，序列一长就出现训练时没见过的数。',
      'Integer labels are unbounded: they drown the word vectors and longer sequences bring values never seen in training.',
    ),
    l(
      '缩放到 [0, 1] 有界了，但相邻两词的间距随句长而变。',
      'Scaling to [0, 1] bounds them, but the gap between neighbours changes with the length.',
    ),
    l(
      '二进制编码有界且唯一，但不连续：7 → 8 翻 4 位，6 → 7 只翻 1 位。',
      'Binary codes are bounded and unique but jumpy: 7 → 8 flips four bits, 6 → 7 one.',
    ),
    l(
      '只用 sin 时平移不是线性的；sin 与 cos 成对后，每一对都是一根指针，挪 $k$ 个位置就是把每根指针转 $k\\omega_i$：$PE(pos+k)=M_k\\,PE(pos)$。',
      'With sines alone a shift is not linear; with sin and cos in pairs every pair is a clock hand, and moving $k$ positions turns each hand by $k\\omega_i$: $PE(pos+k)=M_k\\,PE(pos)$.',
    ),
  ],
  references: [
    {
      text: 'Vaswani et al., "Attention Is All You Need", NeurIPS 2017, §3.5',
      note: l(
        '原文说：对任意固定的偏移 $k$，$PE_{pos+k}$ 都可以表示成 $PE_{pos}$ 的线性函数',
        '"for any fixed offset $k$, $PE_{pos+k}$ can be represented as a linear function of $PE_{pos}$"',
      ),
      href: 'https://arxiv.org/abs/1706.03762',
    },
    {
      text: 'Kazemnejad, "Transformer Architecture: The Positional Encoding", 2019',
      note: l('二进制编码，以及把正弦编码看作它的连续版本', 'binary codes and the sinusoidal encoding as their continuous version'),
      href: 'https://kazemnejad.com/blog/transformer_architecture_positional_encoding/',
    },
    {
      text: 'Hugging Face, "You could have designed state of the art positional encoding", 2024',
      note: l('从整数到正弦，再到 RoPE', 'from integers to sinusoids to RoPE'),
      href: 'https://huggingface.co/blog/designing-positional-encoding',
    },
    {
      text: 'Dufter, Schmitt, Schütze, "Position Information in Transformers: An Overview", Computational Linguistics 2022',
      href: 'https://arxiv.org/abs/2102.11090',
    },
  ],
  glossary: [glossary.position, glossary.offset, glossary.pairIndex, glossary.omega, glossary.dModel, glossary.rotation],
};

export default body;
