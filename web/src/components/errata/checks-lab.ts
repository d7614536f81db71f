/**
 * The extrapolation claims: what the core settles by construction (an encoding is defined at a
 * position or it is not), and the question the training lab's reference run answers. With the
 * reference run (LabReference) the claim gets a verdict from its accuracies; without it, the entry
 * stays "waiting for the lab".
 */
import { l, type L10n } from '../shared/i18n.js';
import { type CheckContext, type CheckFn, type CheckRow, fmt, type LabReference, row } from './check-kit.js';
import type { LabQuestion } from './types.js';

const FACTS: Record<string, (ctx: CheckContext) => CheckRow> = {
  sinusoidalDefined(ctx) {
    const t = ctx.pe.sinusoidal({ positions: [1e6], dim: 64, precision: 64 });
    const norm = ctx.pe.analysis.rowNorms(t)[0];
    return row(
      l('正弦编码在位置 $10^6$', 'The sinusoidal encoding at position $10^6$'),
      l('有定义', 'defined'),
      l(`有定义（范数 ${fmt(norm, 6)} $=\\sqrt{32}$）`, `defined (norm ${fmt(norm, 6)} $=\\sqrt{32}$)`),
      Math.abs(norm - Math.sqrt(32)) < 1e-9,
      true,
    );
  },
  ropeDefined(ctx) {
    const invFreq = ctx.pe.inverseFrequencies({ dim: 64 }).invFreq;
    const x = ctx.pe.analysis.randomNormal({ seed: 3, rows: 1, cols: 64 });
    const y = ctx.pe.analysis.ropeRotate({ x: x.data, position: 1e6, invFreq });
    const [a, b] = [ctx.pe.analysis.rowNorms(x)[0], ctx.pe.analysis.rowNorms({ rows: 1, cols: 64, data: y })[0]];
    return row(
      l('RoPE 在位置 $10^6$ 的旋转', "RoPE's rotation at position $10^6$"),
      l('有定义，保长', 'defined, length kept'),
      `${fmt(a, 6)} → ${fmt(b, 6)}`,
      Math.abs(a - b) < 1e-9,
      true,
    );
  },
  learnedBeyond(ctx) {
    let row64 = true;
    try {
      ctx.pe.analysis.learnedLookup({ nMax: 64, dim: 4, positions: [64] });
    } catch {
      row64 = false;
    }
    return row(
      l('64 行的可学习表在位置 64', 'A learned table of 64 rows at position 64'),
      l('没有这一行', 'no row'),
      row64 ? l('有这一行', 'a row') : l('没有这一行：核心拒绝查找', 'no row: the core refuses'),
      !row64,
      true,
    );
  },
  t5Saturates(ctx) {
    const s = ctx.pe.analysis.sequenceStats(ctx.pe.t5RelativeBucket([128, 1000, 100000]));
    return row(
      l('T5 的桶：偏移 128、1000、100000', 'T5 buckets of offsets 128, 1000, 100000'),
      l('同一个桶（饱和）', 'one bucket (saturated)'),
      l(`${s.distinct} 个不同的桶`, `${s.distinct} distinct bucket(s)`),
      s.distinct === 1,
      true,
    );
  },
  integerUnbounded(ctx) {
    const s = ctx.pe.analysis.sequenceStats(ctx.pe.analysis.normalizedEncoding(10000));
    return row(
      l('对照：[0, 1] 标记在长度 10000 时的最大值', 'For contrast, the largest [0, 1] label at length 10000'),
      '1',
      fmt(s.max, 6),
      s.max === 1,
      true,
    );
  },
};

/** The reference run's accuracy of an encoding at a multiple of the training length, mean over the given tasks. */
function accuracy(ref: LabReference, tasks: readonly string[], encoding: string, at: number): number | undefined {
  const vals = ref.runs
    .filter((r) => r.encoding === encoding && tasks.includes(r.task))
    .map((r) => {
      const k = r.lengths.findIndex((len) => Math.abs(len / r.trainLength - at) < 1e-9);
      return k < 0 ? undefined : r.accuracy[k];
    })
    .filter((v): v is number => v !== undefined);
  return vals.length ? vals.reduce((s, v) => s + v, 0) / vals.length : undefined;
}

