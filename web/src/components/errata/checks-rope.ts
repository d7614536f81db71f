/** Checks of the RoPE passages (000 §3, 003 §3, 004 §2.5–2.7). */
import { l } from '../shared/i18n.js';
import {
  type CheckContext,
  type CheckFn,
  type CheckRow,
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
  str,
  sum,
} from './check-kit.js';

const rad = (deg: number) => (deg * Math.PI) / 180;
const column = (v: ArrayLike<number>) => ({ rows: v.length, cols: 1, data: Float64Array.from(v) });
const rowVec = (v: ArrayLike<number>) => ({ rows: 1, cols: v.length, data: Float64Array.from(v) });

export const ROPE: Record<string, CheckFn> = {
  ropeWorked(ctx, a, e) {
    const y = ctx.pe.analysis.ropeRotate({
      x: nums(a, 'x'),
      position: num(a, 'position'),
      invFreq: ctx.pe.inverseFrequencies({ dim: num(a, 'dim') }).invFreq,
    });
    return printedList(e, 'y').map((s, k) => printed(`$f(q,${num(a, 'position')})_${k}$`, s, y[k]));
  },

  ropeElementwise(ctx, a) {
    const x = nums(a, 'x');
    const dim = num(a, 'dim');
    const position = num(a, 'position');
    const y = ctx.pe.analysis.ropeRotate({ x, position, invFreq: ctx.pe.inverseFrequencies({ dim }).invFreq });
    const rx = ctx.pe.analysis.matmul(ctx.pe.rotationMatrix({ dim, position }), column(x));
    const d = ctx.pe.analysis.maxAbsDifference(rx, column(y));
    return [
      row(l('逐元素形式与矩阵形式 $R_{\\Theta,m}x$', 'Element-wise form against the matrix form $R_{\\Theta,m}x$'), '0', sci(d), d < 1e-12),
    ];
  },

  offsetSign(ctx, a) {
    const q = nums(a, 'q');
    const k = nums(a, 'k');
    const m = num(a, 'm');
    const n = num(a, 'n');
    const invFreq = [num(a, 'theta')];
    const score = ctx.pe.analysis.ropeScore({ q, k, m, n, invFreq });
    const withMn = ctx.pe.analysis.ropeSplit({ q, k, delta: m - n, invFreq }).direct[0];
    const withNm = ctx.pe.analysis.ropeSplit({ q, k, delta: n - m, invFreq }).direct[0];
    return [
      row(
        l(
          `把 $m-n$ 代入 $q^\\top R(\\cdot\\,\\theta)k$（$m=${m}$，$n=${n}$）`,
          `$q^\\top R(\\cdot\\,\\theta)k$ with $m-n$ ($m=${m}$, $n=${n}$)`,
        ),
        fmt(withMn, 6),
        l(`真实分数 $\\langle R(m)q,R(n)k\\rangle=${fmt(score, 6)}$`, `the real score $\\langle R(m)q,R(n)k\\rangle=${fmt(score, 6)}$`),
        Math.abs(withMn - score) < ROUNDING,
      ),
      row(
        l('代入 $n-m$（推导的结果）', "with $n-m$ (the derivation's)"),
        fmt(withNm, 6),
        fmt(score, 6),
        Math.abs(withNm - score) < ROUNDING,
        true,
      ),
    ];
  },

  ropeRelative(ctx, a) {
    const dim = num(a, 'dim');
    const qk = randn(ctx, num(a, 'seed'), 2, dim);
    const q = qk.data.subarray(0, dim);
    const k = qk.data.subarray(dim);
    const invFreq = ctx.pe.inverseFrequencies({ dim }).invFreq;
    const [[m1, n1], [m2, n2], [m3, n3]] = pairs(a, 'pairs');
    const s = (m: number, n: number) => ctx.pe.analysis.ropeScore({ q, k, m, n, invFreq });
    const [s1, s2, s3] = [s(m1, n1), s(m2, n2), s(m3, n3)];
    const rid = ctx.pe.analysis.rotationIdentity({ dim, m: 5, n: 12 });
    const shifted = row(
      l(`平移：$(${m1},${n1})$ 与 $(${m2},${n2})$`, `Shifted: $(${m1},${n1})$ and $(${m2},${n2})$`),
      l('相同', 'equal'),
      `${fmt(s1, 6)} / ${fmt(s2, 6)}`,
      Math.abs(s1 - s2) < ROUNDING,
    );
    const identity = row('$\\max|R(5)^\\top R(12)-R(7)|$', '0', sci(rid), rid < 1e-12);
    if (a.claim === 'offset-invariant') {
      return [
        row(
          l(`相对位置改变：$(${m1},${n1})$ 与 $(${m3},${n3})$`, `Relative position changed: $(${m1},${n1})$ and $(${m3},${n3})$`),
          l('不变（"相对位置不变性"）', 'unchanged ("relative-position invariance")'),
          `${fmt(s1, 6)} / ${fmt(s3, 6)}`,
          Math.abs(s1 - s3) < ROUNDING,
        ),
        { ...shifted, context: true },
      ];
    }
    return [
      shifted,
      identity,
      row(
        l(`位置差不同：$(${m3},${n3})$`, `A different offset: $(${m3},${n3})$`),
        l('不同', 'different'),
        fmt(s3, 6),
        Math.abs(s1 - s3) > 1e-6,
        true,
      ),
    ];
  },

  rotationDirection(ctx, a) {
    const angle = num(a, 'angle');
    const r = ctx.pe.analysis.ropeRotate({ x: [1, 0], position: 1, invFreq: [rad(angle)] });
    return [
      row(
        l(`$(1,0)$ 转 ${angle}° 的方向`, `Direction of turning $(1,0)$ by ${angle}°`),
        l('顺时针', 'clockwise'),
        r[1] > 0 ? l('逆时针（转到 $y>0$）', 'counter-clockwise (to $y>0$)') : l('顺时针', 'clockwise'),
        r[1] < 0,
      ),
      row(l('结果', 'Result'), '(0, 1)', `(${fmt(r[0], 6)}, ${fmt(r[1], 6)})`, Math.abs(r[0]) < 1e-12 && Math.abs(r[1] - 1) < 1e-12, true),
    ];
  },

  rotate30(ctx, a, e) {
    const r = ctx.pe.analysis.ropeRotate({ x: nums(a, 'x'), position: 1, invFreq: [rad(num(a, 'angle'))] });
    const y = printedList(e, 'y');
    return [printed("$x'$", y[0], r[0]), printed("$y'$", y[1], r[1])];
  },

  cosOnly(ctx, a) {
    const s = ctx.pe.analysis.ropeSplit({ q: nums(a, 'q'), k: nums(a, 'k'), delta: 1, invFreq: [rad(num(a, 'angle'))] });
    const total = s.cosTerm[0] + s.sinTerm[0];
    return [
      row(
        l(`转 ${num(a, 'angle')}° 后的 $Q'\\cdot K'$`, `$Q'\\cdot K'$ after turning by ${num(a, 'angle')}°`),
        l(`$\\cos\\Delta\\theta\\,(Q\\cdot K)=${fmt(s.cosTerm[0], 4)}$`, `$\\cos\\Delta\\theta\\,(Q\\cdot K)=${fmt(s.cosTerm[0], 4)}$`),
        fmt(s.direct[0], 4),
        Math.abs(s.cosTerm[0] - s.direct[0]) < ROUNDING,
      ),
      row(
        l('加上 $\\sin$ 项（003 的拆分）', "With the $\\sin$ term (003's split)"),
        sum(s.cosTerm[0], s.sinTerm[0]),
        fmt(s.direct[0], 4),
        Math.abs(total - s.direct[0]) < ROUNDING,
        true,
      ),
    ];
  },

  ropeDemo(ctx, a) {
    const tokens = a.tokens as number[][];
    const [wq, wk] = [a.wq as number[][], a.wk as number[][]];
    const degrees = nums(a, 'degrees');
    const t = (w: number[][]) =>
      matrix([
        [w[0][0], w[1][0]],
        [w[0][1], w[1][1]],
      ]); // F.linear(x, W) = x·Wᵀ
    const q = ctx.pe.analysis.matmul(matrix(tokens), t(wq));
    const k = ctx.pe.analysis.matmul(matrix(tokens), t(wk));
    const turn = (m: { data: Float64Array }) =>
      matrix(
        degrees.map((deg, i) =>
          Array.from(ctx.pe.analysis.ropeRotate({ x: m.data.subarray(2 * i, 2 * i + 2), position: 1, invFreq: [rad(deg)] })),
        ),
      );
    const qr = turn(q);
    const byMatrix = matrix(
      degrees.map((deg, i) =>
        Array.from(
          ctx.pe.analysis.matmul(ctx.pe.rotationMatrix({ dim: 2, position: rad(deg) }), column(q.data.subarray(2 * i, 2 * i + 2))).data,
        ),
      ),
    );
    const dRot = ctx.pe.analysis.maxAbsDifference(qr, byMatrix);
    const att = ctx.pe.analysis.attention(qr, turn(k), matrix(tokens));
    const sums = ctx.pe.analysis.matmul(att.weights, column([1, 1, 1]));
    const dSum = ctx.pe.analysis.maxAbsDifference(sums, column([1, 1, 1]));
    return [
      row(
        l(
          '`apply_rope` 与旋转矩阵 $R(\\theta)$（每个词 10°、20°、30°）',
          '`apply_rope` against the rotation matrix $R(\\theta)$ (10°, 20°, 30° per token)',
        ),
        '0',
        sci(dRot),
        dRot < 1e-12,
      ),
      row(
        l('注意力权重每行之和', 'Each row of the attention weights sums to'),
        '1',
        l(`与 1 相差 ${sci(dSum)}`, `1 to ${sci(dSum)}`),
        dSum < 1e-12,
      ),
    ];
  },

  thetaFromOne(ctx, a) {
    const dim = num(a, 'dim');
    const f = ctx.pe.analysis.frequencyTable({ dim });
    const rid = ctx.pe.analysis.rotationIdentity({ dim, m: num(a, 'm'), n: num(a, 'n') });
    return [
      printed(
        l(`$\\theta_2$（从 1 数起，$d=${dim}$）$=10000^{-2/${dim}}$`, `$\\theta_2$ (from 1, $d=${dim}$) $=10000^{-2/${dim}}$`),
        '0.1',
        f.invFreq[1],
      ),
      row(`$\\max|R(${num(a, 'm')})^\\top R(${num(a, 'n')})-R(${num(a, 'n') - num(a, 'm')})|$`, '0', sci(rid), rid < 1e-12),
    ];
  },

  projectionOrder(ctx, a) {
    const w = randn(ctx, num(a, 'seed'), 4, 4);
    const x = nums(a, 'x');
    const y = nums(a, 'y');
    const invFreq = ctx.pe.inverseFrequencies({ dim: 4 }).invFreq;
    const [[m1, n1], [m2, n2]] = pairs(a, 'pairs');
    const after = (m: number, n: number) => ctx.pe.analysis.ropeScore({ q: x, k: y, m, n, invFreq, project: w });
    const xw = ctx.pe.analysis.matmul(rowVec(x), w).data;
    const yw = ctx.pe.analysis.matmul(rowVec(y), w).data;
    const before = (m: number, n: number) => ctx.pe.analysis.ropeScore({ q: xw, k: yw, m, n, invFreq });
    const [a1, a2, b1, b2] = [after(m1, n1), after(m2, n2), before(m1, n1), before(m2, n2)];
    return [
      row(
        l(`先旋转再投影：$(m,n)=(${m1},${n1})$ 与 $(${m2},${n2})$`, `Rotate, then project: $(m,n)=(${m1},${n1})$ and $(${m2},${n2})$`),
        l('相同（只依赖 $n-m$）', 'equal (depends on $n-m$)'),
        `${fmt(a1, 4)} / ${fmt(a2, 4)}`,
        Math.abs(a1 - a2) < ROUNDING,
      ),
      row(
        l('先投影再旋转：同两对', 'Project, then rotate: the same two'),
        l('相同', 'equal'),
        `${fmt(b1, 4)} / ${fmt(b2, 4)}`,
        Math.abs(b1 - b2) < ROUNDING,
        true,
      ),
    ];
  },

  ropeCodeFrequencies(ctx, a) {
    const dim = num(a, 'dim');
    const p = num(a, 'pair');
    const code = ctx.pe.inverseFrequencies({ dim: dim / 2 }).invFreq; // 10000 ** (−2·i/(d/2)): the code divides by dim = d/2
    const right = ctx.pe.inverseFrequencies({ dim }).invFreq;
    return [
      row(
        l(`$\\theta_${p}$（$d=${dim}$）`, `$\\theta_${p}$ ($d=${dim}$)`),
        fmtSig(code[p], 6),
        fmtSig(right[p], 6),
        Math.abs(code[p] - right[p]) < ROUNDING,
      ),
      row(
        l(
          `代码的 $\\theta_${p}$ 等于正确的 $\\theta_{${2 * p}}$（频率按 $4i/d$ 走）`,
          `The code's $\\theta_${p}$ is the right $\\theta_{${2 * p}}$ (the exponent runs as $4i/d$)`,
        ),
        fmtSig(code[p], 6),
        fmtSig(right[2 * p], 6),
        Math.abs(code[p] - right[2 * p]) < 1e-15,
        true,
      ),
      ...ropeCodeShapes(ctx, a, dim),
    ];
  },

  rope2d(ctx, a) {
    const q = nums(a, 'q');
    const k = nums(a, 'k');
    const theta = num(a, 'theta');
    const [ax, ay] = nums(a, 'a');
    const [bx, by] = nums(a, 'b');
    const single = (dx: number, dy: number) => ctx.pe.analysis.ropeSplit({ q, k, delta: dx * theta + dy * theta, invFreq: [1] }).direct[0];
    // Axial: the x half and the y half carry different content (the same content in both halves
    // would make the score symmetric in (Δx, Δy) and hide the difference).
    const axial = (dx: number, dy: number) => {
      const qa = ctx.pe.analysis.ropeRotate2d({ x: nums(a, 'q4'), px: 0, py: 0 });
      const kb = ctx.pe.analysis.ropeRotate2d({ x: nums(a, 'k4'), px: dx, py: dy });
      return ctx.pe.analysis.matmul(rowVec(qa), column(kb)).data[0];
    };
    const [s1, s2, x1, x2] = [single(ax, ay), single(bx, by), axial(ax, ay), axial(bx, by)];
    return [
      row(
        l(`一个指数：位置差 $(${ax},${ay})$ 与 $(${bx},${by})$`, `One exponent: offsets $(${ax},${ay})$ and $(${bx},${by})$`),
        l('分数不同（能区分）', 'different scores (told apart)'),
        `${fmt(s1, 6)} / ${fmt(s2, 6)}`,
        Math.abs(s1 - s2) > 1e-6,
      ),
      row(
        l('轴向二维 RoPE（各取一半维度，第 699 行）', 'Axial 2-D RoPE (half the dimensions each, line 699)'),
        l('分数不同', 'different scores'),
        `${fmt(x1, 6)} / ${fmt(x2, 6)}`,
        Math.abs(x1 - x2) > 1e-6,
        true,
      ),
    ];
  },

  normReason(ctx, a) {
    const dim = num(a, 'dim');
    const x = randn(ctx, num(a, 'seed'), 1, dim);
    const rx = ctx.pe.analysis.ropeRotate({ x: x.data, position: num(a, 'position'), invFreq: ctx.pe.inverseFrequencies({ dim }).invFreq });
    const xw = ctx.pe.analysis.matmul(x, randn(ctx, num(a, 'wSeed'), dim, dim));
    const [nx, nr, nw] = [ctx.pe.analysis.rowNorms(x)[0], ctx.pe.analysis.rowNorms(rowVec(rx))[0], ctx.pe.analysis.rowNorms(xw)[0]];
    return [
      row(
        l(
          '一个线性映射（投影 $W$）：$\\lVert x\\rVert$ 与 $\\lVert xW\\rVert$',
          'A linear map (a projection $W$): $\\lVert x\\rVert$ and $\\lVert xW\\rVert$',
        ),
        l('不变（线性所以保长）', 'kept (linear, so length-preserving)'),
        `${fmt(nx, 4)} → ${fmt(nw, 4)}`,
        Math.abs(nx - nw) < 1e-9,
      ),
      row(
        l('旋转（正交）：$\\lVert Rx\\rVert$', 'The rotation (orthogonal): $\\lVert Rx\\rVert$'),
        fmt(nx, 10),
        fmt(nr, 10),
        Math.abs(nx - nr) < 1e-12,
        true,
      ),
    ];
  },

  decayBound(ctx, a) {
    const dim = num(a, 'dim');
    const invFreq = ctx.pe.inverseFrequencies({ dim }).invFreq;
    const offsets = Array.from({ length: num(a, 'offsets') + 1 }, (_, i) => i);
    const bound = ctx.pe.analysis.ropeDecayBound({ invFreq, offsets });
    const bs = ctx.pe.analysis.sequenceStats(bound);
    const qk = randn(ctx, num(a, 'seed'), 2, dim);
    const q = qk.data.subarray(0, dim);
    const k = qk.data.subarray(dim);
    const scores = Array.from({ length: num(a, 'scoreOffsets') }, (_, d) => ctx.pe.analysis.ropeScore({ q, k, m: 0, n: d, invFreq }));
    const ss = ctx.pe.analysis.sequenceStats(scores);
    const last = offsets.length - 1;
    return [
      row(
        l(
          `给定 $q,k$（$d=${dim}$）的分数，$\\Delta=0\\dots${scores.length - 1}$`,
          `Score of a given $q,k$ ($d=${dim}$), $\\Delta=0\\dots${scores.length - 1}$`,
        ),
        l('随距离衰减', 'decays with distance'),
        l(
          `上升 ${ss.increases} 次（首次在 $\\Delta=${ss.firstIncrease}$）`,
          `rises ${ss.increases} times (first at $\\Delta=${ss.firstIncrease}$)`,
        ),
        ss.increases === 0,
      ),
      row(
        l(`RoFormer 的上界，$\\Delta=0\\dots${last}$`, `RoFormer's bound, $\\Delta=0\\dots${last}$`),
        l('衰减', 'decays'),
        l(`总体下降，但有 ${bs.increases} 步上升`, `falls overall, yet rises at ${bs.increases} steps`),
        bs.increases === 0,
      ),
      row(l('上界的首尾', 'The bound at both ends'), '—', `${fmt(bound[0], 2)} → ${fmt(bound[last], 2)}`, bound[0] > bound[last], true),
    ];
  },

  complexForm(ctx, a) {
    const q = nums(a, 'q');
    const k = nums(a, 'k');
    const m = num(a, 'm');
    const n = num(a, 'n');
    const theta = num(a, 'theta');
    const c = ctx.pe.analysis.complexRopeScore({ q, k, m, n, theta });
    const r = ctx.pe.analysis.ropeScore({ q, k, m, n, invFreq: [theta] });
    return [
      row(
        l(
          '复数形式 $\\mathrm{Re}[\\tilde q\\,\\tilde k^*e^{\\mathrm{i}(m-n)\\theta}]$ 与 $q^\\top R((n-m)\\theta)k$',
          'The complex form $\\mathrm{Re}[\\tilde q\\,\\tilde k^*e^{\\mathrm{i}(m-n)\\theta}]$ and $q^\\top R((n-m)\\theta)k$',
        ),
        l('同一个分数', 'the same score'),
        `${fmt(c, 6)} / ${fmt(r, 6)}`,
        Math.abs(c - r) < ROUNDING,
      ),
    ];
  },

  thetaReadings(ctx, a) {
    const dim = num(a, 'dim');
    const i = num(a, 'index');
    const f = ctx.pe.analysis.frequencyTable({ dim, position: i });
    const readings = [f.angle[0], f.invFreq[i - 1], f.invFreq[i]];
    const s = ctx.pe.analysis.sequenceStats(readings);
    return [
      row(
        l(
          `"$\\theta_${i}$"（$d=${dim}$）：2.5 的角度 / 2.6 从 1 数的频率 / 2.7 从 0 数的频率`,
          `"$\\theta_${i}$" ($d=${dim}$): 2.5's angle / 2.6's frequency from 1 / 2.7's frequency from 0`,
        ),
        l('一个符号，一个值', 'one symbol, one value'),
        readings.map((v) => fmtSig(v)).join(' / '),
        s.distinct === 1,
      ),
    ];
  },

  shapeMismatch(ctx, a) {
    const attempt = (f: () => unknown) => {
      try {
        f();
        return '';
      } catch (err) {
        return (err as Error).message.replace(/^analysis\.matmul: /, '');
      }
    };
    if (str(a, 'kind') === 'rotation') {
      const dim = num(a, 'dim');
      const r = ctx.pe.rotationMatrix({ dim, position: 3 });
      const q = randn(ctx, 1, 1, dim);
      const left = attempt(() => ctx.pe.analysis.matmul(r, q));
      const right = attempt(() => ctx.pe.analysis.matmul(q, r));
      return [
        row(
          l(
            `$R_{\\theta_i}Q_i$：$${dim}\\times${dim}$ 的旋转左乘 $1\\times${dim}$ 的行向量`,
            `$R_{\\theta_i}Q_i$: a $${dim}\\times${dim}$ rotation times a $1\\times${dim}$ row, from the left`,
          ),
          l('有定义', 'defined'),
          left ? l(`无定义：\`${left}\``, `undefined: \`${left}\``) : l('有定义', 'defined'),
          left === '',
        ),
        row(
          l(`$Q_iR_{\\theta_i}^\\top$（行向量约定）`, `$Q_iR_{\\theta_i}^\\top$ (row vectors)`),
          l('有定义', 'defined'),
          right ? `\`${right}\`` : l('有定义', 'defined'),
          right === '',
          true,
        ),
      ];
    }
    const dModel = num(a, 'dModel');
    const dK = num(a, 'dK');
    const w = randn(ctx, 1, dModel, dK);
    const x = randn(ctx, 2, 1, dModel);
    const colX = { rows: dModel, cols: 1, data: x.data };
    const left = attempt(() => ctx.pe.analysis.matmul(w, colX));
    const rowForm = attempt(() => ctx.pe.analysis.matmul(x, w));
    return [
      row(
        l(
          `2.4 的 $W_q$（$${dModel}\\times${dK}$）按 2.6 写成 $W^qx_m$`,
          `2.4's $W_q$ ($${dModel}\\times${dK}$) used as 2.6 writes it, $W^qx_m$`,
        ),
        l('有定义', 'defined'),
        left ? l(`无定义：\`${left}\``, `undefined: \`${left}\``) : l('有定义', 'defined'),
        left === '',
      ),
      row(
        l('按 2.4 写成 $x_mW_q$', 'Written as 2.4 does, $x_mW_q$'),
        l('有定义', 'defined'),
        rowForm ? `\`${rowForm}\`` : l('有定义', 'defined'),
        rowForm === '',
        true,
      ),
    ];
  },

  ropeSplit(ctx, a) {
    const dim = num(a, 'dim');
    const s = ctx.pe.analysis.ropeSplit({
      q: nums(a, 'q'),
      k: nums(a, 'k'),
      delta: num(a, 'delta'),
      invFreq: ctx.pe.inverseFrequencies({ dim }).invFreq,
    });
    const planes = Array.from(s.direct, (d, i) =>
      row(
        l(
          `第 ${i} 平面：$\\cos$ 项 + $\\sin$ 项 与 $q^\\top R(\\Delta)k$`,
          `Plane ${i}: $\\cos$ term + $\\sin$ term against $q^\\top R(\\Delta)k$`,
        ),
        sum(s.cosTerm[i], s.sinTerm[i]),
        fmt(d, 4),
        Math.abs(s.cosTerm[i] + s.sinTerm[i] - d) < ROUNDING,
      ),
    );
    const m = num(a, 'm');
    const n = num(a, 'n');
    const g = ctx.pe.analysis.gram(ctx.pe.sinusoidal({ positions: [m, n], dim: 2, precision: 64 }));
    const c = ctx.pe.analysis.dotByFrequencies({ invFreq: ctx.pe.inverseFrequencies({ dim: 2 }).invFreq, offsets: [n - m] })[0];
    return [
      ...planes,
      row(
        `$[\\sin ${m},\\cos ${m}]\\cdot[\\sin ${n},\\cos ${n}]$`,
        `$\\cos(${m}-${n})=${fmt(c, 6)}$`,
        fmt(g.data[1], 6),
        Math.abs(g.data[1] - c) < ROUNDING,
      ),
    ];
  },

  cosineFactor(ctx, a) {
    const same = nums(a, 'sameQ');
    const cosTerms = Array.from(
      { length: num(a, 'offsets') },
      (_, d) => ctx.pe.analysis.ropeSplit({ q: same, k: same, delta: d, invFreq: [1] }).cosTerm[0],
    );
    const st = ctx.pe.analysis.sequenceStats(cosTerms);
    const base = cosTerms[0]; // Δ = 0: qᵀk itself
    const orth = ctx.pe.analysis.ropeSplit({ q: nums(a, 'q'), k: nums(a, 'k'), delta: -1, invFreq: [Math.PI / 2] });
    return [
      row(
        l(
          `$q=k=(${same.join(', ')})$：$|\\cos(\\omega\\Delta)\\,q^\\top k|$ 的最大值（$\\Delta=0\\dots${cosTerms.length - 1}$）`,
          `$q=k=(${same.join(', ')})$: largest $|\\cos(\\omega\\Delta)\\,q^\\top k|$ ($\\Delta=0\\dots${cosTerms.length - 1}$)`,
        ),
        l(`可以放大，超过 $q^\\top k=${fmt(base, 2)}$`, `can amplify, above $q^\\top k=${fmt(base, 2)}$`),
        l(`${fmt(st.maxAbs, 4)}：从不超过`, `${fmt(st.maxAbs, 4)}: never above`),
        st.maxAbs > base + ROUNDING,
      ),
      row(
        l(
          '$q=(1,0)$、$k=(0,1)$、$\\omega\\Delta=-90°$：$\\cos$ 项、$\\sin$ 项与分数',
          '$q=(1,0)$, $k=(0,1)$, $\\omega\\Delta=-90°$: $\\cos$ term, $\\sin$ term and score',
        ),
        '—',
        `${fmt(orth.cosTerm[0], 3)}, ${fmt(orth.sinTerm[0], 3)}, ${fmt(orth.direct[0], 3)}`,
        orth.direct[0] > 0.5,
        true,
      ),
    ];
  },
};

