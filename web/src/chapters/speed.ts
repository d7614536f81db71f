/** Speed: the benchmark, in the reader's own browser, next to the recorded figures. */
import { param, type ChapterBody } from '../components/chapter/chapter-types.js';
import { l } from '../components/shared/i18n.js';
import '../components/speed/speed-recorded.js';
import '../components/speed/speed-runner.js';
import recorded from './data/speed-recorded.json';

const body: ChapterBody = {
  question: l(
    '同样的 RoPE 与正弦表，交给 WebAssembly 的 SIMD 指令算，比手写的 JavaScript 快多少？瓶颈又在哪里？',
    'The same RoPE and sinusoidal tables, computed by WebAssembly SIMD instead of hand-written JavaScript: how much faster, and where is the limit?',
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
    { text: 'posenc, BENCHMARKS.md: every case, platform and ratio from one run' },
  ],
};

export default body;
