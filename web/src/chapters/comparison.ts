/** Comparison: the tables of seed 000 §4 and seed 004 §3, each claim measured. */
import { param, type ChapterBody } from '../components/chapter/chapter-types.js';
import '../components/comparison/comparison-gallery.js';
import '../components/comparison/comparison-table.js';
import '../components/comparison/t5-storage.js';
import { l } from '../components/shared/i18n.js';
import reference from '../../data/lab-reference.json';
import { glossary } from './glossary.js';

const sizes = { n: param('n'), dim: param('d'), nMax: param('nmax') };

const body: ChapterBody = {
  question: l(
    '讲义最后都有一张对比表：能不能训练、能不能外推、是否编码相对位置、要多少存储。哪些格子不训练模型就能核对？核对之后还成立吗？',
    'The documents end with comparison tables: trainable or not, extrapolates or not, encodes relative position or not, how much storage. Which of those cells can be checked without training a model, and do they hold up?',
  ),
  params: [
    { id: 'n', label: l('序列长度 n', 'sequence length n'), min: 8, max: 64, step: 8, default: 32 },
    { id: 'd', label: l('维度 d', 'dimension d'), min: 4, max: 64, step: 4, default: 16 },
    { id: 'nmax', label: l('可学习表的行数 $n_{max}$', 'rows of the learned table $n_{max}$'), min: 8, max: 512, step: 8, default: 64 },
  ],
  sections: [
    {
      id: 'relative',
      title: l('"是否编码相对位置"', '"Encodes relative position?"'),
      seeds: '004 §2.6, §3',
      blocks: [
        {
          kind: 'text',
          text: l(
            '004 的两张表互相矛盾：§2.6 说正弦编码和可学习编码的相对位置信息是"隐含"的，§3 说两者都"✗ 否"。把每种编码在分数里只由位置贡献的部分画出来——如果它只依赖 $j-i$，每条对角线就是一种颜色（条纹）：',
            '004\'s two tables contradict each other: §2.6 says the sinusoidal and learned encodings carry relative position "implicitly", §3 says both "✗ do not". Draw the part of the score each encoding contributes from position alone: if it depends on $j-i$ only, every diagonal is one colour (stripes).',
          ),
        },
        { kind: 'controls', params: ['n', 'd', 'nmax'] },
        {
          kind: 'figure',
          tag: 'posenc-comparison-gallery',
          props: {
            ...sizes,
            sinusoidalLabel: l(
              '正弦：位置与位置的点积 · 对角线变化 {spread}',
              'Sinusoidal: position dot position · diagonal spread {spread}',
            ),
            learnedLabel: l('可学习（初始化时）· 对角线变化 {spread}', 'Learned (as initialised) · diagonal spread {spread}'),
            t5Label: l('T5：桶的偏置 · 对角线变化 {spread}', 'T5: bucket biases · diagonal spread {spread}'),
            ropeLabel: l(
              'RoPE：同一对内容放在各处 · 对角线变化 {spread}',
              'RoPE: one content pair placed everywhere · diagonal spread {spread}',
            ),
            scaleNote: l(
              '四张图是四种不同的量，各用自己的颜色刻度。"对角线变化"是沿同一条对角线的最大变化占整张图取值范围的比例：0 表示只依赖 $j-i$，接近 100 % 表示同一条对角线上的值和整张图一样乱。可学习表那条亮的主对角线只是每一行自己长度的平方，其余对角线都是噪声。',
              'The four are different quantities, each on its own colour scale. "Diagonal spread" is the largest change along one diagonal as a share of the whole matrix\'s range: 0 means "depends on $j-i$ alone", near 100 % means a diagonal varies as much as the whole matrix. The learned table\'s bright main diagonal is just each row\'s squared length; every other diagonal is noise.',
            ),
          },
        },
        {
          kind: 'erratum',
          id: 'e004-sin-relative',
          text: l(
            '004 §3 说正弦编码"无法编码相对位置 ✗"。上面第一张图是条纹：$p_i\\cdot p_j$ 只依赖 $j-i$（001 式 6.1.9 也证明了）。相对位置隐含在编码里，只是经过投影后不再显式（下表“只依赖 j − i（经过投影）”一行）。',
            '004 §3 says the sinusoidal encoding "cannot encode relative position ✗". The first heatmap above is striped: $p_i\\cdot p_j$ depends on $j-i$ alone (001 eq. 6.1.9 proves it too). Relative position is there implicitly; it just stops being explicit after the projections (the row "depends on j − i only (through the projections)" of the table below).',
          ),
        },
        {
          kind: 'erratum',
          id: 'e004-relative-info-contradiction',
          text: l(
            '同一篇 004 的两张表互相矛盾：§2.6 说正弦编码和可学习编码的相对位置信息"隐含"，§3 说两者都"✗ 否"。对正弦编码，"隐含"是对的；对可学习表，"隐含"只是可能学到，不是性质（第二张图没有条纹）。',
            'Two tables of 004 contradict each other: §2.6 says the sinusoidal and learned encodings carry relative position "implicitly", §3 says both "✗ do not". For the sinusoidal encoding "implicit" is right; for a learned table it is something the model might learn, not a property (the second heatmap has no stripes).',
          ),
        },
      ],
    },
    {
      id: 'measured',
      title: l('对比表，逐格测量', 'The table, measured cell by cell'),
      seeds: '000 §4 · 004 §3',
      blocks: [
        {
          kind: 'text',
          text: l(
            '下面问题揭晓的表（也可以不猜直接看），每一格都由核心在当前的 $n$、$d$、$n_{max}$ 下算出。"只依赖 $j-i$"一行报告上面的对角线变化：它按每个矩阵自己的取值范围归一，所以可学习表很小的数值不会显得"更相对"。投影 $W_Q, W_K$ 在这里是随机的，代表一个没有特意学成相对结构的模型。',
            'In the table the question below reveals (or shows if you skip the guess), every cell is computed by the core at the current $n$, $d$ and $n_{max}$. The "depends on $j-i$ only" rows report the diagonal spread from above, normalised by each matrix\'s own range, so the learned table\'s tiny values cannot pass for "more relative". The projections $W_Q, W_K$ are random here: a model that has not learned any relative structure on purpose.',
          ),
        },
        {
          kind: 'predict',
          id: 'predict-projected',
          question: l(
            '在真正的注意力里，位置要先经过投影 $W_Q$、$W_K$ 才进入分数。用随机投影（像一个还没训练的模型）：哪几种编码的分数仍然只看 $j-i$？',
            'In real attention, position reaches the score through the projections $W_Q$, $W_K$. With random projections (a model not yet trained): for which encodings does the score still depend on $j-i$ alone?',
          ),
          choices: [
            { value: 't5-rope', label: l('T5 与 RoPE', 'T5 and RoPE') },
            { value: 'rope', label: l('只有 RoPE', 'RoPE only') },
            { value: 'all', label: l('四种都是', 'all four') },
            { value: 'none', label: l('一种也没有', 'none of them') },
          ],
          reveal: {
            tag: 'posenc-comparison-table',
            props: {
              ...sizes,
              caption: l('在 n = {n}、d = {d} 下测得', 'Measured at n = {n}, d = {d}'),
              parametersHead: l('可训练的参数', 'trainable parameters'),
              entersHead: l('位置从哪里进入', 'where position enters'),
              aloneHead: l('只依赖 j − i（位置本身）', 'depends on j − i only (positions alone)'),
              projectedHead: l('只依赖 j − i（经过投影）', 'depends on j − i only (through the projections)'),
              lengthHead: l('加入位置后，词向量的长度', 'length of the token vector after position is applied'),
              definedHead: l('位置 $n_{max}$ = {nmax} 有定义', 'defined at position $n_{max}$ = {nmax}'),
              extrapolationHead: l('训练长度 {at} 倍处的准确率', 'accuracy at {at}× the training length'),
              perHead: l('每个头 {count} 个', '{count} per head'),
              entersAdded: l('加到输入上', 'added to the input'),
              entersBias: l('加到分数上', 'added to the score'),
              entersTurn: l('旋转查询和键', 'turns queries and keys'),
              yes: l('是', 'yes'),
              no: l('否', 'no'),
              lengthChanged: l('最多改变原长的 {change}', 'changes by up to {change} of its length'),
              lengthKept: l('不变', 'kept'),
              lengthNone: l('不改动向量', 'no vector changed'),
              measuredIn: l('在「训练与外推」一章实测', 'measured in the chapter Train and extrapolate'),
              labHref: '#/lab',
              lab: reference,
              labTasks: ['copy', 'offset', 'recall'],
              labAt: 2,
              labNote: l(
                '最后一行来自{lab}保存的参考运行：每种编码在长 {train} 的序列上训练，再在长 {length} 的序列上测试（{at} 倍）。数字是整句准确率，对{tasks}和各个种子取平均，括号里是最低与最高的种子。',
                'The last row is the saved reference run of {lab}: each encoding trained on sequences of {train} tokens, then tested on {length} ({at}× as long). The number is the sequence accuracy, the mean over {tasks} and over the seeds, with the lowest and highest seed in parentheses.',
              ),
              labLink: l('「训练与外推」一章', 'Train and extrapolate'),
              verdictLine: l('**{name}**：{relative}；{defined}', '**{name}**: {relative}; {defined}'),
              relativeBoth: l(
                '分数里的位置只看 $j-i$，经过投影也一样',
                'the score sees position only as $j-i$, through the projections too',
              ),
              relativeAlone: l(
                '位置本身只依赖 $j-i$，但经过投影 $W_Q, W_K$ 之后绝对位置又回来了',
                'positions alone depend on $j-i$ only, but through the projections $W_Q, W_K$ the absolute positions come back',
              ),
              relativeNone: l(
                '位置的贡献取决于绝对位置，不只是 $j-i$',
                'what position contributes depends on the absolute positions, not on $j-i$ alone',
              ),
              definedYes: l(
                '位置 {nmax} 也有定义（是否好用，见「训练与外推」）',
                'defined at position {nmax} too (whether it works there: see Train and extrapolate)',
              ),
              definedNo: l('位置 {nmax} 及以后没有定义：表到头了', 'undefined from position {nmax} on: the table ends there'),
            },
          },
          explain: l(
            'T5 的偏置直接加在分数上，不经过投影；RoPE 先投影、再按位置旋转，$R(m)^\\top R(n)=R(n-m)$ 让分数只剩 $n-m$。正弦编码加在输入上，位置与内容一起被投影，交叉项把绝对位置带了回来；可学习表连位置本身都不是 $j-i$ 的函数。',
            "T5's bias is added to the score and never goes through the projections; RoPE projects first and turns by position after, and $R(m)^\\top R(n)=R(n-m)$ leaves only $n-m$ in the score. The sinusoidal encoding is added to the input, projected with the content, and the cross terms bring the absolute positions back; a learned table is not a function of $j-i$ even on its own.",
          ),
        },
        {
          kind: 'text',
          text: l(
            '"外推能力较强/较弱"不能靠看公式判断：公式在训练长度之外有定义（表中“位置 $n_{max}$ 有定义”一行），不等于模型学会了用它。「训练与外推」一章在你的浏览器里用每种编码训练同一个小模型，再在更长的序列上测准确率；表的最后一行是它保存的参考运行。',
            '"Extrapolates better / worse" cannot be read off a formula: a formula that is defined past the training length (the table\'s row "defined at position $n_{max}$") is not a model that has learned to use it. The chapter "Train and extrapolate" trains the same small model with each encoding in your browser and measures its accuracy on longer sequences; the table\'s last row is its saved reference run.',
          ),
        },
      ],
    },
    {
      id: 'storage',
      title: l('相对编码要存 n² 个数吗？', 'Do relative encodings store n² numbers?'),
      seeds: '004 §3',
      blocks: [
        {
          kind: 'predict',
          id: 'predict-storage',
          question: l(
            '004 的表说相对位置编码的存储是 $O(n^2)$。一个 2048 个词的序列，T5 每个头存多少个偏置数？',
            "004's table gives relative encodings $O(n^2)$ storage. For a sequence of 2048 tokens, how many bias numbers does T5 store per head?",
          ),
          choices: [
            { value: 'pairs', label: l('每对词一个：$n^2$', 'one per pair of tokens: $n^2$') },
            { value: 'offsets', label: l('每个偏移一个：$2n-1$', 'one per offset: $2n-1$') },
            { value: 'buckets', label: l('每个桶一个，与长度无关', 'one per bucket, whatever the length') },
          ],
          reveal: {
            tag: 'posenc-t5-storage',
            props: {
              length: 2048,
              buckets: 32,
              caption: l('n = {n} 个词', 'n = {n} tokens'),
              pairsHead: l('（查询，键）对', '(query, key) pairs'),
              offsetsHead: l('不同的偏移 j − i', 'distinct offsets j − i'),
              bucketsHead: l('T5 存的偏置（每个头）', 'biases T5 stores (per head)'),
              usedNote: l('其中 {used} 个有偏移落入', '{used} of them reached by some offset'),
              emptyNote: l('空着的桶：{unused}。', 'Empty: bucket {unused}.'),
              plusZeroNote: l(
                '为什么是 {used} 个而不是 {buckets} 个：T5 把桶 0–\u2060{lastLow} 给在查询之前或与它同位置的键（偏移 ≤ 0），桶 {half}–\u2060{last} 给在查询之后的键（偏移 > 0）。桶 {unused} 本该放偏移 +0，可偏移 0 已经归进前一半，所以它一直空着。',
                'Why {used} and not {buckets}: T5 gives the buckets 0–\u2060{lastLow} to keys at or before the query (offset ≤ 0) and {half}–\u2060{last} to keys after it (offset > 0). Bucket {unused} would hold offset +0, but offset 0 already went to the first half, so it stays empty.',
              ),
            },
          },
          explain: l(
            'T5 每个头只存每个桶一个偏置（32 个），与长度无关。$n\\times n$ 的偏置矩阵是计算时从这些数展开的，和注意力分数本身一样大，用完就丢。',
            'T5 stores one bias per bucket (32) per head, whatever the length. The $n\\times n$ bias matrix is expanded from those numbers at compute time, the same size as the attention scores themselves, and dropped after use.',
          ),
        },
        {
          kind: 'erratum',
          id: 'e004-rope-type',
          text: l(
            '004 的表说相对位置编码"需要存储相对位置信息 ($O(n^2)$)"，RoPE "无额外存储"。T5 每个头只存每个桶一个偏置（32 个）；004 自己的代码对最大长度 $L$ 存 $2L$ 行，也不是 $O(n^2)$。',
            '004\'s table says relative encodings "need to store relative position information ($O(n^2)$)" while RoPE needs "no extra storage". T5 stores one bias per bucket (32) per head; 004\'s own code stores $2L$ rows for a maximum length $L$, not $O(n^2)$ either.',
          ),
        },
      ],
    },
    {
      id: 'claims',
      title: l('对比表里的其他说法', 'Other claims of the comparison tables'),
      seeds: '000 §4 · 004 §2.2, §3',
      blocks: [
        {
          kind: 'erratum',
          id: 'e000-bert',
          text: l(
            '000 的对比表把 BERT 列为正弦编码的应用；BERT 用的是可学习的绝对位置编码（004 §2.2 也这样写）。',
            "000's comparison table lists BERT under the sinusoidal encoding; BERT uses learned absolute position embeddings (as 004 §2.2 says).",
          ),
        },
        {
          kind: 'note',
          text: l(
            '000 说正弦编码的相对位置"隐式（需模型学习）"、RoPE 的"显式（内积直接反映）"：表中两行“只依赖 j − i”（位置本身、经过投影）给出了具体含义——正弦编码的位置点积只依赖距离，一经投影就不再如此；RoPE 的分数无论投影如何都只依赖距离。004 §2.2 把可学习编码的代价写成"计算复杂度略高"：参数是存储不是计算，推理时两者都是查表加一次加法。',
            '000 calls the sinusoidal encoding\'s relative position "implicit (the model must learn it)" and RoPE\'s "explicit (the dot product shows it)": the table\'s rows "depends on j − i only" (positions alone, and through the projections) say what that means. The sinusoidal position dot product depends on distance alone until the projections act; RoPE\'s score depends on distance alone whatever the projections. 004 §2.2 puts the learned encoding\'s cost as "slightly higher compute": parameters are storage, not compute; at inference both are a lookup and an addition.',
          ),
        },
      ],
    },
  ],
  takeaways: [
    l(
      '正弦编码的位置点积只依赖 $j-i$：它编码了相对位置，只是隐含的，经过一般的投影就不再显式。可学习表没有这种结构。',
      "The sinusoidal encoding's position dot product depends on $j-i$ alone: it does encode relative position, implicitly, and general projections hide it. A learned table has no such structure.",
    ),
    l(
      'T5 与 RoPE 的位置部分无论投影如何都只依赖 $j-i$；T5 每个头只存每个桶一个偏置（32 个），不是 $n^2$。',
      'The position part of T5 and of RoPE depends on $j-i$ alone whatever the projections; T5 stores one bias per bucket (32) per head, not $n^2$.',
    ),
    l(
      '"有定义"可以直接检查，"外推得好"只能实测：那一行交给「训练与外推」一章。',
      '"Defined there" can be checked directly; "extrapolates well" can only be measured: that row belongs to the chapter "Train and extrapolate".',
    ),
  ],
  references: [
    { text: 'Vaswani et al., "Attention Is All You Need", NeurIPS 2017', href: 'https://arxiv.org/abs/1706.03762' },
    {
      text: 'Devlin et al., "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding", NAACL 2019',
      href: 'https://arxiv.org/abs/1810.04805',
    },
    {
      text: 'Raffel et al., "Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer" (T5), JMLR 2020',
      href: 'https://arxiv.org/abs/1910.10683',
    },
    { text: 'Su et al., "RoFormer: Enhanced Transformer with Rotary Position Embedding", 2021', href: 'https://arxiv.org/abs/2104.09864' },
    {
      text: 'Press, Smith, Lewis, "Train Short, Test Long: Attention with Linear Biases Enables Input Length Extrapolation" (ALiBi), ICLR 2022',
      href: 'https://arxiv.org/abs/2108.12409',
    },
  ],
  glossary: [glossary.position, glossary.score, glossary.offset, glossary.dModel],
};

export default body;
