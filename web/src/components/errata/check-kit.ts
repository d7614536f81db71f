/**
 * What a check returns, and the few helpers every check module shares. A check is a function of
 * the core (the npm API plus its internal `analysis`) and of an entry's data; it returns rows that
 * put the document's value beside the computed one. Numbers shown in a row come from the core or
 * from the document; this module only compares them and formats them.
 */
import type { PosencFull } from '../../lib/internal.js';
import { fmt, fmtSig, MINUS } from '../shared/format.js';
import { l, type L10n } from '../shared/i18n.js';
import type { EntryData, Text, Verdict } from './types.js';

export interface CheckRow {
  label: Text;
  /** The document's value (as printed, or what its sentence implies). */
  doc: Text;
  computed: Text;
  agrees: boolean;
  /**
   * A context row: a fact the verdict rests on that must hold whatever the verdict (the quote is
   * where the entry says, the right form does what it should). It never decides the verdict; if
   * it fails, the check itself is broken.
   */
  context?: boolean;
  /** A row the training lab's reference run has not answered yet (the verdict waits for it). */
  pending?: boolean;
  /** A row the reference run answers with a margin smaller than the spread between its seeds. */
  undecided?: boolean;
}

export interface CheckResult {
  rows: CheckRow[];
  /** Do the document and the computation agree, over the deciding rows? */
  agrees: boolean;
  /** The verdict the numbers give: confirmed when they agree, erratum when not, waiting-for-lab, or
   * undecided (a lab margin smaller than the seeds' spread). */
  verdict: Verdict;
  /** A context row failed, or the check threw: the numbers cannot be trusted. */
  broken: boolean;
  error?: string;
}

/** A reference run of the training lab (when it exists): mean token accuracy per cell. */
export interface LabReference {
  runs: {
    task: string;
    encoding: string;
    trainLength: number;
    lengths: number[];
    accuracy: number[];
    spread?: number[];
    /** Sequence accuracy of each seed at each length ([seed][length]); null where beyond the table. */
    bySeed?: (number | null)[][];
    beyondTable?: boolean[];
  }[];
  /** The encodings trained with randomized positions (read as `<encoding>+random`). */
  randomized?: LabReference['runs'];
  /** RoPE stretched at evaluation (read as `rope+pi`, `rope+ntk`, `rope+yarn`). */
  stretched?: (LabReference['runs'][number] & { stretch?: string })[];
}

/** KaTeX's renderToString, as the page's math component uses it (MathML output is compared). */
export type RenderTex = (tex: string, o: { displayMode: boolean; output: 'mathml'; throwOnError: true; strict: false }) => string;

export interface CheckContext {
  pe: PosencFull;
  /** The full text of the entry's document (web/data/seeds/…). */
  seed: string;
  katex: { renderToString: RenderTex };
  lab?: LabReference;
}

export type CheckFn = (ctx: CheckContext, args: Record<string, unknown>, entry: EntryData) => CheckRow[];

// --- rows ----------------------------------------------------------------------------------------

export function row(label: Text, doc: Text, computed: Text, agrees: boolean, context = false): CheckRow {
  return context ? { label, doc, computed, agrees, context } : { label, doc, computed, agrees };
}

function decimals(printed: string): number {
  const m = /\.(\d+)/.exec(printed);
  return m ? m[1].length : 0;
}

/** A printed number against its computed value: agrees when equal at the printed precision. */
export function printed(label: Text, doc: string, value: number): CheckRow {
  const k = decimals(doc);
  const d = Number(doc);
  const agrees = Math.abs(d - value) <= 0.5 * 10 ** -k + 1e-9 * Math.max(1, Math.abs(value));
  return row(label, doc.replace('-', MINUS), fmt(value, Math.min(k + 2, 8)), agrees);
}

