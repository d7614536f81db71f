/** Checks of the relative encodings the documents describe (002, 004 §2.3–2.4, §3). */
import { l } from '../shared/i18n.js';
import { at, type CheckFn, fmt, MINUS_SIGN, num, nums, printedList, randn, ROUNDING, row } from './check-kit.js';

const signed = (v: number) => (v > 0 ? `+${v}` : v < 0 ? `${MINUS_SIGN}${-v}` : '0');

export const RELATIVE: Record<string, CheckFn> = {
  shawCode(ctx, a) {
    const length = num(a, 'length');
    const k = num(a, 'k');
    const idx = ctx.pe.analysis.shawIndices({ length, k });
    const ok = Array.from({ length: length * length }, (_, c) => idx.data[c] === (c % length) - Math.floor(c / length) + k).every(Boolean);
    const s = ctx.pe.analysis.sequenceStats(idx.data);
    return [
      row(
        l(`$(i,j)$ 的下标（长度 ${length}，\`max_len\` = ${k}）`, `Index of $(i,j)$ (length ${length}, \`max_len\` = ${k})`),
        '$j-i+\\text{max\\_len}$',
        ok ? '$j-i+\\text{max\\_len}$' : l('不同', 'differs'),
        ok,
      ),
      row(l('下标范围', 'Index range'), `0 … ${2 * k - 1}`, `${s.min} … ${s.max}`, s.min >= 0 && s.max <= 2 * k - 1),
    ];
  },

  relativeSign(ctx, a) {
    const [i, j, maxLen, length] = [num(a, 'i'), num(a, 'j'), num(a, 'maxLen'), num(a, 'length')];
    const offsets = Array.from({ length: 2 * length - 1 }, (_, t) => t - (length - 1));
    const formula = at(ctx.pe.analysis.relativeBiasMatrix({ length, bias: offsets }), i, j); // b_{i−j}: the formulas
    const code = at(ctx.pe.analysis.shawIndices({ length, k: maxLen }), i, j); // position_ids − position_ids.T + max_len
    return [
      row(
        l(`$(i,j)=(${i},${j})$ 用的偏移`, `Offset used for $(i,j)=(${i},${j})$`),
        l(`公式 $b_{i-j}$：${signed(formula)}`, `formula $b_{i-j}$: ${signed(formula)}`),
        l(`代码：第 ${code} 行，即 ${signed(code - maxLen)}`, `code: row ${code}, i.e. ${signed(code - maxLen)}`),
        code - maxLen === formula,
      ),
    ];
  },

  relCodeLimit(ctx, a) {
    const maxLen = num(a, 'maxLen');
    const rows = 2 * maxLen; // nn.Embedding(2 * max_len, d_model)
    const fits = ctx.pe.analysis.sequenceStats(ctx.pe.analysis.shawIndices({ length: maxLen, k: maxLen }).data);
    const over = ctx.pe.analysis.sequenceStats(ctx.pe.analysis.shawIndices({ length: maxLen + 1, k: maxLen }).data);
    return [
      row(
        l(
          `长度 ${maxLen + 1}：需要的最大行号（表有 0 … ${rows - 1} 行）`,
          `Length ${maxLen + 1}: largest row needed (the table has rows 0 … ${rows - 1})`,
        ),
        l('任意长度都能用（"适用于长文本"）', 'any length ("suits long texts")'),
        l(`${over.max}：越界，查表报错`, `${over.max}: out of range, the lookup fails`),
        over.max < rows,
      ),
      row(l(`长度 ${maxLen}：最大行号`, `Length ${maxLen}: largest row needed`), `≤ ${rows - 1}`, String(fits.max), fits.max < rows, true),
    ];
  },

  xlQueryTerm(ctx, a) {
    const n = num(a, 'n');
    const d = num(a, 'd');
    const r = (seed: number, rows: number, cols: number) => randn(ctx, seed, rows, cols, 0.5);
    const t = ctx.pe.analysis.transformerXl({
      e: r(1, n, d),
      r: ctx.pe.sinusoidal({ positions: Array.from({ length: 2 * n - 1 }, (_, i) => i - n + 1), dim: d, precision: 64 }),
      wq: r(2, d, d),
      wkE: r(3, d, d),
      wkR: r(4, d, d),
      u: r(5, 1, d).data,
      v: r(6, 1, d).data,
    });
    const spread = ctx.pe.analysis.sequenceStats(ctx.pe.analysis.rowRanges(t.c)).max;
    return [
      row(
        l('Dai 等的 (c) 项在一行的各个键上', "Dai et al.'s term (c) across the keys of a row"),
        l('常数（$UX_i^\\top$ 只依赖查询）', 'constant ($UX_i^\\top$ depends on the query only)'),
        l(`变化达 ${fmt(spread, 4)}`, `varies by up to ${fmt(spread, 4)}`),
        spread < ROUNDING,
      ),
    ];
  },

  xlFixed(ctx, a) {
    const offset = num(a, 'offset');
    const dim = num(a, 'dim');
    const nMax = num(a, 'nMax');
    const defined = ctx.pe.sinusoidal({ positions: [-offset], dim, precision: 64 }).rows === 1;
    let learned = true;
    try {
      ctx.pe.analysis.learnedLookup({ nMax, dim, positions: [offset] });
    } catch {
      learned = false;
    }
    return [
      row(
        l(`$R_{i-j}$ 在偏移 ${offset}（任何训练长度之外）`, `$R_{i-j}$ at offset ${offset} (past any training length)`),
        l('可学习的表：没有这一行', 'a learned table: no row'),
        defined ? l('正弦表（Dai 等 §3.3）：有定义', 'the sinusoid table (Dai et al. §3.3): defined') : l('没有定义', 'undefined'),
        !defined,
      ),
      row(
        l(`对照：${nMax} 行的可学习表在偏移 ${offset}`, `For comparison, a learned table of ${nMax} rows at ${offset}`),
        l('没有这一行', 'no row'),
        learned ? l('有这一行', 'a row') : l('没有这一行', 'no row'),
        !learned,
        true,
      ),
    ];
  },

  t5Storage(ctx, a) {
    const n = num(a, 'n');
    const offsets = Array.from({ length: 2 * n - 1 }, (_, i) => i - (n - 1));
    const used = ctx.pe.analysis.sequenceStats(ctx.pe.t5RelativeBucket(offsets)).distinct;
    return [
      row(l(`T5：每个头存储的偏置个数，$n=${n}$`, `T5: biases stored per head, $n=${n}$`), `$O(n^2)=${n * n}$`, String(used), used >= n),
    ];
  },

  t5Scalar(ctx, a) {
    const [i, j, length] = [num(a, 'i'), num(a, 'j'), num(a, 'length')];
    const [keyMinusQuery, queryMinusKey] = Array.from(ctx.pe.t5RelativeBucket([j - i, i - j]));
    const bias = ctx.pe.analysis.relativeBiasMatrix({ length, bias: Array.from({ length: 2 * length - 1 }, () => 0) });
    return [
      row(
        l(`$(i,j)=(${i},${j})$ 的 T5 桶`, `T5 bucket of $(i,j)=(${i},${j})$`),
        l(`按 $i-j=${i - j}$：第 ${queryMinusKey} 桶`, `by $i-j=${i - j}$: bucket ${queryMinusKey}`),
        l(`T5 按 $j-i=${j - i}$：第 ${keyMinusQuery} 桶`, `T5 uses $j-i=${j - i}$: bucket ${keyMinusQuery}`),
        keyMinusQuery === queryMinusKey,
      ),
      row(
        l(`${length} 个词的偏置：每对 $(i,j)$ 加几个数`, `Bias for ${length} tokens: numbers added per pair $(i,j)$`),
        l('一个向量', 'a vector'),
        l(`${bias.rows}×${bias.cols} 的矩阵：每对一个标量`, `a ${bias.rows}×${bias.cols} matrix: one scalar per pair`),
        bias.cols !== length,
      ),
    ];
  },

  sentenceOffsets(ctx, a, e) {
    const words = a.words as string[];
    const o = ctx.pe.analysis.sentenceOffsets({ positions1: nums(a, 'a'), positions2: nums(a, 'b') });
    const neighbours = (m: typeof o.offsets1) => words.slice(1).map((_, k) => signed(at(m, k, k + 1)));
    const s1 = neighbours(o.offsets1);
    const s2 = neighbours(o.offsets2);
    const doc = printedList(e, 'offsets');
    return [
      row(
        l('按讲义的位置表，句子 2 中相邻词的偏移', "Neighbour offsets in sentence 2, by the document's position table"),
        doc.join(', '),
        s2.join(', '),
        s2.every((s, k) => s === doc[k]),
      ),
      row(
        l('30 个有序词对中偏移相同的', 'Ordered word pairs (of 30) with the same offset in both'),
        l(`${o.pairs}（"完全相同"）`, `${o.pairs} ("exactly the same")`),
        `${o.samePairs} / ${o.pairs}`,
        o.samePairs === o.pairs,
      ),
      row(
        l('句子 1 中相邻词的偏移', 'Neighbour offsets in sentence 1'),
        doc.join(', '),
        s1.join(', '),
        s1.every((s, k) => s === doc[k]),
        true,
      ),
    ];
  },
};
