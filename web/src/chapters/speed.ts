/** Speed: the benchmark, in the reader's own browser, next to the recorded figures. */
import { param, type ChapterBody } from '../components/chapter/chapter-types.js';
import { l } from '../components/shared/i18n.js';
import '../components/speed/speed-decode.js';
import '../components/speed/speed-recorded.js';
import '../components/speed/speed-runner.js';
import recorded from './data/speed-recorded.json';

const body: ChapterBody = {
  question: l(
    '模型生成下一个词时，位置编码要花多少时间：一次旋转、一行偏置、一次查表，各要多少？位置编码本身交给 WebAssembly 的 SIMD 指令算，又比手写的 JavaScript 快多少？',
    'When a model generates its next token, what does position cost: a rotation, a row of biases, a table lookup? And computed by WebAssembly SIMD instead of hand-written JavaScript, how much faster are the encodings themselves?',
  ),
  params: [
    {
      id: 'platform',
      label: l('记录的平台', 'recorded platform'),
      choices: [
        { value: 'chromium', label: l('无头 Chromium', 'headless Chromium') },
        { value: 'node', label: l('Node', 'Node.js') },
      ],
      default: 'chromium',
    },
  ],
  sections: [
    {
      id: 'per-token',
      title: l('每生成一个词，位置要花多少', 'What position costs per generated token'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '生成时模型每步只算一个新词：它的 $q$、$k$、$v$，再和缓存里的 $L$ 个键做注意力。各种位置编码在这一步里做的事不一样：正弦表或可学习表在输入处加一行（查表，每个词一次）；RoPE 把新词的 $q$、$k$ 各转一次（每层每头 $d_h$ 个数，和 $L$ 无关）；ALiBi 给缓存里每个键的分数加一个 $-m_h(p-j)$，T5 给每个键查一个桶的偏置（每层每头 $L$ 个数）。下面在你的浏览器里实测：8 个头、每头 64 维，缓存从 256 到 8192 个键，每个数是一个新词、一层的时间。作为尺度，也测了注意力本身的点积 $q\\cdot k_j$。',
            "While generating, a model computes one new token per step: its $q$, $k$, $v$, then attention over the $L$ keys in its cache. Each encoding does something different in that step: a sinusoidal or learned table adds one row at the input (a lookup, once per token); RoPE turns the new token's $q$ and $k$ (per layer and head, $d_h$ numbers, whatever $L$ is); ALiBi adds $-m_h(p-j)$ to the score of every cached key and T5 looks up a bucket's bias for every key (per layer and head, $L$ numbers). Measured below in your browser: 8 heads of 64 dimensions, caches of 256 to 8192 keys, each number the time for one new token and one layer. For scale, the attention dot products $q\\cdot k_j$ themselves are measured too.",
          ),
        },
        {
          kind: 'predict',
          id: 'predict-decode',
          question: l(
            '缓存里有 8192 个键时，再生成一个词：每层里，哪个更费时间——RoPE 转新词的 $q$、$k$，还是 ALiBi 给 8192 个分数加偏置？',
            'With 8192 keys in the cache, one more token: per layer, which takes longer, RoPE turning the new $q$ and $k$, or ALiBi adding a bias to 8192 scores?',
          ),
          choices: [
            { value: 'rope', label: l('RoPE 的旋转', "RoPE's rotation") },
            { value: 'alibi', label: l('ALiBi 的偏置', "ALiBi's bias") },
            { value: 'same', label: l('差不多', 'about the same') },
          ],
          reveal: {
            tag: 'posenc-speed-decode',
            id: 'speed-decode',
            props: {
              names: l(
                '查表（每词一次）|现算正弦（每词一次）|RoPE 旋转 q、k|ALiBi 偏置|T5 桶偏置|注意力点积 q·k（尺度）',
                'table lookup (once per token)|sinusoid computed (once per token)|RoPE: turn q, k|ALiBi bias|T5 bucket bias|attention q·k (for scale)',
              ),
              caption: l(
                '每生成一个词、每层的时间，对缓存长度 L（本机实测，中位数）',
                'Time per generated token and layer against the cache length L (measured here, medians)',
              ),
              tableCaption: l('纳秒每词每层（8 头 × 64 维）', 'ns per token and layer (8 heads × 64 dimensions)'),
              expected: l(
                '缓存有 {L} 个键时：RoPE 每词每层 {rope} 纳秒（{L0} 个键时 {rope0}，和长度无关）；ALiBi 的偏置 {alibi} 纳秒、T5 的 {t5} 纳秒（{L0} 个键时 ALiBi 只要 {alibi0}），随缓存长度线性增长；查表 {table} 纳秒。它们都远小于注意力点积本身的 {attention} 纳秒：ALiBi 的偏置只占它的 {share}%。',
                "With {L} keys in the cache: RoPE costs {rope} ns per token and layer ({rope0} at {L0} keys: it does not grow with the context); ALiBi's bias {alibi} ns and T5's {t5} ns ({alibi0} for ALiBi at {L0} keys) grow with the cache; the table lookup {table} ns. All are small next to the attention dot products themselves, {attention} ns: ALiBi's bias is {share} % of them.",
              ),
              noisy: l(
                '缓存有 {L} 个键时：RoPE {rope}、ALiBi {alibi}、T5 {t5}、查表 {table}、注意力点积 {attention} 纳秒。这次测量受机器负载影响较大，长短缓存之间的比例不够干净（RoPE 应与长度无关，两种偏置应随长度增长）；再测一次。',
                "With {L} keys in the cache: RoPE {rope}, ALiBi {alibi}, T5 {t5}, table lookup {table}, attention dot products {attention} ns. This run was disturbed by the machine's load and the ratios between short and long caches are not clean (RoPE should not grow with the length, the two biases should); measure again.",
              ),
            },
          },
          explain: l(
            'RoPE 的工作量是每层每头 $d_h$ 次乘加，和上下文多长无关：缓存里的键在写入时已经转过了。ALiBi 与 T5 的偏置要给每个缓存的键各加一个数，随 $L$ 线性增长；但注意力本身要对每个键做 $d_h$ 次乘加，偏置只是它的 $1/d_h$ 左右。所以在生成时，哪种位置编码都不是瓶颈；它们的差别在于能否外推，而不在速度。',
            'RoPE does $d_h$ multiply-adds per layer and head, whatever the context length: the cached keys were turned when they were written. ALiBi and T5 add one number per cached key, growing linearly with $L$; but attention itself does $d_h$ multiply-adds per key, so a bias is about $1/d_h$ of it. At inference no positional encoding is the bottleneck; where they differ is extrapolation, not speed.',
          ),
        },
      ],
    },
    {
      id: 'recorded',
      title: l('记录的结果', 'Recorded results'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '同一份计算有三种写法：惯用的 JavaScript（`Math.sin`、`Math.cos` 和普通循环）、编译成标量 WebAssembly 的 C++ 内核、以及用 128 位 SIMD 指令一次算 4 个数的同一内核。下表是 `npm run bench` 在开发机（2 核）上的记录；完整结果（64 MiB 张量、原生 C++、内存带宽上限、每个滑块的帧时间）见 `BENCHMARKS.md`。',
            "The same work written three ways: idiomatic JavaScript (`Math.sin`, `Math.cos` and plain loops), the C++ kernel compiled to scalar WebAssembly, and the same kernel with 128-bit SIMD instructions doing four numbers at once. The table is what `npm run bench` recorded on the development machine (2 cores); the full results (64 MiB tensors, native C++, the memory-bandwidth limit, every slider's frame time) are in `BENCHMARKS.md`.",
          ),
        },
        { kind: 'controls', params: ['platform'] },
        {
          kind: 'predict',
          id: 'predict-speedup',
          question: l(
            '对一个 $128\\times 8\\times 64$ 的张量做 RoPE，SIMD wasm 比 JavaScript 快多少？',
            'RoPE on a $128\\times 8\\times 64$ tensor: how much faster is SIMD wasm than JavaScript?',
          ),
          choices: [
            { value: 'under2', label: l('不到 2 倍', 'less than 2×') },
            { value: '2to10', label: l('2 到 10 倍', '2× to 10×') },
            { value: 'over10', label: l('超过 10 倍', 'more than 10×') },
          ],
          reveal: {
            tag: 'posenc-speed-recorded',
            props: {
              recorded: recorded as unknown as Record<string, unknown>,
              platform: param('platform'),
              caption: l('记录于 {date}，开发机（{cores} 核）', 'Recorded on {date}, {cpu} ({cores} cores)'),
            },
          },
          explain: l(
            'JavaScript 每个位置、每对维度都要调用 `Math.cos` 与 `Math.sin`；内核只在每个位置算一次角度行，并用旋转的性质 $PE(pos+k) = M_k\\,PE(pos)$ 由前一个锚点推出下一行，再用 SIMD 一次转 4 个坐标。张量大到放不进缓存时，速度受内存带宽限制，见 `BENCHMARKS.md` 的“内存遍历”一列。',
            'JavaScript calls `Math.cos` and `Math.sin` for every position and every pair; the kernel forms each position\'s row of angles once, derives the next rows from an anchor with the rotation property $PE(pos+k) = M_k\\,PE(pos)$, and turns four coordinates per SIMD instruction. When the tensor no longer fits in cache, memory bandwidth sets the pace: see the "memory pass" column of `BENCHMARKS.md`.',
          ),
        },
      ],
    },
    {
      id: 'run',
      title: l('在你的浏览器里运行', 'Run it in your browser'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '按钮在后台线程（Web Worker）里运行一个缩短的基准（约 10–20 秒），页面不会卡住。每个数是多次运行的中位数；机器上别的程序会让数字波动，比值比绝对时间更稳定。',
            'The button runs a shortened benchmark in a Web Worker (about 10–20 s); the page stays responsive. Each number is the median of repeated runs; whatever else the machine is doing moves them, and the ratios are steadier than the times.',
          ),
        },
        { kind: 'figure', tag: 'posenc-speed-runner' },
      ],
    },
  ],
  takeaways: [
    l(
      '生成一个词时，RoPE 的代价与上下文长度无关，ALiBi 与 T5 的偏置随缓存长度线性增长，但都只是注意力点积的零头。',
      "Per generated token, RoPE costs the same at any context length; ALiBi's and T5's biases grow with the cache, but each is a small fraction of the attention dot products.",
    ),
    l(
      '同一内核编译成 SIMD wasm，比手写 JavaScript 快一个数量级：省掉的是逐个调用 `Math.sin`、`Math.cos`，以及一次只算一个数。',
      'The same kernel compiled to SIMD wasm is an order of magnitude faster than hand-written JavaScript: what it saves is one `Math.sin`/`Math.cos` call per number, and one number per instruction.',
    ),
    l(
      '张量大到放不进缓存时，极限是内存带宽：再快的计算也只能接近“读一遍、写一遍”的时间。',
      'When a tensor no longer fits in cache, memory bandwidth is the limit: no computation beats one read and one write of the data.',
    ),
    l('数字随机器和负载波动；看比值，不看绝对时间。', 'The numbers move with the machine and its load; read the ratios, not the times.'),
  ],
  references: [
    { text: 'WebAssembly SIMD proposal (128-bit packed SIMD)', href: 'https://github.com/WebAssembly/simd' },
    { text: 'ggml (llama.cpp) rope kernels: ggml_rope_* in ggml-cpu', href: 'https://github.com/ggerganov/ggml' },
    { text: 'posenc, BENCHMARKS.md', note: l('同一次运行中的每个用例、平台与比值', 'every case, platform and ratio from one run') },
  ],
};

export default body;
