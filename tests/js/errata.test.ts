// The audit of the seed documents as tests. Every entry's check runs on the build's core and its
// verdict must follow from the numbers: an erratum must still disagree with the computation, a
// confirmed entry must still agree, a waiting-for-lab entry must name its lab question. Quotes must be
// verbatim on the lines given; erratum markers in the chapters must name entries; every entry links
// to a chapter that exists; every check calls the core.
import katex from 'katex';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import { chapters } from '../../web/src/chapters/index.js';
import { ENTRIES } from '../../web/src/chapters/errata/index.js';
import { LAB_RUN } from '../../web/src/chapters/errata/lab-run.js';
import {
  encodingName,
  EVIDENCE_NAMES,
  EVIDENCE_TASKS,
  LAB_FLOOR,
  LAB_LEARNED,
  labDecision,
  labEvidence,
  labFloorNote,
  labMissing,
  labUndecidedWhy,
} from '../../web/src/components/errata/checks-lab.js';
import { LAB_ENCODINGS, LAB_TASKS } from '../../web/src/lib/lab/info.generated.js';
import { CHECKS, runCheck, type CheckContext, type LabReference } from '../../web/src/components/errata/checks.js';
import { TEXT } from '../../web/src/components/errata/checks-text.js';
import type { Doc, EntryData } from '../../web/src/components/errata/types.js';
import type { L10n } from '../../web/src/components/shared/i18n.js';
import type { PosencFull as Posenc } from '../../web/src/lib/internal.js';
import { loadInternal } from './load-internal.js';

const SEEDS = resolve(__dirname, '../../web/data/seeds');
const seedText = Object.fromEntries(readdirSync(SEEDS).map((f) => [f.slice(0, 3), readFileSync(join(SEEDS, f), 'utf8')])) as Record<
  Doc,
  string
>;

/**
 * The training lab's reference run (web/data/lab-reference.json, the file the page reads): with it
 * the extrapolation entries must carry the verdict its accuracies give, not "waiting-for-lab".
 */
const LAB_FILES = ['../../web/data/lab-reference.json'].map((f) => resolve(__dirname, f));
let labRun: LabReference | undefined;

let pe: Posenc;
beforeAll(async () => {
  pe = await loadInternal();
  const file = LAB_FILES.find((f) => existsSync(f));
  if (file) labRun = file.endsWith('.json') ? JSON.parse(readFileSync(file, 'utf8')) : (await import(file)).default;
});

const ctx = (e: EntryData, seed = seedText[e.doc], lab: LabReference | undefined = labRun): CheckContext => ({ pe, seed, katex, lab });

