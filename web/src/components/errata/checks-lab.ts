/**
 * The extrapolation claims: what the core settles by construction (an encoding is defined at a
 * position or it is not), and the question the training lab's reference run answers. With the
 * reference run (LabReference) the claim gets a verdict from its accuracies; without it, the entry
 * stays "waiting for the lab".
 */
import { ENCODING_NAMES, TASK_NAMES } from '../lab/lab-names.js';
import { l, type L10n } from '../shared/i18n.js';
import { type CheckContext, type CheckFn, type CheckRow, fmt, type LabReference, row } from './check-kit.js';
import type { LabQuestion } from './types.js';

/**
 * The names the Errata page gives the lab's encodings and tasks in its evidence: the lab chapter's
 * own (lab-names.ts). An encoding or task without a name there is shown by its identifier, as code.
 */
export const EVIDENCE_NAMES: Record<string, L10n> = ENCODING_NAMES;
export const EVIDENCE_TASKS: Record<string, L10n> = TASK_NAMES;
/** The variants the rules name (`rope+random`, `rope+ntk`), in words. */
const EVIDENCE_VARIANTS: Record<string, L10n> = {
  random: l('随机位置', 'randomized positions'),
  pi: l('PI 拉伸', 'stretched by PI'),
  ntk: l('NTK 拉伸', 'stretched by NTK'),
  yarn: l('YaRN 拉伸', 'stretched by YaRN'),
};
/** Encodings a question asks about that the lab does not train (the documents' own proposals). */
const UNTRAINED: Record<string, L10n> = {
  integer: l('整数位置标记', 'integer position labels'),
};
const named = (table: Record<string, L10n>, id: string): L10n => table[id] ?? UNTRAINED[id] ?? l(`\`${id}\``, `\`${id}\``);
/** An encoding of a rule, a variant included: "RoPE (randomized positions)". */
const encodingWords = (id: string): L10n => {
  const [base, variant] = id.split('+');
  const b = named(EVIDENCE_NAMES, base);
  if (!variant) return b;
  const v = named(EVIDENCE_VARIANTS, variant);
  return l(`${b.zh}（${v.zh}）`, `${b.en} (${v.en})`);
};
/**
 * An encoding's identifier in words, for the Errata page: the lab's encodings, their variants
 * (`rope+random`) and the ones the lab does not train (`integer`), never the identifier itself.
 */
export const encodingName = (id: string): L10n => encodingWords(id);
/** "1.5" times the training length, in words (1.25 keeps its two decimals). */
const multiple = (at: number) => String(Number(at.toFixed(2)));
const times = (at: number): L10n => l(`${multiple(at)} 倍训练长度`, `${multiple(at)}× the training length`);
const join = (parts: L10n[], zhSep = '；', enSep = '; '): L10n => l(parts.map((p) => p.zh).join(zhSep), parts.map((p) => p.en).join(enSep));
/** An accuracy; near zero with a third decimal ("0.003, 0.001" is a win that "0.00, 0.00" hides). */
const accText = (v: number) => fmt(v, v < 0.1 ? 3 : 2);

/** A cell's accuracy with the seeds' range: "0.47 (seeds 0.41–0.52)"; alone when the seeds agree. */
export function labCellWords(c: LabCell): L10n {
  const t = accText(c.mean);
  if (!(c.spread > 0)) return l(t, t);
  const [lo, hi] = [Math.min(...c.perSeed), Math.max(...c.perSeed)].map(accText);
  return l(`${t}（各种子 ${lo}–${hi}）`, `${t} (seeds ${lo}–${hi})`);
}

/** An encoding's accuracy in a cell, with the seeds' range: "RoPE 0.47 (seeds 0.41–0.52)". */
function accWords(enc: string, c: LabCell): L10n {
  const n = encodingWords(enc);
  // past a learned table's rows the model answers nothing: the number would read as a measurement
  if (c.noRow)
    return l(
      `${n.zh}：表里没有这些位置的行，模型无法运行（记为 0）`,
      `${n.en}: no row for these positions, the model cannot run (counted as 0)`,
    );
  const w = labCellWords(c);
  return l(`${n.zh} ${w.zh}`, `${n.en} ${w.en}`);
}

