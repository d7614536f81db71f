/**
 * Since 2023: the encodings that came after the seeds' (xPos, p-RoPE, Kerple, FIRE, CoPE, Llama 4's
 * iRoPE) and randomized positions, each with its formula, what it fixes, a live figure and a
 * predict-then-reveal question that the training lab's reference run answers (issue 26). The same
 * run, with three seeds, decides each paper's claim, and says "undecided" where the encodings differ
 * by less than the seeds do. Every number comes from the core: the live figures from the npm
 * package's functions of positions, the rest from the saved reference run (web/data/lab-reference*.json).
 */
import reference from '../../data/lab-reference.json';
import examples from '../../data/lab-reference-examples.json';
import { param, type ChapterBody } from '../components/chapter/chapter-types.js';
import '../components/lab/lab-accuracy.js';
import '../components/lab/lab-claims.js';
import '../components/lab/lab-compare.js';
import { ENCODING_NAMES } from '../components/lab/lab-figure.js';
import { TASK_CHOICES } from '../components/lab/lab-names.js';
import '../components/since/since-bias.js';
import '../components/since/since-counts.js';
import '../components/since/since-layers.js';
import '../components/since/since-prope.js';
import '../components/since/since-xpos.js';
import { l, type L10n } from '../components/shared/i18n.js';
import { glossary } from './glossary.js';

const saved = { reference, examples };
const since = examples.since2023;
const TASKS = ['recall', 'offset', 'copy', 'reverse', 'induction', 'sort', 'flipflop', 'selective-copy'];
const COUNTING = ['flipflop', 'selective-copy'];

const undecidedChoice = {
  value: 'undecided',
  label: l('分不出来（差距在种子间的波动以内）', "too close to call (within the seeds' spread)"),
};
const choice = (value: keyof typeof ENCODING_NAMES | `${string}+random`, label?: L10n) => ({
  value,
  label: label ?? ENCODING_NAMES[value as keyof typeof ENCODING_NAMES],
});

/** What a lab-compare figure says under its bars, in both languages. */
const compareWords = {
  answerText: l(
    '在这个长度上 {best} 领先（{acc}），比第二名 {second} 高 {gap}，超过了种子之间的波动（{spread}）。',
    'At this length {best} leads ({acc}), {gap} ahead of {second}, more than the spread between seeds ({spread}).',
  ),
  undecidedText: l(
    '无法判定：{first} 只比 {second} 高 {gap}，不超过种子之间的波动（{spread}），这次运行不点名胜者。',
    'Undecided: {first} is only {gap} ahead of {second}, within the spread between seeds ({spread}), so this run names no winner.',
  ),
};

const compareCaption = l(
  '{tasks}：{length} 个词元上的整句准确率（三个种子）',
  '{tasks}: sequence accuracy at {length} tokens (three seeds)',
);

