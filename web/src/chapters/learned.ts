/** Learned PE: seed 001 §6.1.5, seed 004 §2.2. */
import '../components/absolute/encoding-coverage.js';
import '../components/absolute/learned-lookup.js';
import '../components/absolute/learned-training.js';
import { param, type ChapterBody } from '../components/chapter/chapter-types.js';
import { l } from '../components/shared/i18n.js';
import { glossary } from './glossary.js';

const body: ChapterBody = {
  question: l(
    'BERT 和 GPT-2 不用公式，直接学一张位置表。它能学到什么？序列比表长时又会怎样？',
    'BERT and GPT-2 use no formula: they learn a table of positions. What can it hold, and what happens when a sequence is longer than the table?',
  ),
  params: [
    { id: 'nmax', label: l('表的行数 $n_{max}$', 'rows in the table $n_{max}$'), min: 8, max: 128, step: 8, default: 32 },
    { id: 'd', label: l('维度 d', 'dimension d'), min: 4, max: 64, step: 4, default: 16 },
    { id: 'len', label: l('要编码的序列长度', 'length of the sequence to encode'), min: 1, max: 256, step: 1, default: 24 },
    { id: 'seed', label: l('初始化种子', 'initialisation seed'), min: 0, max: 50, step: 1, default: 1 },
  ],
  sections: [
    {
      id: 'table',
      title: l('一张参数表', 'A table of parameters'),
      seeds: '004 §2.2',
      blocks: [
        { kind: 'math', tex: "PE=\\operatorname{Embedding}(n_{max},\\,d),\\qquad X'=X+PE[0{:}n]" },
        {
          kind: 'text',
          text: l(
            '这里的表按 BERT 的做法用 $\\mathcal N(0,0.02^2)$ 初始化（种子可复现，原生与 wasm 结果相同）。训练会改动它，但形状不变：第 $pos$ 行就是位置 $pos$ 的向量，没有公式把相邻的行联系起来。',
            'The table here is initialised as BERT does, $\\mathcal N(0,0.02^2)$ (seeded: the same numbers natively and in wasm). Training changes its values, not its shape: row $pos$ is the vector of position $pos$, and no formula ties neighbouring rows together.',
          ),
        },
        { kind: 'controls', params: ['nmax', 'd', 'len', 'seed'] },
        {
          kind: 'predict',
          id: 'predict-beyond',
          question: l(
            '表有 $n_{max}$ = {nmax} 行。把序列长度调到 {len}：每个位置都能查到一行吗？',
            'The table has $n_{max}$ = {nmax} rows. With a sequence of {len} tokens, does every position find a row?',
          ),
          choices: [
            { value: 'yes', label: l('能', 'yes') },
            { value: 'no', label: l('不能', 'no') },
          ],
          reveal: {
            tag: 'posenc-learned-lookup',
            props: {
              nMax: param('nmax'),
              dim: param('d'),
              length: param('len'),
              seed: param('seed'),
              caption: l(
                '序列的每个位置 0 … n−1 查到的行；位置 n_max 及以后没有行（灰色）',
                'The row each position 0 … n−1 of the sequence looks up; positions n_max and later have none (grey)',
              ),
              within: l('长度 {len} ≤ n_max = {nmax}：每个位置都有一行。', 'Length {len} ≤ n_max = {nmax}: every position has a row.'),
              beyond: l('长度 {len} > n_max = {nmax}：', 'Length {len} > n_max = {nmax}:'),
            },
          },
          explain: l(
            '位置 $n_{max}$ 及以后在表里没有行：核心直接拒绝查找，而不是悄悄复用最后一行。要处理更长的序列，只能截断、插值或继续训练。',
            'Positions $n_{max}$ and later have no row in the table: the core refuses the lookup rather than silently reusing the last row. Longer sequences must be truncated, interpolated or trained on.',
          ),
        },
      ],
    },
    {
      id: 'training',
      title: l('看一张表学起来', 'Watch a table learn'),
      seeds: '001 §6.1.5 · 004 §2.2',
      blocks: [
        {
          kind: 'text',
          text: l(
            '上面那张表没有训练过：行与行之间毫无关系。下面在你的浏览器里真的训练一张：「训练与外推」一章的小模型（两层，$d$ = 32），用一张 32 行的可学习位置表，学习复制长度 3 到 32 的序列。表从很小的随机数开始（$\\mathcal N(0,0.02^2)$，和 BERT 一样）。每张图是表的各行两两之间的余弦相似度：第 $i$ 行第 $j$ 列是位置 $i$ 与位置 $j$ 的向量有多像。每张图是从同一个随机起点、训练对应步数的一次运行；最右边是同样大小的正弦编码表。',
            'The table above was never trained: its rows have nothing to do with each other. Below, one is trained for real, in your browser: the small model of the chapter "Train and extrapolate" (two blocks, $d$ = 32) with a learned table of 32 rows learns to copy sequences of 3 to 32 tokens. The table starts as small random numbers ($\\mathcal N(0,0.02^2)$, as BERT\'s does). Each picture shows the cosine similarity of every pair of rows: row $i$, column $j$ says how alike the vectors of positions $i$ and $j$ are. Each picture is one run of that many steps from the same random start; the last one is the sinusoidal table of the same size.',
          ),
        },
        {
          kind: 'predict',
          id: 'predict-train',
          question: l(
            '开始时没有哪两行相像（第一张图只有对角线是亮的）。训练之后，哪些行会变得相像？',
            'At the start no two rows are alike (the first picture is bright on its diagonal only). After training, which rows will be alike?',
          ),
          choices: [
            { value: 'neighbours', label: l('相邻位置的行', 'the rows of neighbouring positions') },
            { value: 'none', label: l('没有：各行仍像开始时一样互不相关', 'none: the rows stay as unrelated as at the start') },
            { value: 'all', label: l('所有行都变得差不多', 'all rows become about the same') },
          ],
          reveal: {
            tag: 'posenc-learned-training',
            id: 'learned-training',
            props: {
              rows: 32,
              dModel: 32,
              caption: l(
                '各行的余弦相似度，颜色从 −1（蓝）到 1（红），所有图同一刻度',
                'Cosine similarity of the rows, from −1 (blue) to 1 (red), one scale for every picture',
              ),
              startCaption: l('随机起点（第 0 步）', 'random start (step 0)'),
              snapshotCaption: l('训练 {steps} 步 · 准确率 {acc}', 'after {steps} steps · accuracy {acc}'),
              sinusoidCaption: l('正弦编码表（同样大小）', 'sinusoidal table (same size)'),
              profileCaption: l('相距 k 的两行的平均余弦相似度', 'Mean cosine similarity of rows k apart'),
              startLabel: l('随机起点', 'random start'),
              lastLabel: l('训练 {steps} 步后', 'after {steps} steps'),
              sinusoidLabel: l('正弦编码', 'sinusoidal'),
              appeared: l(
                '训练 {steps} 步后，相邻两行的平均余弦相似度是 {near}（随机起点：{near0}），相距 {farFrom} 行以上的两行是 {far}：相邻位置的向量变得相像了。表里没有任何东西告诉模型第 5 行挨着第 6 行，是训练自己找出来的。正弦编码表天生如此：相邻两行 {nearSin}。',
                'After {steps} steps, rows one position apart have mean cosine similarity {near} (random start: {near0}), rows {farFrom} or more apart {far}: the vectors of neighbouring positions have become alike. Nothing in the table told the model that row 5 is next to row 6; training found it. The sinusoidal table is built that way: {nearSin} for neighbours.',
              ),
              notYet: l(
                '训练 {steps} 步后，相邻两行的平均余弦相似度是 {near}（随机起点：{near0}），相距 {farFrom} 行以上的两行是 {far}：这次运行没有形成清楚的“相邻相像”结构（标准：相邻两行比起点和比远处的行都至少高 0.3）。换一个种子再试。',
                'After {steps} steps, rows one position apart have mean cosine similarity {near} (random start: {near0}), rows {farFrom} or more apart {far}: no clear neighbour structure in this run (the rule: neighbours at least 0.3 more alike than at the start and than far rows). Try another seed.',
              ),
              beyondText: l(
                '模型在长度 {rows} 上的复制准确率是 {acc}。到了 {beyond} 个词，位置 {rows} 及以后在表里没有行：核心拒绝运行这个模型（“超出表”）。这不是答错，而是根本没有答案。',
                'At length {rows} the model copies with token accuracy {acc}. At {beyond} tokens, positions {rows} and later have no row in the table: the core refuses to run the model ("beyond table"). Not a wrong answer: no answer at all.',
              ),
            },
          },
          explain: l(
            '要复制，模型得在第二遍的每个位置找到第一遍里“相隔固定距离”的那个词。相邻位置的向量相像、远处的不像，这件事才好做，所以训练把表推向了这种结构——和正弦编码的带状结构相似，但每一行都是学出来的参数，训练没见过的行不会变。',
            "To copy, the model must find, at each position of the second pass, the token a fixed distance back in the first. That is easiest when neighbouring positions have similar vectors and distant ones do not, so training pushes the table towards that structure: a band like the sinusoidal table's, except that every row is a learned parameter, and a row training never reaches does not change.",
          ),
        },
        {
          kind: 'note',
          text: l(
            '长度在 3 到 32 之间均匀抽取：长度为 $n$ 的序列只训练第 0 到 $n-1$ 行，所以越靠后的行被越少的序列训练到。大模型也一样（见下一节）。',
            'Lengths are drawn evenly between 3 and 32: a sequence of length $n$ trains rows 0 to $n-1$ only, so the later a row, the fewer sequences train it. Large models are no different (next section).',
          ),
        },
      ],
    },
    {
      id: 'large-models',
      title: l('大模型的位置表长什么样', "What large models' tables look like"),
      blocks: [
        {
          kind: 'text',
          text: l(
            'GPT-2 的位置表有 1024 行、每行 768 个数。它的行远非随机：相邻位置高度相像，投影到前几个主成分上，1024 行几乎排成一条螺旋线（Yedidia，2023）——可以看作正弦编码那些圆的一个学出来的亲戚。Wang 与 Chen（2020）比较了 BERT、RoBERTa 与 GPT-2 的位置表：GPT-2 的结构最规整、最对称；BERT 的只在前 128 个左右的位置上有干净的、近似正弦的结构。原因在训练：BERT 90% 的预训练步数用 128 个词的序列，只有最后 10% 用 512 个词（Devlin 等，2019，附录 A.2），靠后的行被训练得少——和上面小表最后几行的处境一样。',
            "GPT-2's table has 1024 rows of 768 numbers. Its rows are far from random: neighbouring positions are highly alike, and projected on its first principal components the 1024 rows lie close to a helix (Yedidia, 2023), a learned cousin of the sinusoids' circles. Wang and Chen (2020) compared the tables of BERT, RoBERTa and GPT-2: GPT-2's is the most regular and symmetric; BERT's has a clean, sinusoid-like structure only over its first 128 or so positions. The reason is the training: BERT spent 90 % of its pre-training steps on sequences of 128 tokens and only the last 10 % on 512 (Devlin et al., 2019, appendix A.2), so its later rows were trained less, like the last rows of the small table above.",
          ),
        },
        {
          kind: 'text',
          text: l(
            '表的长度就是上限：BERT 的表到 512，GPT-2 的到 1024，再往后没有行。用可学习绝对位置的模型还很依赖“从 0 开始”：把句子整体挪到后面的位置上，多个模型族的表现明显变差（Sinha 等，2022）。',
            "The length of the table is the limit: BERT's ends at 512, GPT-2's at 1024, and there is no row beyond. Models with learned absolute positions also lean on starting at 0: shift a sentence to later positions and several model families do noticeably worse (Sinha et al., 2022).",
          ),
        },
      ],
    },
    {
      id: 'extrapolation',
      title: l('与正弦编码比较', 'Against the sinusoidal encoding'),
      seeds: '001 §6.1.5',
      blocks: [
        {
          kind: 'text',
          text: l(
            '正弦编码对任何位置都有定义（公式在所有整数上成立）；可学习编码只能处理 $n\\le n_{max}$。参数量：正弦编码 0 个，可学习编码 $n_{max}\\cdot d$ 个。',
            'The sinusoidal encoding is defined at every position (the formula holds for all integers); a learned one only handles $n\\le n_{max}$. Parameters: none for the sinusoidal encoding, $n_{max}\\cdot d$ for a learned one.',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-encoding-coverage',
          props: {
            nMax: param('nmax'),
            dim: param('d'),
            length: param('len'),
            caption: l('在当前参数下', 'At the current parameters'),
            hasVector: l('位置 {pos} 有向量？', 'a vector for position {pos}?'),
          },
        },
        {
          kind: 'note',
          text: l(
            '“有向量”不等于“学会了用它”：正弦编码在训练长度之外也有定义，模型却可能从没见过那些向量。「训练与外推」一章在你的浏览器里训练小模型，实测这一点。',
            'Having a vector is not the same as having learned to use it: the sinusoidal encoding is defined past the training length, but the model may never have seen those vectors. The chapter "Train and extrapolate" trains small models in your browser and measures this.',
          ),
        },
      ],
    },
  ],
  takeaways: [
    l(
      '可学习编码是一张 $n_{max}\\times d$ 的参数表，每个位置一行，行与行之间没有公式约束。',
      'A learned encoding is an $n_{max}\\times d$ table of parameters, one row per position, with no formula tying the rows together.',
    ),
    l(
      '位置 $n_{max}$ 及以后没有行：不能外推，只能截断、插值或继续训练。',
      'Positions $n_{max}$ and beyond have no row: no extrapolation, only truncation, interpolation or more training.',
    ),
    l(
      '训练会让相邻位置的行变得相像（这里几秒钟就看得到，GPT-2 的表则成了一条螺旋线）；被较少序列训练到的靠后行学得较少。',
      "Training makes the rows of neighbouring positions alike (seconds here; GPT-2's table became a helix); later rows, reached by fewer sequences, learn less.",
    ),
    l(
      '正弦编码零参数、处处有定义；但“有定义”不保证模型会用。',
      'The sinusoidal encoding has no parameters and is defined everywhere; being defined does not mean the model can use it.',
    ),
  ],
  references: [
    {
      text: 'Devlin et al., "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding", NAACL 2019',
      href: 'https://arxiv.org/abs/1810.04805',
    },
    { text: 'Radford et al., "Language Models are Unsupervised Multitask Learners" (GPT-2), 2019' },
    {
      text: 'Wang and Chen, "What Do Position Embeddings Learn? An Empirical Study of Pre-Trained Language Model Positional Encoding", EMNLP 2020',
      href: 'https://arxiv.org/abs/2010.04903',
    },
    {
      text: 'Yedidia, "GPT-2\'s positional embedding matrix is a helix", LessWrong, 2023',
      href: 'https://www.lesswrong.com/posts/qvWP3aBDBaqXvPNhS/gpt-2-s-positional-embedding-matrix-is-a-helix',
    },
    {
      text: 'Sinha et al., "The Curious Case of Absolute Position Embeddings", Findings of EMNLP 2022',
      href: 'https://arxiv.org/abs/2210.12574',
    },
    {
      text: 'Hugging Face transformers, BertEmbeddings.position_embeddings (nn.Embedding(max_position_embeddings, hidden_size))',
      href: 'https://github.com/huggingface/transformers/blob/main/src/transformers/models/bert/modeling_bert.py',
    },
  ],
  glossary: [glossary.position, glossary.dModel],
};

export default body;
