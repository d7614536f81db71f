/**
 * The base of every chapter figure. A figure is a component (components/README.md): it reads the
 * wasm core, computes only when its inputs change (willUpdate), and draws. Words come from the
 * chapter as properties (already in the reader's language); numbers come from the core.
 */
import { css, LitElement, type CSSResultOrNative, type CSSResultGroup, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';

import type { PosencFull } from '../../lib/internal.js';
import type { L10n, Lang } from './i18n.js';
import { posenc } from './pe.js';

/**
 * Parts of a figure that a formula's term draws carry `data-term="id …"` (one or more term ids).
 * While a term is pointed at, its parts are lit and the figure's other marked parts dimmed.
 */
const termStyles = css`
  [data-term] {
    transition: opacity 120ms;
  }
  [data-term][data-dim] {
    opacity: 0.25;
  }
  :not(svg *)[data-term][data-lit] {
    outline: 3px solid var(--_focus, #ff9d00);
    outline-offset: 3px;
    border-radius: 6px;
  }
  svg [data-term][data-lit] :is(line, path[fill='none']) {
    stroke-width: 0.035;
  }
  svg [data-term][data-lit] rect {
    stroke-width: 4;
  }
  svg [data-term][data-lit] text {
    font-weight: 700;
  }
`;

export abstract class PosencFigure extends LitElement {
  /** Every figure gets the linked-term styles after its own. */
  protected static finalizeStyles(styles?: CSSResultGroup): CSSResultOrNative[] {
    return [...super.finalizeStyles(styles), termStyles];
  }

  /** The reader's language (set by the chapter renderer). */
  @property() lang: Lang = 'en';

  /**
   * The id of the formula term pointed at (set by the chapter renderer from posenc-term), or null.
   * Marked parts (`data-term`) matching it are lit, the others dimmed, after every render.
   */
  get highlight(): string | null {
    return this.termLit;
  }
  set highlight(v: string | null) {
    this.termLit = v;
    // At once too: a figure out of view may skip its updates (VisibleFigure), its parts stay drawn.
    this.showHighlight();
  }
  private termLit: string | null = null;

  constructor() {
    super();
    this.addController({ hostUpdated: () => this.showHighlight() });
  }

  private showHighlight() {
    const on = this.termLit;
    if (!this.renderRoot) return;
    for (const el of this.renderRoot.querySelectorAll<Element>('[data-term]')) {
      const lit = on !== null && (el.getAttribute('data-term') ?? '').split(' ').includes(on);
      el.toggleAttribute('data-lit', lit);
      el.toggleAttribute('data-dim', on !== null && !lit);
    }
  }

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

  /**
   * Tells an enclosing predict-then-reveal question which of its choices this figure can answer
   * (the models of the run shown): the others are not offered.
   */
  protected emitChoices(values: string[]): void {
    this.dispatchEvent(new CustomEvent('posenc-choices', { detail: { values }, bubbles: true, composed: true }));
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
