/** Relative PE: seed 002 (relative encodings), seed 004 §2.3–2.4. */
import { html } from 'lit';

import type { ChapterBody } from '../components/chapter/chapter-types.js';
import type { Matrix } from '../lib/types.js';
import { heatmap, l, range, TABLE_LABEL } from './shared.js';

const SENTENCE1 = ['The', 'cat', 'sat', 'on', 'the', 'mat'];
const SENTENCE2 = ['On', 'mat', 'the', 'sat', 'cat', 'the'];

/** Positions of each word of sentence 1 in sentence 2 ('the' and 'The' told apart by order). */
function positionsIn(words: string[], sentence: string[]): number[] {
  const used = new Set<number>();
  return words.map((w) => {
    const i = sentence.findIndex((s, k) => !used.has(k) && s.toLowerCase() === w.toLowerCase());
    used.add(i);
    return i;
  });
}

const body: ChapterBody = {
  params: [
    { id: 'n', label: l('序列长度 n', 'sequence length n'), min: 4, max: 64, step: 1, default: 16 },
    { id: 'k', label: l('裁剪距离 k', 'clipping distance k'), min: 0, max: 16, step: 1, default: 3 },
    { id: 'buckets', label: l('T5 桶数', 'T5 buckets'), min: 4, max: 64, step: 2, default: 32 },
    { id: 'maxdist', label: l('T5 最大距离', 'T5 max distance'), min: 20, max: 1024, step: 4, default: 128 },
    {
      id: 'direction',
      label: l('T5 方向', 'T5 direction'),
      choices: [
        { value: 'bi', label: l('双向（编码器）', 'bidirectional (encoder)') },
        { value: 'causal', label: l('单向（解码器）', 'causal (decoder)') },
      ],
      default: 'bi',
    },
    { id: 'span', label: l('T5 热图宽度', 'T5 heatmap width'), min: 16, max: 512, step: 16, default: 256 },
    { id: 'seed', label: l('随机种子', 'seed'), min: 1, max: 50, step: 1, default: 2 },
  ],
  sections: [
    {
      id: 'bias',
      title: l('相对位置偏置 b_{i−j}', 'A relative bias b_{i−j}'),
      seeds: '004 §2.4 (1)',
      blocks: [
        { kind: 'math', tex: 'A_{ij}=\\frac{(x_iW_q)(x_jW_k)^\\top}{\\sqrt{d_k}}+b_{i-j}' },
        {
          kind: 'text',
          text: l(
            '每个距离一个可学习的标量，$2n-1$ 个。加到分数上的矩阵沿每条对角线是常数（Toeplitz 矩阵）。这里的 $b$ 取一个示例：$b_\\Delta=-0.3|\\Delta|$ 加上随机扰动。',
            'One learned scalar per distance, $2n-1$ of them. The matrix added to the scores is constant along each diagonal (a Toeplitz matrix). Here $b$ is an example: $b_\\Delta=-0.3|\\Delta|$ plus random noise.',
          ),
        },
        { kind: 'controls', params: ['n', 'seed'] },
        {
          kind: 'view',
          deps: ['n', 'seed'],
          render: ({ pe, n, t }) => {
            const len = n('n');
            const noise = pe.analysis.randomNormal({ seed: n('seed'), rows: 1, cols: 2 * len - 1, stddev: 0.2 });
            const bias = range(2 * len - 1).map((k) => -0.3 * Math.abs(k - (len - 1)) + noise.data[k]);
            const b = pe.analysis.relativeBiasMatrix({ length: len, bias });
            return heatmap(b, { caption: 'b_{i−j}', rowAxis: t(l('查询 i', 'query i')), colAxis: t(l('键 j', 'key j')), id: 'bias', tableLabel: t(TABLE_LABEL) });
          },
        },
      ],
    },
    {
      id: 'shaw',
      title: l('相对键向量与裁剪（Shaw 等）', 'Relative key vectors with clipping (Shaw et al.)'),
      seeds: '004 §2.4 (2)',
      blocks: [
        { kind: 'math', tex: 'A_{ij}=\\frac{(x_iW_q)(x_jW_k+a_{\\operatorname{clip}(j-i,\\,-k,\\,k)})^\\top}{\\sqrt{d_k}}' },
        {
          kind: 'text',
          text: l(
            '只学 $2k+1$ 个相对向量：距离超过 $k$ 的都用边上那个。热图是查表的下标 $\\operatorname{clip}(j-i,-k,k)+k$；004 的 PyTorch 代码用 $2\\cdot\\text{max\\_len}$ 个向量、不裁剪，相当于 $k=\\text{max\\_len}$。',
            'Only $2k+1$ relative vectors are learned: distances beyond $k$ share the outermost one. The heatmap shows the index looked up, $\\operatorname{clip}(j-i,-k,k)+k$; 004\'s PyTorch code keeps $2\\cdot\\text{max\\_len}$ vectors and never clips, i.e. $k=\\text{max\\_len}$.',
          ),
        },
        { kind: 'controls', params: ['k'] },
        {
          kind: 'view',
          deps: ['n', 'k'],
          render: ({ pe, n, t }) =>
            heatmap(pe.analysis.shawIndices({ length: n('n'), k: n('k') }), {
              caption: t(l('相对向量的下标', 'Index of the relative vector')),
              rowAxis: 'i',
              colAxis: 'j',
              colormap: 'sequential',
              digits: 0,
              id: 'shaw',
              tableLabel: t(TABLE_LABEL),
            }),
        },
      ],
    },
    {
      id: 'xl',
      title: l('Transformer-XL 的四项', 'Transformer-XL\'s four terms'),
      seeds: '004 §2.4 (3)',
      blocks: [
        {
          kind: 'math',
          tex: 'A_{ij}=\\underbrace{E_i^\\top W_q^\\top W_{k,E}E_j}_{(a)}+\\underbrace{E_i^\\top W_q^\\top W_{k,R}R_{i-j}}_{(b)}+\\underbrace{u^\\top W_{k,E}E_j}_{(c)}+\\underbrace{v^\\top W_{k,R}R_{i-j}}_{(d)}',
        },
        {
          kind: 'text',
          text: l(
            '这是 Dai 等 (2019) 式 (4)：$R_{i-j}$ 是距离的正弦编码（不学习），$u, v$ 是全局可学习向量。(b)(d) 只经由 $R_{i-j}$ 依赖位置，所以 (d) 沿对角线是常数。',
            'This is Dai et al. (2019), eq. (4): $R_{i-j}$ is the sinusoidal encoding of the distance (not learned), $u, v$ are learned global vectors. (b) and (d) see position only through $R_{i-j}$, so (d) is constant along each diagonal.',
          ),
        },
        {
          kind: 'erratum',
          id: 'e004-xl',
          text: l(
            '004 写成 $\\frac{(X_iW_q)(X_jW_k+R_{i-j})^\\top}{\\sqrt{d_k}}+UX_i^\\top+VX_j^\\top$：$UX_i^\\top$ 一项只依赖查询，对 softmax 没有作用；原文的 $u, v$ 项是与键的内容和键的相对位置相乘。',
            '004 writes $\\frac{(X_iW_q)(X_jW_k+R_{i-j})^\\top}{\\sqrt{d_k}}+UX_i^\\top+VX_j^\\top$: a $UX_i^\\top$ term depends on the query only and cancels in the softmax; the paper\'s $u, v$ terms multiply the key\'s content and the key\'s relative position.',
          ),
        },
        {
          kind: 'view',
          deps: ['n', 'seed'],
          render: ({ pe, n, t }) => {
            const len = n('n'), d = 8, seed = n('seed');
            const rnd = (k: number, rows: number, cols: number, sd = 0.5) => pe.analysis.randomNormal({ seed: seed * 7 + k, rows, cols, stddev: sd });
            // R_{i−j} for offsets −(n−1) … n−1 (row (i−j)+(n−1)): sinusoidal of the offset
            const r = pe.sinusoidal({ positions: range(2 * len - 1, -(len - 1)), dim: d, precision: 64 });
            const terms = pe.analysis.transformerXl({
              e: rnd(1, len, d, 1), r, wq: rnd(2, d, d), wkE: rnd(3, d, d), wkR: rnd(4, d, d),
              u: rnd(5, 1, d).data, v: rnd(6, 1, d).data,
            });
            const o = (m: Matrix, c: string, id: string) => heatmap(m, { caption: c, rowAxis: 'i', colAxis: 'j', id, tableLabel: t(TABLE_LABEL), size: 200 });
            return html`<div style="display:flex;flex-wrap:wrap;gap:0 1rem">
              ${o(terms.a, t(l('(a) 内容', '(a) content')), 'xl-a')}
              ${o(terms.b, t(l('(b) 内容×相对位置', '(b) content × relative position')), 'xl-b')}
              ${o(terms.c, t(l('(c) 全局内容偏置', '(c) global content bias')), 'xl-c')}
              ${o(terms.d, t(l('(d) 全局位置偏置', '(d) global position bias')), 'xl-d')}
            </div>`;
          },
        },
      ],
    },
    {
      id: 't5',
      title: l('T5 的分桶', 'T5 buckets'),
      seeds: '004 §2.4 (4)',
      blocks: [
        {
          kind: 'text',
          text: l(
            'T5 每个头为每个桶学一个标量偏置。距离小于 $\\text{num\\_buckets}/4$（双向）时每个距离一个桶；更远的距离按对数合并，到 $\\text{max\\_distance}$ 之外都落进最后一个桶。双向时正负方向各占一半的桶；单向时未来的键都在桶 0。计算与 transformers 的 `_relative_position_bucket` 一致（包括其 float32 运算）。',
            'T5 learns one scalar bias per bucket and head. Distances below $\\text{num\\_buckets}/4$ (bidirectional) get a bucket each; farther ones are merged logarithmically, and everything beyond $\\text{max\\_distance}$ lands in the last bucket. Bidirectionally each direction gets half the buckets; causally all future keys share bucket 0. The computation matches transformers\' `_relative_position_bucket`, float32 arithmetic included.',
          ),
        },
        { kind: 'controls', params: ['buckets', 'maxdist', 'direction', 'span'] },
        {
          kind: 'view',
          deps: ['buckets', 'maxdist', 'direction', 'span'],
          render: ({ pe, n, s, t }) => {
            const N = n('span'), bidirectional = s('direction') === 'bi';
            const nb = n('buckets');
            const maxExact = Math.floor((bidirectional ? nb / 2 : nb) / 2);
            const maxDistance = Math.max(n('maxdist'), maxExact + 1);
            // Only 2N − 1 offsets occur: bucket each once (core), then lay them out as the N × N matrix.
            const offsets = range(2 * N - 1, -(N - 1));
            const buckets = pe.t5RelativeBucket(offsets, { bidirectional, numBuckets: nb, maxDistance });
            const data = new Float64Array(N * N);
            for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) data[i * N + j] = buckets[j - i + N - 1];
            const m: Matrix<Float64Array> = { rows: N, cols: N, data };
            // The offsets each bucket covers.
            const spans = new Map<number, [number, number]>();
            offsets.forEach((o, k) => {
              const s0 = spans.get(buckets[k]);
              spans.set(buckets[k], s0 ? [Math.min(s0[0], o), Math.max(s0[1], o)] : [o, o]);
            });
            const rows = [...spans.entries()].sort((a, c) => a[0] - c[0]).map(([bk, [lo, hi]]) => ({ head: String(bk), cells: [lo === hi ? String(lo) : `${lo} … ${hi}`] }));
            return html`${heatmap(m, { caption: t(l('桶号 bucket(j − i)', 'bucket(j − i)')), rowAxis: t(l('查询 i', 'query i')), colAxis: t(l('键 j', 'key j')), colormap: 'sequential', digits: 0, id: 't5', tableLabel: t(TABLE_LABEL) })}
              <details><summary>${t(l('每个桶覆盖的距离 j − i', 'Offsets j − i in each bucket'))}</summary>
                <posenc-table id="t5-spans" .data=${{ caption: t(l('桶与距离', 'Buckets and offsets')), columns: [t(l('桶', 'bucket')), 'j − i'], rows }}></posenc-table>
              </details>`;
          },
        },
      ],
    },
    {
      id: 'sentence',
      title: l('004 的句子例子', 'The sentence example of 004'),
      seeds: '004 §2.3',
      blocks: [
        {
          kind: 'text',
          text: l(
            '004 比较 "The cat sat on the mat." 与乱序的 "On mat the sat cat the."，说在相对位置编码下两句的表示"完全相同"。把两句里每对相邻词的距离算出来：',
            '004 compares "The cat sat on the mat." with the scrambled "On mat the sat cat the." and says that under relative encodings the two are represented "exactly the same". Compute the distance of each pair of neighbouring words in both:',
          ),
        },
        {
          kind: 'view',
          deps: [],
          render: ({ t }) => {
            const p1 = positionsIn(SENTENCE1, SENTENCE1), p2 = positionsIn(SENTENCE1, SENTENCE2);
            const rows = range(SENTENCE1.length - 1).map((k) => ({
              head: `${SENTENCE1[k]} → ${SENTENCE1[k + 1]}`,
              cells: [`${p1[k + 1] - p1[k] > 0 ? '+' : ''}${p1[k + 1] - p1[k]}`, `${p2[k + 1] - p2[k] > 0 ? '+' : ''}${p2[k + 1] - p2[k]}`],
            }));
            return html`<posenc-table id="sentence" .data=${{ caption: t(l('相邻词的相对位置（后一个词减前一个词）', 'Relative position of neighbouring words (later minus earlier)')), columns: [t(l('词对', 'pair')), t(l('句子 1', 'sentence 1')), t(l('句子 2', 'sentence 2'))], rows }}></posenc-table>`;
          },
        },
        {
          kind: 'erratum',
          id: 'e004-sentence',
          text: l(
            '在乱序句子里这些距离不全是 +1（见上表），所以相对位置编码同样能区分两句；004 的表把句子 2 的距离也写成 +1，其"句子 2 的位置"一列（5, 6, 7, 1, 2, 3）也不对应 "On mat the sat cat the" 的词序。',
            'In the scrambled sentence these distances are not all +1 (table above), so relative encodings tell the two apart as well; 004\'s table gives +1 for sentence 2 too, and its "position in sentence 2" column (5, 6, 7, 1, 2, 3) does not match the word order of "On mat the sat cat the".',
          ),
        },
      ],
    },
  ],
};

export default body;
