/** Why position: seed 002 (permutation), seed 004 §1, seed 001 §6.1 introduction (RNNs, five requirements). */
import '../components/permutation/readouts.js';
import '../components/permutation/same-word.js';
import '../components/permutation/shuffle.js';
import { param, type ChapterBody } from '../components/chapter/chapter-types.js';
import { l } from '../components/shared/i18n.js';
import { glossary } from './glossary.js';

/** The sentences and their shuffles: perm[r] is the word that lands in slot r. */
const EXAMPLES = {
  dog: { zh: ['狗', '咬', '人'], en: ['dog', 'bites', 'man'], perm: [2, 1, 0] },
  seed002: { zh: ['我', '爱', '吃', '梨子'], en: ['I', 'love', 'eating', 'pears'], perm: [1, 2, 0, 3] },
  reverse: { zh: ['我', '爱', '吃', '梨子'], en: ['I', 'love', 'eating', 'pears'], perm: [3, 2, 1, 0] },
  swap: { zh: ['我', '爱', '吃', '梨子'], en: ['I', 'love', 'eating', 'pears'], perm: [1, 0, 2, 3] },
};

const SHUFFLE_WORDS = {
  originalLabel: l('原句：每个词的输出 Y(X)', 'Sentence: each word’s output Y(X)'),
  shuffledLabel: l('打乱后：Y(ΠX)', 'Shuffled: Y(ΠX)'),
  equalText: l(
    'Y(ΠX) 与 Π·Y(X) 最多相差 {eq}：只是双精度浮点数最后几位的舍入。每个词得到的向量和原来一模一样，只是挪了一行——这叫置换**等变**。',
    'Y(ΠX) and Π·Y(X) differ by at most {eq}: rounding in the last bits of float64. Every word gets exactly the vector it had, one row further along: permutation **equivariant**.',
  ),
  brokenText: l(
    'Y(ΠX) 与 Π·Y(X) 相差 {eq}：位置编码让同一个词在另一个位置上得到不同的向量，不再等变。',
    'Y(ΠX) and Π·Y(X) differ by {eq}: with the position encoding, the same word in another slot gets another vector; no longer equivariant.',
  ),
  notInvariantText: l(
    '而 Y(ΠX) 与 Y(X) 逐行比较相差 {inv}：输出矩阵本身变了（行换了位置），所以它**不是**置换不变的。',
    'Compared row by row, Y(ΠX) and Y(X) differ by {inv}: the output matrix itself changes (its rows move), so it is **not** permutation invariant.',
  ),
};