/**
 * What a run says about the rule, or undefined when it lacks a cell. Only the runs of the question's
 * tasks count (`tasks` overrides them, e.g. the one task of a reader's run).
 */
export function labDecision(
  ref: LabReference,
  q: Pick<LabQuestion, 'decide' | 'run'>,
  tasks: readonly string[] = q.run.tasks,
): { holds: boolean; shown: string } | undefined {
  const d = q.decide;
  const cell = (enc: string, at: number) => accuracy(ref, tasks, enc, at);
  if (d.rule === 'beats') {
    const shown: string[] = [];
    let holds = true;
    for (const at of d.at) {
      for (const b of d.better) {
        for (const w of d.worse) {
          const [x, y] = [cell(b, at), cell(w, at)];
          if (x === undefined || y === undefined) return undefined;
          holds &&= x > y;
          shown.push(`${at}L: ${b} ${fmt(x, 2)} / ${w} ${fmt(y, 2)}`);
        }
      }
    }
    return { holds, shown: shown.join('; ') };
  }
  if (d.rule === 'keeps') {
    const shown: string[] = [];
    let holds = true;
    for (const enc of d.encodings) {
      const base = cell(enc, 1);
      if (base === undefined) return undefined;
      for (const at of d.at) {
        const v = cell(enc, at);
        if (v === undefined) return undefined;
        holds &&= v >= d.ratio * base;
        shown.push(`${enc} ${at}L: ${fmt(v, 2)} (L: ${fmt(base, 2)})`);
      }
    }
    return { holds, shown: shown.join('; ') };
  }
  if (d.rule === 'spread') {
    const runs = ref.runs.filter((r) => d.encodings.includes(r.encoding) && tasks.includes(r.task) && r.spread);
    if (!runs.length) return undefined;
    const spreads = runs.flatMap((r) =>
      d.at.map((at) => r.spread![r.lengths.findIndex((len) => Math.abs(len / r.trainLength - at) < 1e-9)]).filter((v) => v !== undefined),
    );
    return { holds: spreads.every((s) => s <= d.ratio), shown: spreads.map((s) => fmt(s, 3)).join(', ') };
  }
  // beyond-table: at every length asked, every run of the encodings has no row (the core refused)
  const runs = ref.runs.filter((r) => d.encodings.includes(r.encoding) && tasks.includes(r.task));
  if (!runs.length || runs.some((r) => !r.beyondTable)) return undefined;
  const shown: string[] = [];
  let holds = true;
  for (const r of runs) {
    for (const at of d.at) {
      const k = r.lengths.findIndex((len) => Math.abs(len / r.trainLength - at) < 1e-9);
      if (k < 0) return undefined;
      holds &&= r.beyondTable![k];
      shown.push(`${r.task} ${r.encoding} ${r.lengths[k]}: ${r.beyondTable![k] ? 'no row' : fmt(r.accuracy[k], 2)}`);
    }
  }
  return { holds, shown: shown.join('; ') };
}

export const LAB: Record<string, CheckFn> = {
  lab(ctx, a, e) {
    const rows = ((a.facts as string[]) ?? []).map((f) => FACTS[f](ctx));
    const q = e.lab;
    if (!q) throw new TypeError(`${e.id}: a lab check needs the entry's lab question`);
    const decision = ctx.lab ? labDecision(ctx.lab, q) : undefined;
    const claims: L10n = q.decide.claims ? l('成立', 'holds') : l('不成立', 'does not hold');
    if (!decision) {
      rows.unshift({
        ...row(q.question, claims, l('等待训练实验的参考结果', "waiting for the training lab's reference run"), false),
        pending: true,
      });
    } else {
      // the cells compared name encodings and tasks by their identifiers: shown as code
      const cells = `\`${decision.shown}\``;
      rows.unshift(
        row(
          q.question,
          claims,
          decision.holds ? l(`成立：${cells}`, `holds: ${cells}`) : l(`不成立：${cells}`, `does not hold: ${cells}`),
          decision.holds === q.decide.claims,
        ),
      );
    }
    return rows;
  },
};
