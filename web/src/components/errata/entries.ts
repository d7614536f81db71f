/**
 * Helpers the Errata chapter calls on the audit's data (so the chapter itself stays free of loops):
 * the choices of its `entry` parameter, and the chapters' titles for the links back.
 */
import type { ChapterMeta } from '../chapter/chapter-types.js';
import { l, type L10n } from '../shared/i18n.js';
import type { EntryData } from './types.js';

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