/**
 * Why a decision is undecided, in the reader's words: the comparisons whose margin is within the
 * seeds' spread, each with its cells ("at 4× the training length RoPE 0.02 (seeds 0.00–0.05) and
 * sinusoidal 0.01 (seeds 0.00–0.03) differ by 0.01, less than the seeds' spread, 0.05"). A learner who sees
 * a clear win at 1.5× beside "undecided" is shown the length that left it open. Undefined when the
 * decision is not undecided.
 */
export function labUndecidedWhy(
  ref: LabReference,
  q: Pick<LabQuestion, 'decide' | 'run'>,
  tasks: readonly string[] = q.run.tasks,
): L10n | undefined {
  const d = labDecision(ref, q, tasks);
  if (!d?.undecided) return undefined;
  if (d.unlearned?.length) {
    const runs = allRuns(ref);
    const who = join(
      d.unlearned.map((e) => accWords(e, cellOf(runs, tasks, e, 1)!)),
      '、',
      ', ',
    );
    const pct = String(Math.round(LAB_LEARNED * 100));
    return l(
      `在训练长度上，${who.zh}：低于 ${pct}%，没有学会这个任务，它在更长序列上的表现说明不了编码`,
      `at the training length, ${who.en}: under ${pct}%, the task was not learned, so how it does on longer sequences says nothing about the encoding`,
    );
  }
  // nothing compared above the floor: the floor is the reason
  if (!d.close.length) return labFloorNote(ref, q, tasks);
  const runs = allRuns(ref);
  const cell = (enc: string, m: number) => cellOf(runs, tasks, enc, m)!;
  const parts = d.close.map(({ at: m, better, worse }): L10n => {
    const t = times(m);
    if (worse) {
      const [x, y] = [cell(better, m), cell(worse, m)];
      const [a, b] = [accWords(better, x), accWords(worse, y)];
      // the numbers the rule compared: two seed ranges that do not overlap can still be "close"
      // when the gap is under one encoding's own spread
      const [gap, spread] = [accText(Math.abs(x.mean - y.mean)), accText(Math.max(x.spread, y.spread))];
      return l(
        `${t.zh}：${a.zh} 与 ${b.zh} 相差 ${gap}，小于种子之间的波动 ${spread}`,
        `at ${t.en}, ${a.en} and ${b.en} differ by ${gap}, less than the seeds' spread, ${spread}`,
      );
    }
    const ratio = q.decide.rule === 'keeps' ? q.decide.ratio : 1;
    const [v, base] = [accWords(better, cell(better, m)), cell(better, 1)];
    const pct = String(Math.round(ratio * 100));
    return l(
      `${t.zh}：${v.zh}，与训练长度处的 ${pct}%（${accText(ratio * base.mean)}）之差小于种子之间的差距`,
      `at ${t.en}, ${v.en} is closer to ${pct}% of its accuracy at the training length (${accText(ratio * base.mean)}) than the seeds are to each other`,
    );
  });
  return join(parts);
}

/**
 * The lengths where every encoding a rule compares fails (LAB_FLOOR), in the reader's words: "at 4×
 * the training length RoPE 0.004 (seeds 0.001–0.008) and sinusoidal 0.000 both fail (fewer than 1
 * sequence in 20 right on every seed): that length ranks neither". A reader who sees "holds" beside
 * two zeros is told why the zeros do not count. Undefined when no comparison is at the floor.
 */