/**
 * The rest of 004's rotary_embedding, computed: `positions[:, None] * theta` broadcast as PyTorch
 * does (with the example's batch 2, sequence 10 and d_model = `dim`), the fix `positions[..., None]`,
 * and the code's output order on x = 1 … `width` at `position` against interleaved RoPE with the
 * code's own frequencies.
 */
function ropeCodeShapes(ctx: CheckContext, a: Record<string, unknown>, dim: number): CheckRow[] {
  if (a.batch === undefined) return [];
  const [batch, seq] = [num(a, 'batch'), num(a, 'seq')];
  const theta = [dim / 2];
  const asWritten = ctx.pe.analysis.broadcastShapes({ a: [batch, 1, seq], b: theta });
  const fixed = ctx.pe.analysis.broadcastShapes({ a: [batch, seq, 1], b: theta });
  const shape = (v: ArrayLike<number>) => `(${Array.from(v).join(', ')})`;
  const width = num(a, 'width');
  const x = Array.from({ length: width }, (_, i) => i + 1);
  // the code's θ_i = 10000^(−2i/(d/2)) = (10000²)^(−2i/d), i < d/2: RoPE's frequencies at base 10000²
  const invFreq = ctx.pe.inverseFrequencies({ dim: width, base: 10000 ** 2 }).invFreq;
  const out = ctx.pe.analysis.ropeCodeOutput({ x, position: num(a, 'position'), invFreq });
  return [
    row(
      l(
        `\`positions[:, None] * theta\`：形状 ${shape([batch, 1, seq])} 与 ${shape(theta)}`,
        `\`positions[:, None] * theta\`: shapes ${shape([batch, 1, seq])} and ${shape(theta)}`,
      ),
      l('能算（讲义按原样运行示例）', 'works (the document runs its example as written)'),
      asWritten.ok
        ? l(`能算，得到 ${shape(asWritten.shape)}`, `works, giving ${shape(asWritten.shape)}`)
        : l(
            `报错：${asWritten.axis === -1 ? '最后一个轴' : `倒数第 ${-asWritten.axis} 个轴`}上 ${asWritten.left} 与 ${asWritten.right} 不能广播`,
            `error: ${asWritten.left} against ${asWritten.right} on ${asWritten.axis === -1 ? 'the last axis' : `axis ${fmt(asWritten.axis, 0)}`} cannot broadcast`,
          ),
      asWritten.ok,
    ),
    row(
      l(`改成 \`positions[..., None]\`：形状 ${shape([batch, seq, 1])}`, `As \`positions[..., None]\`: shape ${shape([batch, seq, 1])}`),
      l('能算', 'works'),
      fixed.ok ? shape(fixed.shape) : l('报错', 'error'),
      fixed.ok,
      true,
    ),
    row(
      l(
        `输出的维度顺序（$x=[1,\\dots,${width}]$，位置 ${num(a, 'position')}）`,
        `Order of the output ($x=[1,\\dots,${width}]$, position ${num(a, 'position')})`,
      ),
      l("与输入相同：$x'_0, x'_1, x'_2, \\dots$", "the input's: $x'_0, x'_1, x'_2, \\dots$"),
      out.maxInPlaceDifference === 0
        ? l('与输入相同', "the input's")
        : l(
            `先是每对的第一个坐标，再是第二个：相邻配对结果的第 ${Array.from(out.order).join('、')} 个`,
            `each pair's first coordinate, then the second ones: entries ${Array.from(out.order).join(', ')} of the interleaved result`,
          ),
      out.maxInPlaceDifference === 0,
    ),
    row(
      l('代码的输出与（同频率的）相邻配对 RoPE 重排后之差', "The code's output against interleaved RoPE (same frequencies) reordered"),
      '0',
      sci(out.maxReorderedDifference),
      out.maxReorderedDifference === 0,
      true,
    ),
  ];
}
