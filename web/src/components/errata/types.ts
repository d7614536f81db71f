/**
 * The audit of the five seed documents, as data (web/src/chapters/errata/seed-00N.ts) and as checks
 * (checks.ts here). An entry says where a document says what (its exact words), what is right, and
 * names the check that decides its verdict with the core; the check returns rows (label, the
 * document's value, the computed value, whether they agree). No functions live in the data.
 */
import type { L10n } from '../shared/i18n.js';

export type Doc = '000' | '001' | '002' | '003' | '004';
export const DOCS: readonly Doc[] = ['000', '001', '002', '003', '004'];

/** confirmed: the document is right (they teach too); erratum: it is not; waiting-for-lab: the
 * training lab's reference run decides; undecided: it did, by a margin smaller than the spread
 * between its seeds, so it names no winner. */
export type Verdict = 'confirmed' | 'erratum' | 'waiting-for-lab' | 'undecided';
export const VERDICTS: readonly Verdict[] = ['erratum', 'confirmed', 'waiting-for-lab', 'undecided'];

/** How bad an erratum is, worst first. */
export type Severity = 'wrong-number' | 'wrong-claim' | 'misleading' | 'typo';
export const SEVERITIES: readonly Severity[] = ['wrong-number', 'wrong-claim', 'misleading', 'typo'];

export type Kind = 'table' | 'example' | 'code' | 'claim' | 'notation' | 'typesetting';

/** A fragment of the document, verbatim (its source text, TeX and all), on the line it starts. */
export interface Quote {
  line: number;
  text: string;
}

/** A word or a number shown in a check's row: a string, or words in both languages. */
export type Text = string | L10n;

/** The check that decides an entry, by name, with its parameters (checks.ts has the functions). */
export interface CheckSpec {
  name: string;
  args?: Record<string, unknown>;
}

/** The question the training lab's reference run answers (waiting-for-lab entries). */
export interface LabQuestion {
  /** What is measured, as the reader would ask it. */
  question: L10n;
  /** The run that settles it: tasks, encodings, lengths (as multiples of the training length L). */
  run: {
    tasks: string[];
    encodings: string[];
    lengths: number[];
    seeds: number;
  };
  /**
   * How the reference run decides the claim (what the document claims is `claims`: true when it
   * says the rule holds). keeps: each encoding keeps at least `ratio` of its accuracy at L at every
   * length in `at`; spread: the spread of accuracy across seeds is at most `ratio` at every length in
   * `at`; beats: every `better` encoding is more accurate than every `worse` one at every length in
   * `at`; no-worse: no `better` encoding is below a `worse` one by more than the seeds' spread (a
   * claim that something "does not hurt"); beyond-table: a learned table of n_max rows cannot run
   * past n_max. keeps and beats are undecided where a margin is smaller than the spread between the
   * seeds. An encoding may be a variant: `rope+random` (randomized positions), `rope+ntk` (stretched).
   */
  decide:
    | { rule: 'keeps' | 'spread'; encodings: string[]; at: number[]; ratio: number; claims: boolean }
    | { rule: 'beats' | 'no-worse'; better: string[]; worse: string[]; at: number[]; claims: boolean }
    | { rule: 'beyond-table'; encodings: string[]; at: number[]; claims: boolean };
}

export interface EntryData {
  /** Stable: chapters' erratum markers link to it (#/errata?entry=<id>). */
  id: string;
  doc: Doc;
  /** Section of the document (its own numbering or heading). */
  location: L10n;
  /** What the document says, verbatim, with line numbers (tests check every fragment). */
  quote: Quote[];
  /** The quote in English (the zh page shows the quote itself). */
  says: string;
  kind: Kind;
  verdict: Verdict;
  /** For errata. */
  severity?: Severity;
  title: L10n;
  /** What is right, or, for a confirmed entry, why the document is right. */
  right: L10n;
  /** The chapter that shows this live (an id of chapters/index.ts), with parameters if useful. */
  chapter: string;
  link?: string;
  /** The document's printed values that the check compares, as printed. */
  printed?: Record<string, string | string[]>;
  check: CheckSpec;
  /** A published source the verdict also rests on (paper, reference code). */
  source?: string;
  lab?: LabQuestion;
}
