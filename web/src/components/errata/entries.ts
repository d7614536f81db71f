/**
 * Helpers the Errata chapter calls on the audit's data (so the chapter itself stays free of loops):
 * the choices of its `entry` parameter, and the chapters' titles for the links back.
 */
import type { ChapterMeta } from '../chapter/chapter-types.js';
import { l, type L10n } from '../shared/i18n.js';
import { SEVERITIES, VERDICTS, type EntryData, type Severity, type Verdict } from './types.js';

/**
 * What a reader sees for an entry instead of its id: its document and its place in that document's
 * list, "001 · 7" (the id stays in links, data attributes and tests; it is not a word of the page).
 */
export function entryNumbers(entries: readonly EntryData[]): Map<string, string> {
  const count = new Map<string, number>();
  const out = new Map<string, string>();
  for (const e of entries) {
    const n = (count.get(e.doc) ?? 0) + 1;
    count.set(e.doc, n);
    out.set(e.id, `${e.doc} · ${n}`);
  }
  return out;
}

/** One choice per entry (deep links #/errata?entry=<id>), labelled by its number, plus "none". */
export function entryChoices(entries: readonly EntryData[]): { value: string; label: L10n }[] {
  const numbers = entryNumbers(entries);
  return [
    { value: '', label: l('—', '—') },
    ...entries.map((e) => ({
      value: e.id,
      label: l(
        `讲义 ${e.doc} 第 ${numbers.get(e.id)!.split(' · ')[1]} 条`,
        `document ${e.doc}, entry ${numbers.get(e.id)!.split(' · ')[1]}`,
      ),
    })),
  ];
}

/** Chapter id → title, for "shown live in …" links. */
export function chapterTitles(chapters: readonly ChapterMeta[]): Record<string, L10n> {
  return Object.fromEntries(chapters.map((c) => [c.id, c.title]));
}

/** Entries counted by verdict and, for errata, by severity. */
export interface EntryCounts {
  total: number;
  verdict: Record<Verdict, number>;
  severity: Record<Severity, number>;
}

/**
 * The one count of the audit: the summary table and each document's heading in the list both read
 * it, so they cannot disagree on a number or on which categories there are (they did: the heading
 * folded the lab's "undecided" into "waiting").
 */
export function countEntries(list: readonly EntryData[]): EntryCounts {
  const verdict = Object.fromEntries(VERDICTS.map((v) => [v, list.filter((e) => e.verdict === v).length])) as Record<Verdict, number>;
  const severity = Object.fromEntries(
    SEVERITIES.map((s) => [s, list.filter((e) => e.verdict === 'erratum' && e.severity === s).length]),
  ) as Record<Severity, number>;
  return { total: list.length, verdict, severity };
}