describe('the audit as data', () => {
  it('covers all five documents with errata, confirmed and waiting entries; ids unique', () => {
    for (const doc of ['000', '001', '002', '003', '004'])
      expect(
        ENTRIES.some((e) => e.doc === doc),
        doc,
      ).toBe(true);
    expect(new Set(ENTRIES.map((e) => e.id)).size).toBe(ENTRIES.length);
    expect(ENTRIES.length).toBeGreaterThan(110);
    expect(ENTRIES.filter((e) => e.verdict === 'erratum').length).toBeGreaterThan(60);
    expect(ENTRIES.filter((e) => e.verdict === 'confirmed').length).toBeGreaterThan(20);
    expect(ENTRIES.filter((e) => e.lab).length).toBeGreaterThanOrEqual(15);
  });

  it('ids say the verdict (e: erratum, c: confirmed, x: a lab question), errata have a severity and only they do', () => {
    for (const e of ENTRIES) {
      expect(e.id, e.id).toMatch(new RegExp(`^[ecx]${e.doc}-[A-Za-z0-9-]+$`));
      // x entries keep their id when the lab's reference run gives them a verdict
      if (e.id[0] !== 'x') expect(e.id[0], e.id).toBe({ erratum: 'e', confirmed: 'c', 'waiting-for-lab': 'x', undecided: 'x' }[e.verdict]);
      expect(e.lab !== undefined, e.id).toBe(e.id[0] === 'x');
      if (!labRun) expect(e.lab !== undefined, e.id).toBe(e.verdict === 'waiting-for-lab');
      expect(e.severity !== undefined, e.id).toBe(e.verdict === 'erratum');
      expect(e.quote.length, e.id).toBeGreaterThan(0);
      expect(e.says.length, e.id).toBeGreaterThan(10);
    }
  });

  it('every quote is verbatim on the line it gives (read here, independently of the core)', () => {
    for (const e of ENTRIES) {
      const lines = seedText[e.doc].split('\n');
      for (const q of e.quote) expect(lines[q.line - 1] ?? '', `${e.id}, line ${q.line}`).toContain(q.text);
    }
  });

  it('every printed value an entry compares is printed in its document', () => {
    for (const e of ENTRIES) {
      for (const [key, v] of Object.entries(e.printed ?? {})) {
        const values = (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(/\s+/));
        for (const s of values) {
          if (key === 'header') expect(seedText[e.doc], `${e.id}: PE(pos,${s})`).toContain(`PE(pos,${s})`);
          else if (/^[+-]?[\d.]+$/.test(s)) expect(seedText[e.doc], `${e.id}: ${s}`).toContain(s.replace(/^\+/, '+'));
        }
      }
    }
  });

  it('a quantity that falls with an index says with its growth: "随 m 增大而减小", not "随 m 减小" (issue 27-g: read as "falls as m falls")', () => {
    expect(ENTRIES.find((e) => e.id === 'e001-low-high')!.right.zh).toContain('随 $m$ 增大而减小');
    for (const e of ENTRIES) expect(e.right.zh, e.id).not.toMatch(/随 \$[a-z]\$ (单调|逐步)?减小/);
  });

  it('every entry links to a chapter of the registry', () => {
    const ids = new Set(chapters.map((c) => c.id));
    for (const e of ENTRIES) expect(ids.has(e.chapter), `${e.id} → ${e.chapter}`).toBe(true);
  });

  it('every check an entry names exists, and every check is used', () => {
    for (const e of ENTRIES) expect(CHECKS[e.check.name], `${e.id}: ${e.check.name}`).toBeTypeOf('function');
    const used = new Set(ENTRIES.map((e) => e.check.name));
    for (const name of Object.keys(CHECKS)) expect(used.has(name), name).toBe(true);
  });

  it('every erratum marker in a chapter (and its subfolders) names an entry that exists', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) =>
        statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : f.endsWith('.ts') ? [join(dir, f)] : [],
      );
    const ids = files(resolve(__dirname, '../../web/src/chapters')).flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/kind: 'erratum',\s*id: '([^']+)'/g)].map((m) => m[1]),
    );
    expect(ids.length).toBeGreaterThan(5);
    for (const id of ids) expect(ENTRIES.find((e) => e.id === id)?.verdict, id).toBe('erratum');
  });
});

