/** Comparison: the tables of seed 000 §4 and seed 004 §3, each claim measured. */
import { html } from 'lit';

import type { ChapterBody, ViewContext } from '../components/chapter/chapter-types.js';
import { fmt } from '../components/shared/format.js';
import type { Matrix } from '../lib/types.js';
import { toeplitzDeviation } from './scores.js';
import { l, range, sinTable } from './shared.js';

function gram(m: Matrix): Matrix<Float64Array> {
  const out = new Float64Array(m.rows * m.rows);
  for (let i = 0; i < m.rows; i++) {
    for (let j = 0; j < m.rows; j++) {
      let s = 0;
      for (let c = 0; c < m.cols; c++) s += m.data[i * m.cols + c] * m.data[j * m.cols + c];
      out[i * m.rows + j] = s;
    }
  }
  return { rows: m.rows, cols: m.rows, data: out };
}

function measurements(ctx: ViewContext) {
  const { pe } = ctx;
  const n = ctx.n('n'), d = ctx.n('d'), nmax = ctx.n('nmax');
  const p = sinTable(pe, n, d);
  const wq = pe.analysis.randomNormal({ seed: 5, rows: d, cols: d, stddev: 1 / Math.sqrt(d) });
  const wk = pe.analysis.randomNormal({ seed: 6, rows: d, cols: d, stddev: 1 / Math.sqrt(d) });
  const x = pe.analysis.randomNormal({ seed: 7, rows: n, cols: d });
  const sinPP = toeplitzDeviation(gram(p));
  const sinProjected = toeplitzDeviation(pe.analysis.fourTerms(x, p, wq, wk).positionPosition);
  const learnedRows = pe.analysis.learnedLookup({ nMax: Math.max(nmax, n), dim: d, seed: 1, positions: range(n) });
  const learnedPP = toeplitzDeviation(gram(learnedRows));
  const rel = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) rel[i * n + j] = j - i;
  const t5 = toeplitzDeviation({ rows: n, cols: n, data: Float64Array.from(pe.t5RelativeBucket(rel)) });
  const q = new Float32Array(n * d), k = new Float32Array(n * d);
  const q0 = x.data.subarray(0, d), k0 = x.data.subarray(d, 2 * d);
  for (let r = 0; r < n; r++) {
    q.set(q0, r * d);
    k.set(k0, r * d);
  }
  const qr = pe.applyRope(q, { shape: [n, d] }), kr = pe.applyRope(k, { shape: [n, d] });
  const ropeScores = toeplitzDeviation(pe.scores(qr, kr, { queries: n, keys: n, dim: d }));
  let normChange = 0;
  for (let r = 0; r < n; r++) {
    let a = 0, b = 0;
    for (let c = 0; c < d; c++) {
      a += q[r * d + c] ** 2;
      b += qr[r * d + c] ** 2;
    }
    normChange = Math.max(normChange, Math.abs(Math.sqrt(b) - Math.sqrt(a)));
  }
  let addChange = 0;
  for (let r = 0; r < n; r++) {
    let a = 0, b = 0;
    for (let c = 0; c < d; c++) {
      a += x.data[r * d + c] ** 2;
      b += (x.data[r * d + c] + p.data[r * d + c]) ** 2;
    }
    addChange = Math.max(addChange, Math.abs(Math.sqrt(b) - Math.sqrt(a)));
  }
  let learnedBeyond = '✓';
  try {
    pe.analysis.learnedLookup({ nMax: nmax, dim: d, seed: 1, positions: [nmax] });
  } catch {
    learnedBeyond = '✗';
  }
  return { sinPP, sinProjected, learnedPP, t5, ropeScores, normChange, addChange, learnedBeyond };
}

