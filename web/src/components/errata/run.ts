/**
 * Running an entry's check in the page: the seed document's text and KaTeX load on first use (a
 * chunk of their own), the training lab's reference run if one has landed, and results are kept
 * so an entry opened twice is computed once.
 */
import { posenc } from '../shared/pe.js';
import type { CheckContext } from './check-kit.js';
import { runCheck, type CheckResult, type LabReference } from './checks.js';
import type { Doc, EntryData } from './types.js';

const SEEDS = import.meta.glob('../../../data/seeds/*.txt', { query: '?raw', import: 'default' }) as Record<string, () => Promise<string>>;
/** The lab's reference run (web/data/lab-reference.json, written by scripts/lab-reference-run.mjs). */
const LAB = import.meta.glob('../../../data/lab-reference.json', { import: 'default' }) as Record<string, () => Promise<LabReference>>;

const texts = new Map<Doc, Promise<string>>();
let katex: Promise<CheckContext['katex']> | undefined;
let lab: Promise<LabReference | undefined> | undefined;
const results = new Map<string, CheckResult>();

function seedText(doc: Doc): Promise<string> {
  let t = texts.get(doc);
  if (!t) {
    const key = Object.keys(SEEDS).find((k) => k.includes(`/seeds/${doc}_`));
    t = key ? SEEDS[key]() : Promise.reject(new Error(`no text for document ${doc}`));
    texts.set(doc, t);
  }
  return t;
}

function labReference(): Promise<LabReference | undefined> {
  const load = Object.values(LAB)[0];
  lab ??= load ? load() : Promise.resolve(undefined);
  return lab;
}

/** The result of an entry's check if it has been computed. */
export const cachedResult = (id: string): CheckResult | undefined => results.get(id);

/** Computes (once) and returns an entry's check result. */
export async function checkEntry(entry: EntryData): Promise<CheckResult> {
  const hit = results.get(entry.id);
  if (hit) return hit;
  katex ??= import('../math/katex-loader.js').then((m) => m.loadKatex()).then((kit) => kit.katex);
  const [seed, k, ref] = await Promise.all([seedText(entry.doc), katex, labReference()]);
  const r = runCheck(entry, { pe: posenc(), seed, katex: k, lab: ref });
  results.set(entry.id, r);
  return r;
}
