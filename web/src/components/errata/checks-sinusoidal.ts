/** Checks of the sinusoidal encoding's tables and claims (000 §2, 001 §6.1, 002, 004 §2.1). */
import { grouped } from '../shared/format-sci.js';
import { l } from '../shared/i18n.js';
import {
  at,
  cells,
  type CheckFn,
  fmt,
  fmtSig,
  matrix,
  num,
  nums,
  pairs,
  printed,
  printedList,
  randn,
  ROUNDING,
  row,
  sci,
  sixDigits,
  str,
  summarised,
  yesNo,
} from './check-kit.js';

const PI = Math.PI;

/** One row of a table as a 1 × cols matrix (for comparisons in the core). */
const rowOf = (m: { cols: number; data: Float64Array }, r: number) => ({
  rows: 1,
  cols: m.cols,
  data: m.data.slice(r * m.cols, (r + 1) * m.cols),
});

export const SINUSOIDAL: Record<string, CheckFn> = {
  frequencies(ctx, a, e) {
    const w = ctx.pe.inverseFrequencies({ dim: num(a, 'dim') }).invFreq;
    return printedList(e, 'omega').map((s, i) => printed(`$\\omega_${i}$`, s, w[i]));
  },

  sinusoidalTable(ctx, a, e) {
    const dim = num(a, 'dim');
    const part = str(a, 'part');
    const rows = printedList(e, 'rows');
    const t = ctx.pe.sinusoidal({ positions: rows.length, dim, precision: 64 });
    const fn = part === 'cos' ? 'cos' : 'sin';
    const out = rows.flatMap((r, p) =>
      cells(r).map((s, c) => {
        const col = part === 'all' ? c : 2 * c + (part === 'cos' ? 1 : 0);
        const label = part === 'all' ? `$PE_{${p},${c}}$` : `$\\${fn}(${p}\\cdot\\omega_${c})$`;
        return printed(label, s, at(t, p, col));
      }),
    );
    return summarised(out, part === 'all' ? l('向量的分量', 'components') : l(`${fn} 值`, `${fn} values`));
  },

  periods(ctx, a, e) {
    const f = ctx.pe.analysis.frequencyTable({ dim: num(a, 'dim') });
    const printedPeriods = printedList(e, 'period');
    return nums(a, 'pairs').map((i, k) => printed(`$T_${i}=2\\pi/\\omega_${i}$`, printedPeriods[k], f.period[i]));
  },

  frequencyOrder(ctx, a) {
    const dim = num(a, 'dim');
    const f = ctx.pe.analysis.frequencyTable({ dim });
    const last = dim / 2 - 1;
    const s = ctx.pe.analysis.sequenceStats(f.invFreq);
    const lowFast = f.invFreq[0] > f.invFreq[last];
    const says = str(a, 'says');
    const fast = (low: boolean) =>
      low
        ? l('低维（第 0 对）转得快', 'the low pair (0) turns faster')
        : l(`高维（第 ${last} 对）转得快`, `the high pair (${last}) turns faster`);
    return [
      row(l('哪一端转得快？', 'Which end turns faster?'), fast(says === 'low-fast'), fast(lowFast), lowFast === (says === 'low-fast')),
      row(
        l('$\\omega_i$ 随 $i$ 增大逐步减小', '$\\omega_i$ falls at every step of $i$'),
        yesNo(true),
        l(`上升 ${s.increases} 次`, `rises ${s.increases} times`),
        s.increases === 0,
        true,
      ),
      row(
        l('最快与最慢一对的周期', 'Periods of the fastest and the slowest pair'),
        '—',
        `${fmt(f.period[0], 2)} … ${fmt(f.period[last], 0)}`,
        f.period[0] < f.period[last],
        true,
      ),
    ];
  },

  shiftMap(ctx, a) {
    const f = ctx.pe.analysis.bestLinearMap({ k: num(a, 'k'), dim: num(a, 'dim'), n: num(a, 'n'), features: 'sincos' });
    return [
      row(
        l(`最优线性映射 $M_${num(a, 'k')}$ 的相对残差`, `Relative residual of the best linear $M_${num(a, 'k')}$`),
        l('0（存在）', '0 (it exists)'),
        sci(f.relativeResidual),
        f.relativeResidual < 1e-10,
      ),
    ];
  },

  shiftBlock(ctx, a) {
    const k = num(a, 'k');
    const p = num(a, 'pair');
    const dim = num(a, 'dim');
    const m = ctx.pe.analysis.bestLinearMap({ k, dim, n: 64 }).m;
    const block = (q: number) =>
      matrix([
        [at(m, 2 * q, 2 * q), at(m, 2 * q, 2 * q + 1)],
        [at(m, 2 * q + 1, 2 * q), at(m, 2 * q + 1, 2 * q + 1)],
      ]);
    const literal = ctx.pe.analysis.bestLinearMap({ k, dim: 2, n: 64 }).m; // ω = 1: [[cos k, sin k], [−sin k, cos k]]
    const dPair = ctx.pe.analysis.maxAbsDifference(block(p), literal);
    const d0 = ctx.pe.analysis.maxAbsDifference(block(0), literal);
    const angle = ctx.pe.analysis.frequencyTable({ dim, position: k }).angle[p];
    return [
      row(
        l(`第 ${p} 对的块（$k=${k}$）`, `Block of pair ${p} ($k=${k}$)`),
        `$\\cos ${k}=${fmt(literal.data[0], 4)}$`,
        `$\\cos ${fmtSig(angle)}=${fmt(at(m, 2 * p, 2 * p), 4)}$`,
        dPair < ROUNDING,
      ),
      row(
        l('第 0 对的块（$\\omega_0=1$）', 'Block of pair 0 ($\\omega_0=1$)'),
        l('证明所写的块', 'the block of the proof'),
        l(`相差 ${sci(d0)}`, `differs by ${sci(d0)}`),
        d0 < 1e-9,
        true,
      ),
    ];
  },

  shiftDirection(ctx, a) {
    const k = num(a, 'k');
    const dim = typeof a.dim === 'number' ? a.dim : 2;
    const m = ctx.pe.analysis.bestLinearMap({ k, dim, n: 64 }).m;
    const minus = ctx.pe.analysis.maxAbsDifference(m, ctx.pe.rotationMatrix({ dim, position: -k }));
    const plus = ctx.pe.analysis.maxAbsDifference(m, ctx.pe.rotationMatrix({ dim, position: k }));
    return [
      row(
        l(`平移矩阵 $M_${k}$ 与 $R(-k\\omega_i)$（顺时针）`, `Shift matrix $M_${k}$ against $R(-k\\omega_i)$ (clockwise)`),
        l('相等', 'equal'),
        l(`相差 ${sci(minus)}`, `differ by ${sci(minus)}`),
        minus < 1e-9,
      ),
      row(
        l(`与 $R(+k\\omega_i)$（逆时针）`, `against $R(+k\\omega_i)$ (counter-clockwise)`),
        l('不同', 'different'),
        l(`相差 ${sci(plus)}`, `differ by ${sci(plus)}`),
        plus > 1e-3,
        true,
      ),
    ];
  },

  indexBase(ctx, a) {
    const dim = num(a, 'dim');
    const t = ctx.pe.sinusoidal({ positions: 2, dim, precision: 64 });
    const d = ctx.pe.analysis.maxAbsDifference(rowOf(t, 0), rowOf(t, 1));
    const head = (r: number) => `[${fmt(at(t, r, 0), 3)}, ${fmt(at(t, r, 1), 3)}, …]`;
    return [
      row(
        l('第一个词的向量：从 0 数 与 从 1 数', "The first token's vector, counting from 0 and from 1"),
        l('"取决于具体实现"：一样', '"depends on the implementation": the same'),
        `${head(0)} / ${head(1)}`,
        d < ROUNDING,
      ),
    ];
  },

  longestPeriod(ctx, a) {
    const dim = num(a, 'dim');
    const n = num(a, 'n');
    const f = ctx.pe.analysis.frequencyTable({ dim });
    const longest = f.period[dim / 2 - 1];
    const c = ctx.pe.analysis.closestOffset({ dim, maxOffset: n - 1 });
    const typical = ctx.pe.analysis.offsetDistances({ dim, offsets: [1000] })[0];
    const rows = [
      row(
        l(`$d=${dim}$ 时最长周期大于 $n=${n}$`, `Longest period above $n=${n}$ at $d=${dim}$`),
        yesNo(true),
        fmt(longest, 0),
        longest > n,
      ),
      row(
        l(`$n\\le ${n}$ 内没有"折叠"`, `No "folding" for $n\\le ${n}$`),
        l('没有位置回到 $p_0$ 附近', 'no position comes back near $p_0$'),
        l(
          `位移 ${c.offset} 处距离只有 ${fmt(c.distance, 3)}（位移 1000 处 ${fmt(typical, 2)}）`,
          `offset ${c.offset} is only ${fmt(c.distance, 3)} away (offset 1000: ${fmt(typical, 2)})`,
        ),
        c.distance > 0.1 * Math.sqrt(dim),
      ),
    ];
    for (const d of nums(a, 'dims')) {
      const p = ctx.pe.analysis.frequencyTable({ dim: d }).period[d / 2 - 1];
      rows.push(
        row(l(`$d=${d}$ 时的最长周期`, `Longest period at $d=${d}$`), d >= 12 ? `> ${n}` : `< ${n}`, fmt(p, 0), d >= 12 === p > n, true),
      );
    }
    return rows;
  },

  highestFrequency(ctx, a) {
    const dim = num(a, 'dim');
    const n = num(a, 'n');
    const f = ctx.pe.analysis.frequencyTable({ dim });
    const last = dim / 2 - 1;
    const s = ctx.pe.analysis.sequenceStats(f.invFreq);
    return [
      row(
        l(`$\\omega_{${last}}$ 是最高频率`, `$\\omega_{${last}}$ is the highest frequency`),
        yesNo(true),
        l(`${fmtSig(f.invFreq[last])}，是最低的`, `${fmtSig(f.invFreq[last])}: the lowest`),
        f.invFreq[last] === s.max,
      ),
      row(
        l(`它的周期大于 ${n}（$d=${dim}$）`, `Its period exceeds ${n} ($d=${dim}$)`),
        yesNo(true),
        fmt(f.period[last], 0),
        f.period[last] > n,
        true,
      ),
    ];
  },

  sineInjective(ctx, a) {
    const positions = num(a, 'positions');
    const dim = num(a, 'dim');
    const t = ctx.pe.sinusoidal({ positions, dim, precision: 64 });
    const sines = Array.from({ length: dim / 2 }, (_, i) => 2 * i);
    const c = ctx.pe.analysis.closestPair(t, { columns: sines });
    const res = ctx.pe.analysis.bestLinearMap({ k: num(a, 'k'), dim, n: positions, features: 'sin' }).relativeResidual;
    const notEncoded = a.says === 'notEncoded';
    return [
      row(
        notEncoded
          ? l('只有正弦的向量能否决定 $\\cos A$（即位置）？', 'Does the sine-only vector determine $\\cos A$ (the position)?')
          : l('去掉余弦，位置还能唯一恢复吗？', 'Without the cosines, is the position still recoverable?'),
        notEncoded
          ? l('不能（没有被编码）', 'no (not encoded)')
          : l('不能（可逆靠正弦与余弦的组合）', 'no (invertibility comes from the pair)'),
        l(
          `能：${positions} 个位置的正弦向量两两不同，最近的一对相距 ${fmt(c.distance, 4)}`,
          `yes: the sine-only vectors of ${positions} positions all differ, the closest pair ${fmt(c.distance, 4)} apart`,
        ),
        c.distance < ROUNDING,
      ),
      row(
        l('只有正弦时最优线性平移的残差', 'Residual of the best linear shift, sines only'),
        l('大于 0（不存在线性映射）', 'above 0 (no linear map)'),
        fmt(res, 3),
        res > 1e-3,
        true,
      ),
    ];
  },

  uniquenessArgument(ctx, a) {
    const t = ctx.pe.sinusoidal({ positions: [1, 1 + 2 * PI], dim: 2, precision: 64 });
    const d = ctx.pe.analysis.maxAbsDifference(rowOf(t, 0), rowOf(t, 1));
    const c = ctx.pe.analysis.closestOffset({ dim: num(a, 'dim'), maxOffset: num(a, 'maxOffset') });
    return [
      row(
        l(
          '(6.1.6)：$\\sin a=\\sin b$ 只在 $a=b$ 或 $a=\\pi-b$ 时成立。取 $a=1$、$b=1+2\\pi$',
          '(6.1.6): $\\sin a=\\sin b$ only if $a=b$ or $a=\\pi-b$. Take $a=1$, $b=1+2\\pi$',
        ),
        l('不可能相等', 'cannot be equal'),
        l(`正弦、余弦都相等（相差 ${sci(d)}）`, `sine and cosine both equal (differ by ${sci(d)})`),
        d > ROUNDING,
      ),
      row(
        l(`结论：$d=${num(a, 'dim')}$ 时整数位置两两不同`, `Conclusion: integer positions all differ at $d=${num(a, 'dim')}$`),
        yesNo(true),
        l(`最近的是位移 ${c.offset}，距离 ${fmt(c.distance, 3)}`, `closest is offset ${c.offset}, at ${fmt(c.distance, 3)}`),
        c.distance > 0,
        true,
      ),
    ];
  },

  closestOffsets(ctx, a) {
    // Every dimension over every range (`ranges`, or the one `maxOffset`), named in the row: the
    // closest offset depends on how far one looks (d = 8: 6283 within 9999, 169 646 within 10⁶).
    // `quoted` holds what the entry's text says of a dimension and range ("8:9999": [offset,
    // distance as printed]); a context row checks the text against the core.
    const ranges = a.ranges ? nums(a, 'ranges') : [num(a, 'maxOffset')];
    const quoted = (a.quoted ?? {}) as Record<string, [number, string]>;
    return nums(a, 'dims').flatMap((dim) =>
      ranges.flatMap((range) => {
        const c = ctx.pe.analysis.closestOffset({ dim, maxOffset: range });
        const shownRange = grouped(range);
        const rows = [
          row(
            l(`$d=${dim}$：在位移 1 … ${shownRange} 中最接近 $p_0$ 的`, `$d=${dim}$: the offset closest to $p_0$ among 1 … ${shownRange}`),
            l('距离大于 0', 'distance above 0'),
            l(`位移 ${grouped(c.offset)}，距离 ${sci(c.distance)}`, `offset ${grouped(c.offset)}, distance ${sci(c.distance)}`),
            c.distance > 0,
          ),
        ];
        const q = quoted[`${dim}:${range}`];
        if (q) {
          const p = printed(
            l(`正文所说的距离（位移 ${grouped(q[0])}）`, `the distance the text quotes (offset ${grouped(q[0])})`),
            q[1],
            c.distance,
          );
          rows.push({ ...p, agrees: p.agrees && q[0] === c.offset, context: true });
        }
        return rows;
      }),
    );
  },

  notationOmega(ctx, a) {
    const p = num(a, 'pair');
    const f = ctx.pe.analysis.frequencyTable({ dim: num(a, 'dim') });
    return [
      row(
        l(`$\\omega_${p}$：按 (6.1.2) 与按 (6.1.8)`, `$\\omega_${p}$ by (6.1.2) and by (6.1.8)`),
        l('同一个符号，同一个数', 'one symbol, one number'),
        `${fmtSig(f.invFreq[p])} / ${fmtSig(f.divisor[p])}`,
        Math.abs(f.invFreq[p] - f.divisor[p]) < ROUNDING,
      ),
    ];
  },

  normDot(ctx, a) {
    const dim = num(a, 'dim');
    const t = ctx.pe.sinusoidal({ positions: num(a, 'positions'), dim, precision: 64 });
    const g = ctx.pe.analysis.gram(t);
    const i = num(a, 'norm');
    const norm = ctx.pe.analysis.rowNorms(rowOf(t, i))[0];
    const rows = [row(`$\\lVert p_{${i}}\\rVert$`, `$\\sqrt{${dim}/2}$`, fmt(norm, 12), Math.abs(norm - Math.sqrt(dim / 2)) < 1e-12)];
    for (const [p, q] of pairs(a, 'pairs')) {
      const formula = ctx.pe.analysis.dotByFrequencies({ invFreq: ctx.pe.inverseFrequencies({ dim }).invFreq, offsets: [q - p] })[0];
      rows.push(
        row(
          `$p_{${p}}\\cdot p_{${q}}$`,
          l(`$\\sum\\cos((i-j)\\omega_m)=${fmt(formula, 6)}$`, `$\\sum\\cos((i-j)\\omega_m)=${fmt(formula, 6)}$`),
          fmt(at(g, p, q), 6),
          Math.abs(formula - at(g, p, q)) < 1e-12,
        ),
      );
    }
    return rows;
  },

  pairCosines(ctx, a) {
    const dim = num(a, 'dim');
    const near = num(a, 'near');
    const t = ctx.pe.sinusoidal({ positions: [0, num(a, 'offset')], dim, precision: 64 });
    const rows = Array.from({ length: dim / 2 }, (_, i) =>
      row(
        `$\\cos(\\Delta\\omega_${i})$, $\\Delta=${num(a, 'offset')}$`,
        l('接近 1', 'close to 1'),
        fmt(at(t, 1, 2 * i + 1), 4),
        at(t, 1, 2 * i + 1) >= near,
      ),
    );
    rows.push(
      row(
        l('讲义第 162 行自己印的 $\\cos(1)$', "The document's own $\\cos(1)$, line 162"),
        '0.54',
        fmt(at(t, 1, 1), 4),
        Math.abs(at(t, 1, 1) - 0.54) <= 0.005,
        true,
      ),
    );
    return rows;
  },

  dotOffsets(ctx, a) {
    const [o1, o2] = nums(a, 'offsets');
    const [d1, d2] = ctx.pe.analysis.dotByFrequencies({
      invFreq: ctx.pe.inverseFrequencies({ dim: num(a, 'dim') }).invFreq,
      offsets: [o1, o2],
    });
    return [
      row(
        l(`点积：$\\Delta=${o1}$ 与 $\\Delta=${o2}$`, `Dot product at $\\Delta=${o1}$ and $\\Delta=${o2}$`),
        l(`随距离减小（$\\Delta=${o2}$ 更小）`, `falls with distance ($\\Delta=${o2}$ smaller)`),
        `${fmt(d1, 4)} / ${fmt(d2, 4)}`,
        d2 < d1,
      ),
    ];
  },

  distanceOrder(ctx, a) {
    const dim = num(a, 'dim');
    const [o1, o2] = nums(a, 'offsets');
    const [d1, d2] = ctx.pe.analysis.offsetDistances({ dim, offsets: [o1, o2] });
    const n = num(a, 'n');
    const seed = num(a, 'seed');
    const p = ctx.pe.sinusoidal({ positions: n, dim, precision: 64 });
    const pp = ctx.pe.analysis.fourTerms(
      randn(ctx, seed, n, dim),
      p,
      randn(ctx, seed + 1, dim, dim),
      randn(ctx, seed + 2, dim, dim),
    ).positionPosition;
    const [[i1, j1], [i2, j2]] = pairs(a, 'cells');
    return [
      row(
        l(
          `$\\lVert p_0-p_{${o1}}\\rVert$ 与 $\\lVert p_0-p_{${o2}}\\rVert$`,
          `$\\lVert p_0-p_{${o1}}\\rVert$ and $\\lVert p_0-p_{${o2}}\\rVert$`,
        ),
        l('位置差越大，距离越远', 'the larger offset, the farther'),
        `${fmt(d1, 3)} / ${fmt(d2, 3)}`,
        d2 > d1,
      ),
      row(
        l(
          `分数中的位置—位置项 $(${i1},${j1})$ 与 $(${i2},${j2})$（同一位置差，随机 $W$）`,
          `Position–position score term at $(${i1},${j1})$ and $(${i2},${j2})$ (same offset, random $W$)`,
        ),
        l('只随距离变化：相同', 'a function of the distance: equal'),
        `${fmt(at(pp, i1, j1), 4)} / ${fmt(at(pp, i2, j2), 4)}`,
        Math.abs(at(pp, i1, j1) - at(pp, i2, j2)) < ROUNDING,
      ),
    ];
  },

  spanRank(ctx, a) {
    const n = num(a, 'n');
    const dim = num(a, 'dim');
    const t = ctx.pe.sinusoidal({ positions: n, dim, precision: 64 });
    const r = ctx.pe.analysis.numericalRank(t, { tolerance: num(a, 'tolerance') });
    return [
      row(
        l(
          `$n=d=${n}$ 时张成的维数（奇异值大于最大值的 $10^{-7}$）`,
          `Dimensions spanned at $n=d=${n}$ (singular values above $10^{-7}$ of the largest)`,
        ),
        `${Math.min(n, dim)}`,
        `${r.rank}`,
        r.rank === Math.min(n, dim),
      ),
    ];
  },

  sphereCoverage(ctx, a) {
    const dim = num(a, 'dim');
    const positions = num(a, 'positions');
    const radius = Math.sqrt(dim / 2);
    const point = Array.from({ length: dim }, (_, i) => (i === 0 ? radius : 0));
    const nearest = ctx.pe.analysis.sinusoidalNearest({ dim, positions, point });
    const norms = ctx.pe.analysis.sequenceStats(ctx.pe.analysis.rowNorms(ctx.pe.sinusoidal({ positions: 50, dim, precision: 64 })));
    return [
      row(
        l(
          `球面上的点 $(\\sqrt{${dim}/2},0,\\dots,0)$ 到 $p_0\\dots p_{${positions - 1}}$ 的最近距离`,
          `Nearest of $p_0\\dots p_{${positions - 1}}$ to the point $(\\sqrt{${dim}/2},0,\\dots,0)$ of the sphere`,
        ),
        l('接近 0（遍历整个球面）', 'near 0 (the whole sphere is visited)'),
        l(`${fmt(nearest.distance, 6)}（等于半径）`, `${fmt(nearest.distance, 6)} (the radius)`),
        nearest.distance < 0.5 * radius,
      ),
      row(
        l('所有编码都在这个球面上', 'Every encoding lies on that sphere'),
        `$\\sqrt{${dim}/2}$`,
        `${fmt(norms.min, 6)} … ${fmt(norms.max, 6)}`,
        Math.abs(norms.min - radius) < 1e-12 && Math.abs(norms.max - radius) < 1e-12,
        true,
      ),
    ];
  },

  omegaExample(ctx, a, e) {
    const dim = num(a, 'dim');
    const f = ctx.pe.analysis.frequencyTable({ dim });
    const dots = ctx.pe.analysis.dotByFrequencies({ invFreq: ctx.pe.inverseFrequencies({ dim }).invFreq, offsets: [1, 2] });
    const div = printedList(e, 'divisor');
    return [
      ...div.map((s, k) => printed(l(`除数 $1/\\omega_${k + 1}$`, `divisor $1/\\omega_${k + 1}$`), s, f.divisor[k + 1])),
      ...printedList(e, 'dots').map((s, k) => printed(`$p_0\\cdot p_${k + 1}$`, s, dots[k])),
    ];
  },

  printedValues(ctx, a, e) {
    const cs = pairs(a, 'cells');
    const t = ctx.pe.sinusoidal({ positions: Math.max(...cs.map((c) => c[0])) + 1, dim: num(a, 'dim'), precision: 64 });
    return printedList(e, 'values').map((s, k) => printed(`$PE_{${cs[k][0]},${cs[k][1]}}$`, s, at(t, cs[k][0], cs[k][1])));
  },

  pcaShape(ctx, a) {
    const n = num(a, 'n');
    const t = ctx.pe.sinusoidal({ positions: n, dim: num(a, 'dim'), precision: 64 });
    const p = ctx.pe.analysis.pca(t, 2);
    const turn = ctx.pe.analysis.sweptAngle(p.coords);
    const size = ctx.pe.analysis.sequenceStats(ctx.pe.analysis.rowNorms(p.coords)).max;
    const spiralOrCircle = Math.abs(turn.degrees) >= 360 || turn.gap < 0.1 * size;
    return [
      row(
        l(`前两个主成分上的曲线（$n=d=${n}$）`, `The curve on the first two components ($n=d=${n}$)`),
        l('螺旋或圆：转满一圈，或首尾相接', 'a spiral or a circle: at least one full turn, or closing on itself'),
        l(
          `转过 ${fmt(Math.abs(turn.degrees), 0)}°，首尾相距 ${fmt(turn.gap, 2)}（曲线半径约 ${fmt(size, 2)}）`,
          `turns ${fmt(Math.abs(turn.degrees), 0)}°, ends ${fmt(turn.gap, 2)} apart (radius about ${fmt(size, 2)})`,
        ),
        spiralOrCircle,
      ),
      row(
        l('两个主成分解释的方差', 'Variance explained by the two components'),
        '—',
        `${fmt(p.explained[0] * 100, 1)} % + ${fmt(p.explained[1] * 100, 1)} %`,
        p.explained[0] > p.explained[1],
        true,
      ),
    ];
  },

  layoutShift(ctx, a) {
    const positions = num(a, 'positions');
    const dim = num(a, 'dim');
    const k = num(a, 'k');
    const concat = ctx.pe.sinusoidal({ positions, dim, layout: 'concat', precision: 64 });
    const inter = ctx.pe.sinusoidal({ positions, dim, precision: 64 });
    const rc = ctx.pe.analysis.linearShiftResidual(concat, { k });
    const ri = ctx.pe.analysis.linearShiftResidual(inter, { k });
    return [
      row(
        l('先全部 sin 再全部 cos：最优线性平移的残差', 'All sines, then all cosines: residual of the best linear shift'),
        l('大于 0（必须交替）', 'above 0 (they must alternate)'),
        sci(rc),
        rc > 1e-6,
      ),
      row(l('交替排列：同一残差', 'Interleaved: the same residual'), '0', sci(ri), ri < 1e-9, true),
    ];
  },

  sinOnly(ctx, a) {
    const o = { k: num(a, 'k'), dim: num(a, 'dim'), n: num(a, 'n') };
    const s = ctx.pe.analysis.bestLinearMap({ ...o, features: 'sin' }).relativeResidual;
    const b = ctx.pe.analysis.bestLinearMap({ ...o, features: 'sincos' }).relativeResidual;
    return [
      row(l('残差：只有 sin', 'Residual, sines only'), l('大于 0', 'above 0'), fmt(s, 3), s > 1e-3),
      row(l('残差：sin 与 cos', 'Residual, sines and cosines'), '0', sci(b), b < 1e-10),
    ];
  },

  binary(ctx, a, e) {
    const b = ctx.pe.analysis.binaryEncoding({ n: num(a, 'n'), bits: num(a, 'bits') });
    const bits = (p: number) => Array.from(b.data.subarray(p * b.cols, (p + 1) * b.cols)).join(' ');
    const flips = (p: number, q: number) =>
      Array.from({ length: b.cols }, (_, i) => (at(b, p, i) !== at(b, q, i) ? 1 : 0)).reduce<number>((s, v) => s + v, 0);
    const pr = e.printed ?? {};
    return [
      row('PE(7)', String(pr.pe7), bits(7), bits(7) === pr.pe7),
      row('PE(8)', String(pr.pe8), bits(8), bits(8) === pr.pe8),
      row(l('6 → 7 翻转的位数', 'bits flipped 6 → 7'), String(pr.flips67), String(flips(6, 7)), String(flips(6, 7)) === pr.flips67),
      row(l('7 → 8 翻转的位数', 'bits flipped 7 → 8'), String(pr.flips78), String(flips(7, 8)), String(flips(7, 8)) === pr.flips78),
    ];
  },

  normalised(ctx, a, e) {
    const gaps = printedList(e, 'gaps');
    return nums(a, 'lengths').map((n, k) => {
      const labels = ctx.pe.analysis.normalizedEncoding(n);
      return printed(
        l(`长度 ${n}：位置 1 的标记（与位置 0 的距离）`, `length ${n}: label of position 1 (its distance to position 0)`),
        gaps[k],
        labels[1],
      );
    });
  },

  relativeImplicit(ctx, a) {
    const dim = num(a, 'dim');
    const positions = num(a, 'positions');
    const [[p1, q1], [p2, q2]] = pairs(a, 'pairs');
    const g = ctx.pe.analysis.gram(ctx.pe.sinusoidal({ positions, dim, precision: 64 }));
    const same = Math.abs(at(g, p1, q1) - at(g, p2, q2));
    const rows = [
      row(
        l(
          `正弦编码：$p_{${p1}}\\cdot p_{${q1}}$ 与 $p_{${p2}}\\cdot p_{${q2}}$（同一位置差）`,
          `Sinusoidal: $p_{${p1}}\\cdot p_{${q1}}$ and $p_{${p2}}\\cdot p_{${q2}}$ (same offset)`,
        ),
        l('没有相对位置信息', 'no relative information'),
        l(`相等：${fmt(at(g, p1, q1), 6)}（只依赖位置差）`, `equal: ${fmt(at(g, p1, q1), 6)} (a function of the offset)`),
        same > 1e-9,
      ),
    ];
    if (a.learned) {
      const t = ctx.pe.analysis.learnedLookup({ nMax: positions, dim, seed: 1, positions: [p1, q1, p2, q2] });
      const gl = ctx.pe.analysis.gram(t);
      rows.push(
        row(
          l('未训练的可学习表：同样两对', 'Untrained learned table: the same two pairs'),
          l('§2.6："隐含"相对位置', '§2.6: relative position "implicit"'),
          l(`不同：${sci(at(gl, 0, 1))} 与 ${sci(at(gl, 2, 3))}`, `different: ${sci(at(gl, 0, 1))} and ${sci(at(gl, 2, 3))}`),
          Math.abs(at(gl, 0, 1) - at(gl, 2, 3)) < 1e-12,
        ),
      );
    }
    return rows;
  },

  absoluteAffected(ctx, a) {
    const [p, q] = nums(a, 'positions');
    const t = ctx.pe.sinusoidal({ positions: [p, q], dim: num(a, 'dim'), precision: 64 });
    const d = ctx.pe.analysis.maxAbsDifference(rowOf(t, 0), rowOf(t, 1));
    return [
      row(
        l('绝对位置编码是否受绝对位置影响', 'Is the absolute encoding affected by absolute position?'),
        l('表中这一格：否', "the table's cell: no"),
        l(
          `是：位置 ${p} 与 ${q} 加上的向量相差达 ${fmt(d, 3)}`,
          `yes: the vectors added at positions ${p} and ${q} differ by up to ${fmt(d, 3)}`,
        ),
        d < ROUNDING,
      ),
    ];
  },

  table004(ctx, a, e) {
    const rows = printedList(e, 'rows').map(cells);
    const labelled = num(a, 'labelled');
    const actual = num(a, 'actual');
    const small = ctx.pe.sinusoidal({ positions: rows.length, dim: labelled, precision: 64 });
    const big = ctx.pe.sinusoidal({ positions: rows.length, dim: actual, precision: 64 });
    const asBig = rows.flatMap((r, p) => r.map((s, c) => sixDigits(`d=${actual} PE[${p},${c}]`, s, at(big, p, c))));
    const asSmall = rows.flatMap((r, p) =>
      r.slice(0, labelled).map((s, c) => sixDigits(`$d=${labelled}$: $PE_{${p},${c}}$`, s, at(small, p, c))),
    );
    const agreeing = asBig.filter((x) => x.agrees).length;
    return [
      row(
        l(`$d_{model}=${labelled}$ 的列数`, `Columns of a $d_{model}=${labelled}$ encoding`),
        String(rows[0].length),
        String(small.cols),
        rows[0].length === small.cols,
      ),
      ...asSmall.filter((x) => !x.agrees).slice(0, 4),
      row(
        l(`与 $d_{model}=${actual}$ 编码相等的值`, `Entries equal to those of the $d_{model}=${actual}$ encoding`),
        String(asBig.length),
        `${agreeing} / ${asBig.length}`,
        agreeing === asBig.length,
        true,
      ),
    ];
  },

  table004Header(ctx, a, e) {
    const rows = printedList(e, 'rows').map(cells);
    const header = printedList(e, 'header').map(Number);
    const t = ctx.pe.sinusoidal({ positions: rows.length, dim: num(a, 'actual'), precision: 64 });
    const labelRight = header.map((lab, c) => rows.slice(1).every((r, p) => sixDigits('', r[c], at(t, p + 1, lab)).agrees));
    const right = labelRight.filter(Boolean).length;
    const col = header.indexOf(2);
    return [
      row(
        l('列名与该列数据相符', 'Labels that match their column'),
        `${header.length} / ${header.length}`,
        `${right} / ${header.length}`,
        right === header.length,
      ),
      sixDigits(
        l(`标为 PE(pos,2) (sin) 的一列，pos = 1，与 $PE_{1,2}$`, `Column labelled PE(pos,2) (sin), pos 1, against $PE_{1,2}$`),
        rows[1][col],
        at(t, 1, 2),
      ),
      {
        ...sixDigits(l(`同一列与 $PE_{1,${col}}=\\cos 1$`, `The same column against $PE_{1,${col}}=\\cos 1$`), rows[1][col], at(t, 1, col)),
        context: true,
      },
    ];
  },

  expForm(ctx, a) {
    const e = ctx.pe.analysis.expFormCheck({ dim: num(a, 'dim') });
    return [
      row(
        l(
          '$10000^{-2i/d}$ 与 $e^{-\\frac{2i}{d}\\ln 10000}$ 的最大相对差',
          'Largest relative difference of $10000^{-2i/d}$ and $e^{-\\frac{2i}{d}\\ln 10000}$',
        ),
        '0',
        sci(e.natural),
        e.natural < 1e-12,
      ),
      row(l('若把 log 读成 $\\log_{10}$', 'Reading log as $\\log_{10}$'), l('不同', 'different'), sci(e.log10), e.log10 > 0.1, true),
    ];
  },

  learnedRows(ctx, a) {
    const nMax = num(a, 'nMax');
    const probe = num(a, 'probe');
    const dim = num(a, 'dim');
    const lookup = (p: number) => {
      try {
        ctx.pe.analysis.learnedLookup({ nMax, dim, positions: [p] });
        return true;
      } catch {
        return false;
      }
    };
    const hasProbe = lookup(probe);
    const hasEnd = lookup(nMax);
    return [
      row(
        l(
          `$n_{max}=${nMax}$ 的表、训练长度 ${num(a, 'trainLength')}：位置 ${probe} 能用吗？`,
          `Table of $n_{max}=${nMax}$ rows, training length ${num(a, 'trainLength')}: can position ${probe} be used?`,
        ),
        l('不能（只能处理训练时见过的长度）', 'no (only lengths seen in training)'),
        hasProbe ? l('能：这一行存在（只是没训练过）', 'yes: the row exists (untrained)') : l('没有这一行', 'no row'),
        !hasProbe,
      ),
      row(
        l(`位置 ${nMax}（$=n_{max}$）`, `Position ${nMax} ($=n_{max}$)`),
        l('没有这一行', 'no row'),
        hasEnd ? l('有这一行', 'a row') : l('没有这一行：核心拒绝查找', 'no row: the core refuses'),
        !hasEnd,
        true,
      ),
    ];
  },

  bertTable(ctx, a) {
    const nMax = num(a, 'nMax');
    const dim = num(a, 'dim');
    const sinusoidal = ctx.pe.sinusoidal({ positions: [nMax], dim, precision: 64 }).rows === 1;
    let learned = true;
    try {
      ctx.pe.analysis.learnedLookup({ nMax, dim, positions: [nMax] });
    } catch {
      learned = false;
    }
    const said = (b: boolean) => (b ? l('有定义', 'defined') : l('没有这一行', 'no row'));
    return [
      row(
        l(
          `位置 ${nMax} 的编码：讲义说的正弦编码 与 BERT 的 ${nMax} 行表`,
          `Encoding at position ${nMax}: the sinusoidal one the document names, against BERT's table of ${nMax} rows`,
        ),
        said(sinusoidal),
        said(learned),
        sinusoidal === learned,
      ),
    ];
  },
};
