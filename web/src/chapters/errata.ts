/** Errata: where the five documents and the computation disagree, entry by entry (data: errata/). */
import { param, type ChapterBody } from '../components/chapter/chapter-types.js';
import { chapterTitles, entryChoices } from '../components/errata/entries.js';
import '../components/errata/errata-list/errata-list.js';
import '../components/errata/errata-summary/errata-summary.js';
import '../components/errata/errata-verdict/errata-verdict.js';
import { l } from '../components/shared/i18n.js';
import { ENTRIES } from './errata/index.js';
import { glossary } from './glossary.js';
import { chapters } from './index.js';

const audit = { entries: ENTRIES };
const titles = chapterTitles(chapters);

const body: ChapterBody = {
  question: l(
    '五篇讲义教位置编码。它们在哪里错了、错得多严重？我们又凭什么这样说？',
    'Five documents teach positional encodings. Where are they wrong, how badly, and how do we know?',
  ),
  params: [
    {
      id: 'doc',
      label: l('讲义', 'document'),
      choices: [
        { value: 'all', label: l('全部', 'all') },
        { value: '000', label: l('000', '000') },
        { value: '001', label: l('001', '001') },
        { value: '002', label: l('002', '002') },
        { value: '003', label: l('003', '003') },
        { value: '004', label: l('004', '004') },
      ],
      default: 'all',
    },
    {
      id: 'show',
      label: l('显示', 'show'),
      choices: [
        { value: 'errata', label: l('全部勘误', 'all errata') },
        { value: 'wrong-number', label: l('数字错误', 'wrong numbers') },
        { value: 'wrong-claim', label: l('说法错误', 'wrong claims') },
        { value: 'misleading', label: l('容易误导', 'misleading') },
        { value: 'typo', label: l('笔误与排版', 'typos and typesetting') },
        { value: 'confirmed', label: l('已核对（讲义是对的）', 'confirmed (the document is right)') },
        { value: 'waiting-for-lab', label: l('训练实验没有测', 'not measured by the lab') },
        { value: 'undecided', label: l('训练实验无法判定', 'undecided by the lab') },
        { value: 'all', label: l('全部条目', 'every entry') },
      ],
      default: 'errata',
    },
    { id: 'entry', label: l('条目', 'entry'), choices: entryChoices(ENTRIES), default: '' },
  ],
  sections: [
    {
      id: 'failure',
      title: l('一张与标签不符的表', 'A table that is not what its label says'),
      seeds: '004 §2.1',
      blocks: [
        {
          kind: 'text',
          text: l(
            '004 说"假设 $d_{model}=4$"，随后印出一张 22 列的表。$d_{model}=4$ 的编码只有 4 列。核心把这 198 个数逐个重算：它们全都是 $d_{model}=512$ 编码的前 22 列。',
            '004 says "suppose $d_{model}=4$" and then prints a table of 22 columns. A $d_{model}=4$ encoding has 4. The core recomputes all 198 numbers: every one is a column of the $d_{model}=512$ encoding.',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-errata-verdict',
          id: 'failure-table',
          props: { audit, chapters: titles, entry: 'e004-table', compact: true },
        },
        {
          kind: 'text',
          text: l(
            '这一页的每一条都这样核对：讲义自己的数字、公式或句子，由核心在讲义的参数下重算，结论由比较得出，而不是由我们断言。检查也是测试的一部分：讲义若被改正，或核心算错，测试就会失败。',
            "Every entry on this page is checked the same way: the document's own numbers, formulas or sentences are recomputed by the core at the document's parameters, and the verdict comes from the comparison, not from us. The checks are tests too: if the document were corrected, or the core went wrong, the test suite would fail.",
          ),
        },
      ],
    },
    {
      id: 'predict',
      title: l('先猜：讲义说得对吗？', 'Predict: is the document right?'),
      seeds: '001 §6.1 · 001 §6.1.1',
      blocks: [
        {
          kind: 'predict',
          id: 'predict-order',
          question: l(
            '001 写道："改变输入序列的顺序不会改变注意力输出的顺序。"把自注意力的输入重排，输出的顺序会变吗？001 说得对吗？',
            '001 writes: "changing the order of the input sequence does not change the order of the attention output". Permute a self-attention layer\'s input: does the output order change? Is 001 right?',
          ),
          choices: [
            { value: 'right', label: l('对：输出顺序不变', 'right: the order stays') },
            { value: 'wrong', label: l('不对：输出跟着重排', 'wrong: the output is permuted too') },
          ],
          reveal: { tag: 'posenc-errata-verdict', id: 'reveal-order', props: { audit, chapters: titles, entry: 'e001-invariant' } },
          explain: l(
            '输入重排，输出的行以同样方式重排：$Y(PX)=P\\,Y(X)$，这叫等变。不变的是每个词自己的输出向量，所以没有位置编码时模型分不清"狗咬人"和"人咬狗"。000 和 002 把同一事实叫作"不变"，下面的条目列表里各有一条。',
            'Permute the input and the output rows are permuted the same way, $Y(PX)=P\\,Y(X)$: equivariance. What stays the same is each token\'s own output vector, which is why, without positions, "dog bites man" and "man bites dog" look alike. 000 and 002 call the same fact "invariance"; each has its entry in the list below.',
          ),
        },
        {
          kind: 'predict',
          id: 'predict-low-high',
          question: l(
            '001 §6.1.1 说：低维度（小的 $m$）的 $\\omega_m$ 较小，周期长。000 §2.2.5 说：低维度频率高、周期短。001 说得对吗？',
            '001 §6.1.1 says low dimensions (small $m$) have a small $\\omega_m$ and a long period; 000 §2.2.5 says they have a high frequency and a short period. Is 001 right?',
          ),
          choices: [
            { value: 'right', label: l('对：低维转得慢', 'right: low dimensions turn slowly') },
            { value: 'wrong', label: l('不对：低维转得快', 'wrong: low dimensions turn fast') },
          ],
          reveal: { tag: 'posenc-errata-verdict', id: 'reveal-low-high', props: { audit, chapters: titles, entry: 'e001-low-high' } },
          explain: l(
            '$\\omega_m=10000^{-2m/d}$ 随 $m$ 增大而减小，第 0 对转得最快。同一篇 001 在第 152 和 179 行又说对了（列表里标为“已核对”的一条）：讲义可以拿来纠正它自己。',
            '$\\omega_m=10000^{-2m/d}$ falls with $m$, so pair 0 turns fastest. The same document gets it right on lines 152 and 179 (a confirmed entry in the list below): a document can be used to correct itself.',
          ),
        },
      ],
    },
    {
      id: 'lessons',
      title: l('这些错误教我们什么', 'What the mistakes teach'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '一百多条条目里，反复出现的是五种错误。每一种都值得在读任何讲义（包括这一页）时提防；点链接看对应的条目与它的计算。',
            'Over a hundred entries, and five kinds of mistake keep coming back. Each is worth watching for in any teaching text, this page included; the links open the entries and their computations.',
          ),
        },
        {
          kind: 'text',
          text: l(
            '**一个性质的名字用在了它的反面。**三篇讲义都讲错了自注意力对词序的反应：000 和 002 把它叫作"置换不变"，001 说输出的顺序不变。实际是等变：输入重排，输出跟着重排，$Y(PX)=P\\,Y(X)$。正因为是等变，没有位置编码时模型才分不清词序。见 [000 的"不变"](#/errata?entry=e000-invariant)、[001 把事实说反](#/errata?entry=e001-invariant)、[002 的定义与名字](#/errata?entry=e002-invariance-name)。',
            '**The name of a property used for its opposite.** Three documents get wrong how self-attention reacts to word order: 000 and 002 call it "permutation invariant", 001 says the order of the output does not change. It is equivariant: permute the input and the output is permuted the same way, $Y(PX)=P\\,Y(X)$. It is because of equivariance that a model without positions cannot tell word orders apart. See [000\'s "invariance"](#/errata?entry=e000-invariant), [001 stating it backwards](#/errata?entry=e001-invariant), [002\'s definition and name](#/errata?entry=e002-invariance-name).',
          ),
        },
        {
          kind: 'text',
          text: l(
            '**只在一个设置下成立的论断。**"点积随距离单调下降"在 $d=8$ 时就不成立；RoPE 的"远程衰减"衰减的是一个上界，不是分数。换一个参数再算一次，是检验这类句子最快的办法，本页的图都可以这样做。见 [点积不单调](#/errata?entry=e001-monotonic)、[衰减的是上界](#/errata?entry=e004-decay)。',
            '**Claims that hold at one setting only.** "The dot product falls monotonically with distance" already fails at $d=8$; RoPE\'s "long-term decay" is the decay of an upper bound, not of the score. Computing again at another setting is the quickest test of such a sentence, and every figure on this page lets you do it. See [the dot product is not monotone](#/errata?entry=e001-monotonic), [what decays is a bound](#/errata?entry=e004-decay).',
          ),
        },
        {
          kind: 'text',
          text: l(
            '**一个符号，几种意思。**$\\theta$ 时而是角度、时而是频率，$\\Delta$ 在两节里符号相反，低维与高维在两篇讲义里方向相反。公式单看都对，拼在一起就错。见 [一个 $\\theta$，四种意思](#/errata?entry=e004-theta-symbol)、[$\\Delta$ 的符号](#/errata?entry=e003-delta-sign)、[低维是高频](#/errata?entry=e001-low-high)。',
            '**One symbol, several meanings.** $\\theta$ is an angle in one place and a frequency in the next, $\\Delta$ changes sign between two sections, low and high dimensions swap between two documents. Each formula is right alone and wrong together. See [one $\\theta$, four meanings](#/errata?entry=e004-theta-symbol), [the sign of $\\Delta$](#/errata?entry=e003-delta-sign), [low dimensions are the high frequencies](#/errata?entry=e001-low-high).',
          ),
        },
        {
          kind: 'text',
          text: l(
            '**数字与它的标签不符。**标着 $d_{model}=4$ 的表是用 $d_{model}=512$ 算的；"正弦编码"的示例数值并不是正弦编码。重算一遍就能发现，抄过来就会一直错下去。见 [这张表](#/errata?entry=e004-table)、[示例向量](#/errata?entry=e004-example-vectors)、[$d_{model}=8$ 的指数](#/errata?entry=e001-omega)。',
            '**Numbers that are not what their label says.** The table labelled $d_{model}=4$ was computed with $d_{model}=512$; the "sinusoidal" example values are not the sinusoidal encoding. Recomputing catches it; copying carries it on. See [the table](#/errata?entry=e004-table), [the example vectors](#/errata?entry=e004-example-vectors), [the exponent at $d_{model}=8$](#/errata?entry=e001-omega).',
          ),
        },
        {
          kind: 'text',
          text: l(
            '**结论对，理由错。**旋转保长是因为它正交，不是因为它线性；正弦编码可逆不靠余弦。结论能被测试验证，理由却会教错下一步。见 [保长的理由](#/errata?entry=e004-norm-reason)、[可逆的理由](#/errata?entry=e001-invertibility-reason)、[只有正弦时缺的是什么](#/errata?entry=e002-sin-only-reason)。',
            '**The right conclusion for the wrong reason.** A rotation keeps lengths because it is orthogonal, not because it is linear; the sinusoidal encoding is invertible without the cosines. A test confirms the conclusion, while the reason teaches the next step wrong. See [why length is kept](#/errata?entry=e004-norm-reason), [why it is invertible](#/errata?entry=e001-invertibility-reason), [what sines alone lack](#/errata?entry=e002-sin-only-reason).',
          ),
        },
      ],
    },
    {
      id: 'how',
      title: l('怎样核对一条', 'How an entry is checked'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '**数字**（表格、算例）：核心在讲义的参数下重算，按讲义印出的位数比较。**论断**：把它变成可以测的量，例如"输入重排后输出是否变化"、"位置—位置项是否只依赖距离"，再用核心去测。**记号**：把两处定义都代进去算，看结果是否相同。**排版**：用本页同样的 KaTeX 排讲义的原始公式源码，与原意的写法比较上标、下标、行数；`$$` 的配对、行内 `$` 的规则、残句和空标题，由核心扫描讲义原文得出。',
            '**Numbers** (tables, worked examples): the core recomputes them at the document\'s parameters and compares at the digits printed. **Claims**: turned into something measurable ("does the output change when the input is permuted?", "does the position–position term depend on the distance only?") and measured by the core. **Notation**: both definitions are evaluated and the results compared. **Typesetting**: the document\'s exact formula source is typeset by the same KaTeX this page uses and compared with the intended form (superscripts, subscripts, rows); the pairing of `$$`, the inline `$` rule, sentences cut off and empty headings come from the core scanning the document\'s text.',
          ),
        },
        {
          kind: 'note',
          text: l(
            '"已核对"的条目同样保留：它们说明讲义在哪里是对的，也常常正好是某个错误的对照（000 的低维、高维与 001 相反；001 第 67 行的论证比 (6.1.5)–(6.1.7) 好）。',
            "Confirmed entries stay: they show where a document is right, and often they are the counterpart of an error (000's low and high dimensions against 001's; 001's line 67 argument against its (6.1.5)–(6.1.7)).",
          ),
        },
      ],
    },
    {
      id: 'counts',
      title: l('按讲义与严重程度统计', 'By document and severity'),
      blocks: [
        {
          kind: 'figure',
          tag: 'posenc-errata-summary',
          props: {
            audit,
            caption: l('每篇讲义的条目', 'Entries per document'),
            sentence: l(
              '共 {total} 条。勘误 {errata} 条（数字错误 {wn}、说法错误 {wc}、容易误导 {mi}、笔误与排版 {ty}）；核对无误 {confirmed} 条；训练实验没有测 {waiting} 条；训练实验无法判定 {undecided} 条（差距小于种子间的波动，或比较的模型全都失败）。',
              '{total} entries. Errata: {errata} (wrong numbers {wn}, wrong claims {wc}, misleading {mi}, typos or typesetting {ty}); confirmed: {confirmed}; not measured by the training lab: {waiting}; undecided by it: {undecided} (a margin within the spread between seeds, or every model compared fails).',
            ),
          },
        },
        {
          kind: 'text',
          text: l(
            '表格里的数字错误反而最少。多数问题在正文和记号里：说得比实际成立的范围更宽的论断；把一个性质的名字用在它的反面；在两节之间改了符号或方向的定义；结论对、理由不对；加权求和到底是什么的和；无法排出的公式和半截的句子。',
            'Wrong numbers in tables are the fewest. Most problems are in the prose and the notation: claims stated more generally than they hold; the name of a property used for its opposite; definitions whose sign or direction changes between sections; true facts given with the wrong reason; what a weighted sum is a sum of; formulas that cannot typeset, and sentences cut off.',
          ),
        },
      ],
    },
    {
      id: 'entries',
      title: l('全部条目', 'The entries'),
      seeds: '000 · 001 · 002 · 003 · 004',
      blocks: [
        { kind: 'controls', params: ['doc', 'show'] },
        {
          kind: 'figure',
          tag: 'posenc-errata-list',
          id: 'errata-list',
          props: { audit, chapters: titles, doc: param('doc'), show: param('show'), entry: param('entry') },
        },
      ],
    },
    {
      id: 'lab',
      title: l('只有训练能回答的论断', 'Claims only training can settle'),
      seeds: '000 §4 · 001 §6.1.5 · 004 §3',
      blocks: [
        {
          kind: 'text',
          text: l(
            '"正弦编码外推能力有限""RoPE 外推更好""相对编码泛化能力强"：这些说的是训练好的模型，代数算不出来。核心只能确定结构上的事实（正弦编码和 RoPE 在任何位置都有定义，$n_{max}$ 行的可学习表在 $n_{max}$ 处没有行，T5 的桶在远处饱和）。每条这样的论断都写明了要测的问题和判定规则，由训练实验参考运行的准确率得出结论（“训练与外推”一章可以重新训练、逐条查看）。',
            '"Sinusoidal encodings extrapolate poorly", "RoPE extrapolates better", "relative encodings generalise well": these are about trained models, and algebra cannot settle them. The core settles only the structural facts (the sinusoidal encoding and RoPE are defined at any position, a learned table of $n_{max}$ rows has no row at $n_{max}$, T5\'s buckets saturate far away). Each such claim states the question to measure and the rule that decides it; the verdict comes from the accuracies of the training lab\'s reference run (the "Train and extrapolate" chapter retrains them and lists them one by one).',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-errata-verdict',
          id: 'lab-example',
          props: { audit, chapters: titles, entry: 'x000-table-extrapolation' },
        },
      ],
    },
  ],
  takeaways: [
    l(
      '多数错误不在表格里，而在论断与记号里：把"等变"叫作"不变"，在两节之间改了 $\\Delta$ 或 $\\theta$ 的含义，结论对而理由不对。',
      'Most errors are not in the tables but in claims and notation: equivariance called invariance, $\\Delta$ or $\\theta$ redefined between sections, true facts with the wrong reason.',
    ),
    l(
      '每条结论都是一次计算：检查在核心上运行，讲义或核心一变，测试就会失败。',
      'Every verdict is a computation: the check runs on the core, and the tests fail if the document or the core changes it.',
    ),
    l(
      '讲义常常能纠正自己：000 与 004 把低维、高维说对了，001 第 67 行的唯一性论证是对的。',
      "A document can often correct itself: 000 and 004 get low and high dimensions right, and 001's line 67 gives the right uniqueness argument.",
    ),
    l(
      '关于外推的论断要靠训练来回答，它们在这里写明了要测什么。',
      'Claims about extrapolation need training to settle; here they say what is to be measured.',
    ),
  ],
  references: [
    { text: 'Vaswani et al., "Attention Is All You Need", NeurIPS 2017', href: 'https://arxiv.org/abs/1706.03762' },
    { text: 'Su et al., "RoFormer: Enhanced Transformer with Rotary Position Embedding", 2021', href: 'https://arxiv.org/abs/2104.09864' },
    {
      text: 'Devlin et al., "BERT: Pre-training of Deep Bidirectional Transformers for Language Understanding", NAACL 2019',
      href: 'https://arxiv.org/abs/1810.04805',
    },
    {
      text: 'Dai et al., "Transformer-XL: Attentive Language Models beyond a Fixed-Length Context", ACL 2019',
      href: 'https://arxiv.org/abs/1901.02860',
    },
    {
      text: 'Shaw, Uszkoreit, Vaswani, "Self-Attention with Relative Position Representations", NAACL 2018',
      href: 'https://arxiv.org/abs/1803.02155',
    },
    {
      text: 'Raffel et al., "Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer" (T5), JMLR 2020',
      href: 'https://arxiv.org/abs/1910.10683',
    },
    {
      text: 'Press, Smith, Lewis, "Train Short, Test Long: Attention with Linear Biases Enables Input Length Extrapolation" (ALiBi), ICLR 2022',
      href: 'https://arxiv.org/abs/2108.12409',
    },
    { text: "Pandoc User's Guide, extension tex_math_dollars", href: 'https://pandoc.org/MANUAL.html#extension-tex_math_dollars' },
    { text: 'KaTeX, supported functions', href: 'https://katex.org/docs/supported.html' },
  ],
  glossary: [glossary.position, glossary.offset, glossary.omega, glossary.theta, glossary.dModel, glossary.rotation],
};

export default body;
