/**
 * A chapter is data: prose in both languages, formulas, controls and views. The generic renderer
^ * (chapter-view) turns it into a page; a view is a small function from the current
 * parameters to a component, so no prose lives inside a component and no number is typed in.
 */
import type { TemplateResult } from 'lit';

import type { L10n, Lang } from '../shared/i18n.js';
import type { PosencFull } from '../../lib/internal.js';

export type ParamValue = number | string;

export interface NumberParam {
  id: string;
  label: L10n;
  min: number;
  max: number;
  step: number;
  default: number;
}

export interface ChoiceParam {
  id: string;
  label: L10n;
  choices: { value: string; label: L10n }[];
  default: string;
}

export type ParamSpec = NumberParam | ChoiceParam;

export interface ViewContext {
  pe: PosencFull;
  p: Record<string, ParamValue>;
  lang: Lang;
  /** The parameter as a number (for NumberParam ids). */
  n(id: string): number;
  /** The parameter as a string (for ChoiceParam ids). */
  s(id: string): string;
  t(text: L10n): string;
  /** Sets a parameter from inside a view (e.g. dragging a vector); commit records it in history. */
  set(id: string, value: ParamValue, commit: boolean): void;
}

export type Block =
  | { kind: 'text'; text: L10n }
  | { kind: 'math'; tex: string }
  | { kind: 'controls'; params: string[] }
  /** deps: the parameters the view reads; it is recomputed only when one of them changes. */
  | { kind: 'view'; deps: string[]; render: (ctx: ViewContext) => TemplateResult }
  /** A correction of the source document: links to the Errata chapter entry. */
  | { kind: 'erratum'; id: string; text: L10n };

export interface Section {
  id: string;
  title: L10n;
  /** Seed document and section walked through, e.g. "000 §2.2" (L10n when it quotes a title). */
  seeds?: string | L10n;
  blocks: Block[];
}

export interface Chapter {
  id: string;
  title: L10n;
  summary: L10n;
  seeds: string | L10n;
  params: ParamSpec[];
  sections: Section[];
}

export const isChoice = (p: ParamSpec): p is ChoiceParam => 'choices' in p;

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

export function defaults(c: Chapter): Record<string, ParamValue> {
  return Object.fromEntries(c.params.map((p) => [p.id, p.default]));
}