const body: ChapterBody = {
  question: l(
    '“狗咬人”和“人咬狗”用的是同样三个词。一个不知道位置的自注意力层，分得出这两句话吗？',
    '“Dog bites man” and “man bites dog” use the same three words. Can a self-attention layer that knows nothing about positions tell them apart?',
  ),
  params: [
    { id: 'seed', label: l('随机权重的种子', 'seed of the random weights'), min: 1, max: 50, step: 1, default: 7 },
    {
      id: 'perm',
      label: l('句子与打乱方式 Π', 'sentence and shuffle Π'),
      choices: [
        { value: 'dog', label: l('狗 咬 人 → 人 咬 狗', 'dog bites man → man bites dog') },
        {
          value: 'seed002',
          label: l(
            '我 爱 吃 梨子 → 爱 吃 我 梨子（讲义 002 的例子）',
            'I love eating pears → love eating I pears (document 002’s example)',
          ),
        },
        { value: 'reverse', label: l('我 爱 吃 梨子 → 倒序', 'I love eating pears → reversed') },
        { value: 'swap', label: l('我 爱 吃 梨子 → 交换前两个词', 'I love eating pears → first two swapped') },
      ],
      default: 'dog',
    },
    {
      id: 'pe',
      label: l('输入加上位置编码', 'position encoding added to the input'),
      choices: [
        { value: 'off', label: l('不加（只有词向量）', 'no (word vectors only)') },
        { value: 'on', label: l('加上正弦位置编码', 'yes (sinusoidal encoding)') },
      ],
      default: 'off',
    },
  ],
  sections: [
    {
      id: 'rnn',
      title: l('循环网络不需要位置编码，注意力需要', 'An RNN needs no position encoding; attention does'),
      seeds: '001 §6.1',
      blocks: [
        {
          kind: 'text',
          text: l(
            '循环神经网络一次读一个词：$h_t=f(h_{t-1},x_t)$。第 $t$ 步的状态由第 $t-1$ 步的状态算出，所以词序就写在计算的先后里，用不着另外告诉它位置。代价有两个：第 $t$ 步必须等第 $t-1$ 步算完，一个序列没法并行；第 1 个词的信息要传到第 100 个词，得经过中间的 99 次更新，越远越难保住。',
            'A recurrent network (RNN) reads one word at a time: $h_t=f(h_{t-1},x_t)$. The state at step $t$ is computed from the state at step $t-1$, so the order of the words is written into the order of the computation and nothing has to tell it the positions. It pays twice for that: step $t$ must wait for step $t-1$, so one sequence cannot be computed in parallel; and what word 1 says must pass through 99 updates before it reaches word 100, and the farther it goes the harder it is to keep.',
          ),
        },
        {
          kind: 'text',
          text: l(
            '自注意力把这两个代价都去掉了：任意两个词一步就直接相连，所有位置同时计算。但它也把循环网络免费得到的东西丢掉了：词序。下面先量一量它丢了多少。',
            'Self-attention removes both costs: any two words are linked directly, in one step, and every position is computed at once. But it also drops what the RNN got for free: the order of the words. First, a measurement of how much it drops.',
          ),
        },
      ],
    },
    {
      id: 'equivariance',
      title: l('打乱词序：每个词的输出只是挪了位置', 'Shuffle the words: each word’s output only moves'),
      seeds: l('002 “注意力机制中的置换等变”一节 · 001 §6.1', '002, "permutation equivariance in attention" · 001 §6.1'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '下面是一个很小的自注意力层：每个词是 4 维向量，$W_Q, W_K, W_V$ 由种子随机生成（不是训练出来的，任何权重都一样）。左边（窄屏上在上方）是原句，每个词右侧的色块是它的输出向量；右边是打乱后的句子，连线把同一个词连起来，右侧标记写着这个词的输出变了没有。',
            'Below is a tiny self-attention layer: each word is a 4-dimensional vector, and $W_Q, W_K, W_V$ are drawn from the seed (not trained; any weights behave the same). On the left (on top, on a narrow screen) is the sentence, each word followed by the coloured cells of its output vector; on the right the shuffled sentence, with lines joining each word to where it went and a mark saying whether its output changed.',
          ),
        },
        { kind: 'controls', params: ['perm', 'seed', 'pe'] },
        {
          kind: 'figure',
          tag: 'posenc-shuffle',
          id: 'shuffle-main',
          props: {
            seed: param('seed'),
            perm: param('perm'),
            encoding: param('pe'),
            examples: EXAMPLES,
            caption: l(
              '同一个注意力层，读原句与打乱后的句子（两边共用一个色标）',
              'One attention layer reading the sentence and its shuffle (one colour scale for both sides)',
            ),
            factsId: 'perm-diff',
            ...SHUFFLE_WORDS,
          },
        },
        {
          kind: 'text',
          text: l(
            "“狗”在两句里一个是咬的一方、一个是被咬的一方，可它得到的向量完全一样。原因只有几行：设 $X\\in\\mathbb{R}^{n\\times d}$，置换矩阵 $\\Pi$ 打乱它的行，$X'=\\Pi X$。打分、权重和输出都只是被同一个 $\\Pi$ 重排：",
            "“Dog” bites in one sentence and is bitten in the other, yet it gets exactly the same vector. The reason takes a few lines. With $X\\in\\mathbb{R}^{n\\times d}$ and a permutation matrix $\\Pi$ shuffling its rows, $X'=\\Pi X$, scores, weights and outputs are all just reordered by the same $\\Pi$:",
          ),
        },
        {
          kind: 'math',
          tex: "S'=\\frac{(\\Pi Q)(\\Pi K)^\\top}{\\sqrt{d_k}}=\\Pi S\\Pi^\\top,\\qquad A'=\\operatorname{softmax}_{\\text{row}}(\\Pi S\\Pi^\\top)=\\Pi A\\Pi^\\top,\\qquad Y'=A'V'=\\Pi A\\Pi^\\top\\Pi V=\\Pi Y",
        },
        {
          kind: 'note',
          text: l(
            "用词要准确：讲义（000 §1、001 §6.1、002 开头）把这叫“置换不变”。准确的说法是**等变**：$Y(\\Pi X)=\\Pi\\,Y(X)$，输出的行跟着输入的行走。**不变**是 $Y(\\Pi X)=Y(X)$，上图第二行量出它并不成立；注意力权重矩阵也变了（$A'=\\Pi A\\Pi^\\top$，行和列都换了位置），不变的只是某两个词之间的那个权重。另外，002 举的“猫坐在垫子上”与“垫子坐在猫上面”多了一个“面”字，并不是同一组词的重排。",
            "Words matter here: the documents (000 §1, 001 §6.1, the start of 002) call this “permutation invariant”. The exact word is **equivariant**: $Y(\\Pi X)=\\Pi\\,Y(X)$, the rows of the output move with the rows of the input. **Invariant** would mean $Y(\\Pi X)=Y(X)$, which the figure’s second line shows to be false; the attention weight matrix changes too ($A'=\\Pi A\\Pi^\\top$: rows and columns move), only the weight between two given words stays. (002’s own pair of sentences, “the cat sat on the mat” and “the mat sat on top of the cat”, is not even a reordering: the second adds a word.)",
          ),
        },
      ],
    },
    {
      id: 'cross',
      title: l('不变的是“读出”', 'What is invariant: the read-outs'),
      seeds: l('002 “置换导致的输出确定”一节', '002, "what the permutation makes certain"'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '模型最后要从输出里读出一个结果。分类器对所有词的输出取平均（或做池化）；翻译时，解码器第 $t$ 步用查询 $q_t$ 去读编码器的输出 $H$。行的顺序不影响平均值；在交叉注意力里 $\\Pi^\\top\\Pi=I$ 互相抵消：',
            'In the end the model reads one result out of the outputs. A classifier averages (pools) the outputs of all words; in translation, decoder step $t$ reads the encoder’s output $H$ with its query $q_t$. The order of rows does not change an average, and in cross-attention $\\Pi^\\top\\Pi=I$ cancels:',
          ),
        },
        {
          kind: 'math',
          tex: "A_t'=\\operatorname{softmax}\\Big(\\frac{q_tK^\\top\\Pi^\\top}{\\sqrt{d_k}}\\Big)=A_t\\Pi^\\top,\\qquad C_t'=A_t'(\\Pi V)=A_t\\Pi^\\top\\Pi V=A_tV=C_t",
        },
        {
          kind: 'figure',
          tag: 'posenc-readouts',
          props: {
            seed: param('seed'),
            perm: param('perm'),
            encoding: param('pe'),
            examples: EXAMPLES,
            caption: l('从同一层的输出里读出的两种结果：原句与打乱后', 'Two read-outs of the same layer’s output: sentence and shuffle'),
            pooledLabel: l('分类器：所有词输出的平均', 'Classifier: the mean of the words’ outputs'),
            crossLabel: l(
              '解码器：两个查询 t = 0, 1 的交叉注意力读出 Cₜ',
              'Decoder: the cross-attention read-out Cₜ of two queries t = 0, 1',
            ),
            sameText: l(
              '两者相差 {gap}，只是舍入：读出是置换**不变**的。',
              'They differ by {gap}, rounding only: the read-out is permutation **invariant**.',
            ),
            changedText: l(
              '两者相差 {gap}：位置编码让读出能区分两种词序。',
              'They differ by {gap}: with the position encoding the read-out tells the two orders apart.',
            ),
          },
        },
        {
          kind: 'text',
          text: l(
            '所以不加位置信息时，“狗咬人”和“人咬狗”到了分类器和解码器那里是同一个输入。',
            'So without position information, “dog bites man” and “man bites dog” reach the classifier and the decoder as the same input.',
          ),
        },
        {
          kind: 'note',
          text: l(
            '002 说分类任务是对“注意力权重矩阵”做池化。池化的对象其实是输出向量 $Y$（$n\\times d$）：权重矩阵每行之和为 1，它的总和对任何输入都是 $n$，池化它什么也得不到。',
            '002 says classification pools “the attention weight matrix”. What is pooled is the output $Y$ ($n\\times d$): every row of the weight matrix sums to 1, so its total is $n$ for every input, and pooling it would tell nothing.',
          ),
        },
      ],
    },
    {
      id: 'breaking',
      title: l('加上位置编码，对称就被打破', 'Add a position encoding, and the symmetry breaks'),
      seeds: l('002 "为什么加上PE，位置信息就不会丢失" · 004 §1.2', '002, "why adding PE keeps the positions" · 004 §1.2'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '给每个**位置**一个向量 $e_{pos}$，加到那个位置上的词向量上：$\\tilde X = X + E$。打乱词序时，词换了位置，位置向量却留在原地：打乱后的输入是 $\\Pi X + E$，而不是 $\\Pi(X+E)$。',
            'Give every **slot** a vector $e_{pos}$ and add it to the word in that slot: $\\tilde X = X + E$. When the words are shuffled, they move and the slot vectors stay put: the shuffled input is $\\Pi X + E$, not $\\Pi(X+E)$.',
          ),
        },
        {
          kind: 'math',
          tex: '\\Pi X + E \\;\\neq\\; \\Pi(X+E)=\\Pi X+\\Pi E\\qquad\\Longrightarrow\\qquad Y(\\Pi X+E)\\;\\neq\\;\\Pi\\,Y(X+E)',
        },
        {
          kind: 'predict',
          id: 'predict-pe',
          question: l(
            '加上正弦位置编码，再把“狗 咬 人”打乱成“人 咬 狗”。“狗”得到的输出向量还和原来一样吗？',
            'Add the sinusoidal encoding, then shuffle “dog bites man” into “man bites dog”. Does “dog” still get the same output vector?',
          ),
          choices: [
            { value: 'same', label: l('一样，只是换了一行', 'the same, just in another row') },
            { value: 'changed', label: l('不一样了', 'no, it changes') },
          ],
          reveal: {
            tag: 'posenc-shuffle',
            props: {
              seed: param('seed'),
              perm: 'dog',
              encoding: 'on',
              examples: EXAMPLES,
              caption: l('加上正弦位置编码后，同一个层读两句话', 'The same layer reading both sentences, sinusoidal encoding added'),
              ...SHUFFLE_WORDS,
            },
          },
          explain: l(
            '“狗”移到了第 2 个位置，带上的是第 2 个位置的编码，输入变了，输出也就变了。连留在原位的“咬”也变了：它看到的两个邻居换了位置编码。位置编码改变的是**输入**，打分的公式一点没变。',
            '“Dog” moved to slot 2 and now carries slot 2’s encoding: its input changed, so its output did. Even “bites”, which stays in slot 1, changes: its two neighbours now carry other encodings. The encoding changes the **input**; the score formula is untouched.',
          ),
        },
        {
          kind: 'text',
          text: l(
            '在本章开头的参数里选“加上正弦位置编码”，看两边每个词的标记从“不变”变成“变了”，下面的读出也不再相同。那么 $E$ 该怎么设计？下一章把最直接的几种想法逐个试一遍。',
            'Pick “yes (sinusoidal encoding)” in the parameters at the top and watch every word’s mark turn from “same” to “changed”, and the read-outs part ways. So how should $E$ be designed? The next chapter tries the obvious ideas one by one.',
          ),
        },
      ],
    },
    {
      id: 'same-word',
      title: l('同一个词出现两次', 'One word, twice: “The” and “the”'),
      seeds: '004 §1.1–1.2',
      blocks: [
        {
          kind: 'text',
          text: l(
            '004 用的句子是 `The cat sat on the mat.`：`The` 和 `the` 是同一个词，查的是词表里同一行，得到同一个向量。004 只写出每个向量的前三个数（`The` 是 $[0.1, 0.3, 0.5, \\dots]$）；这里按它的规律补上第四个数，$d=4$。没有位置编码时，注意力层分不出句首的 `The` 和 `the mat` 里的 `the`：输入一样，输出也一样。',
            '004’s sentence is “The cat sat on the mat.”: “The” and “the” are one word, looked up in the same row of the vocabulary, so they get the same vector. 004 prints only the first three numbers of each vector (“The” is $[0.1, 0.3, 0.5, \\dots]$); here the fourth follows its pattern, $d=4$. Without a position encoding the attention layer cannot tell the sentence’s first “The” from the “the” of “the mat”: same input, same output.',
          ),
        },
        { kind: 'controls', params: ['seed'] },
        {
          kind: 'figure',
          tag: 'posenc-same-word',
          props: {
            words: ['The', 'cat', 'sat', 'on', 'the', 'mat.'],
            vectors: [
              [0.1, 0.3, 0.5, 0.7],
              [0.2, 0.4, 0.6, 0.8],
              [0.3, 0.5, 0.7, 0.9],
              [0.4, 0.6, 0.8, 1.0],
              [0.1, 0.3, 0.5, 0.7],
              [0.5, 0.7, 0.9, 1.1],
            ],
            a: 0,
            b: 4,
            seed: param('seed'),
            caption: l(
              '004 的句子：词向量 x、位置 0 到 5 的正弦编码 p（d = 4，base = 10000）与两者之和；两行标出的是同一个词',
              '004’s sentence: word vectors x, the sinusoidal encoding p of positions 0 to 5 (d = 4, base = 10000) and their sum; the two marked rows are the same word',
            ),
            xHead: 'x',
            pHead: 'p',
            sumHead: '(x+p)',
            sameLabel: l('同一个词', 'the same word'),
            rowsText: l(
              '位置 {a} 的 sin 全是 0、cos 全是 1：编码是 {pa}，所以 `The` 变成 {suma}。位置 {b} 的编码是 {pb}，`the` 变成 {sumb}。',
              'At position {a} every sine is 0 and every cosine 1: the encoding is {pa}, so “The” becomes {suma}. Position {b}’s encoding is {pb}, and “the” becomes {sumb}.',
            ),
            plainText: l(
              '不加位置编码：两行输入相差 {inPlain}，注意力层给它们的输出相差 {outPlain}——完全相同，层分不出它们。',
              'Without the encoding: the two rows differ by {inPlain} as inputs, and the outputs the layer gives them by {outPlain}: identical, the layer cannot tell them apart.',
            ),
            encodedText: l(
              '加上位置编码：两行输入最多相差 {inEncoded}，输出最多相差 {outEncoded}。同一个词在两个位置上有了两个向量。',
              'With the encoding added: the two rows differ by up to {inEncoded} as inputs and {outEncoded} as outputs. One word in two places now has two vectors.',
            ),
          },
        },
        {
          kind: 'text',
          text: l(
            '004 §1.2 的例子写 `The` 加上 $[0.99, 0.01, 0.98, \\dots]$，但位置 0 的正弦编码在任何维度下都是 $[0, 1, 0, 1, \\dots]$（$\\sin 0=0$，$\\cos 0=1$），上表第一行就是它；加法本身它算对了。',
            '004 §1.2 adds $[0.99, 0.01, 0.98, \\dots]$ to “The”, but the sinusoidal encoding of position 0 is $[0, 1, 0, 1, \\dots]$ at every dimension ($\\sin 0=0$, $\\cos 0=1$), the first row of the table; its additions themselves are right.',
          ),
        },
      ],
    },
    {
      id: 'requirements',
      title: l('位置编码要满足的五条要求', 'Five requirements for a position encoding'),
      seeds: '001 §6.1',
      blocks: [
        {
          kind: 'text',
          text: l(
            '001 列出设计位置编码时的五条要求。后面各章逐条量它们：',
            '001 lists five requirements for designing a position encoding. The chapters that follow measure each one:',
          ),
        },
        {
          kind: 'text',
          text: l(
            '**1. 唯一性**：不同位置的编码不同（正弦编码一章找出离某个位置最近的其他位置有多近）。**2. 可区分距离**：编码能表达两个位置相距多远（正弦编码的点积只依赖距离，RoPE 的分数只依赖 $n-m$）。**3. 泛化**：能处理训练时没见过的长度（可学习编码一章说明学到的表在最大长度之外没有行，实验室一章在训练长度之外测准确率）。**4. 兼容内容**：不干扰词向量本身（注意力分数一章把分数拆成内容项和位置项）。**5. 计算高效**：不明显增加计算（速度一章测每种方案每个词的开销）。',
            '**1. Uniqueness**: different positions get different encodings (the Sinusoidal chapter finds how close another position comes to a given one). **2. Distance**: the encoding can express how far apart two positions are (the sinusoidal dot product depends on the distance only; a RoPE score on $n-m$ only). **3. Generalisation**: lengths unseen in training still work (the Learned chapter shows a learned table has no row past its last position; the Lab measures accuracy past the training length). **4. Compatibility with content**: the word vectors are not disturbed (the Attention scores chapter splits a score into content and position terms). **5. Efficiency**: little extra computation (the Speed chapter measures each scheme’s cost per token).',
          ),
        },
      ],
    },
  ],
  takeaways: [
    l(
      '没有位置信息的自注意力是置换**等变**的：打乱词序，每个词得到的向量不变，只是换了一行，$Y(\\Pi X)=\\Pi\\,Y(X)$。',
      'Self-attention without position information is permutation **equivariant**: shuffle the words and every word gets the same vector, in another row, $Y(\\Pi X)=\\Pi\\,Y(X)$.',
    ),
    l(
      '对所有词汇总的读出（平均、解码器的交叉注意力）是置换**不变**的：“狗咬人”和“人咬狗”读出完全相同的数。',
      'Read-outs that gather over all words (a mean, a decoder’s cross-attention) are permutation **invariant**: “dog bites man” and “man bites dog” read out the very same numbers.',
    ),
    l(
      '把位置向量加到输入上（$X+E$，位置向量留在原位）就打破了这种对称：同一个词在不同位置得到不同的向量。',
      'Adding slot vectors to the input ($X+E$, the vectors staying with the slots) breaks the symmetry: the same word in another slot gets another vector.',
    ),
  ],
  references: [
    {
      text: 'Vaswani et al., "Attention Is All You Need", NeurIPS 2017 (§3.5 Positional Encoding)',
      href: 'https://arxiv.org/abs/1706.03762',
    },
    {
      text: 'Zaheer et al., "Deep Sets", NeurIPS 2017',
      note: l('置换不变与置换等变的函数', 'permutation invariant and equivariant functions'),
      href: 'https://arxiv.org/abs/1703.06114',
    },
    {
      text: 'Lee et al., "Set Transformer", ICML 2019',
      note: l('没有位置信息的自注意力是置换等变的', 'self-attention without positions is permutation equivariant'),
      href: 'https://arxiv.org/abs/1810.00825',
    },
    {
      text: 'Yun et al., "Are Transformers universal approximators of sequence-to-sequence functions?", ICLR 2020, §2',
      note: l('位置编码消除了这种等变性', 'positional encodings remove the equivariance'),
      href: 'https://arxiv.org/abs/1912.10077',
    },
  ],
  glossary: [glossary.permutation, glossary.equivariant, glossary.position, glossary.dModel],
};

export default body;