/** Six significant digits, as 004's table prints: agrees when the relative difference is tiny. */
export function sixDigits(label: Text, doc: string, value: number): CheckRow {
  const d = Number(doc);
  const agrees = Math.abs(d - value) <= 5e-6 * Math.max(Math.abs(d), 1e-3) + 5e-7;
  return row(label, doc.replace('-', MINUS), value.toPrecision(6).replace('-', MINUS), agrees);
}

/** Only the rows that disagree (up to 12), or the first 6 when all agree, plus a count row. */
export function summarised(rows: CheckRow[], what: L10n): CheckRow[] {
  const bad = rows.filter((r) => !r.agrees);
  const shown = bad.length ? bad.slice(0, 12) : rows.slice(0, 6);
  return [
    ...shown,
    row(
      l(`${what.zh}：一致的值`, `${what.en}: values that agree`),
      `${rows.length}`,
      `${rows.length - bad.length} / ${rows.length}`,
      bad.length === 0,
    ),
  ];
}

// --- numbers as words ----------------------------------------------------------------------------

export const YES = l('是', 'yes');
export const NO = l('否', 'no');
export const yesNo = (b: boolean): L10n => (b ? YES : NO);

/** A small difference as $2.2\times10^{-16}$ (typeset), a plain number otherwise. */
export function sci(v: number): string {
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e-3 && a < 1e5) return fmtSig(v, 4);
  const [m, e] = v.toExponential(1).split('e');
  return `$${m}\\times10^{${Number(e)}}$`;
}

export { fmt, fmtSig };

/** "a + b" or "a − b", with the sign of b (never "+ −"). */
export const sum = (a: number, b: number, digits = 4): string => `${fmt(a, digits)} ${b < 0 ? MINUS : '+'} ${fmt(Math.abs(b), digits)}`;

/** Tolerance below which two float64 results are "equal" (rounding only). */
export const ROUNDING = 1e-9;

/** Row-major {rows, cols, data} from nested arrays (data for the core, not a measurement). */
export function matrix(rows: readonly (readonly number[])[]): { rows: number; cols: number; data: Float64Array } {
  return { rows: rows.length, cols: rows[0]?.length ?? 0, data: Float64Array.from(rows.flat()) };
}

/** Entry (r, c) of a row-major matrix. */
export const at = (m: { cols: number; data: ArrayLike<number> }, r: number, c: number): number => m.data[r * m.cols + c];

/** The numbers of a printed row ("0.841 0.0998 …"). */
export const cells = (printedRow: string): string[] => printedRow.trim().split(/\s+/);

/** Typed access to a check's parameters (data files hold them untyped). */
export function num(args: Record<string, unknown>, key: string): number {
  const v = args[key];
  if (typeof v !== 'number') throw new TypeError(`check argument ${key} must be a number`);
  return v;
}
export function nums(args: Record<string, unknown>, key: string): number[] {
  const v = args[key];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'number')) throw new TypeError(`check argument ${key} must be numbers`);
  return v as number[];
}
export function pairs(args: Record<string, unknown>, key: string): [number, number][] {
  const v = args[key];
  if (!Array.isArray(v) || !v.every((p) => Array.isArray(p) && p.length === 2)) throw new TypeError(`check argument ${key} must be pairs`);
  return v as [number, number][];
}
export function str(args: Record<string, unknown>, key: string): string {
  const v = args[key];
  if (typeof v !== 'string') throw new TypeError(`check argument ${key} must be a string`);
  return v;
}
export function printedList(entry: EntryData, key: string): string[] {
  const v = entry.printed?.[key];
  if (!Array.isArray(v)) throw new TypeError(`${entry.id}: printed.${key} must be a list`);
  return v;
}

/** Random matrices of the analysis core, seeded (the same numbers natively and in wasm). */
export const randn = (ctx: CheckContext, seed: number, rows: number, cols: number, stddev = 1) =>
  ctx.pe.analysis.randomNormal({ seed, rows, cols, stddev });

/** The true minus sign the page prints. */
export const MINUS_SIGN = MINUS;
