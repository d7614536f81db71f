/**
 * Helpers the Errata chapter calls on the audit's data (so the chapter itself stays free of loops):
 * the choices of its `entry` parameter, and the chapters' titles for the links back.
 */
import type { ChapterMeta } from '../chapter/chapter-types.js';
import { l, type L10n } from '../shared/i18n.js';
import type { EntryData } from './types.js';

/** One choice per entry id (deep links #/errata?entry=<id>), plus "none". */
export function entryChoices(entries: readonly EntryData[]): { value: string; label: L10n }[] {
  return [{ value: '', label: l('—', '—') }, ...entries.map((e) => ({ value: e.id, label: l(e.id, e.id) }))];
}

/** Chapter id → title, for "shown live in …" links. */
export function chapterTitles(chapters: readonly ChapterMeta[]): Record<string, L10n> {
  return Object.fromEntries(chapters.map((c) => [c.id, c.title]));
}