export function labFloorNote(
  ref: LabReference,
  q: Pick<LabQuestion, 'decide' | 'run'>,
  tasks: readonly string[] = q.run.tasks,
): L10n | undefined {
  const d = labDecision(ref, q, tasks);
  if (!d?.floor.length) return undefined;
  const runs = allRuns(ref);
  const lengths = [...new Set(d.floor.map((f) => f.at))];
  const parts = lengths.map((m): L10n => {
    const encs = [...new Set(d.floor.filter((f) => f.at === m).flatMap((f) => [f.better, f.worse]))];
    const said = join(
      encs.map((e) => accWords(e, cellOf(runs, tasks, e, m)!)),
      '、',
      encs.length > 2 ? ', ' : ' and ',
    );
    const t = times(m);
    const pct = String(Math.round(LAB_FLOOR * 100));
    // a reader's run has one seed: "every seed" would promise what it did not measure
    const seeded = encs.some((e) => cellOf(runs, tasks, e, m)!.perSeed.length > 1);
    const under = seeded ? l(`每个种子的准确率都低于 ${pct}%`, `under ${pct}% on every seed`) : l(`准确率低于 ${pct}%`, `under ${pct}%`);
    return encs.length > 2
      ? l(
          `${t.zh}：${said.zh} 全都失败（${under.zh}），这个长度排不出先后`,
          `at ${t.en}, ${said.en} all fail (${under.en}): that length ranks none of them`,
        )
      : l(
          `${t.zh}：${said.zh} 都失败（${under.zh}），这个长度排不出先后`,
          `at ${t.en}, ${said.en} both fail (${under.en}): that length ranks neither`,
        );
  });
  return join(parts);
}

/** Every encoding a rule reads: its `encodings`, or those it compares (`better`, `worse`). */
const rated = (d: LabQuestion['decide']): string[] => ('encodings' in d ? d.encodings : [...d.better, ...d.worse]);

/**
 * The encodings a rule compares that a run did not train (a reader's run of a few models): the
 * reason it cannot decide, in the reader's words. Empty when every one is there.
 */
export function labMissing(ref: LabReference, q: Pick<LabQuestion, 'decide' | 'run'>, tasks: readonly string[] = q.run.tasks): L10n[] {
  const runs = allRuns(ref);
  return rated(q.decide)
    .filter((e) => !runs.some((r) => r.encoding === e && tasks.includes(r.task)))
    .map(encodingWords);
}

/**
 * The cells a lab decision compared, in words of the reader's language, every number labelled:
 * "at 2× the training length: T5 bias 0.50 (seeds 0.45–0.55), sinusoidal 0.06". Same cells and
 * rule as labDecision (the mean over the question's tasks of the seeds' mean, and the lowest and
 * highest seed); undefined where labDecision is.
 */