describe("every entry's verdict follows from its check, run on the core", () => {
  for (const entry of ENTRIES) {
    it(`${entry.id} (${entry.doc}, ${entry.location.en}): ${entry.verdict}`, () => {
      const result = runCheck(entry, ctx(entry));
      const bad = (r: { agrees: boolean }) =>
        JSON.stringify(
          result.rows.filter((x) => x.agrees === !r.agrees),
          null,
          1,
        );
      expect(result.error, result.error).toBeUndefined();
      expect(
        result.broken,
        `context rows failed: ${JSON.stringify(
          result.rows.filter((r) => r.context && !r.agrees),
          null,
          1,
        )}`,
      ).toBe(false);
      expect(result.verdict, bad({ agrees: entry.verdict === 'confirmed' })).toBe(entry.verdict);
      const deciding = result.rows.filter((r) => !r.context);
      expect(deciding.length).toBeGreaterThan(0);
      if (entry.verdict === 'erratum') expect(deciding.some((r) => !r.agrees)).toBe(true);
      if (entry.verdict === 'confirmed') expect(deciding.every((r) => r.agrees)).toBe(true);
      if (entry.verdict === 'waiting-for-lab') {
        expect(entry.lab?.question.zh.length).toBeGreaterThan(10);
        expect(entry.lab?.question.en.length).toBeGreaterThan(10);
        expect(entry.lab?.run.encodings.length).toBeGreaterThan(1);
        expect(deciding[0].label).toEqual(entry.lab?.question);
      }
    });
  }

  it('every formula an entry shows ($…$ in its words and in its check rows) typesets in KaTeX', () => {
    const words = (v: unknown): string[] =>
      typeof v === 'string'
        ? [v]
        : v && typeof v === 'object' && 'zh' in v
          ? [(v as unknown as { zh: string }).zh, (v as unknown as { en: string }).en]
          : [];
    for (const e of ENTRIES) {
      const texts = [
        e.title,
        e.right,
        e.location,
        e.says,
        e.lab?.question,
        ...runCheck(e, ctx(e)).rows.flatMap((r) => [r.label, r.doc, r.computed]),
      ].flatMap(words);
      for (const t of texts) {
        const plain = t.replace(/`[^`]*`/g, '');
        for (const m of plain.matchAll(/\$([^$]+)\$/g)) {
          expect(() => katex.renderToString(m[1], { throwOnError: true, strict: 'ignore' }), `${e.id}: $${m[1]}$`).not.toThrow();
        }
        expect(plain.replace(/\$[^$]+\$/g, ''), `${e.id}: a lone $ in "${t}"`).not.toContain('$');
      }
    }
  });

  it('words shown to a reader have no raw underscore outside $…$ and code, and no plural slip like "line(s)" (issue 27-g: "d_model = 512", "ω_m")', () => {
    const words = (v: unknown): string[] =>
      typeof v === 'string' ? [v] : v && typeof v === 'object' && 'zh' in v ? [(v as L10n).zh, (v as L10n).en] : [];
    // what rich() does not typeset: math and code are taken out first
    const bare = (t: string) => t.replace(/`[^`]*`/g, '').replace(/\$[^$]+\$/g, '');
    const underscores: string[] = [];
    const plurals: string[] = [];
    for (const e of ENTRIES) {
      const shown = [e.title, e.right, e.location, e.says, e.lab?.question].flatMap(words);
      const rows = runCheck(e, ctx(e))
        .rows.flatMap((r) => [r.label, r.doc, r.computed])
        .flatMap(words);
      for (const t of [...shown, ...rows]) {
        if (bare(t).includes('_')) underscores.push(`${e.id}: ${t}`);
        if (/\w\(s\)/.test(bare(t))) plurals.push(`${e.id}: ${t}`);
      }
    }
    expect(underscores).toEqual([]);
    expect(plurals).toEqual([]);
  });

  it('every check that states a number calls the core (the text checks read text: text-scan.ts)', () => {
    for (const entry of ENTRIES) {
      if (entry.check.name in TEXT) continue;
      let calls = 0;
      const count = <T extends object>(o: T): T =>
        new Proxy(o, {
          get(target, key, recv) {
            const v = Reflect.get(target, key, recv);
            if (key === 'analysis') return count(v as object);
            if (typeof v === 'function') {
              return (...args: unknown[]) => {
                calls++;
                return (v as (...a: unknown[]) => unknown).apply(target, args);
              };
            }
            return v;
          },
        });
      CHECKS[entry.check.name]({ ...ctx(entry), pe: count(pe) }, entry.check.args ?? {}, entry);
      expect(calls, entry.id).toBeGreaterThan(0);
    }
  });

  it('text checks follow the document: with the document corrected, the same checks agree', () => {
    let corrected = 0;
    for (const entry of ENTRIES.filter((e) => e.check.name === 'text')) {
      const items = (entry.check.args?.items ?? []) as {
        kind: string;
        line: number;
        wrong?: string;
        right?: string;
        source?: string;
        fixed?: string;
      }[];
      const fixable = items.filter((it) => it.kind === 'spelling' || (it.kind === 'tex' && !it.source?.includes('\n')));
      if (!fixable.length) continue;
      const lines = seedText[entry.doc].split('\n');
      for (const it of fixable)
        lines[it.line - 1] = lines[it.line - 1].replace(
          it.kind === 'spelling' ? it.wrong! : it.source!,
          it.kind === 'spelling' ? it.right! : it.fixed!,
        );
      const check = { ...entry, check: { name: 'text', args: { items: fixable } } };
      const rows = CHECKS.text(ctx(entry, lines.join('\n')), check.check.args, check).filter((r) => !r.context);
      expect(
        rows.every((r) => r.agrees),
        `${entry.id}: ${JSON.stringify(rows)}`,
      ).toBe(true);
      corrected++;
    }
    expect(corrected).toBeGreaterThan(8);
  });

  it("the core's numbers behind the key verdicts, against independent float64 values", () => {
    const rowsOf = (id: string) =>
      runCheck(
        ENTRIES.find((e) => e.id === id)!,
        ctx(ENTRIES.find((e) => e.id === id)!),
      ).rows;
    const text = (t: unknown) => (typeof t === 'string' ? t : (t as { en: string }).en);
    // 001 §6.1.4: p₀·p₂ at d = 8 is cos 2 + cos 0.2 + cos 0.02 + cos 0.002, not 2.58
    const p02 = Math.cos(2) + Math.cos(0.2) + Math.cos(0.02) + Math.cos(0.002);
    expect(
      Number(text(rowsOf('e001-omega').find((r) => text(r.label).includes('p_0\\cdot p_2'))!.computed).replace('\u2212', '-')),
    ).toBeCloseTo(p02, 3);
    // 001 §6.1.1: the longest period at d = 8 is 2π·1000
    expect(text(rowsOf('e001-period-d')[0].computed)).toBe((2 * Math.PI * 1000).toFixed(0));
    // 002: 29 "$$", counted here by hand
    expect(text(rowsOf('e002-tex-dollar-runs')[0].computed)).toBe(String(seedText['002'].split('$$').length - 1));
    // 004 §2.3: sentence 2 offsets by the position table (5, 6, 7, 1, 2, 3)
    expect(text(rowsOf('e004-sentence')[0].computed)).toBe('+1, +1, \u22126, +1, +1');
    expect(text(rowsOf('e004-sentence')[1].computed)).toBe('12 / 30');
    // 004 §2.1: all 198 printed values are the first 22 columns of d_model = 512
    expect(text(rowsOf('e004-table').find((r) => text(r.label).includes('$d_{model}=512$'))!.computed)).toBe('198 / 198');
    // 000 §3.4: the exact first component is cos 2 − 2 sin 2
    expect(Number(text(rowsOf('e000-rounding')[0].computed).replace('\u2212', '-'))).toBeCloseTo(Math.cos(2) - 2 * Math.sin(2), 3);
  });
});

describe("the lab's reference run decides the extrapolation claims", () => {
  const run = (encoding: string, acc: number[]) => ({
    task: 'copy',
    encoding,
    trainLength: 32,
    lengths: [32, 40, 48, 64, 128],
    accuracy: acc,
    spread: acc.map(() => 0.02),
  });
  /** A run of several seeds: each seed's accuracies, their mean as the run's. */
  const seeded = (encoding: string, seeds: number[][]) => ({
    ...run(
      encoding,
      seeds[0].map((_, k) => seeds.reduce((a, s) => a + s[k], 0) / seeds.length),
    ),
    bySeed: seeds,
  });
  const ref: LabReference = {
    runs: [
      run('sinusoidal', [0.99, 0.6, 0.3, 0.1, 0.05]),
      run('rope', [0.99, 0.9, 0.8, 0.5, 0.2]),
      run('alibi', [0.98, 0.97, 0.96, 0.95, 0.9]),
      run('learned', [0.99, 0.2, 0.1, 0.05, 0.01]),
      run('t5', [0.98, 0.95, 0.9, 0.85, 0.8]),
    ],
  };

  it('without a reference run every extrapolation entry waits, with one they get a verdict from it', () => {
    for (const e of ENTRIES.filter((x) => x.lab)) {
      // (not ctx(e, undefined, undefined): a default parameter would put the saved run back)
      expect(runCheck(e, { pe, seed: seedText[e.doc], katex, lab: undefined }).verdict, e.id).toBe('waiting-for-lab');
    }
    const limited = ENTRIES.find((e) => e.id === 'x000-sin-limited')!;
    expect(runCheck(limited, ctx(limited, undefined, ref)).verdict).toBe('confirmed'); // sinusoidal drops past L: "limited" holds
    const natural = ENTRIES.find((e) => e.id === 'x001-sin-natural')!;
    expect(runCheck(natural, ctx(natural, undefined, ref)).verdict).toBe('erratum');
    const ropeBetter = ENTRIES.find((e) => e.id === 'x000-table-extrapolation')!;
    expect(runCheck(ropeBetter, ctx(ropeBetter, undefined, ref)).verdict).toBe('confirmed');
  });

  it('the lab evidence of an entry names encodings and tasks as the lab chapter does, never by identifier (issue 27: "none 0.21 / alibi 0.23" on the Chinese page)', () => {
    // every task of the core's list has its name in both languages (a new task without one would be code on the page)
    for (const t of LAB_TASKS) expect(EVIDENCE_TASKS[t]?.zh && EVIDENCE_TASKS[t]?.en, t).toBeTruthy();
    for (const e of LAB_ENCODINGS) expect(EVIDENCE_NAMES[e]?.zh && EVIDENCE_NAMES[e]?.en, e).toBeTruthy();
    const ref = {
      runs: ['t5', 'sinusoidal'].map((encoding) => ({
        task: 'recall',
        encoding,
        trainLength: 12,
        lengths: [12, 24],
        accuracy: encoding === 't5' ? [1, 0.5] : [1, 0.1],
      })),
    };
    const q = {
      run: { tasks: ['recall'] },
      decide: { rule: 'beats', better: ['t5'], worse: ['sinusoidal'], at: [2], claims: true },
    } as never;
    const e = labEvidence(ref, q)!;
    expect(e.en).toBe('at 2× the training length: T5 bias 0.50, sinusoidal 0.10');
    expect(labEvidence({ runs: ref.runs.map((r) => ({ ...r, accuracy: [1, 0.004] })) }, q)!.en).toBe(
      'at 2× the training length: T5 bias 0.004, sinusoidal 0.004',
    );
    expect(e.zh).toBe('2 倍训练长度：T5 相对偏置 0.50，正弦 0.10');
    expect(e.zh).not.toMatch(/\b(t5|sinusoidal|recall|none|learned|alibi)\b/);
  });

  it('labDecision reads the cells it needs and reports a missing one as undecided', () => {
    const q = ENTRIES.find((e) => e.id === 'x000-rope-better')!.lab!;
    expect(labDecision(ref, q)?.holds).toBe(false); // ALiBi beats RoPE at 2L and 4L in this made-up run
    expect(labDecision({ runs: [run('rope', [1, 1, 1, 1, 1])] }, q)).toBeUndefined();
    // a reference run without the cells an entry needs leaves it waiting, never "erratum"
    const e = ENTRIES.find((x) => x.id === 'x000-rope-better')!;
    expect(runCheck(e, ctx(e, undefined, { runs: [run('rope', [1, 1, 1, 1, 1])] })).verdict).toBe('waiting-for-lab');
  });

  it('only the runs of the tasks an entry names count', () => {
    const q = ENTRIES.find((e) => e.id === 'x000-rope-better')!.lab!;
    // the same made-up accuracies on a task the entry does not name: no cell, no verdict
    const other: LabReference = { runs: ref.runs.map((r) => ({ ...r, task: 'induction' })) };
    expect(labDecision(other, q)).toBeUndefined();
    // …unless the reader's run is read on its own task
    expect(labDecision(other, q, ['induction'])?.holds).toBe(false);
    // a task the entry names where RoPE wins, averaged with copy where ALiBi wins: the mean decides
    const offset = (encoding: string, acc: number[]) => ({ ...run(encoding, acc), task: 'offset' });
    const mixed: LabReference = {
      runs: [...ref.runs, offset('rope', [1, 1, 1, 1, 1]), offset('alibi', [1, 0, 0, 0, 0]), offset('sinusoidal', [1, 0, 0, 0, 0])],
    };
    expect(labDecision(mixed, q)?.holds).toBe(true);
  });

  it("a lab question asks only what its rule decides: beyond-table says the case L < n ≤ n_max is not measured (the lab's table has n_max = L)", () => {
    const beyond = ENTRIES.filter((e) => e.lab?.decide.rule === 'beyond-table');
    expect(beyond.length).toBeGreaterThan(0);
    for (const e of beyond) {
      expect(e.lab!.question.en, e.id).toContain('is not measured here');
      expect(e.lab!.question.zh, e.id).toContain('这里没有测');
    }
  });

  it('a margin smaller than the spread between seeds is undecided: no winner is named', () => {
    // Three seeds each; accuracies at 32, 40, 48, 64, 128 tokens (1×, 1.25×, 1.5×, 2×, 4×).
    const q = ENTRIES.find((e) => e.id === 'x000-rope-better')!.lab!; // RoPE beats sinusoidal and ALiBi at 2L and 4L
    const close: LabReference = {
      runs: [
        seeded('rope', [
          [1, 1, 1, 0.6, 0.3],
          [1, 1, 1, 0.4, 0.1],
          [1, 1, 1, 0.5, 0.2],
        ]),
        // 0.45 against RoPE's 0.5 at 2L, with the seeds 0.2 apart: within the spread
        seeded('sinusoidal', [
          [1, 1, 1, 0.45, 0.0],
          [1, 1, 1, 0.45, 0.0],
          [1, 1, 1, 0.45, 0.0],
        ]),
        seeded('alibi', [
          [1, 1, 1, 0.1, 0.0],
          [1, 1, 1, 0.1, 0.0],
          [1, 1, 1, 0.1, 0.0],
        ]),
      ],
    };
    const d = labDecision(close, q)!;
    expect(d.undecided).toBe(true);
    expect(d.shown).toMatch(/rope 0\.50 ±0\.10 \/ sinusoidal 0\.45/);
    // the page says which comparison left it open, with its cells: a clear win elsewhere does not hide it
    expect(d.close).toEqual([{ at: 2, better: 'rope', worse: 'sinusoidal' }]);
    expect(labUndecidedWhy(close, q)!.en).toBe(
      "at 2× the training length, RoPE 0.50 (seeds 0.40–0.60) and sinusoidal 0.45 differ by 0.050, less than the seeds' spread, 0.20",
    );
    expect(labUndecidedWhy(close, q)!.zh).toBe(
      '2 倍训练长度：RoPE 0.50（各种子 0.40–0.60） 与 正弦 0.45 相差 0.050，小于种子之间的波动 0.20',
    );
    const e = ENTRIES.find((x) => x.id === 'x000-rope-better')!;
    expect(runCheck(e, ctx(e, undefined, close)).verdict).toBe('undecided');
    // the same means with identical seeds: decided (RoPE beats both)
    const exact: LabReference = {
      runs: close.runs.map((r) => ({ ...r, bySeed: [r.accuracy, r.accuracy, r.accuracy] })),
    };
    expect(labDecision(exact, q)).toMatchObject({ holds: true, undecided: false });
    expect(labUndecidedWhy(exact, q)).toBeUndefined();
    // a comparison that fails by more than the spread decides against the claim, close ones or not
    const clearLoss: LabReference = {
      runs: [
        ...close.runs.filter((r) => r.encoding !== 'alibi'),
        seeded('alibi', [
          [1, 1, 1, 0.9, 0.9],
          [1, 1, 1, 0.9, 0.9],
          [1, 1, 1, 0.9, 0.9],
        ]),
      ],
    };
    expect(labDecision(clearLoss, q)).toMatchObject({ holds: false, undecided: false });
    // no-worse ("does not hurt"): within the spread holds; below by more than it does not
    const noWorse = { ...q, decide: { rule: 'no-worse' as const, better: ['sinusoidal'], worse: ['rope'], at: [2], claims: true } };
    expect(labDecision(close, noWorse)).toMatchObject({ holds: true, undecided: false });
    expect(labDecision(close, { ...noWorse, decide: { ...noWorse.decide, better: ['alibi'] } })).toMatchObject({ holds: false });
    // variants: randomized positions read as '<encoding>+random'
    const variant = {
      ...q,
      decide: { rule: 'beats' as const, better: ['sinusoidal+random'], worse: ['sinusoidal'], at: [2], claims: true },
    };
    const withRandom: LabReference = {
      ...exact,
      randomized: [{ ...exact.runs[1], accuracy: [1, 1, 1, 0.8, 0.5], bySeed: [[1, 1, 1, 0.8, 0.5]] }],
    };
    expect(labDecision(withRandom, variant)).toMatchObject({ holds: true });
  });

  it('a length where both encodings fail ranks neither: it neither supports nor contradicts (issue 27: "undecided" beside RoPE 0.63 against 0.11)', () => {
    const q = ENTRIES.find((e) => e.id === 'x000-rope-better')!.lab!; // RoPE beats sinusoidal and ALiBi at 2L and 4L
    // RoPE wins clearly at 2L; at 4L all three are near zero, RoPE's seeds 0.000–0.012 against 0.000
    const floor: LabReference = {
      runs: [
        seeded('rope', [
          [1, 1, 1, 0.6, 0.012],
          [1, 1, 1, 0.5, 0.0],
          [1, 1, 1, 0.55, 0.003],
        ]),
        seeded('sinusoidal', [
          [1, 1, 1, 0.1, 0.0],
          [1, 1, 1, 0.12, 0.0],
          [1, 1, 1, 0.08, 0.0],
        ]),
        seeded('alibi', [
          [1, 1, 1, 0.05, 0.0],
          [1, 1, 1, 0.05, 0.001],
          [1, 1, 1, 0.05, 0.0],
        ]),
      ],
    };
    const d = labDecision(floor, q)!;
    expect(d).toMatchObject({ holds: true, undecided: false, close: [] });
    expect(d.floor).toEqual([
      { at: 4, better: 'rope', worse: 'sinusoidal' },
      { at: 4, better: 'rope', worse: 'alibi' },
    ]);
    const note = labFloorNote(floor, q)!;
    expect(note.en).toBe(
      'at 4× the training length, RoPE 0.005 (seeds 0.000–0.012), sinusoidal 0.000, ALiBi 0.000 (seeds 0.000–0.001) all fail (under 5% on every seed): that length ranks none of them',
    );
    expect(note.zh).toContain('4 倍训练长度');
    expect(note.zh).not.toMatch(/[a-z]{3,}/);
    const e = ENTRIES.find((x) => x.id === 'x000-rope-better')!;
    const check = runCheck(e, ctx(e, undefined, floor));
    expect(check.verdict).toBe('confirmed');
    // the row says why 4L did not count, beside "holds"
    expect(JSON.stringify(check.rows[0].computed)).toContain('all fail (under 5% on every seed)');
    // one seed over the floor at 4L: that length counts again, and RoPE's 0.07 against 0.00 is within its spread
    const over: LabReference = {
      runs: floor.runs.map((r) =>
        r.encoding === 'rope' ? seeded('rope', [[1, 1, 1, 0.6, 0.07], r.bySeed![1] as number[], r.bySeed![2] as number[]]) : r,
      ),
    };
    expect(labDecision(over, q)).toMatchObject({ undecided: true, floor: [] });
    expect(labFloorNote(over, q)).toBeUndefined();
    // every comparison at the floor: nothing is ranked, undecided, and the floor is the reason given
    const only4 = { ...q, decide: { ...q.decide, at: [4] } };
    expect(labDecision(floor, only4)).toMatchObject({ undecided: true, close: [] });
    expect(labUndecidedWhy(floor, only4)!.en).toContain('all fail');
    expect(LAB_FLOOR).toBe(0.05); // the "5%" the sentences say
  });

  it("a model that did not learn the task within the training length decides nothing; a reader's one-seed run is not said to have seeds; a missing model is named (issue 27: 'supports' beside sinusoidal 0.004 at L)", () => {
    const q = ENTRIES.find((e) => e.id === 'x000-sin-limited')!.lab!; // keeps 90% of its accuracy at L
    const one = (encoding: string, acc: number[]) => ({ ...run(encoding, acc), task: 'offset' });
    // sinusoidal got 0.004 at L: its drop past L says nothing about the encoding
    const reader: LabReference = { runs: [one('sinusoidal', [0.004, 0, 0, 0, 0]), one('rope', [1, 1, 0.9, 0.5, 0.1])] };
    expect(labDecision(reader, q, ['offset'])).toMatchObject({ undecided: true, unlearned: ['sinusoidal'] });
    expect(labUndecidedWhy(reader, q, ['offset'])!.en).toBe(
      'at the training length, sinusoidal 0.004: under 50%, the task was not learned, so how it does on longer sequences says nothing about the encoding',
    );
    expect(LAB_LEARNED).toBe(0.5);
    // learned (0.6 at L): decided again
    expect(labDecision({ runs: [one('sinusoidal', [0.6, 0, 0, 0, 0])] }, q, ['offset'])).toMatchObject({ undecided: false, holds: false });
    // a floor on a one-seed run: "under 5%", never "on every seed"
    const rq = ENTRIES.find((e) => e.id === 'x000-rope-better')!.lab!;
    const floorRun: LabReference = {
      runs: [one('rope', [1, 1, 1, 0.5, 0.01]), one('sinusoidal', [1, 1, 1, 0.1, 0]), one('alibi', [1, 1, 1, 0.1, 0])].map((r) => ({
        ...r,
        spread: undefined,
      })),
    };
    const note = labFloorNote(floorRun, rq, ['offset'])!;
    expect(note.en).toContain('all fail (under 5%)');
    expect(note.en).not.toContain('seed');
    expect(note.zh).not.toContain('种子');
    // the reader trained RoPE alone: the claim names what is missing
    const alone: LabReference = { runs: [one('rope', [1, 1, 1, 0.5, 0.01])] };
    expect(labDecision(alone, rq, ['offset'])).toBeUndefined();
    expect(labMissing(alone, rq, ['offset']).map((m) => m.en)).toEqual(['sinusoidal', 'ALiBi']);
  });

  it('the saved run decides the two RoPE-against-sinusoidal claims of 000 at the lengths where a model still works', () => {
    for (const id of ['x000-table-extrapolation', 'x000-rope-better']) {
      const q = ENTRIES.find((e) => e.id === id)!.lab!;
      const d = labDecision(labRun!, q)!;
      expect(d, id).toMatchObject({ holds: true, undecided: false });
      // at 4L every compared model fails on every seed (recomputed from the file, not from labDecision)
      for (const f of d.floor) {
        for (const enc of [f.better, f.worse]) {
          const runs = labRun!.runs.filter((r) => r.encoding === enc && q.run.tasks.includes(r.task));
          for (const r of runs) {
            const k = r.lengths.indexOf(r.trainLength * f.at);
            for (const s of r.bySeed!) expect(s[k] ?? 0, `${id} ${enc} ${r.task}`).toBeLessThan(LAB_FLOOR);
          }
        }
      }
      expect(d.floor.map((f) => f.at)).toContain(4);
    }
  });

  it('the spread between seeds counts only lengths where a model ran: past a learned table there is nothing to spread (issue 27: "learned table 0.000")', () => {
    const q = ENTRIES.find((e) => e.id === 'x001-absolute-unstable')!.lab!; // spread over seeds at 1.25L–2L, sinusoidal and learned
    const r = (encoding: string, spread: number[], beyond?: boolean[]) => ({
      ...run(encoding, [1, 0.5, 0.4, 0.3, 0.1]),
      task: 'recall',
      spread,
      ...(beyond ? { beyondTable: beyond } : {}),
    });
    const ref: LabReference = {
      runs: [r('sinusoidal', [0, 0.04, 0.05, 0.03, 0]), r('learned', [0, 0.3, 0.3, 0.3, 0.3], [false, true, true, true, true])],
    };
    // the learned table's 0.3 at lengths it has no row for is not read as instability
    expect(labDecision(ref, q)).toMatchObject({ holds: true, shown: '0.040, 0.050, 0.030' });
    const e = labEvidence(ref, q)!;
    expect(e.en).toContain('learned table: no row past the training length, nothing to compare');
    expect(e.en).not.toMatch(/learned table on/);
  });

  it("the run an entry shows is the saved reference run: its lengths are the file's lengths over its training length (issue 27-g: 3× was missing)", () => {
    expect(labRun).toBeDefined();
    const all = [...labRun!.runs, ...(labRun!.randomized ?? []), ...(labRun!.stretched ?? [])];
    for (const r of all) expect(LAB_RUN.lengths, `${r.task} ${r.encoding}`).toEqual(r.lengths.map((n) => n / r.trainLength));
    for (const r of labRun!.runs) expect(r.bySeed?.length, `${r.task} ${r.encoding}`).toBe(LAB_RUN.seeds);
    // an entry that names fewer lengths names lengths of the run
    for (const e of ENTRIES.filter((x) => x.lab)) for (const m of e.lab!.run.lengths) expect(LAB_RUN.lengths, e.id).toContain(m);
  });

  it('every encoding an entry\'s run names has words in both languages, the ones the lab does not train too (issue 27-g: "编码 integer")', () => {
    for (const e of ENTRIES.filter((x) => x.lab)) {
      for (const enc of e.lab!.run.encodings) {
        const n = encodingName(enc);
        // an identifier without a name comes back as code; an English word on the zh page is one too
        expect(n.zh, `${e.id} ${enc}`).not.toMatch(/`|\b[a-z]{3,}\b/);
        expect(n.en, `${e.id} ${enc}`).not.toContain('`');
      }
    }
    expect(encodingName('integer')).toEqual({ zh: '整数位置标记', en: 'integer position labels' });
    expect(encodingName('rope+ntk').en).toBe('RoPE (stretched by NTK)');
  });

  it('beyond-table reads the run: a learned model that ran past the training length contradicts the claim', () => {
    const q = ENTRIES.find((e) => e.id === 'x004-learned')!.lab!;
    const learned = (beyond: boolean[]) => ({ runs: [{ ...run('learned', [1, 0, 0, 0, 0]), beyondTable: beyond }] });
    expect(labDecision(learned([false, true, true, true, true]), q)?.holds).toBe(true);
    expect(labDecision(learned([false, false, false, false, false]), q)?.holds).toBe(false);
    expect(labDecision({ runs: [run('learned', [1, 0, 0, 0, 0])] }, q)).toBeUndefined(); // no beyondTable: undecided
  });
});
