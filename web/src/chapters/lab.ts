/**
 * Train and extrapolate: a tiny decoder-only Transformer trained in the reader's browser with each
 * positional encoding, then tested past its training length (issue 12). The saved reference run
 * (web/data/lab-reference*.json, scripts/lab-reference-run.mjs) is shown at once; every figure switches
 * to the reader's own run when one finishes. Seeds: 000 §2.4 and §4, 001 §6.1.5, 004 §3.
 */
import reference from '../../data/lab-reference.json';
import examples from '../../data/lab-reference-examples.json';
import { param, type ChapterBody } from '../components/chapter/chapter-types.js';
import '../components/lab/lab-accuracy.js';
import '../components/lab/lab-attention.js';
import '../components/lab/lab-claims.js';
import '../components/lab/lab-example.js';
import '../components/lab/lab-playground.js';
import { ENCODING_CHOICES } from '../components/lab/lab-figure.js';
import { TASK_CHOICES } from '../components/lab/lab-names.js';
import '../components/lab/lab-runner.js';
import '../components/lab/lab-table.js';
import { l } from '../components/shared/i18n.js';
import { ENTRIES } from './errata/index.js';
import { glossary } from './glossary.js';

/** The saved run, as data: what every figure shows until the reader trains. */
const saved = { reference, examples };
const ALL_TASKS = ['recall', 'offset', 'copy', 'reverse', 'induction'];