const body: ChapterBody = {
  question: l(
    '2023 年之后的模型换了哪些位置编码？它们各自修补了什么？在同一个小实验里，论文的说法还站得住吗？',
    'Which positional encodings do the models after 2023 use, what does each fix, and do the papers’ claims hold up in the same small experiment?',
  ),
  params: [
    {
      id: 'task',
      label: l('任务', 'task'),
      choices: TASK_CHOICES,
      default: 'recall',
    },
    { id: 'head', label: l('注意力头', 'attention head'), min: 1, max: 2, step: 1, default: 1 },
    { id: 'block', label: l('层', 'block'), min: 1, max: 2, step: 1, default: 1 },
    { id: 'B', label: l('xPos 的尺度 B', "xPos's scale B"), min: 1, max: 512, step: 1, default: 6, scale: 'log' },
    { id: 'p', label: l('p-RoPE 保留的比例 p', 'p-RoPE’s kept fraction p'), min: 0, max: 1, step: 0.125, default: 0.75 },
  ],
  sections: [
    {
      id: 'overview',
      title: l('2021 年之后', 'After 2021'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '前面的章节停在 2021 年：正弦编码、可学习表、T5 的分桶、ALiBi 和 RoPE。2024—2026 年的模型用的是它们的变体，每一种修补前一代的一个毛病：让 RoPE 的注意力随距离衰减的缩放（xPos），去掉最慢频率的 RoPE（p-RoPE），形状由训练决定的偏置（Kerple、FIRE），按内容而不是按词元编号数出来的位置（CoPE），在 RoPE 层之间插入完全不带位置编码的层（Llama 4 的 iRoPE），以及在随机位置上训练（随机位置编码）。',
            'The chapters so far stop at 2021: sinusoids, learned tables, T5’s buckets, ALiBi and RoPE. The models of 2024–26 use variants, each fixing one flaw of the generation before: a scale that makes RoPE’s attention fade with distance (xPos), RoPE without its slowest frequencies (p-RoPE), biases whose shape is learned (Kerple, FIRE), positions counted from content instead of token indices (CoPE), blocks without any positional encoding between RoPE blocks (Llama 4’s iRoPE), and training at random positions (randomized positional encodings).',
          ),
        },
        {
          kind: 'text',
          text: l(
            '每一种都先写出公式，说明它修补什么，给一张随参数实时重算的图，再问一个问题：先猜，再看训练实验的答案。答案来自“训练与外推”一章的同一个小模型，在同样的任务上、用三个随机种子训练。差距小于种子之间的波动时，页面写“无法判定”，不点名胜者。',
            'Each gets its formula, what it fixes, a figure recomputed live as you move the parameters, and a question: predict first, then see the training lab’s answer. The answers come from the same small model as in “Train and extrapolate”, on the same tasks, with three random seeds. Where the gap is smaller than the spread between the seeds, the page says “undecided” and names no winner.',
          ),
        },
        { kind: 'controls', params: ['task'] },
      ],
    },
    {
      id: 'xpos',
      title: l('xPos：让远处的键淡下去', 'xPos: let distant keys fade'),
      blocks: [
        {
          kind: 'math',
          tex: l(
            '\\tilde q_m=\\zeta_i^{\\,m/B}R(m\\theta_i)\\,q_m,\\quad \\tilde k_n=\\zeta_i^{-n/B}R(n\\theta_i)\\,k_n,\\quad \\zeta_i=\\frac{2i/d+0.4}{1.4}\\ \\Rightarrow\\ \\tilde q_m^{\\top}\\tilde k_n=\\sum_i \\zeta_i^{(m-n)/B}\\,(\\text{第 } i \\text{ 个平面的 RoPE 分数})',
            '\\tilde q_m=\\zeta_i^{\\,m/B}R(m\\theta_i)\\,q_m,\\quad \\tilde k_n=\\zeta_i^{-n/B}R(n\\theta_i)\\,k_n,\\quad \\zeta_i=\\frac{2i/d+0.4}{1.4}\\ \\Rightarrow\\ \\tilde q_m^{\\top}\\tilde k_n=\\sum_i \\zeta_i^{(m-n)/B}\\,(\\text{RoPE score of plane } i)',
          ),
        },
        {
          kind: 'text',
          text: l(
            'RoPE 的分数随距离振荡，但不一定变小：远处的键可以和近处的一样高分，超过训练长度后注意力就不稳定。xPos（Sun 等，2022）给每个平面乘上一个随距离指数衰减的系数，转得最快的平面衰减得最快，于是远处的键逐渐淡出。系数拆成查询上的 $\\zeta^{m/B}$ 和键上的 $\\zeta^{-n/B}$，相乘后和 RoPE 一样只剩距离 $m-n$。',
            'RoPE’s score oscillates with distance but does not reliably shrink: a distant key can score as high as a near one, and attention turns unstable past the training length. xPos (Sun et al., 2022) multiplies each plane by a factor that decays exponentially with distance, fastest on the fastest planes, so distant keys fade. The factor is split into $\\zeta^{m/B}$ on the query and $\\zeta^{-n/B}$ on the key, so their product, as in RoPE, keeps only the distance $m-n$.',
          ),
        },
        { kind: 'controls', params: ['B'] },
        {
          kind: 'figure',
          tag: 'posenc-since-xpos',
          id: 'since-xpos',
          props: {
            dim: 16,
            scaleBase: param('B'),
            length: 48,
            trainLength: 12,
            caption: l(
              '每个平面分数上的系数 ζᵢ^((m − n)/B)，头维度 16，B = {B}',
              'Factor ζᵢ^((m − n)/B) on each plane’s score, d_h = 16, B = {B}',
            ),
            summary: l(
              '相隔 12 个位置（训练长度）时，最快的平面只剩 {fast}，最慢的平面还有 {slow}。论文的代码用 B = 512，训练长度为 1024；实验里 B 取训练长度的一半。',
              'At 12 positions apart (the training length) the fastest plane keeps {fast}, the slowest {slow}. The paper’s code uses B = 512 for 1024-token training; the lab takes half its training length.',
            ),
          },
        },
        {
          kind: 'predict',
          id: 'predict-xpos',
          question: l(
            '在训练长度的 2 倍上，这个任务里 xPos 和 RoPE 谁答对的序列更多？',
            'At twice the training length, which answers more sequences of this task right: xPos or RoPE?',
          ),
          choices: [choice('xpos'), choice('rope'), undecidedChoice],
          reveal: {
            tag: 'posenc-lab-compare',
            id: 'since-compare-xpos',
            props: { saved, task: param('task'), entries: ['xpos', 'rope'], at: 2, caption: compareCaption, ...compareWords },
          },
          explain: l(
            '衰减在答案就在附近的任务上有用：固定偏移任务里，xPos 一直到训练长度的 4 倍都全对，而 RoPE 到 3 倍已几乎全错；训练时没见过的远处的键淡了下去，不再干扰注意力。触发器上 xPos 也明显领先。反过来，答案可能在很远处的任务（归纳头要找到前面同一个词元）上，衰减是代价，RoPE 领先。在固定偏移的 2 倍长度处，RoPE 三个种子之间差得很多，差距没有超过这个波动，所以按规则是“无法判定”，尽管 xPos 的每个种子都比 RoPE 的每个种子好；再长一些就分得开了。复制、倒序、排序和选择性复制两者都做不到。',
            'The decay helps where the answer is near: on the fixed-offset task xPos stays perfect up to 4 times the training length, where RoPE is almost always wrong by 3 times; the distant keys it never trained on fade instead of distracting attention. On flip-flop xPos leads clearly too. Where the answer may be far back (induction must find the earlier copy of a token) the decay is a cost, and RoPE leads. At 2 times on offset RoPE’s three seeds disagree a lot, and the gap does not exceed that spread, so by the rule it is undecided, although every xPos seed beats every RoPE seed; a little longer and they separate. Neither manages copy, reverse, sort or selective copy.',
          ),
        },
      ],
    },
    {
      id: 'p-rope',
      title: l('p-RoPE：停掉最慢的频率', 'p-RoPE: stop the slowest frequencies'),
      blocks: [
        {
          kind: 'math',
          tex: l(
            '\\theta_k=\\begin{cases}\\text{base}^{-2k/d}, & k<\\lfloor p\\,d/2\\rfloor\\\\ 0, & \\text{其余平面}\\end{cases}',
            '\\theta_k=\\begin{cases}\\text{base}^{-2k/d}, & k<\\lfloor p\\,d/2\\rfloor\\\\ 0, & \\text{the other planes}\\end{cases}',
          ),
        },
        {
          kind: 'text',
          text: l(
            'RoPE 最慢的几个平面在任何实际长度内只转过一圈的一小部分，几乎不携带位置信息。Barbero 等（ICLR 2025）发现 Gemma 把它们当作携带语义的通道来用，而这些通道在很长的距离上会漂移。p-RoPE 干脆让它们不转：最快的比例 $p$ 保持 RoPE，其余的平面不带位置。$p=1$ 就是 RoPE，$p=0$ 就是不加位置编码。',
            'RoPE’s slowest planes turn through a small fraction of a circle over any realistic length, so they carry almost no position. Barbero et al. (ICLR 2025) found that Gemma uses them as channels for meaning, and that these channels drift over long distances. p-RoPE stops them turning: the fastest fraction $p$ keeps RoPE, the rest carry no position. $p=1$ is RoPE, $p=0$ no positional encoding at all.',
          ),
        },
        { kind: 'controls', params: ['p'] },
        {
          kind: 'figure',
          tag: 'posenc-since-prope',
          id: 'since-prope',
          props: {
            dim: 16,
            base: 10000,
            p: param('p'),
            length: 12,
            caption: l(
              '头维度 16 的 8 个平面在训练长度（12 个位置）内转过的角度',
              'Angle each of the 8 planes of d_h = 16 turns through over the training length (12 positions)',
            ),
            summary: l(
              'p-RoPE 保留 {planes} 个平面中的 {kept} 个；被停掉的平面在 12 个位置内最多也只转 {dropped} 弧度。',
              'p-RoPE keeps {kept} of the {planes} planes; the planes it stops would have turned at most {dropped} rad in 12 positions.',
            ),
          },
        },
        {
          kind: 'predict',
          id: 'predict-prope',
          question: l(
            '实验用论文推荐的 $p=0.75$（8 个平面里停掉最慢的 2 个）。在训练长度的 1.5 倍上，这会让这个任务变好、变差，还是分不出来？',
            'The lab uses the paper’s recommended $p=0.75$ (the 2 slowest of 8 planes stopped). At 1.5 times the training length, does that make this task better, worse, or no different?',
          ),
          choices: [
            choice('p-rope', l('p-RoPE 更好', 'p-RoPE is better')),
            choice('rope', l('RoPE 更好', 'RoPE is better')),
            undecidedChoice,
          ],
          reveal: {
            tag: 'posenc-lab-compare',
            id: 'since-compare-prope',
            props: { saved, task: param('task'), entries: ['p-rope', 'rope'], at: 1.5, caption: compareCaption, ...compareWords },
          },
          explain: l(
            '在每一个任务上，1.5 倍长度处的差距都小于种子之间的波动：在这里 p-RoPE 既没有帮忙，也没有损害。头维度 16、训练长度 12 时，被停掉的两个平面在 48 个位置内也转不到十分之一弧度，RoPE 本来就几乎没有用它们来表示位置。论文里的好处出现在 8k 上下文的 20 亿参数模型中，那里最慢的平面被当作语义通道来用；这个小实验问不到这一点。',
            'On every task the gap at 1.5 times is smaller than the spread between seeds: here p-RoPE neither helps nor hurts. With head dimension 16 and a 12-token training length, the two planes it stops turn less than a tenth of a radian even in 48 positions; RoPE was hardly using them for position. The paper’s gain is in a 2B model at 8k context, where the slowest planes serve as channels for meaning; this small experiment cannot ask about that.',
          ),
        },
      ],
    },
    {
      id: 'learned-bias',
      title: l('Kerple 与 FIRE：由训练决定形状的偏置', 'Kerple and FIRE: biases whose shape is learned'),
      blocks: [
        {
          kind: 'math',
          tex: '\\text{Kerple: } b_h(i,j)=-r_{1,h}\\,{\\log\\bigl(1+r_{2,h}\\,(i-j)\\bigr)}\\qquad \\text{FIRE: } b_h(i,j)=f_\\theta\\!\\left(\\frac{\\psi(i-j)}{\\psi(\\max(L,i))}\\right)_{\\!h},\\quad \\psi(x)={\\log(cx+1)}',
        },
        {
          kind: 'text',
          text: l(
            'ALiBi 的惩罚随距离线性增长，斜率在训练前就定死了。Kerple（Chi 等，NeurIPS 2022）每个头学两个数，用对数代替直线：惩罚在最初几个位置里升得快，之后变平，远处的词不会被一路压低。FIRE（Li 等，ICLR 2024）连形状也交给训练：一个小 MLP 读入距离的对数，再除以查询自身位置的对数（超过阈值 $L$ 以后），于是任何距离都落在训练时见过的 $[0,1]$ 之内，论文称之为“渐进插值”。T5、ALiBi 和 Kerple 都是它的特例。',
            'ALiBi’s penalty grows linearly with distance, its slopes fixed before training. Kerple (Chi et al., NeurIPS 2022) learns two numbers per head and uses a logarithm instead of a line: the penalty rises fast over the first few positions and then flattens, so distant words are not pushed ever further down. FIRE (Li et al., ICLR 2024) leaves the shape itself to training: a small MLP reads the log of the distance divided by the log of the query’s own position (once past a threshold $L$), so every distance it is asked about lands in $[0,1]$, the range it trained on; the paper calls it progressive interpolation. T5, ALiBi and Kerple are special cases of it.',
          ),
        },
        { kind: 'controls', params: ['head', 'block'] },
        {
          kind: 'figure',
          tag: 'posenc-since-bias',
          id: 'since-bias',
          props: {
            examples: since,
            head: param('head'),
            layer: param('block'),
            trainLength: 12,
            caption: l(
              '训练后的偏置与距离：联想回忆任务、种子 1、第 {layer} 层第 {head} 个头（T5 与 Kerple 的偏置各层共用）',
              'Trained biases against distance: associative recall, seed 1, block {layer}, head {head} (T5’s and Kerple’s are shared by the blocks)',
            ),
          },
        },
        {
          kind: 'predict',
          id: 'predict-kerple',
          question: l(
            '在训练长度的 2 倍上，Kerple 的对数偏置比 ALiBi 的直线偏置答对更多吗？',
            'At twice the training length, does Kerple’s log bias answer more of this task right than ALiBi’s line?',
          ),
          choices: [choice('kerple'), choice('alibi'), undecidedChoice],
          reveal: {
            tag: 'posenc-lab-compare',
            id: 'since-compare-kerple',
            props: { saved, task: param('task'), entries: ['kerple', 'alibi'], at: 2, caption: compareCaption, ...compareWords },
          },
          explain: l(
            '归纳头任务上 Kerple 明显胜出：两个头时 ALiBi 的斜率只有 1/16 和 1/256，在 24 个位置内几乎不惩罚任何东西，Kerple 学到了陡的起点和平的尾巴（上图）。联想回忆上 Kerple 的三个种子相差极大（从不如 ALiBi 到远好于它），分不出胜者。两者都过不了训练长度以外的固定偏移：偏置只随距离单调变化，要准确地往前数 3 个需要更多；有一个种子的 Kerple 在训练长度以内也远没学好。',
            'On induction Kerple wins clearly: with two heads ALiBi’s slopes are only 1/16 and 1/256, which hardly penalise anything within 24 positions, and Kerple learned a steep start and a flat tail (figure above). On recall Kerple’s three seeds disagree wildly (from worse than ALiBi to far better), and no winner can be named. Neither passes the fixed offset beyond the training length: a bias that only falls with distance cannot count exactly 3 back by itself, and one Kerple seed fell far short of it even within the training length.',
          ),
        },
        {
          kind: 'predict',
          id: 'predict-fire',
          question: l(
            'FIRE 的论文说它在长距离上胜过其他相对位置编码。在训练长度的 2 倍上，这个任务里谁最好？',
            'FIRE’s paper says it beats the other relative encodings at long lengths. At twice the training length, which is best on this task?',
          ),
          choices: [choice('fire'), choice('t5'), choice('kerple'), choice('alibi'), undecidedChoice],
          reveal: {
            tag: 'posenc-lab-compare',
            id: 'since-compare-fire',
            props: {
              saved,
              task: param('task'),
              entries: ['fire', 't5', 'kerple', 'alibi'],
              at: 2,
              caption: compareCaption,
              ...compareWords,
            },
          },
          explain: l(
            '在 2 倍长度上，FIRE 没有在任何一个任务上胜出：固定偏移由 T5 明确领先（FIRE 和 Kerple 在训练长度以内就有种子没学会），其余任务上 FIRE 也没有一次领先超过种子之间的波动。渐进插值把长距离压回 $[0,1]$，代价是：训练长度以外，同一个偏移在不同的查询位置上对应不同的输入，需要准确偏移的任务会吃这个亏。',
            'At 2 times the training length FIRE wins no task: T5 leads the fixed offset outright (FIRE and Kerple have seeds that miss it even within the training length), and on no other task does FIRE lead by more than the seeds’ spread. Progressive interpolation squeezes long distances back into $[0,1]$, at a price: past the training length the same offset means different inputs at different query positions, and tasks that need an exact offset pay for it.',
          ),
        },
      ],
    },
    {
      id: 'cope',
      title: l('CoPE：按内容数出来的位置', 'CoPE: positions counted from content'),
      blocks: [
        {
          kind: 'math',
          tex: 'g_{ij}=\\sigma\\!\\left(\\frac{q_i^{\\top}k_j}{\\sqrt{d}}\\right),\\quad p_{ij}=\\sum_{t=j}^{i} g_{it},\\quad s_{ij}=\\frac{q_i^{\\top}k_j+q_i^{\\top}e[p_{ij}]}{\\sqrt d},\\quad e[p]=(1-w)\\,e[\\lfloor p\\rfloor]+w\\,e[\\lceil p\\rceil]',
        },
        {
          kind: 'text',
          text: l(
            '前面所有的编码都在数词元。可是“最后一次写入”或“第三个符号”不是往前固定多少个词元。CoPE（Golovneva 等，2024）让每个查询用一个门决定哪些键算数，位置就是中间被算进去的键有几个；数出来的位置可以是小数，位置向量在两个整数位置之间插值。“触发器”和“选择性复制”两个任务正是为此设计的：答案是某一类词元中的最后一个或第 $k$ 个，它离当前词元有多远每次都不同。实验按论文代码的默认值，位置表有 $L_{train}+1$ 行，数到 $L_{train}$ 就停住（下图左边平的一段）。',
            'Every encoding so far counts tokens. But “the last write” or “the third symbol” is not a fixed number of tokens back. CoPE (Golovneva et al., 2024) lets each query decide, with one gate per key, which keys count, and measures position as the number of counted keys in between; the count can be fractional, and the position vector is interpolated between whole positions. The flip-flop and selective-copy tasks are made for this: the answer is the last, or the $k$-th, token of a kind, at a distance that changes every time. As in the paper’s code, the lab’s position table has $L_{train}+1$ rows, so a count stops at $L_{train}$ (the flat start of the figure below).',
          ),
        },
        { kind: 'controls', params: ['head', 'block'] },
        {
          kind: 'figure',
          tag: 'posenc-since-counts',
          id: 'since-counts',
          props: {
            examples: since,
            head: param('head'),
            layer: param('block'),
            caption: l(
              '训练后的 CoPE 在一段 {n} 个词元的触发器序列上：最后一个查询给每个键数出的位置（第 {layer} 层第 {head} 个头），虚线是词元编号的距离',
              'A trained CoPE on a {n}-token flip-flop sequence: the position the last query counts for each key (block {layer}, head {head}); dashed, the token distance',
            ),
          },
        },
        {
          kind: 'predict',
          id: 'predict-cope',
          question: l(
            '在触发器和选择性复制两个任务上（平均），训练长度的 2 倍处，CoPE、RoPE 和不加位置编码谁最好？',
            'On flip-flop and selective copy (averaged), at twice the training length, which is best: CoPE, RoPE or no positional encoding?',
          ),
          choices: [choice('cope'), choice('rope'), choice('none'), undecidedChoice],
          reveal: {
            tag: 'posenc-lab-compare',
            id: 'since-compare-cope',
            props: { saved, tasks: COUNTING, entries: ['cope', 'rope', 'none'], at: 2, caption: compareCaption, ...compareWords },
          },
          explain: l(
            '两个任务平均，CoPE 和不加位置编码的模型打平，都远好于 RoPE。分开看（上面换任务）：触发器上 CoPE 和各种偏置一样好，但并不比不加位置编码更好，因为只靠因果遮罩和内容就能找到最后一次写入；选择性复制在训练长度以外没有一种编码做得到，CoPE 在 1.25 倍处甚至是能运行的编码里最差的，原因这次运行看不出来。CoPE 在这里最好的成绩反而在不是计数的任务上：固定偏移一直全对到 4 倍长度，归纳头和联想回忆在 2 倍处平均最高，只是没有超出种子之间的波动。',
            'Averaged over the two tasks, CoPE ties with no positional encoding at all, both far ahead of RoPE. Apart (switch the task above): on flip-flop CoPE is as good as the biases but no better than no encoding, because the causal mask and content alone find the last write; selective copy past the training length is done by no encoding, and CoPE is even the worst of those that can run at 1.25 times, for reasons this run does not show. CoPE’s best results here are on tasks that are not counting tasks: the fixed offset perfect up to 4 times the training length, the highest means on induction and recall at 2 times, though not by more than the seeds’ spread.',
          ),
        },
      ],
    },
    {
      id: 'irope',
      title: l('iRoPE：RoPE 层之间夹着没有位置编码的层', 'iRoPE: blocks without position between RoPE blocks'),
      blocks: [
        {
          kind: 'math',
          tex: l(
            '\\text{第 } l \\text{ 层}:\\ \\begin{cases}\\text{RoPE}, & (l+1)\\bmod 4\\ne 0\\\\ \\text{NoPE}^{*}, & \\text{其余}\\end{cases}\\qquad {}^{*}\\ q_i\\leftarrow q_i\\,\\bigl(1+a\\log(1+\\lfloor (i+1)/F\\rfloor)\\bigr)',
            '\\text{block } l:\\ \\begin{cases}\\text{RoPE}, & (l+1)\\bmod 4\\ne 0\\\\ \\text{NoPE}^{*}, & \\text{otherwise}\\end{cases}\\qquad {}^{*}\\ q_i\\leftarrow q_i\\,\\bigl(1+a\\log(1+\\lfloor (i+1)/F\\rfloor)\\bigr)',
          ),
        },
        {
          kind: 'text',
          text: l(
            'RoPE 层对位置看得很清楚，但只在训练到过的距离以内；不带位置编码的层对整个上下文一视同仁。Llama 4 把两者交错排列（三个 RoPE 层后接一个不带位置编码的层），并在后者的查询上乘一个随位置对数增长的温度，让很长的上下文里注意力不至于摊得太平。实验的模型只有两层，所以每两层里有一个不带位置编码的层，温度的台阶取训练长度。',
            'RoPE blocks see position sharply, but only as far as training reached; blocks without positional encoding treat the whole context alike. Llama 4 interleaves them (three RoPE blocks, then one without), and multiplies the queries of the latter by a temperature that grows like the log of the position, so attention over a very long context does not spread too thin. The lab’s model has two blocks, so one block in two has no encoding, and the temperature steps at the training length.',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-since-layers',
          id: 'since-layers-llama4',
          props: {
            numLayers: 48,
            interval: 4,
            floorScale: 8192,
            attnScale: 0.1,
            span: 65536,
            caption: l(
              'Llama 4 Scout 的 48 层：{rope} 层 RoPE，{nope} 层不加位置编码',
              'Llama 4 Scout’s 48 blocks: {rope} with RoPE, {nope} without positional encoding',
            ),
            temperatureCaption: l(
              '不带位置编码的层上查询的温度，F = {F}，a = 0.1',
              'Temperature on the queries of a block without encoding, F = {F}, a = 0.1',
            ),
          },
        },
        {
          kind: 'figure',
          tag: 'posenc-since-layers',
          id: 'since-layers-lab',
          props: {
            numLayers: 2,
            interval: 2,
            floorScale: 12,
            attnScale: 0.1,
            span: 48,
            caption: l(
              '实验的模型：{layers} 层中 {rope} 层 RoPE，{nope} 层不加位置编码',
              'The lab’s model: of {layers} blocks, {rope} with RoPE and {nope} without',
            ),
            temperatureCaption: l(
              '实验里的温度，F = {F}（训练长度），a = 0.1',
              'The lab’s temperature, F = {F} (the training length), a = 0.1',
            ),
          },
        },
        {
          kind: 'predict',
          id: 'predict-irope',
          question: l(
            '在训练长度的 2 倍上，把第二层换成不带位置编码的层，比两层都用 RoPE 更好吗？',
            'At twice the training length, is a second block without positional encoding better than RoPE in both?',
          ),
          choices: [choice('irope'), choice('rope'), undecidedChoice],
          reveal: {
            tag: 'posenc-lab-compare',
            id: 'since-compare-irope',
            props: { saved, task: param('task'), entries: ['irope', 'rope'], at: 2, caption: compareCaption, ...compareWords },
          },
          explain: l(
            '不带位置编码的层在需要按内容找东西的任务上有帮助：归纳头上 iRoPE 在 2 倍长度处明确领先，到 4 倍时仍远远领先。需要准确偏移的任务上它是代价：固定偏移在 2 倍长度处 iRoPE 明显落后，一个不带位置的层分不清往前 3 个和往前 4 个。需要绝对位置的复制、倒序，两者都做不到。',
            'A block without positional encoding helps where the model must find things by content: on induction iRoPE leads clearly at 2 times the training length, and is still far ahead at 4 times. Where an exact offset is needed it costs: on the fixed offset iRoPE falls well behind at 2 times, since a block without position cannot tell 3 back from 4 back. Copy and reverse, which need absolute position, neither manages.',
          ),
        },
      ],
    },
    {
      id: 'random',
      title: l('随机位置：训练时就见过所有位置', 'Randomized positions: every position seen in training'),
      blocks: [
        {
          kind: 'math',
          tex: l(
            'p_0<p_1<\\dots<p_{n-1},\\qquad \\{p_0,\\dots,p_{n-1}\\}\\subset{\\{0,\\dots,P-1\\}}\\ \\text{（均匀抽取）}',
            'p_0<p_1<\\dots<p_{n-1},\\qquad \\{p_0,\\dots,p_{n-1}\\}\\subset{\\{0,\\dots,P-1\\}}\\ \\text{(drawn uniformly)}',
          ),
        },
        {
          kind: 'text',
          text: l(
            '只在 12 个词元上训练的模型从没见过位置 30：测试时每一种编码都会碰到训练中没见过的位置或距离。Ruoss 等（ACL 2023）在训练时就从更大的范围 $P$ 里随机抽取位置并排好序，于是测试时的位置全都见过，新的只是它们之间的间隔。实验按论文的做法，对正弦、可学习表、T5、ALiBi 和 RoPE 各训练一个 $P=48$ 的版本，测试时也用随机位置。',
            'A model trained on 12 tokens never saw position 30: at test time every encoding meets positions, or distances, it never trained on. Ruoss et al. (ACL 2023) train on sorted random positions drawn from a larger range $P$, so every test position was seen in training and only the spacing is new. As the paper does, the lab trains sinusoidal, learned, T5, ALiBi and RoPE models this way with $P=48$, and tests them at random positions too.',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-lab-compare',
          id: 'since-compare-random',
          props: {
            saved,
            task: param('task'),
            entries: ['sinusoidal', 'sinusoidal+random', 'learned+random', 'rope', 'rope+random'],
            at: 2,
            caption: compareCaption,
            ...compareWords,
          },
        },
        {
          kind: 'predict',
          id: 'predict-random',
          question: l(
            '在训练长度的 2 倍上，随机位置训练的 RoPE 比普通的 RoPE 更好吗？',
            'At twice the training length, is RoPE trained at random positions better than plain RoPE?',
          ),
          choices: [choice('rope+random', l('随机位置的 RoPE', 'RoPE with random positions')), choice('rope'), undecidedChoice],
          reveal: {
            tag: 'posenc-lab-compare',
            id: 'since-compare-random-rope',
            props: { saved, task: param('task'), entries: ['rope+random', 'rope'], at: 2, caption: compareCaption, ...compareWords },
          },
          explain: l(
            '随机位置的效果完全取决于任务。触发器上，随机位置的 RoPE 到 2 倍长度全对、到 4 倍仍几乎全对，普通 RoPE 在 2 倍处已经错很多。固定偏移则相反：间隔随机时，“往前 3 个词元”不再是固定的位置差，T5 和可学习表在训练长度以内就学不会，RoPE 在训练长度以内还能学会，一过训练长度就全错。随机位置也让可学习表第一次能在训练长度以外运行（它有 48 行，全都练过）。',
            'What random positions do depends entirely on the task. On flip-flop RoPE with random positions is perfect at 2 times the training length and nearly so at 4 times, where plain RoPE is already often wrong at 2 times. On the fixed offset it is the reverse: with random spacing, “3 tokens back” is no longer a fixed difference of positions; T5 and the learned table cannot learn it even within the training length, and RoPE learns it there but fails at once past it. Random positions also let the learned table run past the training length for the first time (it has 48 rows, all trained).',
          ),
        },
      ],
    },
    {
      id: 'results',
      title: l('十二种编码放在一起', 'All twelve side by side'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '参考运行里每种编码在每个任务上的整句准确率（三个种子的平均），从训练长度的一半到 4 倍。换一个任务，排名就会变。',
            'The reference run’s sequence accuracy of every encoding on each task (mean of three seeds), from half the training length to 4 times it. Switch the task and the ranking changes.',
          ),
        },
        { kind: 'controls', params: ['task'] },
        {
          kind: 'figure',
          tag: 'posenc-lab-accuracy',
          id: 'since-accuracy',
          props: {
            saved,
            task: param('task'),
            at: 2,
            caption: l('{task}：整句准确率与测试长度，{run}', '{task}: sequence accuracy against test length, {run}'),
          },
        },
      ],
    },
    {
      id: 'claims',
      title: l('论文的说法与这次运行', 'The papers’ claims and this run'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '每篇论文的一句结论，写成一条可以用运行结果判定的规则，注明论文自己的设定和数字，再用参考运行（八个任务的平均，除非另有说明）判定：支持、反驳，或者差距在种子间的波动以内而无法判定。我们的模型比论文的小几千倍，任务也不同；“反驳”只说明这个小设定里说法不成立。',
            'One sentence of each paper, written as a rule a run can decide, with the paper’s own setting and number, decided by the reference run (mean of the eight tasks unless said otherwise): supports, contradicts, or undecided where the gap is within the spread between seeds. Our model is thousands of times smaller than theirs and the tasks differ; “contradicts” says only that the claim does not hold in this small setting.',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-lab-claims',
          id: 'since-claims',
          props: {
            saved,
            task: param('task'),
            claims: {
              items: [
                {
                  id: 'paper-kazemnejad',
                  source: l('Kazemnejad 等，NeurIPS 2023', 'Kazemnejad et al., NeurIPS 2023'),
                  text: l(
                    '不加位置编码（NoPE）和 T5 的偏置比 ALiBi、RoPE 和绝对编码外推得好',
                    'No positional encoding (NoPE) and T5’s bias extrapolate better than ALiBi, RoPE and the absolute encoding',
                  ),
                  asked: l(
                    '论文：约 1.07 亿参数的仅解码器模型，训练到长度 20、测到 40，任务有复制、倒序、排序、加法等。这里：训练长度的 1.5 与 2 倍。',
                    'Paper: decoder-only models of about 107M parameters, trained up to length 20 and tested up to 40, on copy, reverse, sort, addition and more. Here: 1.5 and 2 times the training length.',
                  ),
                  question: {
                    run: { tasks: TASKS },
                    decide: { rule: 'beats', better: ['none', 't5'], worse: ['alibi', 'rope', 'sinusoidal'], at: [1.5, 2], claims: true },
                  },
                },
                ...(['sinusoidal', 'learned', 't5', 'alibi', 'rope'] as const).map((enc) => ({
                  id: `paper-ruoss-${enc}`,
                  source: l('Ruoss 等，ACL 2023', 'Ruoss et al., ACL 2023'),
                  text: l(
                    `随机位置让 ${ENCODING_NAMES[enc].zh} 外推得更好`,
                    `Randomized positions make ${ENCODING_NAMES[enc].en} extrapolate better`,
                  ),
                  asked: l(
                    '论文：15 个算法任务、6000 个模型，测试准确率平均提高 12.0%。这里：$P=48$，训练长度的 2 与 4 倍。',
                    'Paper: 15 algorithmic tasks, 6000 models, test accuracy up by 12.0% on average. Here: $P=48$, 2 and 4 times the training length.',
                  ),
                  question: {
                    run: { tasks: TASKS },
                    decide: { rule: 'beats' as const, better: [`${enc}+random`], worse: [enc], at: [2, 4], claims: true },
                  },
                })),
                {
                  id: 'paper-fire',
                  source: l('Li 等，ICLR 2024', 'Li et al., ICLR 2024'),
                  text: l('FIRE 在长距离上胜过其他相对位置编码', 'FIRE beats the other relative encodings at long lengths'),
                  asked: l(
                    '论文：在零样本语言建模和长文本基准上，FIRE 模型对更长上下文的泛化更好。这里：与 T5、ALiBi、Kerple 比，训练长度的 2 与 4 倍。',
                    'Paper: FIRE models generalize better to longer contexts in zero-shot language modelling and on long-text benchmarks. Here: against T5, ALiBi and Kerple at 2 and 4 times the training length.',
                  ),
                  question: {
                    run: { tasks: TASKS },
                    decide: { rule: 'beats', better: ['fire'], worse: ['t5', 'alibi', 'kerple'], at: [2, 4], claims: true },
                  },
                },
                {
                  id: 'paper-prope',
                  source: l('Barbero 等，ICLR 2025', 'Barbero et al., ICLR 2025'),
                  text: l('去掉最低的频率不会变差', 'Dropping the lowest frequencies does not hurt'),
                  asked: l(
                    '论文：从头训练的 Gemma 2B，8k 上下文，Wiki 上困惑度 4.4414（0.75-RoPE）对 4.4627（RoPE），FlanV2 上 6.4422 对 6.4429。这里：$p=0.75$，不比 RoPE 差过种子间的波动，训练长度的 1、1.5 与 2 倍。',
                    'Paper: Gemma 2B trained from scratch with 8k context, perplexity 4.4414 (0.75-RoPE) against 4.4627 (RoPE) on Wiki, 6.4422 against 6.4429 on FlanV2. Here: $p=0.75$ no worse than RoPE by more than the seeds’ spread, at 1, 1.5 and 2 times the training length.',
                  ),
                  question: {
                    run: { tasks: TASKS },
                    decide: { rule: 'no-worse', better: ['p-rope'], worse: ['rope'], at: [1, 1.5, 2], claims: true },
                  },
                },
                {
                  id: 'paper-cope',
                  source: l('Golovneva 等，2024', 'Golovneva et al., 2024'),
                  text: l(
                    'CoPE 在计数类任务上胜出，常用的位置编码在这些任务上失败',
                    'CoPE wins the counting tasks where popular encodings fail',
                  ),
                  asked: l(
                    '论文：小型 Transformer 在选择性复制、计数和触发器任务上，分布内外都测（摘要：“CoPE 能解决常用位置编码失败的选择性复制、计数和触发器任务”）。这里：触发器与选择性复制，与其余十一种编码比，训练长度的 1.5 与 2 倍。',
                    'Paper: small Transformers on selective copy, counting and flip-flop, in and out of distribution (abstract: “CoPE can solve the selective copy, counting and Flip-Flop tasks where popular position embeddings fail”). Here: flip-flop and selective copy, against the other eleven encodings, at 1.5 and 2 times the training length.',
                  ),
                  question: {
                    run: { tasks: COUNTING },
                    decide: {
                      rule: 'beats',
                      better: ['cope'],
                      worse: ['none', 'sinusoidal', 'learned', 't5', 'alibi', 'rope', 'xpos', 'p-rope', 'kerple', 'fire', 'irope'],
                      at: [1.5, 2],
                      claims: true,
                    },
                  },
                },
                {
                  id: 'paper-irope',
                  source: l('Llama 4（Meta，2025）', 'Llama 4 (Meta, 2025)'),
                  text: l(
                    '在 RoPE 层之间插入不带位置编码的层有助于长度泛化',
                    'Interleaving blocks without positional encoding with RoPE blocks helps length generalization',
                  ),
                  asked: l(
                    'Meta：iRoPE 加上推理时的温度缩放，用来支撑 Llama 4 Scout 1000 万词元的上下文。这里：与只用 RoPE 比，训练长度的 1.5、2 与 4 倍。',
                    'Meta: iRoPE with inference-time temperature scaling, behind Llama 4 Scout’s 10M-token context. Here: against RoPE alone at 1.5, 2 and 4 times the training length.',
                  ),
                  question: {
                    run: { tasks: TASKS },
                    decide: { rule: 'beats', better: ['irope'], worse: ['rope'], at: [1.5, 2, 4], claims: true },
                  },
                },
              ],
            },
            summary: l(
              '参考运行支持其中 {supported} 条、反驳 {contradicted} 条，{undecided} 条无法判定（共 {total} 条）。',
              'The reference run supports {supported} and contradicts {contradicted} of these {total} claims; {undecided} it cannot decide.',
            ),
          },
        },
        {
          kind: 'note',
          text: l(
            '判定规则写在表格里每一行下面，比较过的数字（均值 ± 种子波动的一半）也列出来了。数字来自同一份 wasm 核心在 Node 里的训练（保存为项目里的参考运行文件），和你在“训练与外推”一章里训练的结果逐位相同。',
            'Each row shows the cells it compared (mean ± half the spread between seeds). The numbers come from the same wasm core trained under Node (web/data/lab-reference.json), bit for bit what you would train in “Train and extrapolate”.',
          ),
        },
      ],
    },
  ],
  takeaways: [
    l(
      '每一种新编码都只修补一个具体的毛病：远处不衰减（xPos）、最慢的频率不携带位置（p-RoPE）、偏置形状定死（Kerple、FIRE）、位置只会数词元（CoPE）、训练长度以外的角度没见过（iRoPE、随机位置）。',
      'Each newer encoding fixes one specific flaw: no decay with distance (xPos), slowest frequencies that carry no position (p-RoPE), a bias of fixed shape (Kerple, FIRE), positions that can only count tokens (CoPE), angles never seen past the training length (iRoPE, randomized positions).',
    ),
    l(
      '一个说法要放到和论文一样的设定里才能检验；在小模型和短任务上，很多差距小于换一个随机种子带来的波动，这时只能说“无法判定”。',
      'A claim is tested only in a setting like the paper’s; with a small model and short tasks many gaps are smaller than what another random seed changes, and then the honest answer is “undecided”.',
    ),
    l(
      '每一个好处都取决于任务：衰减（xPos）和按内容计数（CoPE）让固定偏移一直全对到 4 倍长度；随机位置让触发器全对，却毁掉了固定偏移；不带位置的层帮了归纳头，却害了固定偏移。',
      'Every gain depends on the task: decay (xPos) and counting by content (CoPE) keep the fixed offset perfect up to 4 times the training length; random positions make flip-flop perfect and destroy the fixed offset; a block without position helps induction and hurts the fixed offset.',
    ),
    l(
      '为计数而设计的 CoPE 在计数任务上并没有胜出：触发器上不加位置编码也一样好，选择性复制在训练长度以外没有一种编码做得到。',
      'CoPE, designed for counting, did not win the counting tasks here: on flip-flop no positional encoding does as well, and selective copy past the training length is done by no encoding.',
    ),
  ],
  references: [
    { text: 'Sun et al., "A Length-Extrapolatable Transformer" (xPos), 2022', href: 'https://arxiv.org/abs/2212.10554' },
    {
      text: 'Barbero et al., "Round and Round We Go! What makes Rotary Positional Encodings useful?", ICLR 2025',
      href: 'https://arxiv.org/abs/2410.06205',
    },
    {
      text: 'Chi et al., "KERPLE: Kernelized Relative Positional Embedding for Length Extrapolation", NeurIPS 2022',
      href: 'https://arxiv.org/abs/2205.09921',
    },
    {
      text: 'Li et al., "Functional Interpolation for Relative Positions Improves Long Context Transformers" (FIRE), ICLR 2024',
      href: 'https://arxiv.org/abs/2310.04418',
    },
    {
      text: 'Golovneva et al., "Contextual Position Encoding: Learning to Count What\'s Important" (CoPE), 2024',
      href: 'https://arxiv.org/abs/2405.18719',
    },
    {
      text: 'Hugging Face transformers, models/llama4/modeling_llama4.py',
      note: l('Llama 4：`no_rope_layers` 与注意力温度', 'Llama 4: `no_rope_layers`, attention temperature'),
      href: 'https://github.com/huggingface/transformers/blob/main/src/transformers/models/llama4/modeling_llama4.py',
    },
    {
      text: 'Ruoss et al., "Randomized Positional Encodings Boost Length Generalization of Transformers", ACL 2023',
      href: 'https://arxiv.org/abs/2305.16843',
    },
    {
      text: 'Kazemnejad et al., "The Impact of Positional Encoding on Length Generalization in Transformers", NeurIPS 2023',
      href: 'https://arxiv.org/abs/2305.19466',
    },
    {
      text: 'Liu et al., "Exposing Attention Glitches with Flip-Flop Language Modeling", NeurIPS 2023',
      href: 'https://arxiv.org/abs/2306.00946',
    },
    {
      text: 'Gu and Dao, "Mamba: Linear-Time Sequence Modeling with Selective State Spaces", 2023',
      note: l('选择性复制任务', 'the selective copy task'),
      href: 'https://arxiv.org/abs/2312.00752',
    },
    {
      text: 'posenc, docs/LAB.md',
      note: l('本项目：每种编码的精确定义、参考运行', "this project: each encoding's exact definition, the reference run"),
    },
  ],
  glossary: [glossary.position, glossary.trainLength],
};

export default body;
