/** Longer contexts: extrapolation, Position Interpolation, NTK-aware and dynamic scaling, YaRN, Llama 3, ALiBi. */
import { param, type ChapterBody } from '../components/chapter/chapter-types.js';
import '../components/contexts/config-panel.js';
import '../components/contexts/context-alibi.js';
import '../components/contexts/context-compare.js';
import '../components/contexts/context-long-matrix.js';
import '../components/contexts/context-long-scores.js';
import '../components/contexts/context-long-table.js';
import '../components/contexts/context-scalings.js';
import '../components/contexts/context-summary.js';
import '../components/contexts/context-turns.js';
import '../components/contexts/context-verdicts.js';
import '../components/contexts/context-wavelengths.js';
import { l } from '../components/shared/i18n.js';
import { glossary } from './glossary.js';

const TABLE_LABEL = l('以表格显示数值', 'Values as a table');
const TRAIN = l('训练范围 0 … L', 'training range 0 … L');
const EXTRA = l('外推范围 L … L′', 'extrapolation L … L′');

const KINDS = [
  { value: 'linear', label: l('线性（位置插值）', 'linear (Position Interpolation)') },
  { value: 'dynamic', label: l('动态 NTK（在长度 L′ 处）', 'dynamic NTK (at length L′)') },
  { value: 'yarn', label: l('YaRN', 'YaRN') },
  { value: 'llama3', label: l('Llama 3', 'Llama 3') },
];

/** The inputs every figure of the chapter reads. */
const inputs = {
  dim: param('dim'),
  base: param('base'),
  ltrain: param('ltrain'),
  ltarget: param('ltarget'),
  betaFast: param('betaFast'),
  betaSlow: param('betaSlow'),
  lowFF: param('lowFF'),
  highFF: param('highFF'),
};