export function labEvidence(
  ref: LabReference,
  q: Pick<LabQuestion, 'decide' | 'run'>,
  tasks: readonly string[] = q.run.tasks,
): L10n | undefined {
  const d = q.decide;
  const runs = allRuns(ref);
  const cell = (enc: string, m: number) => cellOf(runs, tasks, enc, m);
  const acc = accWords;
  if (d.rule === 'beats' || d.rule === 'no-worse') {
    const parts: L10n[] = [];
    for (const m of d.at) {
      const encs = [...d.better, ...d.worse];
      const cells = encs.map((e) => cell(e, m));
      if (cells.some((c) => c === undefined)) return undefined;
      const t = times(m);
      const said = join(
        encs.map((e, i) => acc(e, cells[i]!)),
        '，',
        ', ',
      );
      parts.push(l(`${t.zh}：${said.zh}`, `at ${t.en}: ${said.en}`));
    }
    return join(parts);
  }
  if (d.rule === 'keeps') {
    const parts: L10n[] = [];
    for (const enc of d.encodings) {
      const base = cell(enc, 1);
      if (base === undefined) return undefined;
      const n = encodingWords(enc);
      const at = d.at.map((a) => ({ a, c: cell(enc, a) }));
      if (at.some((x) => x.c === undefined)) return undefined;
      const one = (c: LabCell) => {
        const w = acc(enc, c);
        return l(w.zh.slice(n.zh.length + 1), w.en.slice(n.en.length + 1));
      };
      const zh = at.map((x) => `${times(x.a).zh} ${one(x.c!).zh}`).join('，');
      const en = at.map((x) => `${one(x.c!).en} at ${times(x.a).en}`).join(', ');
      parts.push(l(`${n.zh}：训练长度 ${one(base).zh}，${zh}`, `${n.en}: ${one(base).en} at the training length, ${en}`));
    }
    return join(parts);
  }
  if (d.rule !== 'spread' && d.rule !== 'beyond-table') return undefined;
  const decision = labDecision(ref, q, tasks);
  if (!decision) return undefined;
  const hits = ref.runs.filter((r) => d.encodings.includes(r.encoding) && tasks.includes(r.task));
  const parts: L10n[] = [];
  if (d.rule === 'spread') {
    // one group per model (task and encoding), each number with its length
    // past a learned table the seeds did not disagree: no model ran. Said once per encoding.
    const tableless = new Set<string>();
    for (const r of hits.filter((x) => x.spread)) {
      const task = named(EVIDENCE_TASKS, r.task),
        enc = encodingWords(r.encoding);
      const asked = d.at.map((m) => ({ m, k: at(r, m) })).filter((x) => x.k >= 0 && r.spread![x.k] !== undefined);
      const cells = asked.filter((x) => !r.beyondTable?.[x.k]);
      if (cells.length < asked.length) tableless.add(r.encoding);
      if (!cells.length) continue;
      const zh = cells.map((x) => `${times(x.m).zh} ${fmt(r.spread![x.k], 3)}`).join('，');
      const en = cells.map((x) => `${fmt(r.spread![x.k], 3)} at ${times(x.m).en}`).join(', ');
      parts.push(l(`${enc.zh}，${task.zh}：${zh}`, `${enc.en} on ${task.en}: ${en}`));
    }
    for (const e of tableless) {
      const enc = encodingWords(e);
      parts.push(l(`${enc.zh}：超过训练长度表里没有行，没有可比的`, `${enc.en}: no row past the training length, nothing to compare`));
    }
    const all = join(parts);
    return l(`各种子准确率的最高减最低——${all.zh}`, `highest minus lowest seed's accuracy: ${all.en}`);
  }
  // beyond-table
  for (const r of hits) {
    for (const m of d.at) {
      const k = at(r, m);
      if (k < 0) return undefined;
      const task = named(EVIDENCE_TASKS, r.task),
        enc = encodingWords(r.encoding);
      const what = r.beyondTable![k]
        ? l('表里没有这一行', 'no row in the table')
        : l(`准确率 ${accText(r.accuracy[k])}`, `accuracy ${accText(r.accuracy[k])}`);
      parts.push(l(`${task.zh}，${enc.zh}，长度 ${r.lengths[k]}：${what.zh}`, `${task.en}, ${enc.en}, length ${r.lengths[k]}: ${what.en}`));
    }
  }
  return join(parts);
}

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
      l(`${s.distinct} 个不同的桶`, `${s.distinct} distinct ${s.distinct === 1 ? 'bucket' : 'buckets'}`),
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

type Run = LabReference['runs'][number];

/** Every run of a reference, variants named as the rules name them: `rope+random`, `rope+ntk`. */
function allRuns(ref: LabReference): Run[] {
  return [
    ...ref.runs,
    ...(ref.randomized ?? []).map((r) => ({ ...r, encoding: `${r.encoding}+random` })),
    ...(ref.stretched ?? []).map((r) => ({ ...r, encoding: `${r.encoding}+${r.stretch}` })),
  ];
}

const at = (r: Run, m: number) => r.lengths.findIndex((len) => Math.abs(len / r.trainLength - m) < 1e-9);

/** An encoding's accuracy at a multiple of the training length over some tasks (labCell). */
export interface LabCell {
  /** Mean over the tasks of the seeds' mean. */
  mean: number;
  /** Highest − lowest of the seeds' task-means (0 with one seed, or without per-seed accuracies). */
  spread: number;
  /** Each seed's mean over the tasks. */
  perSeed: number[];
  /** Every run of the cell is past its table's rows (a learned table): no row, nothing answered. */
  noRow?: true;
}