const body: ChapterBody = {
  params: [
    { id: 'n', label: l('序列长度 n', 'sequence length n'), min: 8, max: 128, step: 8, default: 32 },
    { id: 'd', label: l('维度 d', 'dimension d'), min: 4, max: 64, step: 4, default: 16 },
    { id: 'nmax', label: l('可学习编码的 n_max', 'n_max of the learned encoding'), min: 8, max: 512, step: 8, default: 64 },
  ],
  sections: [
    {
      id: 'measured',
      title: l('测得的性质', 'Measured properties'),
      seeds: '000 §4 · 004 §3',
      blocks: [
        {
          kind: 'text',
          text: l(
            '"依赖 i − j" 一行是矩阵沿对角线的最大变化（0 表示只依赖相对位置）。正弦编码本身的 $P P^\\top$ 只依赖位置差，经过随机投影 $W_QW_K^\\top$ 后就不再是；RoPE 的分数在 float32 精度内只依赖位置差。',
            'The "depends on i − j only" row is the largest change along a diagonal (0: depends on the relative position only). The sinusoidal encoding\'s own $P P^\\top$ depends on the offset only, but after random projections $W_QW_K^\\top$ it no longer does; RoPE\'s scores depend on the offset only, to float32 precision.',
          ),
        },
        { kind: 'controls', params: ['n', 'd', 'nmax'] },
        {
          kind: 'view',
          deps: ['n', 'd', 'nmax'],
          render: (ctx) => {
            const m = measurements(ctx);
            const { t, n } = ctx;
            const e = (v: number) => v.toExponential(1);
            return html`<posenc-table
              id="measured"
              .data=${{
                caption: t(l(`在 n = ${n('n')}、d = ${n('d')} 下测得`, `Measured at n = ${n('n')}, d = ${n('d')}`)),
                columns: ['', t(l('正弦', 'sinusoidal')), t(l('可学习', 'learned')), 'T5', 'RoPE'],
                rows: [
                  { head: t(l('可训练参数', 'trainable parameters')), cells: ['0', String(n('nmax') * n('d')), t(l('32 / 头', '32 per head')), '0'] },
                  { head: t(l('注入位置', 'where it enters')), cells: [t(l('输入相加', 'added to the input')), t(l('输入相加', 'added to the input')), t(l('分数偏置', 'score bias')), t(l('旋转 Q、K', 'turns Q and K'))] },
                  { head: t(l('依赖 i − j（位置自身）', 'depends on i − j only (positions alone)')), cells: [e(m.sinPP), e(m.learnedPP), e(m.t5), e(m.ropeScores)] },
                  { head: t(l('依赖 i − j（经过 W_Q W_Kᵀ）', 'depends on i − j only (through W_Q W_Kᵀ)')), cells: [e(m.sinProjected), '—', e(m.t5), e(m.ropeScores)] },
                  { head: t(l('向量长度的变化', 'change of vector length')), cells: [fmt(m.addChange, 3), '—', '—', e(m.normChange)] },
                  { head: t(l(`位置 n_max = ${n('nmax')} 有定义`, `defined at position n_max = ${n('nmax')}`)), cells: ['✓', m.learnedBeyond, '✓', '✓'] },
                ],
              }}
            ></posenc-table>`;
          },
        },
        {
          kind: 'text',
          text: l(
            '"外推能力较强/较弱"需要训练好的模型和长文本评测，这里无法测量；能测的是：公式在训练长度之外是否有定义（上表最后一行），以及每对维度在长位置的转角（见"更长的上下文"一章）。',
            '"Better / worse extrapolation" needs trained models and long-text evaluations, which cannot be measured here; what can be measured is whether the formula is defined beyond the training length (last row above) and how far each pair turns at long positions (see "Longer contexts").',
          ),
        },
      ],
    },
    {
      id: 'claims',
      title: l('讲义的说法与测量', 'What the documents say, and what is measured'),
      seeds: '000 §4 · 004 §3',
      blocks: [
        {
          kind: 'erratum',
          id: 'e000-bert',
          text: l(
            '000 的对比表把 BERT 列为正弦编码的应用；BERT 用的是可学习的绝对位置编码（004 §2.2 也这样写）。',
            '000\'s comparison table lists BERT under the sinusoidal encoding; BERT uses learned absolute position embeddings (as 004 §2.2 says).',
          ),
        },
        {
          kind: 'erratum',
          id: 'e004-sin-relative',
          text: l(
            '004 的表说正弦编码"无法编码相对位置信息 ❌"。上表第三行：$PP^\\top$ 只依赖位置差（001 式 6.1.9 也证明了这一点），相对位置是隐含在其中的，只是经过投影后不再显式。',
            '004\'s table says the sinusoidal encoding "cannot encode relative position ❌". Row three above: $PP^\\top$ depends on the offset only (001 eq. 6.1.9 proves it too); the relative position is there implicitly, it just stops being explicit after the projections.',
          ),
        },
        {
          kind: 'erratum',
          id: 'e004-rope-type',
          text: l(
            '004 的表把相对位置编码的存储写成 $O(n^2)$、RoPE 写成 $O(n)$；按 T5 的做法，偏置每个头只需 num_buckets 个参数，$n^2$ 的偏置矩阵是计算时展开的，与注意力分数本身同阶。',
            '004\'s table gives relative encodings "$O(n^2)$ storage" against RoPE\'s $O(n)$; with T5\'s scheme the bias needs only num_buckets parameters per head: the $n^2$ bias matrix is expanded at compute time, the same order as the attention scores themselves.',
          ),
        },
      ],
    },
  ],
};

export default body;
