/**
 * The base of every chapter figure. A figure is a component (components/README.md): it reads the
 * wasm core, computes only when its inputs change (willUpdate), and draws. Words come from the
 * chapter as properties (already in the reader's language); numbers come from the core.
 */
import { LitElement, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';

import type { PosencFull } from '../../lib/internal.js';
import type { L10n, Lang } from './i18n.js';
import { posenc } from './pe.js';

export abstract class PosencFigure extends LitElement {
  /** The reader's language (set by the chapter renderer). */
  @property() lang: Lang = 'en';

  protected get pe(): PosencFull {
    return posenc();
  }

  /** The figure's own short labels (axis names, units), in the current language. */
  protected t(s: L10n): string {
    return s[this.lang];
  }

  /** Did any of these inputs change? (Recompute only then: a slider step touches one input.) */
  protected changedAny(changed: PropertyValues, ...keys: string[]): boolean {
    return keys.some((k) => changed.has(k));
  }

  /** Asks the chapter to change the parameter bound to `prop` (a drag, a click on the figure). */
  protected emitSet(prop: string, value: number | string, commit: boolean): void {
    this.dispatchEvent(new CustomEvent('posenc-set', { detail: { prop, value, commit }, bubbles: true, composed: true }));
  }

  /** Reports the answer this figure shows to an enclosing predict-then-reveal question. */
  protected emitAnswer(value: string): void {
    this.dispatchEvent(new CustomEvent('posenc-answer', { detail: { value }, bubbles: true, composed: true }));
  }
}

/**
 * Fills {name} placeholders of a sentence with values (the figure's computed numbers, or the
 * reader's settings). TeX between $…$ is left alone: its braces are not placeholders.
 */
export function fill(template: string, values: Record<string, string | number>): string {
  return template
    .split(/(\$[^$]+\$)/)
    .map((part) => (part.startsWith('$') ? part : part.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m))))
    .join('');
}
