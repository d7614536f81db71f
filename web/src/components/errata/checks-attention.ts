/** Checks of what the documents say about attention: permutations, the four terms, masks, pooling. */
import { l } from '../shared/i18n.js';
import { at, type CheckContext, type CheckFn, fmt, matrix, num, nums, pairs, randn, ROUNDING, row, sci, str } from './check-kit.js';
import { textFind } from './text-scan.js';

/** X and the three projections of a toy layer, seeded: seed for X, seed + 1 … 3 for W_q, W_k, W_v. */
function layer(ctx: CheckContext, a: Record<string, unknown>) {
  const seed = num(a, 'seed');
  const n = num(a, 'n');
  const d = num(a, 'd');
  return {
    x: randn(ctx, seed, n, d),
    wq: randn(ctx, seed + 1, d, d),
    wk: randn(ctx, seed + 2, d, d),
    wv: randn(ctx, seed + 3, d, d),
    n,
    d,
  };
}

const identity = (d: number) => matrix(Array.from({ length: d }, (_, i) => Array.from({ length: d }, (_, j) => (i === j ? 1 : 0))));

export const ATTENTION: Record<string, CheckFn> = {
  permutation(ctx, a) {
    const { x, wq, wk, wv, n, d } = layer(ctx, a);
    const permutation = nums(a, 'permutation');
    const rep = ctx.pe.analysis.permutationReport({ x, permutation, wq, wk, wv });
    const out = [];
    for (const kind of a.rows as string[]) {
      if (kind === 'invariant') {
        out.push(
          row(
            l('$Y(PX)=Y(X)$（置换不变）', '$Y(PX)=Y(X)$ (invariant)'),
            l('成立', 'holds'),
            l(`不成立：相差 ${fmt(rep.invariance, 3)}`, `fails: differs by ${fmt(rep.invariance, 3)}`),
            rep.invariance < ROUNDING,
          ),
        );
      } else if (kind === 'orderUnchanged') {
        out.push(
          row(
            l('输入重排时，输出的顺序变不变？', 'Does the output order change when the input is reordered?'),
            l('不变', 'it does not'),
            l(`变：$Y(PX)$ 与 $Y(X)$ 相差 ${fmt(rep.invariance, 3)}`, `it does: $Y(PX)$ and $Y(X)$ differ by ${fmt(rep.invariance, 3)}`),
            rep.invariance < ROUNDING,
          ),
        );
      } else if (kind === 'weightsUnchanged') {
        out.push(
          row(
            l('注意力权重 $A(PX)$ 与 $A(X)$', 'Attention weights $A(PX)$ against $A(X)$'),
            l('不变', 'unchanged'),
            l(
              `相差 ${fmt(rep.weightsChange, 3)}（$A(PX)=PAP^\\top$，相差 ${sci(rep.weightsConjugation)}）`,
              `differ by ${fmt(rep.weightsChange, 3)} ($A(PX)=PAP^\\top$ to ${sci(rep.weightsConjugation)})`,
            ),
            rep.weightsChange < ROUNDING,
          ),
        );
      } else if (kind === 'equivariant') {
        out.push(
          row(
            l('$Y(PX)=P\\,Y(X)$（等变）', '$Y(PX)=P\\,Y(X)$ (equivariant)'),
            l('讲义描述的"只是顺序不同"', 'what the document describes, "only reordered"'),
            l(`相差 ${sci(rep.equivariance)}`, `differ by ${sci(rep.equivariance)}`),
            rep.equivariance < ROUNDING,
            true,
          ),
        );
      } else if (kind === 'pooledWeights') {
        const other = ctx.pe.analysis.permutationReport({ x: randn(ctx, num(a, 'otherSeed') * 100, n, d), permutation, wq, wk, wv });
        out.push(
          row(
            l('两个不同输入的注意力权重之和', 'Sum of all attention weights for two different inputs'),
            l('聚合它得到分类结果', 'pooled, it gives the classification'),
            l(
              `${fmt(rep.weightSum, 6)} 与 ${fmt(other.weightSum, 6)}：每行和为 1，总是 $n$`,
              `${fmt(rep.weightSum, 6)} and ${fmt(other.weightSum, 6)}: each row sums to 1, always $n$`,
            ),
            Math.abs(rep.weightSum - other.weightSum) > ROUNDING,
          ),
        );
      } else if (kind === 'pooledOutput') {
        out.push(
          row(
            l('输出向量的平均：$Y(PX)$ 与 $Y(X)$', 'Mean of the output vectors, $Y(PX)$ against $Y(X)$'),
            l('不变的读出', 'the invariant read-out'),
            l(`相差 ${sci(rep.pooledChange)}`, `differ by ${sci(rep.pooledChange)}`),
            rep.pooledChange < ROUNDING,
            true,
          ),
        );
      }
    }
    const sp = a.spelling as { line: number; wrong: string; right: string } | undefined;
    if (sp) {
      const wrong = textFind(ctx.seed, sp.wrong);
      out.push(
        row(
          l(`拼写：\`${sp.right}\``, `Spelling of \`${sp.right}\``),
          `\`${sp.wrong}\`（${wrong.length}）`,
          `\`${sp.right}\``,
          wrong.length === 0,
        ),
      );
    }
    return out;
  },

  equivariance(ctx, a) {
    const { x, wq, wk, wv, d } = layer(ctx, a);
    const permutation = nums(a, 'permutation');
    const p = ctx.pe.analysis.permutationCheck({ x, permutation, wq, wk, wv });
    const c = ctx.pe.analysis.crossAttentionCheck({ queries: randn(ctx, num(a, 'seed') + 4, 2, d), source: x, permutation, wk, wv });
    return [
      row('$\\max|Y(PX)-P\\,Y(X)|$', '0', sci(p.maxAbsDifference), p.maxAbsDifference < ROUNDING),
      row("$\\max|C'_t-C_t|$", '0', sci(c.maxAbsDifference), c.maxAbsDifference < ROUNDING),
    ];
  },

  weightedSum(ctx, a) {
    const { x, wq, wk, wv } = layer(ctx, a);
    const q = ctx.pe.analysis.matmul(x, wq);
    const k = ctx.pe.analysis.matmul(x, wk);
    const v = ctx.pe.analysis.matmul(x, wv);
    const att = ctx.pe.analysis.attention(q, k, v);
    const d = ctx.pe.analysis.maxAbsDifference(att.output, ctx.pe.analysis.matmul(att.weights, v));
    return [
      row(
        l('一个词的注意力结果是什么', "What one token's attention result is"),
        l('一个数：分数的加权和', 'one number: a weighted sum of scores'),
        l(`${att.output.cols} 个数的向量`, `a vector of ${att.output.cols} numbers`),
        att.output.cols === 1,
      ),
      row(
        l('输出 = 权重 × 值向量 $V$', 'Output = weights × value vectors $V$'),
        '—',
        l(`相差 ${sci(d)}`, `differ by ${sci(d)}`),
        d < ROUNDING,
        true,
      ),
    ];
  },

  scoresVsWeights(ctx, a) {
    const { x, wq, wk, wv } = layer(ctx, a);
    const att = ctx.pe.analysis.selfAttention(x, wq, wk, wv);
    const d = ctx.pe.analysis.maxAbsDifference(att.scores, att.weights);
    return [
      row(
        l('第 31 行的 $S$（分数）与第 89 行的 $S_t$（权重）', "Line 31's $S$ (scores) and line 89's $S_t$ (weights)"),
        l('同一个符号，同一个矩阵', 'one symbol, one matrix'),
        l(`相差 ${fmt(d, 3)}`, `differ by ${fmt(d, 3)}`),
        d < ROUNDING,
      ),
    ];
  },

  crossEncoder(ctx, a) {
    const { x, wq, wk, wv, d } = layer(ctx, a);
    const permutation = nums(a, 'permutation');
    const h = ctx.pe.analysis.selfAttention(x, wq, wk, wv).output;
    const enc = ctx.pe.analysis.permutationCheck({ x, permutation, wq, wk, wv });
    const c = ctx.pe.analysis.crossAttentionCheck({ queries: randn(ctx, num(a, 'seed') + 4, 2, d), source: h, permutation, wk, wv });
    return [
      row(
        l("源为编码器输出 $H$ 时 $\\max|C'_t-C_t|$", "$\\max|C'_t-C_t|$ with the encoder output $H$ as source"),
        '0',
        sci(c.maxAbsDifference),
        c.maxAbsDifference < ROUNDING,
      ),
      row(
        l('编码器等变：$H(PX)=P\\,H(X)$', 'The encoder is equivariant: $H(PX)=P\\,H(X)$'),
        '0',
        sci(enc.maxAbsDifference),
        enc.maxAbsDifference < ROUNDING,
        true,
      ),
    ];
  },

  additiveInput(ctx, a) {
    const { x, wq, wk, wv, n, d } = layer(ctx, a);
    const pe = ctx.pe.sinusoidal({ positions: n, dim: d, precision: 64 });
    const r = ctx.pe.analysis.fourTermsResidual(x, pe, wq, wk);
    const broken = ctx.pe.analysis.permutationCheck({ x, permutation: nums(a, 'permutation'), wq, wk, wv, encoding: pe });
    return [
      row(
        l('加了编码后的分数，与同一公式作用在 $X+E$ 上', 'Scores with the encoding, against the same formula applied to $X+E$'),
        l('分数的算法变了', 'the score computation changed'),
        l(`相同（相差 ${sci(r.totalVsScores)}）：变的是输入`, `the same (differ by ${sci(r.totalVsScores)}): the input changed`),
        r.totalVsScores > ROUNDING,
      ),
      row(
        l('加编码后，输出不再只是重排', 'With the encoding, the output is no longer just reordered'),
        '—',
        l(`相差 ${fmt(broken.maxAbsDifference, 3)}`, `differs by ${fmt(broken.maxAbsDifference, 3)}`),
        broken.maxAbsDifference > 1e-3,
        true,
      ),
    ];
  },

  peBreaks(ctx, a) {
    const { x, wq, wk, wv, n, d } = layer(ctx, a);
    const permutation = nums(a, 'permutation');
    const encoding = ctx.pe.sinusoidal({ positions: n, dim: d, precision: 64 });
    const with_ = ctx.pe.analysis.permutationCheck({ x, permutation, wq, wk, wv, encoding });
    const without = ctx.pe.analysis.permutationCheck({ x, permutation, wq, wk, wv });
    return [
      row(
        l('$Y(PX+E)$ 与 $P\\,Y(X+E)$', '$Y(PX+E)$ against $P\\,Y(X+E)$'),
        l('不再是重排关系', 'no longer a reordering'),
        l(`相差 ${fmt(with_.maxAbsDifference, 3)}`, `differ by ${fmt(with_.maxAbsDifference, 3)}`),
        with_.maxAbsDifference > 1e-3,
      ),
      row(
        l('不加编码：$Y(PX)$ 与 $P\\,Y(X)$', 'Without: $Y(PX)$ against $P\\,Y(X)$'),
        '0',
        sci(without.maxAbsDifference),
        without.maxAbsDifference < ROUNDING,
        true,
      ),
    ];
  },

  concatAdd(ctx, a) {
    const n = num(a, 'n');
    const d = num(a, 'd');
    const x = randn(ctx, num(a, 'seed'), n, d);
    const p = ctx.pe.sinusoidal({ positions: n, dim: d, precision: 64 });
    const w = randn(ctx, num(a, 'seed') + 1, d, d);
    const diff = ctx.pe.analysis.concatVersusAdd({ x, p, w });
    return [
      row(
        l(
          '拼接后接线性层 $[X\\;P]\\begin{bmatrix}W\\\\W\\end{bmatrix}$ 与相加 $(X+P)W$',
          'Concatenate then a linear layer, $[X\\;P]\\begin{bmatrix}W\\\\W\\end{bmatrix}$, against adding, $(X+P)W$',
        ),
        l('只有相加是线性融合、能把梯度传给两部分', 'only adding is a linear fusion passing gradients to both parts'),
        l(`相同（相差 ${sci(diff)}）：相加是拼接的特例`, `the same (differ by ${sci(diff)}): adding is a case of concatenating`),
        diff > ROUNDING,
      ),
    ];
  },

  transposeTerms(ctx, a) {
    const { x, wq, wk, n, d } = layer(ctx, a);
    const p = ctx.pe.sinusoidal({ positions: n, dim: d, precision: 64 });
    const t = ctx.pe.analysis.fourTerms(x, p, wq, wk);
    const diff = ctx.pe.analysis.maxAbsDifference(t.positionContent, t.contentPosition, { transposeB: true });
    const r = ctx.pe.analysis.fourTermsResidual(x, p, wq, wk);
    return [
      row(
        l('位置—内容项与内容—位置项的转置（随机 $W$）', 'Position–content against the transpose of content–position (random $W$)'),
        l('相同（"与第二项转置相关"，合为一类）', 'the same ("related to the transpose", one kind)'),
        l(`相差 ${fmt(diff, 3)}`, `differ by ${fmt(diff, 3)}`),
        diff < ROUNDING,
      ),
      row(l('四项之和与分数', 'The four terms against the score'), '0', sci(r.sumVsScores), r.sumVsScores < ROUNDING, true),
    ];
  },

  causalMask(ctx, a) {
    const { x, wq, wk, wv } = layer(ctx, a);
    const changeFrom = num(a, 'changeFrom');
    const r = ctx.pe.analysis.causalReport({ x, wq, wk, wv, changeFrom, delta: num(a, 'delta') });
    const masked = row(
      l('有掩码时后面键的最大权重', 'With the mask, largest weight on a later key'),
      '0',
      sci(r.maxMaskedWeight),
      r.maxMaskedWeight === 0,
      true,
    );
    if (str(a, 'says') === 'maskPe') {
      return [
        row(
          l(
            `改动第 ${changeFrom} 行及以后（内容与位置编码）时，前面各行的输出`,
            `Outputs of the earlier rows when rows ${changeFrom} onward change (content and encoding)`,
          ),
          l('不把位置编码也掩掉就可能泄露', 'may leak unless the encodings are masked too'),
          l(`变化 ${sci(r.maxChangeBefore)}：完全不变`, `change ${sci(r.maxChangeBefore)}: none at all`),
          r.maxChangeBefore > 0,
        ),
        masked,
      ];
    }
    return [
      row(
        l(
          '不用掩码时，后面键的最小权重（输入加任意编码）',
          'Without the mask, smallest weight on a later key (whatever encoding is added)',
        ),
        l('0：因果编码让位置 $i$ 只看到 $\\le i$', '0: a causal encoding lets position $i$ see only $\\le i$'),
        l(`${sci(r.minUnmaskedWeight)}，大于 0`, `${sci(r.minUnmaskedWeight)}, above 0`),
        r.minUnmaskedWeight === 0,
      ),
      masked,
    ];
  },

  fourTerms(ctx, a) {
    const { x, wq, wk, n, d } = layer(ctx, a);
    const r = ctx.pe.analysis.fourTermsResidual(x, ctx.pe.sinusoidal({ positions: n, dim: d, precision: 64 }), wq, wk);
    return [
      row(l('四项之和与 $X+P$ 上的分数', 'The four terms against the score on $X+P$'), '0', sci(r.sumVsScores), r.sumVsScores < ROUNDING),
    ];
  },

  positionTerm(ctx, a) {
    const { x, wq, wk, n, d } = layer(ctx, a);
    const p = ctx.pe.sinusoidal({ positions: n, dim: d, precision: 64 });
    const [[i1, j1], [i2, j2]] = pairs(a, 'cells');
    const t = ctx.pe.analysis.fourTerms(x, p, wq, wk).positionPosition;
    const id = ctx.pe.analysis.fourTerms(x, p, identity(d), identity(d)).positionPosition;
    return [
      row(
        l(
          `随机 $W$：位置—位置项 $(${i1},${j1})$ 与 $(${i2},${j2})$（同一位置差）`,
          `Random $W$: position–position term at $(${i1},${j1})$ and $(${i2},${j2})$ (same offset)`,
        ),
        l('相同：$\\cos(\\omega(m-n))$ 只依赖距离', 'equal: $\\cos(\\omega(m-n))$ depends on the distance'),
        `${fmt(at(t, i1, j1), 4)} / ${fmt(at(t, i2, j2), 4)}`,
        Math.abs(at(t, i1, j1) - at(t, i2, j2)) < ROUNDING,
      ),
      row(
        l('$W_Q=W_K=I$ 时的同两项', 'The same two with $W_Q=W_K=I$'),
        l('相同', 'equal'),
        `${fmt(at(id, i1, j1), 6)} / ${fmt(at(id, i2, j2), 6)}`,
        Math.abs(at(id, i1, j1) - at(id, i2, j2)) < ROUNDING,
        true,
      ),
    ];
  },

  crossTerms(ctx, a) {
    const { x, wq, wk, n, d } = layer(ctx, a);
    const p = ctx.pe.sinusoidal({ positions: n, dim: d, precision: 64 });
    const t = ctx.pe.analysis.fourTerms(x, p, wq, wk);
    const cp = ctx.pe.analysis.sequenceStats(t.contentPosition.data).maxAbs;
    const r = ctx.pe.analysis.fourTermsResidual(x, p, wq, wk);
    return [
      row(
        l('加法编码的内容—位置交叉项', 'Content–position cross term of an additive encoding'),
        l('0（位置与语义"分离"）', '0 (position and meaning "separate")'),
        l(`最大 ${fmt(cp, 2)}`, `up to ${fmt(cp, 2)}`),
        cp < ROUNDING,
      ),
      row(
        l('四项可以精确分开：之和与分数', 'The four terms separate exactly: their sum against the score'),
        '0',
        sci(r.sumVsScores),
        r.sumVsScores < ROUNDING,
        true,
      ),
    ];
  },

  bagOfTokens(ctx, a) {
    const sa = str(a, 'a');
    const sb = str(a, 'b');
    const fix = str(a, 'fix');
    const d = num(a, 'd');
    const seed = num(a, 'seed');
    const vocab = [...new Set([...sa, ...sb, ...fix])];
    const table = randn(ctx, seed, vocab.length, d);
    const embed = (s: string) =>
      matrix([...s].map((ch) => Array.from(table.data.subarray(vocab.indexOf(ch) * d, (vocab.indexOf(ch) + 1) * d))));
    const w = { wq: randn(ctx, seed + 1, d, d), wk: randn(ctx, seed + 2, d, d), wv: randn(ctx, seed + 3, d, d) };
    const diff = ctx.pe.analysis.bagCompare({ a: embed(sa), b: embed(sb), ...w });
    const same = ctx.pe.analysis.bagCompare({ a: embed(sa), b: embed(fix), ...w });
    return [
      row(
        l(`不加位置编码："${sa}" 与 "${sb}" 的平均输出`, `No encoding: mean output of "${sa}" and of "${sb}"`),
        l('一样', 'the same'),
        l(`不同：相差 ${fmt(diff, 3)}`, `different: differ by ${fmt(diff, 3)}`),
        diff < ROUNDING,
      ),
      row(
        l(`真正的重排："${sa}" 与 "${fix}"`, `A true reordering: "${sa}" and "${fix}"`),
        l('一样', 'the same'),
        l(`相差 ${sci(same)}`, `differ by ${sci(same)}`),
        same < ROUNDING,
        true,
      ),
    ];
  },
};
