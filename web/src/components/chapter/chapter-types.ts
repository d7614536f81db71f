/**
 * A chapter is data: prose in both languages, formulas, controls, and figures named by their tag
 * with the parameters they read. The generic renderer (chapter-view) turns it into a page. A chapter
 * module computes nothing and holds no state: every number comes from a figure component, which
 * asks the wasm core (components/README.md says how to write one).
 *
 * The registry (chapters/index.ts) holds each chapter's id, title, summary and a loader, so the
 * page's navigation needs no chapter body and each body loads only when it is opened.
 */
import type { L10n, Lang } from '../shared/i18n.js';

export type ParamValue = number | string;

export interface NumberParam {
  id: string;
  label: L10n;
  min: number;
  max: number;
  step: number;
  default: number;
  /** 'log': the slider moves in log space (base, long offset ranges); values still snap to step. */
  scale?: 'linear' | 'log';
}

export interface ChoiceParam {
  id: string;
  label: L10n;
  choices: { value: string; label: L10n }[];
  default: string;
}

export type ParamSpec = NumberParam | ChoiceParam;

/** A figure property bound to a chapter parameter: the figure receives its current value. */
export interface ParamRef {
  param: string;
}
export const param = (id: string): ParamRef => ({ param: id });

/**
 * A value given to a figure property: a parameter binding, words in both languages (the figure
 * receives the current language's string), or a literal.
 */
export type Prop =
  | ParamRef
  | L10n
  | string
  | number
  | boolean
  | null
  | readonly (number | string)[]
  | readonly (readonly number[])[]
  | { readonly [k: string]: unknown };

/** A figure: a posenc-… component and its properties. */
export interface Figure {
  /** A custom element tag starting with "posenc-", defined by a component the chapter imports. */
  tag: string;
  props?: Record<string, Prop>;
  /** Element id (tests and links find figures by it). */
  id?: string;
}

export type Block =
  | { kind: 'text'; text: L10n }
  /**
   * Display math; words inside \\text{…} need both languages, so tex may be an L10n. Parts written
   * \\htmlData{term=ID}{…} are linked terms, named in `terms`: pointing at one lights the parts of
   * the figures in the same section marked data-term="ID" (components/README.md).
   */
  | { kind: 'math'; tex: string | L10n; terms?: { id: string; label: L10n }[] }
  | { kind: 'controls'; params: string[] }
  | ({ kind: 'figure' } & Figure)
  /**
   * Predict, then reveal: the reader commits to an answer before the figure that settles it is
   * shown. The figure reports the right answer live (event posenc-answer, detail { value }), so the
   * verdict is computed at the current parameters, not typed in.
   */
  | {
      kind: 'predict';
      id: string;
      question: L10n;
      choices: { value: string; label: L10n }[];
      reveal: Figure;
      /** Shown after the reveal, whichever answer was picked. */
      explain: L10n;
    }
  /** A correction of the source document: links to the Errata chapter entry. */
  | { kind: 'erratum'; id: string; text: L10n }
  /** A short aside (an intuition the seeds leave out, a caution). */
  | { kind: 'note'; text: L10n };

export interface Section {
  id: string;
  title: L10n;
  /** Seed document and section walked through, e.g. "000 §2.2" (L10n when it quotes a title). */
  seeds?: string | L10n;
  blocks: Block[];
}

export interface Reference {
  /** Authors, title, venue/year, or the code file: cited as published, the same in both languages. */
  text: string;
  /** What the reader finds there, in the reader's language (shown after the citation, in brackets). */
  note?: L10n;
  href?: string;
}

/** What the registry knows about a chapter without loading it. */
export interface ChapterMeta {
  id: string;
  title: L10n;
  summary: L10n;
  seeds: string | L10n;
}

/** What a chapter module exports (default). */
export interface ChapterBody {
  params: ParamSpec[];
  /** The question the chapter answers, as the reader would ask it. */
  question?: L10n;
  sections: Section[];
  /** 2–4 things to remember, shown at the end. */
  takeaways?: L10n[];
  references?: Reference[];
  /** Terms of the notation this chapter uses (from chapters/glossary.ts, shared by all chapters). */
  glossary?: GlossaryTerm[];
}

export interface ChapterEntry extends ChapterMeta {
  load(): Promise<ChapterBody>;
}

export type Chapter = ChapterMeta & ChapterBody;

export interface GlossaryTerm {
  id: string;
  term: L10n;
  meaning: L10n;
}

export const isChoice = (p: ParamSpec): p is ChoiceParam => 'choices' in p;
export const isParamRef = (p: unknown): p is ParamRef =>
  typeof p === 'object' && p !== null && !Array.isArray(p) && Object.keys(p).length === 1 && typeof (p as ParamRef).param === 'string';
export const isL10n = (p: unknown): p is L10n =>
  typeof p === 'object' &&
  p !== null &&
  !Array.isArray(p) &&
  Object.keys(p).length === 2 &&
  typeof (p as L10n).zh === 'string' &&
  typeof (p as L10n).en === 'string';

/** A figure's properties at the current parameters and language. */
export function resolveProps(
  props: Record<string, Prop> | undefined,
  values: Record<string, ParamValue>,
  lang: Lang,
): Record<string, unknown> {
  const out: Record<string, unknown> = { lang };
  for (const [k, v] of Object.entries(props ?? {})) {
    out[k] = isParamRef(v) ? values[v.param] : isL10n(v) ? v[lang] : v;
  }
  return out;
}

/** Reads a URL/attribute value for a parameter: validated, clamped, never trusted. */
export function parseParam(spec: ParamSpec, raw: string | null | undefined): ParamValue {
  if (raw === null || raw === undefined) return spec.default;
  if (isChoice(spec)) return spec.choices.some((c) => c.value === raw) ? raw : spec.default;
  const v = Number(raw);
  if (!Number.isFinite(v)) return spec.default;
  const clamped = Math.min(spec.max, Math.max(spec.min, v));
  // Snap to the step grid so a hand-edited URL cannot ask for d_model = 7.5.
  const snapped = spec.min + Math.round((clamped - spec.min) / spec.step) * spec.step;
  return Number(Math.min(spec.max, snapped).toFixed(10));
}

export function defaults(c: { params: ParamSpec[] }): Record<string, ParamValue> {
  return Object.fromEntries(c.params.map((p) => [p.id, p.default]));
}