function cellOf(runs: Run[], tasks: readonly string[], encoding: string, m: number): LabCell | undefined {
  const hits = runs.filter((r) => r.encoding === encoding && tasks.includes(r.task) && at(r, m) >= 0);
  if (!hits.length) return undefined;
  const mean = hits.reduce((s, r) => s + r.accuracy[at(r, m)], 0) / hits.length;
  const seeds = Math.min(...hits.map((r) => r.bySeed?.length ?? 0));
  const perSeed = Array.from({ length: seeds }, (_, s) => hits.reduce((sum, r) => sum + (r.bySeed![s][at(r, m)] ?? 0), 0) / hits.length);
  const spread = seeds > 1 ? Math.max(...perSeed) - Math.min(...perSeed) : 0;
  return hits.every((r) => r.beyondTable?.[at(r, m)]) ? { mean, spread, perSeed, noRow: true } : { mean, spread, perSeed };
}

/**
 * An encoding's accuracy at `m` × the training length, mean over `tasks`, with the spread of that mean
 * between seeds; the encoding may be a variant (`rope+random`, `rope+ntk`). Undefined without a cell.
 */
export function labCell(ref: LabReference, tasks: readonly string[], encoding: string, m: number): LabCell | undefined {
  return cellOf(allRuns(ref), tasks, encoding, m);
}

/**
 * True when every run of `encoding` on `tasks` has no table row at `m` × the training length (a
 * learned table that ends at the training length): the model cannot run there, and the 0 stored
 * for it is not an accuracy.
 */
export function labBeyondTable(ref: LabReference, tasks: readonly string[], encoding: string, m: number): boolean {
  return cellOf(allRuns(ref), tasks, encoding, m)?.noRow === true;
}

/** The training length of `encoding`'s runs on `tasks`, and the length `m` times it, as run. */
export function labLengths(
  ref: LabReference,
  tasks: readonly string[],
  encoding: string,
  m: number,
): { train: number; at: number } | undefined {
  const r = allRuns(ref).find((x) => x.encoding === encoding && tasks.includes(x.task) && at(x, m) >= 0);
  return r && { train: r.trainLength, at: r.lengths[at(r, m)] };
}

/** What a run says about a rule: holds or not, the cells it compared, and whether a margin was within the seeds' spread. */
export interface LabDecision {
  holds: boolean;
  shown: string;
  /** A margin the rule rests on is smaller than the spread between seeds: the run names no winner. */
  undecided: boolean;
  /**
   * The comparisons whose margin was within the spread, each at a multiple of the training length:
   * `beats` one encoding against another, `keeps` an encoding against `ratio` × its accuracy at L.
   */
  close: { at: number; better: string; worse?: string }[];
  /**
   * The comparisons (beats, no-worse) where both encodings fail: every seed under LAB_FLOOR. They
   * rank nothing, so they neither support nor contradict; with nothing else compared, undecided.
   */
  floor: { at: number; better: string; worse: string }[];
  /**
   * Encodings of the rule that did not learn the task: under LAB_LEARNED at the training length.
   * How such a model extrapolates says nothing about its encoding, so the decision is undecided.
   */
  unlearned?: string[];
}

/** A model right on fewer than half the sequences of its own training length did not learn the task. */
export const LAB_LEARNED = 0.5;

/**
 * Below this accuracy on every seed an encoding fails at that length (fewer than 1 sequence in 20
 * right). Two failing encodings cannot be ranked: the model's sequences at 4× the training length are
 * wrong with either, and 0.004 against 0.000 says which fails more often, not which extrapolates.
 */
export const LAB_FLOOR = 0.05;
const atFloor = (c: LabCell) => Math.max(c.mean, ...c.perSeed) < LAB_FLOOR;

/**
 * What a run says about the rule, or undefined when it lacks a cell. Only the runs of the question's
 * tasks count (`tasks` overrides them, e.g. the one task of a reader's run). A comparison (beats,
 * keeps) whose margin is smaller than the spread between the seeds is undecided, unless another one
 * of the rule already fails by more than its spread.
 */