const body: ChapterBody = {
  question: l(
    "一个模型在长度 $L$ 的序列上训练，现在要读 $L'>L$ 个词。RoPE 在 $L$ 之后哪里出了问题？位置插值、NTK、YaRN 和 Llama 3 又各自怎样拉伸频率，让它读得下去？",
    "A model trained on sequences of length $L$ must now read $L'>L$ tokens. What goes wrong with RoPE past $L$, and how do Position Interpolation, NTK, YaRN and Llama 3 each stretch the frequencies so that it can?",
  ),
  params: [
    { id: 'dim', label: l('头维度 d', 'head dimension d'), min: 16, max: 256, step: 16, default: 128 },
    {
      id: 'base',
      label: l('底数 base（`rope_theta`）', 'base (`rope_theta`)'),
      min: 100,
      max: 1000000,
      step: 100,
      default: 10000,
      scale: 'log',
    },
    { id: 'ltrain', label: l('训练长度 L', 'training length L'), min: 512, max: 32768, step: 512, default: 4096, scale: 'log' },
    { id: 'ltarget', label: l('目标长度 L′', 'target length L′'), min: 1024, max: 262144, step: 1024, default: 32768, scale: 'log' },
    { id: 'betaFast', label: l('YaRN 的 `beta_fast`', 'YaRN `beta_fast`'), min: 1, max: 64, step: 1, default: 32 },
    { id: 'betaSlow', label: l('YaRN 的 `beta_slow`', 'YaRN `beta_slow`'), min: 0.5, max: 8, step: 0.5, default: 1 },
    { id: 'lowFF', label: l('Llama 3 的 `low_freq_factor`', 'Llama 3 `low_freq_factor`'), min: 1, max: 8, step: 0.5, default: 1 },
    { id: 'highFF', label: l('Llama 3 的 `high_freq_factor`', 'Llama 3 `high_freq_factor`'), min: 1.5, max: 16, step: 0.5, default: 4 },
    { id: 'kind', label: l('缩放方式', 'scaling'), choices: KINDS, default: 'yarn' },
    { id: 'kindB', label: l('对比的第二种缩放', 'second scaling to compare'), choices: KINDS, default: 'linear' },
    { id: 'heads', label: l('ALiBi 头数', 'ALiBi heads'), min: 1, max: 64, step: 1, default: 12 },
    { id: 'head', label: l('显示第几个头', 'head shown'), min: 1, max: 64, step: 1, default: 1 },
    { id: 'alibiLen', label: l('ALiBi 热图的序列长度', 'ALiBi heatmap sequence length'), min: 8, max: 256, step: 8, default: 64 },
  ],
  sections: [
    {
      id: 'extrapolation',
      title: l('越过训练长度：没见过的角度', 'Past the training length: angles never seen'),
      blocks: [
        {
          kind: 'text',
          text: l(
            "RoPE 的第 $i$ 对维度每个位置转 $\\theta_i$，转满一圈要 $2\\pi/\\theta_i$ 个位置，这就是它的波长。波长短于训练长度 $L$ 的维度对，在训练中已经转过整圈、见过所有角度；波长长于 $L$ 的维度对连一圈都没转完（下图橙色区域）。读到 $L'>L$ 时，这些慢的维度对会转到训练里从没出现过的角度：直接外推就坏在这里。",
            "Pair $i$ of RoPE turns by $\\theta_i$ per position and needs $2\\pi/\\theta_i$ positions for a full turn: its wavelength. Pairs with a wavelength shorter than the training length $L$ have turned full circles during training and seen every angle; pairs with a longer wavelength never finished one turn (orange below). Reading up to $L'>L$, those slow pairs reach angles that training never showed: that is where plain extrapolation breaks.",
          ),
        },
        { kind: 'controls', params: ['dim', 'base', 'ltrain', 'ltarget'] },
        {
          kind: 'figure',
          tag: 'posenc-context-wavelengths',
          props: {
            ...inputs,
            caption: l(
              '每对维度的波长，与训练长度 L、目标长度 L′ 对比',
              'Wavelength of each pair against the training length L and the target length L′',
            ),
            wavelengthLabel: l('波长 2π/θᵢ', 'wavelength 2π/θᵢ'),
            trainRegion: l('训练中转满过一圈', 'a full turn within L'),
            extraRegion: l('训练中没转满一圈', 'not one full turn within L'),
            factsCaption: l('在当前参数下', 'At the current parameters'),
          },
        },
        {
          kind: 'predict',
          id: 'predict-unseen',
          question: l(
            "训练长度 $L$ = {ltrain}，现在读到 $L'$ = {ltarget}。有多少对维度会在 $L$ 之后转到训练中没见过的角度？",
            "Training length $L$ = {ltrain}, now reading up to $L'$ = {ltarget}. How many pairs reach angles past $L$ that training never showed?",
          ),
          choices: [
            { value: 'none', label: l('一对也没有', 'none') },
            { value: 'some', label: l('只有一部分慢的', 'only some slow ones') },
            { value: 'all', label: l('全部', 'all of them') },
          ],
          reveal: {
            tag: 'posenc-context-turns',
            props: {
              ...inputs,
              caption: l('每对维度到 L 与到 L′ 各转了多少圈', 'How many turns each pair has made by L and by L′'),
              trainLabel: l('到 L 为止', 'by L'),
              targetLabel: l('到 L′ 为止', 'by L′'),
              oneTurn: l('一整圈', 'one full turn'),
              unseenRegion: l('会遇到没见过的角度', 'meet angles never seen'),
              summary: l(
                "{pairs} 对中有 {unseen} 对在训练中不到一圈，在 $L$ 到 $L'$ 之间转到了新的角度。",
                "Of {pairs} pairs, {unseen} made less than one turn in training and reach new angles between $L$ and $L'$.",
              ),
            },
          },
          explain: l(
            "快的维度对（左边）早已转过许多圈，多转几圈没有新角度；慢的维度对（右边）在训练中只走过圆的一段。各种缩放都只改这些慢的维度对，让它们在 $L'$ 处的角度回到训练见过的范围。",
            "The fast pairs (left) have turned many times already, and more turns bring no new angle; the slow pairs (right) covered only part of their circle in training. Every scaling changes mainly those slow pairs, so that their angles at $L'$ fall back into the range training saw.",
          ),
        },
      ],
    },
    {
      id: 'scalings',
      title: l('四种缩放', 'Four scalings'),
      blocks: [
        {
          kind: 'math',
          tex: l(
            "s=\\frac{L'}{L}\\qquad\\text{线性：}\\ \\theta_i'=\\frac{\\theta_i}{s}\\qquad\\text{动态：}\\ b'=b\\Big(\\frac{f\\,L_{\\text{当前}}}{L}-(f-1)\\Big)^{\\frac{d}{d-2}}",
            "s=\\frac{L'}{L}\\qquad\\text{linear: }\\theta_i'=\\frac{\\theta_i}{s}\\qquad\\text{dynamic: }b'=b\\Big(\\frac{f\\,L_{\\text{now}}}{L}-(f-1)\\Big)^{\\frac{d}{d-2}}",
          ),
        },
        {
          kind: 'math',
          tex: l(
            "\\text{YaRN：}\\ \\theta_i'=(1-\\gamma_i)\\frac{\\theta_i}{s}+\\gamma_i\\theta_i,\\quad \\gamma_i=1-\\operatorname{clamp}\\Big(\\frac{i-\\text{低}}{\\text{高}-\\text{低}},0,1\\Big),\\quad \\text{注意力因子}=0.1\\ln s+1",
            "\\text{YaRN: }\\theta_i'=(1-\\gamma_i)\\frac{\\theta_i}{s}+\\gamma_i\\theta_i,\\quad \\gamma_i=1-\\operatorname{clamp}\\Big(\\frac{i-\\text{low}}{\\text{high}-\\text{low}},0,1\\Big),\\quad \\text{attention factor}=0.1\\ln s+1",
          ),
        },
        {
          kind: 'text',
          text: l(
            "**位置插值**把所有位置压缩 $s$ 倍：角度都回到训练范围内，但相邻位置的差别也小了 $s$ 倍。**NTK 感知**缩放改大底数：快的维度对几乎不变，慢的被插值；**动态**版本只在序列超过 $L$ 时按当前长度调整（这里取当前长度 $L'$）。**YaRN** 按每对维度在 $L$ 内转的圈数划分，阈值是 `beta_fast` 与 `beta_slow`：转得多的保持原样，转得少的除以 $s$，中间线性过渡，并把 cos、sin 乘以注意力因子。**Llama 3** 按波长分三段：短于 $L$ 除以 `high_freq_factor` 的不变，长于 $L$ 除以 `low_freq_factor` 的除以 $s$，中间平滑过渡。下图是每对维度被减慢的倍数 $\\theta_i/\\theta_i'$：1 是不变，$s$ 是完全插值。",
            "**Position Interpolation** squeezes every position by $s$: all angles are back in the trained range, but neighbouring positions also move $s$ times closer. **NTK-aware** scaling enlarges the base: fast pairs hardly change, slow ones are interpolated; the **dynamic** variant adapts to the current length only once the sequence exceeds $L$ (here the current length is $L'$). **YaRN** sorts pairs by how many turns they make within $L$, with thresholds `beta_fast` and `beta_slow`: pairs turning often are kept, pairs turning little are divided by $s$, a linear ramp between; cos and sin are multiplied by an attention factor. **Llama 3** splits by wavelength into three bands: shorter than $L$ over `high_freq_factor` unchanged, longer than $L$ over `low_freq_factor` divided by $s$, a smooth blend between. The plot shows how much each pair is slowed down, $\\theta_i/\\theta_i'$: 1 is unchanged, $s$ fully interpolated.",
          ),
        },
        { kind: 'controls', params: ['betaFast', 'betaSlow', 'lowFF', 'highFF'] },
        {
          kind: 'figure',
          tag: 'posenc-context-scalings',
          props: {
            ...inputs,
            caption: l('θᵢ / θ′ᵢ：每对维度被减慢的倍数', 'θᵢ / θ′ᵢ: how much each pair is slowed down'),
            keptLabel: l('1：不变', '1: unchanged'),
            dividedLabel: l('s = {s}：完全插值', 's = {s}: fully interpolated'),
            blendRegion: l('Llama 3 过渡段', 'Llama 3 blend'),
            factsCaption: l('s = L′/L = {s}', 's = L′/L = {s}'),
            noScaling: l(
              'L′ 不超过 L：没有要外推的位置，每种缩放都是恒等变换（s = 1）。',
              'L′ does not exceed L: there is nothing to extrapolate, and every scaling is the identity (s = 1).',
            ),
          },
        },
        {
          kind: 'text',
          text: l(
            "同样的频率换成波长来看，并和两个长度比较：缩放成功时，$L'$ 之内用到的角度，正好是原来 $L$ 之内见过的那些。选两种缩放对比：",
            "The same frequencies as wavelengths, against the two lengths: a scaling works when the angles used up to $L'$ are the ones seen up to $L$ before. Pick two scalings to compare:",
          ),
        },
        { kind: 'controls', params: ['kind', 'kindB'] },
        {
          kind: 'figure',
          tag: 'posenc-context-compare',
          props: {
            ...inputs,
            kindA: param('kind'),
            kindB: param('kindB'),
            caption: l('缩放前后的波长与两个长度', 'Wavelengths before and after scaling, against the two lengths'),
            plainLabel: l('不缩放', 'no scaling'),
            trainRegion: l('训练中转满过一圈', 'a full turn within L'),
            extraRegion: l('训练中没转满一圈', 'not one full turn within L'),
          },
        },
      ],
    },
    {
      id: 'verdicts',
      title: l('四种缩放，一句话说清', 'The four scalings in plain words'),
      blocks: [
        {
          kind: 'text',
          text: l(
            "一种缩放要做两件事：让 $L'$ 之内用到的角度都是训练时见过的，同时别把相邻的位置挤在一起（否则模型分不清挨着的词）。",
            "A scaling has two jobs: make every angle used up to $L'$ one that training saw, and not squeeze neighbouring positions together (or the model can no longer tell adjacent tokens apart).",
          ),
        },
        {
          kind: 'predict',
          id: 'predict-squeeze',
          question: l(
            "从 $L$ = {ltrain} 拉长到 $L'$ = {ltarget}：哪些缩放会把相邻的位置挤得更近？",
            "Stretching from $L$ = {ltrain} to $L'$ = {ltarget}: which scalings squeeze neighbouring positions closer together?",
          ),
          choices: [
            { value: 'linear', label: l('只有线性（位置插值）', 'only linear (Position Interpolation)') },
            { value: 'all', label: l('四种都会', 'all four') },
            { value: 'some', label: l('有几种会，但不是全部', 'several, but not all') },
            { value: 'none', label: l('一种也不会', 'none of them') },
          ],
          reveal: {
            tag: 'posenc-context-verdicts',
            props: {
              ...inputs,
              caption: l(
                '每种缩放做到了什么（核心按当前参数计算）',
                'What each scaling achieves (computed by the core at the current settings)',
              ),
              baseline: l(
                "不缩放：{pairs} 对中有 {unseen} 对在 $L$ 之内不到一圈，会在 $L$ 到 $L'$ 之间转到没见过的角度。",
                "No scaling: {unseen} of {pairs} pairs made less than one turn by $L$ and reach angles never seen between $L$ and $L'$.",
              ),
              line: l('{name}：{seen}{fast}', '{name}: {seen} {fast}'),
              seenAll: l('没有一对转到训练没见过的角度；', 'no pair reaches an angle training did not show;'),
              seenSome: l('仍有 {unseen} 对转到没见过的角度；', '{unseen} of {pairs} pairs still reach angles never seen;'),
              kept: l('相邻位置和训练时一样分得开。', 'neighbouring positions stay as far apart as in training.'),
              closer: l('相邻位置比训练时近了 {fast} 倍。', 'neighbouring positions are {fast}× closer than in training.'),
              nothingToDo: l(
                "$L'$ 不超过 $L$：没有要拉长的，每种缩放都不改变任何频率。",
                "$L'$ does not exceed $L$: nothing to stretch, and no scaling changes any frequency.",
              ),
            },
          },
          explain: l(
            '位置插值把每个频率都除以 $s$，最快的那对也不例外：相隔 1 的两个位置只差原来 $1/s$ 步，挨着的词更难分开。其余三种不动快的维度对，只拉长慢的：NTK 改的是底数，而 $\\theta_0=\\text{base}^0=1$ 不受影响；YaRN 与 Llama 3 保留转得多的维度对。YaRN 的前提是 `beta_fast` 大于 `beta_slow`：把两者颠倒，它的过渡段就反了过来，最快的维度对也会被减慢（上面的判定会跟着变）。',
            'Position Interpolation divides every frequency by $s$, the fastest too: positions 1 apart now differ by $1/s$ of a step, and adjacent tokens are harder to tell apart. The other three leave the fast pairs alone and stretch only the slow ones: NTK changes the base, and $\\theta_0=\\text{base}^0=1$ does not move; YaRN and Llama 3 keep the pairs that turn often. YaRN does so while `beta_fast` is above `beta_slow`: swap them and its ramp runs backwards, slowing the fastest pairs too (the verdict above follows).',
          ),
        },
      ],
    },
    {
      id: 'long-scores',
      title: l('长距离上的分数', 'Scores over a long range'),
      blocks: [
        {
          kind: 'text',
          text: l(
            "取 $q=k=(1,\\dots,1)$（RoFormer 分析远程衰减时的做法），$q$ 在位置 0，$k$ 在位置 $\\Delta$，$\\Delta$ 一直到 $L'$：缩放前后 $q^\\top k=a^2\\cdot2\\sum_i\\cos(\\Delta\\theta_i')$（$a$ 是注意力因子）。横轴是对数刻度，绿色是训练范围，橙色是外推范围。要看的是：分数在 $\\Delta=0$ 处最高，$k$ 离得越远总体越低，一路带着起伏，这就是远程衰减。缩放把这段衰减沿 $\\Delta$ 拉长，模型在 $L$ 之内见过的那段曲线现在铺满了整个 $L'$。选\"线性\"，整条曲线正好向右平移 $\\log s$：$L$ 处的形状被搬到 $L'$，小 $\\Delta$ 处的起伏也一起右移（相邻位置更难分开）。其余几种保留快的维度对，曲线左端几乎不动，主要拉长右端；YaRN 还把整条曲线乘以 $a^2$。（滑块一动，先画出一个草图，再逐列补全。）",
            "Take $q=k=(1,\\dots,1)$ (as RoFormer does for its long-distance decay), $q$ at position 0 and $k$ at position $\\Delta$ up to $L'$: $q^\\top k=a^2\\cdot2\\sum_i\\cos(\\Delta\\theta_i')$ before and after scaling ($a$ the attention factor). The axis is logarithmic; green is the training range, orange the extrapolation. What to look for: the score is highest at $\\Delta=0$ and, with wiggles all along, falls as $k$ moves away: the long-distance decay. Scaling stretches that decay along $\\Delta$, so the stretch of curve the model saw within $L$ now covers all of $L'$. Pick \"linear\" and the whole curve shifts right by exactly $\\log s$: the shape at $L$ moves to $L'$, and the wiggles at small $\\Delta$ move right too (neighbours look more alike). The other scalings keep the fast pairs, so the left end of the curve stays almost where it was and mainly the right end is stretched; YaRN also multiplies the whole curve by $a^2$. (When a slider moves, a sketch is drawn first and then filled in column by column.)",
          ),
        },
        { kind: 'controls', params: ['kind', 'ltarget'] },
        {
          kind: 'figure',
          tag: 'posenc-context-long-scores',
          props: {
            ...inputs,
            kind: param('kind'),
            caption: l('q₀ᵀk(Δ)，Δ = 0 … {L}（每个位置都算）', 'q₀ᵀk(Δ) for Δ = 0 … {L} (every position computed)'),
            plainLabel: l('不缩放', 'no scaling'),
            trainRegion: TRAIN,
            extraRegion: EXTRA,
            progressLabel: l('正在逐列计算每个位置…', 'computing every position, column by column…'),
          },
        },
      ],
    },
    {
      id: 'score-matrix',
      title: l('长距离上的分数矩阵', 'The score matrix over a long range'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '128 个位置均匀分布在 0 … $L\'$ 上，每个位置放 $q=k=(1,\\dots,1)$，$q_m^\\top k_n$ 的矩阵：左边不缩放，右边用上面选的缩放。斜线阴影是超过 $L$ 的行和列。对角线附近的亮带是"近处分数高"；缩放后这条带变宽，远处的振荡变慢。',
            '128 positions spread evenly over 0 … $L\'$, $q=k=(1,\\dots,1)$ at each, and the matrix of $q_m^\\top k_n$: left without scaling, right with the scaling chosen above. Hatched rows and columns lie past $L$. The bright band along the diagonal is "near means high"; after scaling it widens and the far-off oscillation slows down.',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-context-long-matrix',
          props: {
            ...inputs,
            kind: param('kind'),
            plainCaption: l('不缩放', 'no scaling'),
            regionLabel: l('超过 L', 'past L'),
            tableLabel: TABLE_LABEL,
          },
        },
      ],
    },
    {
      id: 'paste',
      title: l('真实模型的位置编码：粘贴 config.json', 'Real models: paste any config.json'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '上面的缩放都是在假想的设置上算的。真实模型把它们写在 `config.json` 里：选一个公开的模型，或者粘贴任何一个模型的 `config.json`，下面的模型卡会按 Hugging Face 的规则读出它用哪种位置编码、参数是多少。',
            "The scalings above ran on made-up settings. Real models write theirs in `config.json`: pick a published model, or paste any model's `config.json`, and the card below reads which positional scheme it uses and with which parameters, by Hugging Face's rules.",
          ),
        },
        {
          kind: 'text',
          text: l(
            '对旋转位置编码，卡片列出头维度和旋转维度、底数、缩放方式、注意力因子，并把每对维度的波长与模型的两个上下文长度（训练时的 `original_max_position_embeddings` 和扩展后的 `max_position_embeddings`）画在一起：线以上的维度对在这么长的文本里转不满一圈。Gemma 3 有两个底数（局部的滑动窗口层和全局层），两条曲线都画；Qwen 2.5 视觉语言模型的 M-RoPE 把维度对分给时间、高度、宽度三个坐标。不用旋转的模型（BERT、GPT-2、OPT 的可学习位置表，T5 的分桶，MPT 的 ALiBi）给出它的方案、参数和讲它的那一章。',
            "For a rotary model the card lists the head and rotary dimensions, the base, the scaling and the attention factor, and plots each pair's wavelength against the model's two context lengths (the trained `original_max_position_embeddings` and the extended `max_position_embeddings`): pairs above a line do not complete one turn in a text that long. Gemma 3 has two bases (the local sliding-window layers and the global ones), and both curves are drawn; the M-RoPE of Qwen2.5-VL hands its frequency pairs to three coordinates, time, height and width. A model without rotation (the learned tables of BERT, GPT-2 and OPT, T5's buckets, MPT's ALiBi) gets its scheme, its parameters and the chapter that explains it.",
          ),
        },
        { kind: 'figure', tag: 'posenc-config-panel' },
      ],
    },
    {
      id: 'long-table',
      title: l('128k 个位置：快的维度对只是重复，慢的转到新角度', '128k positions: fast pairs only repeat, slow pairs reach new angles'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '位置从上往下一直排到 131071（每 512 个位置画一行），每一列是一个维度，即某一对的 $\\sin(pos\\cdot\\theta_i)$ 或 $\\cos(pos\\cdot\\theta_i)$：左边是快的维度对，右边是慢的（$d$、底数和 $L$ 用上面设的值）。标着"超过 L"的线以上是训练时见过的位置，线以下全是新的。左边的颜色看上去杂乱，而且从上到下都是同样的杂乱：快的维度对在相邻两行之间已经转了许多圈，超过 $L$ 之后只是重复见过的角度。右边的颜色沿整列慢慢变化：波长长于 $L$ 的维度对，在线以下转到线以上从没出现过的角度。这就是第一节说的"没见过的角度"，这里铺开在 128k 个位置上。下表是最后一个位置 131071 的精确值。',
            'Positions run down the rows to 131071 (one row drawn per 512 positions), and each column is one dimension, the $\\sin(pos\\cdot\\theta_i)$ or $\\cos(pos\\cdot\\theta_i)$ of a pair: fast pairs on the left, slow pairs on the right ($d$, the base and $L$ as set above). Above the line marked "past L" are the positions training saw; everything below it is new. On the left the colours look scattered, and scattered the same way all the way down: a fast pair turns many times between two drawn rows, and past $L$ it only repeats angles it has already shown. On the right the colours change slowly along the whole column: a pair whose wavelength is longer than $L$ reaches, below the line, angles that never appeared above it. These are the unseen angles of the first section, spread over 128k positions. The table gives the exact values at the last position, 131071.',
          ),
        },
        {
          kind: 'figure',
          tag: 'posenc-context-long-table',
          props: {
            dim: param('dim'),
            base: param('base'),
            ltrain: param('ltrain'),
            timeLine: l('{N} 个位置 × {d} 维，用时 {ms} 毫秒。', '{N} positions × {d} dimensions, computed in {ms} ms.'),
            computing: l('正在计算…（上一张图保留到新的算完）', 'Computing… (the previous picture stays until the new one is ready)'),
            heatmapCaption: l('每 512 个位置一行', 'One row per 512 positions'),
            lastCaption: l('位置 {pos} 的前 8 个值（单精度）', 'First 8 values at position {pos} (float32)'),
            regionLabel: l('超过 L', 'past L'),
            tableLabel: TABLE_LABEL,
          },
        },
      ],
    },
    {
      id: 'alibi',
      title: l('ALiBi：不旋转，直接按距离扣分', 'ALiBi: no rotation, a penalty by distance'),
      blocks: [
        {
          kind: 'math',
          tex: l(
            'S_{ij}=q_i^\\top k_j-m_h\\,(i-j),\\quad j\\le i,\\qquad m_h=2^{-8h/H},\\quad h=1\\dots H,\\ H\\ \\text{为 2 的幂}',
            'S_{ij}=q_i^\\top k_j-m_h\\,(i-j),\\quad j\\le i,\\qquad m_h=2^{-8h/H},\\quad h=1\\dots H,\\ H\\ \\text{a power of two}',
          ),
        },
        {
          kind: 'text',
          text: l(
            'ALiBi（Press 等）不给向量加任何东西，也不旋转，只给分数减去与距离成正比的偏置，每个头的斜率不同。头数不是 2 的幂时，先取最近的较小 2 的幂的斜率，再从两倍头数的斜率里隔一个取一个（论文代码的做法）。超过训练长度 $L$ 之后没有"没见过的角度"，只是同一种惩罚更大了：右图绿色是训练范围，橙色是外推范围。',
            'ALiBi (Press et al.) adds nothing to the vectors and rotates nothing: it subtracts from each score a bias proportional to the distance, with a different slope per head. For head counts that are not powers of two it takes the slopes of the closest lower power of two, then every other slope of twice as many heads (as the paper\'s code does). Past the training length $L$ there are no "angles never seen", only larger penalties of the same kind: on the right, green is the training range and orange the extrapolation.',
          ),
        },
        { kind: 'controls', params: ['heads', 'head', 'alibiLen'] },
        {
          kind: 'figure',
          tag: 'posenc-context-alibi',
          props: {
            heads: param('heads'),
            head: param('head'),
            length: param('alibiLen'),
            ltrain: param('ltrain'),
            ltarget: param('ltarget'),
            slopesCaption: l('{H} 个头的斜率', 'Slopes of {H} heads'),
            biasCaption: l('第 {h} 个头的偏置（灰色：被因果掩码遮住）', 'Bias of head {h} (grey: masked by causality)'),
            distanceCaption: l('每个头的偏置随距离变化，直到 L′', "Each head's bias against the distance, up to L′"),
            headLabel: l('第 {h} 个头', 'head {h}'),
            trainRegion: TRAIN,
            extraRegion: EXTRA,
            clamped: l(
              '只有 {H} 个头：第 {head} 个头不存在，显示第 {shown} 个。',
              'There are only {H} heads: head {head} does not exist, head {shown} is shown.',
            ),
            tableLabel: TABLE_LABEL,
          },
        },
      ],
    },
    {
      id: 'verdict',
      title: l('结论：在当前参数下', 'The verdict at the current settings'),
      blocks: [
        {
          kind: 'figure',
          tag: 'posenc-context-summary',
          props: {
            ...inputs,
            head: l('当前参数下 s = L′/L = {s}。', 'At the current settings s = L′/L = {s}.'),
            closerGroup: l(
              '连最快一对的波长也拉长、让相邻位置靠得更近的：{list}。',
              "Stretching even the fastest pair's wavelength, so that neighbouring positions end up closer together: {list}.",
            ),
            keptGroup: l(
              '保留最快的一对、只拉长慢的（括号里是最慢一对的波长变长的倍数）：{list}。',
              "Keeping the fastest pair and stretching the slow ones (the factor is the slowest pair's): {list}.",
            ),
            idleGroup: l('在这组参数下一对也不改的：{list}。', 'Changing no pair at these settings: {list}.'),
            ntk: l(
              '用动态 NTK 时，{pairs} 对中仍有 {unseen} 对转到训练中没见过的角度（不缩放时是 {before} 对）。',
              'With dynamic NTK, {unseen} of {pairs} pairs still reach angles unseen in training ({before} without scaling).',
            ),
            ntkNone: l(
              '用动态 NTK 时，没有一对转到训练中没见过的角度（不缩放时有 {before} 对）。',
              'With dynamic NTK, no pair reaches an angle unseen in training ({before} without scaling).',
            ),
            allSeen: l(
              '每对维度在 L 之内都已转满一圈：超过 L 的角度都不是新的，缩放与否都一样。',
              'Every pair makes a full turn within L already: no angle past L is new, with or without scaling.',
            ),
            fastItem: l('{name} ×{x}', '{name} ×{x}'),
            slowItem: l('{name} ×{x}', '{name} ×{x}'),
            alibi: l(
              'ALiBi 不需要任何缩放：它没有角度，超过 $L$ 也没有新的输入，只是按距离扣的分继续变大。',
              'ALiBi needs no scaling at all: it has no angles, so nothing past $L$ is new, only the penalty keeps growing with the distance.',
            ),
            nothingToDo: l(
              "$L'$ 不超过 $L$：没有要拉长的，每种缩放都不改变任何频率。",
              "$L'$ does not exceed $L$: nothing to stretch, and no scaling changes any frequency.",
            ),
          },
        },
      ],
    },
  ],
  takeaways: [
    l(
      "波长长于训练长度 $L$ 的维度对在训练中没转满一圈；读到 $L'>L$ 时它们转到没见过的角度，这是 RoPE 直接外推失败的地方。",
      "Pairs whose wavelength exceeds the training length $L$ never finished a turn in training; read up to $L'>L$, they reach angles never seen, which is where plain RoPE extrapolation fails.",
    ),
    l(
      '位置插值把所有维度对减慢 $s$ 倍；NTK、YaRN 与 Llama 3 只减慢慢的维度对，快的保持原样，YaRN 还把 cos、sin 乘以注意力因子。',
      'Position Interpolation slows every pair by $s$; NTK, YaRN and Llama 3 slow mainly the slow pairs and keep the fast ones, and YaRN also multiplies cos and sin by an attention factor.',
    ),
    l(
      'ALiBi 不旋转，只按距离线性扣分：超过 $L$ 后没有新种类的输入，只是惩罚更大。',
      'ALiBi rotates nothing and subtracts a penalty linear in the distance: past $L$ there is no new kind of input, only larger penalties.',
    ),
  ],
  references: [
    {
      text: 'Chen et al., "Extending Context Window of Large Language Models via Positional Interpolation", 2023',
      href: 'https://arxiv.org/abs/2306.15595',
    },
    {
      text: 'bloc97, "NTK-Aware Scaled RoPE allows LLaMA models to have extended (8k+) context size without any fine-tuning", 2023',
      href: 'https://www.reddit.com/r/LocalLLaMA/comments/14lz7j5/ntkaware_scaled_rope_allows_llama_models_to_have/',
    },
    {
      text: 'Peng et al., "YaRN: Efficient Context Window Extension of Large Language Models", ICLR 2024',
      href: 'https://arxiv.org/abs/2309.00071',
    },
    { text: 'Llama Team, "The Llama 3 Herd of Models", 2024', href: 'https://arxiv.org/abs/2407.21783' },
    {
      text: 'Hugging Face transformers, modeling_rope_utils.py',
      note: l(
        '`rope_type` 的五种取值：`default`、`linear`、`dynamic`、`yarn`、`llama3`',
        '`rope_type` `default`, `linear`, `dynamic`, `yarn`, `llama3`',
      ),
      href: 'https://github.com/huggingface/transformers/blob/main/src/transformers/modeling_rope_utils.py',
    },
    {
      text: 'Press et al., "Train Short, Test Long: Attention with Linear Biases Enables Input Length Extrapolation" (ALiBi), ICLR 2022',
      href: 'https://arxiv.org/abs/2108.12409',
    },
    { text: 'Su et al., "RoFormer: Enhanced Transformer with Rotary Position Embedding", 2021', href: 'https://arxiv.org/abs/2104.09864' },
  ],
  glossary: [glossary.theta, glossary.wavelength, glossary.base, glossary.trainLength, glossary.scalingFactor, glossary.dModel],
};

export default body;