const body: ChapterBody = {
  question: l(
    '一个只见过 12 个词元长的序列的模型，遇到 24 个词元时还能答对吗？位置编码的选择会不会决定这一点？',
    'A model that has only ever seen sequences of 12 tokens: does it still answer right at 24? Does the choice of positional encoding decide that?',
  ),
  params: [
    {
      id: 'task',
      label: l('任务', 'task'),
      choices: TASK_CHOICES,
      default: 'recall',
    },
    {
      id: 'enc',
      label: l('看哪个模型', 'which model to look inside'),
      choices: [...ENCODING_CHOICES],
      default: 'rope',
    },
    { id: 'steps', label: l('每个模型的训练步数', 'training steps per model'), min: 50, max: 3000, step: 50, default: 3000, scale: 'log' },
    { id: 'seed', label: l('随机种子', 'random seed'), min: 1, max: 9, step: 1, default: 1 },
  ],
  sections: [
    {
      id: 'failure',
      title: l('同一个模型，长一倍就答错', 'The same model, twice as long, wrong'),
      seeds: '000 §2.4 · 001 §6.1.5',
      blocks: [
        {
          kind: 'text',
          text: l(
            '下面是一个小型的仅解码器 Transformer（2 层、每层 2 个头、宽度 32），只在长度不超过 12 的序列上训练了 3000 步。任务是“联想回忆”：先给出若干“键 值”对，再提问一个键，模型要答出它的值。它在 12 个词元上几乎全对；把同样的任务拉长到 24 个词元，答案就开始出错。第一组用的是正弦编码——讲义说它“天然能外推”。',
            'Below is a small decoder-only Transformer (2 layers, 2 heads each, width 32), trained for 3000 steps on sequences of at most 12 tokens. The task is associative recall: a few "key value" pairs, then a key is asked again and the model must answer its value. At 12 tokens it is almost always right; stretch the same task to 24 tokens and its answers start to go wrong. The first model uses the sinusoidal encoding, the one the teaching documents say "extrapolates naturally".',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-lab-example',
          id: 'lab-example-sinusoidal',
          props: {
            saved,
            task: 'recall',
            encoding: 'sinusoidal',
            heading: l('{encoding}，{n} 个词元（训练长度的 {ratio} 倍）', '{encoding}, {n} tokens ({ratio}× the training length)'),
          },
        },
        {
          kind: 'text',
          text: l(
            '这一章在你的浏览器里把前面各章的六种位置编码各训练一遍（同样的网络、同样的数据、同样的种子，只有位置信息进入网络的方式不同），再在更长的序列上测试；“2023 年以后”一章的六种编码也可以勾选加入。页面一打开显示的是保存的参考运行（种子 1、2、3 的平均，十二种编码全都有），它和你在这里训练得到的结果用的是同一份 wasm 代码。',
            'This chapter trains the six positional encodings of the chapters so far in your browser (the same network, the same data, the same seed; only the way position enters the network differs), then tests them on longer sequences; the six of the chapter Since 2023 can be ticked too. On load the page shows the saved reference run (mean of seeds 1, 2 and 3, all twelve encodings), computed by the same wasm code you train with here.',
          ),
        },
      ],
    },
    {
      id: 'train',
      title: l('自己训练', 'Train it yourself'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '选一个任务和要比较的编码，然后开始训练。训练在两个 Web Worker 里进行（每个处理器核一个），页面不会卡住；进度条和损失曲线随训练更新，随时可以取消。各个任务考的东西不同：“联想回忆”和“归纳头”要按内容找到前面的键；“固定偏移”要输出往前数第 3 个词元，只靠相对位置；“复制”和“倒序”要知道分隔符在哪里，也就是绝对位置；“排序”要按比它小的符号有几个来放每个符号；“触发器”要在一串忽略指令里找到最后一次写入，“选择性复制”要在噪声里找到第 k 个符号：两者都要数某一类词元，词元编号做不到这一点。',
            'Pick a task and the encodings to compare, then train. Training runs in two Web Workers (one per core), so the page never freezes; the progress bar and loss curves update as it goes, and you can cancel at any time. The tasks test different skills: associative recall and induction must find an earlier key by content; fixed offset must output the token 3 places back, a purely relative skill; copy and reverse must know where the separator is, an absolute position; sort must place each symbol by how many are smaller; flip-flop must find the last write among ignored instructions, and selective copy the k-th symbol among noise: both count tokens of a kind, which a token index cannot do.',
          ),
        },
        { kind: 'controls', params: ['task', 'steps', 'seed'] },
        {
          kind: 'figure',
          tag: 'posenc-lab-runner',
          id: 'lab-runner',
          props: {
            saved,
            task: param('task'),
            steps: param('steps'),
            seed: param('seed'),
            caption: l('训练损失（对数刻度）：{run}', 'Training loss (log scale): {run}'),
            finished: l(
              '完成：{seconds} 秒，{workers} 个 Web Worker。下面的图现在显示你的运行。',
              'Done in {seconds} s (background threads, Web Workers: {workers}). The figures below now show your run.',
            ),
            finishedOnPage: l(
              '完成：{seconds} 秒，在页面主线程上。下面的图现在显示你的运行。',
              "Done in {seconds} s on the page's main thread. The figures below now show your run.",
            ),
          },
        },
        {
          kind: 'note',
          text: l(
            '你的运行只有一个种子，参考运行是三个种子的平均。小模型对种子很敏感：同一个编码换一个种子，在更长序列上的准确率可以差很多，所以不要只看一次运行下结论。',
            'Your run has one seed; the reference run is the mean of three. Small models are sensitive to the seed: the same encoding with another seed can differ a lot on longer sequences, so do not conclude from one run.',
          ),
        },
      ],
    },
    {
      id: 'accuracy',
      title: l('训练长度之外的准确率', 'Accuracy past the training length'),
      seeds: '004 §3',
      blocks: [
        {
          kind: 'text',
          text: l(
            '每个模型在 7 个测试长度上（6、12、15、18、24、36、48 个词元，即训练长度的 0.5 到 4 倍）各做 512 道题。“整句准确率”是一个序列里所有要回答的位置全对的比例。阴影部分是训练见过的长度；右边是外推。',
            'Each model answers 512 test sequences at each of 7 lengths: 6, 12, 15, 18, 24, 36 and 48 tokens (0.5 to 4 times the training length). "Sequence accuracy" is the share of sequences in which every scored position is right. The shaded part is the lengths seen in training; to its right is extrapolation.',
          ),
        },
        {
          kind: 'predict',
          id: 'predict-best',
          question: l(
            '在训练长度的 2 倍（24 个词元）上，哪种编码的整句准确率最高？',
            'At twice the training length (24 tokens), which encoding has the highest sequence accuracy?',
          ),
          choices: [
            ...ENCODING_CHOICES,
            { value: 'undecided', label: l('分不出来（差距在种子间的波动以内）', "too close to call (within the seeds' spread)") },
            { value: 'no-winner', label: l('哪种都不行（全都低于 5%）', 'none works there (every model under 5%)') },
          ],
          reveal: {
            tag: 'posenc-lab-accuracy',
            id: 'lab-accuracy',
            props: {
              saved,
              task: param('task'),
              at: 2,
              caption: l('{task}：整句准确率与测试长度，{run}', '{task}: sequence accuracy against test length, {run}'),
              answerText: l('在 {length} 个词元上最好的是 {best}：{acc}。', 'Best at {length} tokens: {best}, {acc}.'),
              noneText: l(
                '在 {length} 个词元上没有一种编码能用：每个模型都低于 {floor}（最高 {acc}），谈不上谁最好。',
                'At {length} tokens no encoding works: every model gets under {floor} (the highest {acc}), so none is the best.',
              ),
              undecidedText: l(
                '在 {length} 个词元上 {best} 只比 {second} 高 {gap}，不超过种子之间的波动（{spread}）：无法判定。',
                'At {length} tokens {best} leads {second} by only {gap}, within the spread between seeds ({spread}): undecided.',
              ),
            },
          },
          explain: l(
            '在参考运行的默认任务上，训练长度以内各条线几乎重合：每种编码都学会了任务，差别全在训练长度右边（你自己的运行可能不同：步数少时，有的编码在训练长度以内就没学会，表格里那一行在 12 处就很低）。可学习表在 12 之后没有行，模型无法运行（曲线在那里中断）。正弦编码“在任何位置都有定义”，但有定义不等于模型学会了用它：它在没见过的位置上给网络的是训练中从未出现过的输入。换一个任务看看：排名会变，有的任务在训练长度以内就没有全学会。',
            'In the reference run on the default task the curves almost coincide within the training length: every encoding learned the task, and all the differences are right of the training length (your own run may differ: with few steps some encodings do not learn the task even within the training length, and their row of the table is low already at 12). A learned table has no row past 12, so its model cannot run there (its curve stops). The sinusoidal encoding is "defined at every position", but being defined does not mean the model learned to use it: at unseen positions it feeds the network inputs it never met in training. Try another task: the ranking changes, and on some tasks not every encoding learns even within the training length.',
          ),
        },
        {
          kind: 'text',
          text: l(
            '只在测试时拉伸 RoPE（不重新训练）：位置插值把所有频率除以 $s=n/L$；NTK 改变底数；YaRN 按频率分别处理。拉伸能不能帮上忙，取决于任务。',
            'Stretching RoPE at test time only (no retraining): Position Interpolation divides every frequency by $s=n/L$; NTK changes the base; YaRN treats each frequency on its own. Whether a stretch helps depends on the task.',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-lab-accuracy',
          id: 'lab-stretch',
          props: {
            saved,
            task: param('task'),
            variant: 'stretch',
            caption: l('{task}：同一个 RoPE 模型，测试时拉伸，{run}', '{task}: the same RoPE model, stretched at test time, {run}'),
          },
        },
      ],
    },
    {
      id: 'attention',
      title: l('模型在看哪里', 'Where the model looks'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '同一个测试输入，分别在训练长度和它的 2 倍上，最后一层每个头的注意力权重（行是查询位置，列是键位置，每行加起来是 1）。绿框是训练见过的范围。在框里学到的模式，在框外还保持吗？选一个模型看看。',
            'One test input, at the training length and at twice it: the attention weights of each head of the last layer (rows are query positions, columns key positions, each row sums to 1). The green box is the range seen in training. Does the pattern learned inside the box hold outside it? Pick a model.',
          ),
        },
        { kind: 'controls', params: ['enc'] },
        {
          kind: 'figure',
          tag: 'posenc-lab-attention',
          id: 'lab-attention',
          props: {
            saved,
            task: param('task'),
            encoding: param('enc'),
            heading: l('{encoding}，{n} 个词元（{ratio} 倍）', '{encoding}, {n} tokens ({ratio}×)'),
          },
        },
        {
          kind: 'figure',
          tag: 'posenc-lab-example',
          id: 'lab-example-chosen',
          props: {
            saved,
            task: param('task'),
            encoding: param('enc'),
            heading: l('同一个输入上 {encoding} 的回答，{n} 个词元', 'The answers of {encoding} on the same input, {n} tokens'),
          },
        },
      ],
    },
    {
      id: 'playground',
      title: l('自己出题', 'Ask it yourself'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '上面的例子是测试集里的序列。在这里你可以自己写一个：改一个词元、把序列加长到训练长度以外，看上面选的模型在每个位置答什么、注意力落在哪里。回答和注意力都由 wasm 核心在你的浏览器里、用你训练出的权重算出。',
            'The examples above are sequences of the test set. Here you write your own: change a token, make the sequence longer than the training length, and see what the model chosen above answers at every position and where its attention goes. The answers and the attention are computed by the wasm core in your browser, from the weights you trained.',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-lab-playground',
          id: 'lab-playground',
          props: {
            saved,
            task: param('task'),
            encoding: param('enc'),
          },
        },
      ],
    },
    {
      id: 'table',
      title: l('可学习的表会学出波形吗？', 'Does the learned table learn waves?'),
      seeds: '001 §6.1.5 · 004 §2.2',
      blocks: [
        {
          kind: 'text',
          text: l(
            '可学习编码从随机数开始，训练只告诉它“让任务做对”，从不要求它像正弦。训练完的表（每行一个位置，每列一个维度）和同样大小的正弦编码放在一起比较。“波形占比”衡量一列的变化有多少集中在一个频率上（纯正弦波为 1）。',
            'The learned encoding starts from random numbers; training only asks it to get the task right, never to look like sinusoids. Here is the trained table (one row per position, one column per dimension) beside sinusoids of the same size. The "wave share" measures how much of a column\'s variation sits in one frequency (1 for a pure wave).',
          ),
        },
        {
          kind: 'predict',
          id: 'predict-waves',
          question: l(
            '训练后，可学习表的波形占比更接近正弦编码，还是更接近它的随机起点？',
            "After training, is the learned table's wave share closer to the sinusoids' or to its random start?",
          ),
          choices: [
            { value: 'waves', label: l('更接近正弦：它学出了波形', 'closer to the sinusoids: it learned waves') },
            { value: 'no-waves', label: l('更接近随机起点', 'closer to its random start') },
          ],
          reveal: {
            tag: 'posenc-lab-table',
            id: 'lab-table',
            props: {
              saved,
              task: param('task'),
              caption: l('相隔 k 个位置的两行的平均余弦相似度', 'Mean cosine similarity of rows k positions apart'),
              summary: l(
                '平均波形占比：训练后 {trained}，随机起点 {start}，正弦 {sinusoids}。',
                'Mean wave share: after training {trained}, random start {start}, sinusoids {sinusoids}.',
              ),
            },
          },
          explain: l(
            '这张表从标准差为 1 的随机数开始（和词元嵌入一样），是「可学习的位置编码」一章那张表（$\\mathcal N(0,0.02^2)$）的五十倍；几千步的训练只能把它从这么大的起点推开一小段。相邻位置的行是否变得相似（曲线在小距离处是否高于随机起点），比它是否像正弦更能说明它学到了什么。那一章里从很小的数开始的表，几百步就出现了清楚的相邻结构。大模型（如 GPT-2）的表会出现平滑的周期结构，那是几十万步和长得多的序列的结果。',
            'This table starts from random values of standard deviation 1 (like the token embeddings), fifty times the $\\mathcal N(0,0.02^2)$ start of the table in the chapter Learned PE, and a few thousand steps move it only a short way from so large a start. Whether rows of neighbouring positions became similar (the curve above the random start at small distances) says more about what it learned than whether it looks sinusoidal. In that chapter a table started small grows clear neighbour structure within a few hundred steps. Large models (such as GPT-2) grow smooth periodic structure in their tables, after hundreds of thousands of steps on much longer sequences.',
          ),
        },
      ],
    },
    {
      id: 'claims',
      title: l('讲义的说法，这次运行怎么说', 'What the teaching documents claim, and what this run says'),
      seeds: '000 §2.4, §4 · 001 §6.1.5 · 004 §3',
      blocks: [
        {
          kind: 'text',
          text: l(
            '讲义里关于外推的每一句话，都被写成一条可以用运行结果判定的规则（例如“正弦编码在 1.5、2、4 倍长度上至少保持在训练长度处准确率的 90%”），再用参考运行的准确率判定，和勘误一章用的是同一套判定。规则所依赖的差距如果小于三个种子之间的波动（最高与最低种子之差），判定就是“无法判定”，不点名胜者。两种编码在某个长度上都失败（每个种子的准确率都低于 5%）时，那个长度排不出先后，不算支持也不算反驳；格子里会写明。训练完之后，表里多出一列“你的运行”，是你这次运行在所选任务上的判定（只有一个种子，没有波动可比）。',
            'Each sentence of the teaching documents about extrapolation is written as a rule a run can decide (e.g. "the sinusoidal encoding keeps at least 90% of its accuracy at the training length at 1.5, 2 and 4 times it"), then decided by the reference run\'s accuracies, with the same rules as the Errata chapter. Where a gap a rule rests on is smaller than the spread between the three seeds (highest minus lowest seed), the verdict is "undecided" and names no winner. Where both encodings fail at a length (under 5% on every seed), that length ranks neither and counts for no side; the cell says so. Once you have trained, a column "your run" gives your run\'s verdict on the chosen task (one seed: no spread to compare with).',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-lab-claims',
          id: 'lab-claims',
          props: {
            saved,
            task: param('task'),
            audit: { entries: ENTRIES },
            ids: [
              'x000-sin-limited',
              'x000-table-extrapolation',
              'x000-rope-better',
              'x001-sin-natural',
              'x001-sin-rope-better',
              'x001-absolute-unstable',
              'x001-relative-better',
              'x004-learned',
              'x004-relative',
              'x004-rope',
              'x004-sinusoidal',
            ],
            summary: l(
              '参考运行支持 {supported} 条、反驳 {contradicted} 条，{undecided} 条无法判定（共 {total} 条）。',
              'The reference run supports {supported} and contradicts {contradicted} of the {total} claims; {undecided} it cannot decide.',
            ),
          },
        },
      ],
    },
    {
      id: 'paper',
      title: l('和大模型的实验比一比', 'Against a large study'),
      blocks: [
        {
          kind: 'text',
          text: l(
            'Kazemnejad 等人（NeurIPS 2023）用约 1.07 亿参数的仅解码器模型，在长度 20 以内训练、测到 40（正好也是 2 倍），任务有复制、倒序、加法、排序等。他们的结论：不加位置编码（NoPE）和 T5 的相对偏置外推得最好，ALiBi、RoPE 和绝对编码（他们用的是正弦）落在后面。我们的模型小了几千倍、任务也不同。下表把他们的排名拆成两两比较，用参考运行（联想回忆、偏移、复制、倒序、归纳头五个任务的平均）逐条判定；“2023 年以后”一章用全部八个任务再判定一次。',
            "Kazemnejad et al. (NeurIPS 2023) trained decoder-only models of about 107 million parameters up to length 20 and tested them up to 40 (also twice), on copy, reverse, addition, sorting and other tasks. Their finding: no positional encoding (NoPE) and T5's relative bias extrapolate best, with ALiBi, RoPE and the absolute encoding (theirs: sinusoidal) behind. Our model is thousands of times smaller and the tasks differ. The table splits their ranking into pairwise comparisons and decides each with the reference run (mean of recall, offset, copy, reverse and induction); the chapter Since 2023 decides them again over all eight tasks.",
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-lab-claims',
          id: 'lab-paper',
          props: {
            saved,
            task: param('task'),
            claims: {
              items: [
                {
                  id: 'k-none-alibi',
                  source: l('Kazemnejad 等，2023', 'Kazemnejad et al., 2023'),
                  text: l('NoPE 比 ALiBi 外推得好', 'NoPE extrapolates better than ALiBi'),
                  question: {
                    run: { tasks: ALL_TASKS },
                    decide: { rule: 'beats', better: ['none'], worse: ['alibi'], at: [1.5, 2], claims: true },
                  },
                },
                {
                  id: 'k-none-rope',
                  source: l('Kazemnejad 等，2023', 'Kazemnejad et al., 2023'),
                  text: l('NoPE 比 RoPE 外推得好', 'NoPE extrapolates better than RoPE'),
                  question: {
                    run: { tasks: ALL_TASKS },
                    decide: { rule: 'beats', better: ['none'], worse: ['rope'], at: [1.5, 2], claims: true },
                  },
                },
                {
                  id: 'k-none-sin',
                  source: l('Kazemnejad 等，2023', 'Kazemnejad et al., 2023'),
                  text: l('NoPE 比正弦（绝对）编码外推得好', 'NoPE extrapolates better than the sinusoidal (absolute) encoding'),
                  question: {
                    run: { tasks: ALL_TASKS },
                    decide: { rule: 'beats', better: ['none'], worse: ['sinusoidal'], at: [1.5, 2], claims: true },
                  },
                },
                {
                  id: 'k-t5-alibi',
                  source: l('Kazemnejad 等，2023', 'Kazemnejad et al., 2023'),
                  text: l('T5 偏置比 ALiBi 外推得好', 'T5 bias extrapolates better than ALiBi'),
                  question: {
                    run: { tasks: ALL_TASKS },
                    decide: { rule: 'beats', better: ['t5'], worse: ['alibi'], at: [1.5, 2], claims: true },
                  },
                },
                {
                  id: 'k-t5-rope',
                  source: l('Kazemnejad 等，2023', 'Kazemnejad et al., 2023'),
                  text: l('T5 偏置比 RoPE 外推得好', 'T5 bias extrapolates better than RoPE'),
                  question: {
                    run: { tasks: ALL_TASKS },
                    decide: { rule: 'beats', better: ['t5'], worse: ['rope'], at: [1.5, 2], claims: true },
                  },
                },
                {
                  id: 'k-t5-sin',
                  source: l('Kazemnejad 等，2023', 'Kazemnejad et al., 2023'),
                  text: l('T5 偏置比正弦（绝对）编码外推得好', 'T5 bias extrapolates better than the sinusoidal (absolute) encoding'),
                  question: {
                    run: { tasks: ALL_TASKS },
                    decide: { rule: 'beats', better: ['t5'], worse: ['sinusoidal'], at: [1.5, 2], claims: true },
                  },
                },
              ],
            },
            summary: l(
              '参考运行支持其中 {supported} 条、反驳 {contradicted} 条，{undecided} 条无法判定（共 {total} 条）。',
              'The reference run supports {supported} and contradicts {contradicted} of these {total} comparisons; {undecided} it cannot decide.',
            ),
          },
        },
        {
          kind: 'note',
          text: l(
            '差别可能来自模型大小、任务、训练长度（他们 20，我们 12）或只有两个头（ALiBi 的斜率只有 1/16 和 1/256 两种）。三个种子、五个小任务不足以区分这些原因；表格只说明这一次运行里哪些比较成立。',
            'Differences may come from model size, the tasks, the training length (theirs 20, ours 12) or having only two heads (ALiBi then has only the slopes 1/16 and 1/256). Three seeds and five small tasks cannot separate these causes; the table says only which comparisons hold in this run.',
          ),
        },
      ],
    },
  ],
  takeaways: [
    l(
      '“在任何位置都有定义”不等于“在训练长度之外还有用”：外推要训练之后测，不能从公式读出来。',
      '"Defined at every position" is not "useful past the training length": extrapolation is measured after training, not read off the formula.',
    ),
    l(
      '可学习表在 $n_{max}$ 之后根本无法运行；其余编码能运行，但在多长的序列上还答得对，因任务而异。',
      'A learned table cannot run at all past $n_{max}$; the others run, but how far they stay right depends on the task.',
    ),
    l(
      '作用在注意力分数上的相对位置（T5 偏置、RoPE）在需要相对位置或内容的任务上走得最远；需要绝对位置的复制和倒序，没有一种编码能外推。',
      'Relative position acting on the scores (T5 bias, RoPE) carries furthest on tasks that need relative position or content; on copy and reverse, which need absolute position, no encoding extrapolates.',
    ),
    l(
      '小模型的结论要和大模型的实验对照，并说明哪里一致、哪里不一致。',
      "Check a tiny model's conclusions against large studies, and say where they agree and where not.",
    ),
  ],
  references: [
    {
      text: 'Kazemnejad, Padhi, Natesan Ramamurthy, Das, Reddy, "The Impact of Positional Encoding on Length Generalization in Transformers", NeurIPS 2023',
      href: 'https://arxiv.org/abs/2305.19466',
    },
    {
      text: 'Press, Smith, Lewis, "Train Short, Test Long: Attention with Linear Biases Enables Input Length Extrapolation" (ALiBi), ICLR 2022',
      href: 'https://arxiv.org/abs/2108.12409',
    },
    { text: 'Su et al., "RoFormer: Enhanced Transformer with Rotary Position Embedding", 2021', href: 'https://arxiv.org/abs/2104.09864' },
    {
      text: 'Raffel et al., "Exploring the Limits of Transfer Learning with a Unified Text-to-Text Transformer" (T5), JMLR 2020',
      href: 'https://arxiv.org/abs/1910.10683',
    },
    {
      text: 'Chen et al., "Extending Context Window of Large Language Models via Positional Interpolation", 2023',
      href: 'https://arxiv.org/abs/2306.15595',
    },
    {
      text: 'Peng et al., "YaRN: Efficient Context Window Extension of Large Language Models", ICLR 2024',
      href: 'https://arxiv.org/abs/2309.00071',
    },
    {
      text: 'posenc, docs/LAB.md',
      note: l(
        '本项目：网络的完整规格、默认实验、各任务结果',
        "this project: the network's exact specification, the default experiment, results per task",
      ),
    },
  ],
  glossary: [glossary.position, glossary.trainLength, glossary.scalingFactor, glossary.dModel],
};

export default body;