export function labDecision(
  ref: LabReference,
  q: Pick<LabQuestion, 'decide' | 'run'>,
  tasks: readonly string[] = q.run.tasks,
): LabDecision | undefined {
  const d = q.decide;
  const runs = allRuns(ref);
  const cell = (enc: string, m: number) => cellOf(runs, tasks, enc, m);
  const range = (s: number) => (s > 0 ? ` ±${fmt(s / 2, 2)}` : '');
  if (d.rule === 'beats' || d.rule === 'no-worse' || d.rule === 'keeps') {
    const read = rated(d);
    if (read.some((e) => [1, ...d.at].some((m) => cell(e, m) === undefined))) return undefined;
    const unlearned = read.filter((e) => cell(e, 1)!.mean < LAB_LEARNED);
    if (unlearned.length) {
      const shown = unlearned.map((e) => `${e} 1L: ${fmt(cell(e, 1)!.mean, 3)}`).join('; ');
      return { holds: false, shown, undecided: true, close: [], floor: [], unlearned };
    }
  }
  if (d.rule === 'beats' || d.rule === 'no-worse') {
    const shown: string[] = [];
    let clear = true, // every comparison decided in the rule's favour
      lost = false, // one decided against it
      close = false, // one within the spread
      compared = 0; // comparisons not at the floor
    const within: LabDecision['close'] = [];
    const floor: LabDecision['floor'] = [];
    for (const m of d.at) {
      for (const b of d.better) {
        for (const w of d.worse) {
          const [x, y] = [cell(b, m), cell(w, m)];
          if (x === undefined || y === undefined) return undefined;
          const spread = Math.max(x.spread, y.spread);
          const margin = x.mean - y.mean;
          shown.push(`${m}L: ${b} ${fmt(x.mean, 2)}${range(x.spread)} / ${w} ${fmt(y.mean, 2)}${range(y.spread)}`);
          if (atFloor(x) && atFloor(y)) {
            floor.push({ at: m, better: b, worse: w });
            continue;
          }
          compared++;
          if (d.rule === 'no-worse') {
            if (margin < -spread) [lost, clear] = [true, false];
          } else if (Math.abs(margin) < spread) {
            [close, clear] = [true, false];
            within.push({ at: m, better: b, worse: w });
          } else if (!(margin > 0)) {
            [lost, clear] = [true, false];
          }
        }
      }
    }
    // every comparison at the floor: the run ranks nothing
    if (!compared) return { holds: false, shown: shown.join('; '), undecided: true, close: within, floor };
    return { holds: clear, shown: shown.join('; '), undecided: close && !lost, close: within, floor };
  }
  if (d.rule === 'keeps') {
    const shown: string[] = [];
    let clear = true,
      fails = false,
      close = false;
    const within: LabDecision['close'] = [];
    for (const enc of d.encodings) {
      const base = cell(enc, 1);
      if (base === undefined) return undefined;
      for (const m of d.at) {
        const v = cell(enc, m);
        if (v === undefined) return undefined;
        const margin = v.mean - d.ratio * base.mean;
        const spread = Math.max(v.spread, d.ratio * base.spread);
        if (Math.abs(margin) < spread) {
          [close, clear] = [true, false];
          within.push({ at: m, better: enc });
        } else if (margin < 0) [fails, clear] = [true, false];
        shown.push(`${enc} ${m}L: ${fmt(v.mean, 2)}${range(v.spread)} (L: ${fmt(base.mean, 2)})`);
      }
    }
    return { holds: clear, shown: shown.join('; '), undecided: close && !fails, close: within, floor: [] };
  }
  if (d.rule === 'spread') {
    const encodings = d.encodings;
    const hits = ref.runs.filter((r) => encodings.includes(r.encoding) && tasks.includes(r.task) && r.spread);
    if (!hits.length) return undefined;
    // a length past a learned table's rows measured nothing: its "spread" of zeros is no evidence
    const spreads = hits.flatMap((r) =>
      d.at
        .map((m) => at(r, m))
        .filter((k) => !r.beyondTable?.[k])
        .map((k) => r.spread![k])
        .filter((v) => v !== undefined),
    );
    return {
      holds: spreads.every((s) => s <= d.ratio),
      shown: spreads.map((s) => fmt(s, 3)).join(', '),
      undecided: false,
      close: [],
      floor: [],
    };
  }
  // beyond-table: at every length asked, every run of the encodings has no row (the core refused)
  if (d.rule !== 'beyond-table') return undefined;
  const encodings = d.encodings;
  const hits = ref.runs.filter((r) => encodings.includes(r.encoding) && tasks.includes(r.task));
  if (!hits.length || hits.some((r) => !r.beyondTable)) return undefined;
  const shown: string[] = [];
  let holds = true;
  for (const r of hits) {
    for (const m of d.at) {
      const k = at(r, m);
      if (k < 0) return undefined;
      holds &&= r.beyondTable![k];
      shown.push(`${r.task} ${r.encoding} ${r.lengths[k]}: ${r.beyondTable![k] ? 'no row' : fmt(r.accuracy[k], 2)}`);
    }
  }
  return { holds, shown: shown.join('; '), undecided: false, close: [], floor: [] };
}

export const LAB: Record<string, CheckFn> = {
  lab(ctx, a, e) {
    const rows = ((a.facts as string[]) ?? []).map((f) => FACTS[f](ctx));
    const q = e.lab;
    if (!q) throw new TypeError(`${e.id}: a lab check needs the entry's lab question`);
    const decision = ctx.lab ? labDecision(ctx.lab, q) : undefined;
    const claims: L10n = q.decide.claims ? l('成立', 'holds') : l('不成立', 'does not hold');
    if (!decision) {
      // with a run at hand, say what it lacks: an encoding the lab does not train is not "coming"
      const untrained = ctx.lab ? labMissing(ctx.lab, q) : [];
      const said = untrained.length ? join(untrained, '、', ', ') : undefined;
      const text = said
        ? l(`没有测：训练实验不训练使用${said.zh}的模型`, `not measured: the training lab trains no model with ${said.en}`)
        : l('等待训练实验的参考结果', "waiting for the training lab's reference run");
      rows.unshift({ ...row(q.question, claims, text, false), pending: true });
    } else {
      // the cells compared, in the reader's words (names of encodings and tasks, never identifiers)
      const cells = ctx.lab ? labEvidence(ctx.lab, q) : undefined;
      let said = cells ?? l(`\`${decision.shown}\``, `\`${decision.shown}\``);
      const why = ctx.lab ? labUndecidedWhy(ctx.lab, q) : undefined;
      // a decided verdict beside failing lengths says why those lengths did not count
      const floor = !decision.undecided && ctx.lab ? labFloorNote(ctx.lab, q) : undefined;
      const but = floor ? l(`${floor.zh}。`, `${floor.en[0].toUpperCase()}${floor.en.slice(1)}. `) : l('', '');
      // the evidence starts a sentence after "holds." and the floor note
      if (said.en) said = l(said.zh, `${said.en[0].toUpperCase()}${said.en.slice(1)}`);
      const text = decision.undecided
        ? l(
            `无法判定：${why?.zh ?? '差距小于种子间的波动'}。${said.zh}`,
            `undecided: ${why?.en ?? 'a margin smaller than the spread between seeds'}. ${said.en}`,
          )
        : decision.holds
          ? l(`成立。${but.zh}${said.zh}`, `holds. ${but.en}${said.en}`)
          : l(`不成立。${but.zh}${said.zh}`, `does not hold. ${but.en}${said.en}`);
      const r = row(q.question, claims, text, !decision.undecided && decision.holds === q.decide.claims);
      rows.unshift(decision.undecided ? { ...r, undecided: true } : r);
    }
    return rows;
  },
};
