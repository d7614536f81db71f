/**
 * What every embeddable element shares: wait for the wasm core, read attributes through a
 * validator (a bad attribute becomes a readable message inside the element, never an exception
 * or a blank box), and render with the page's tokens so host pages can theme it.
 */
import { css, html, LitElement, type TemplateResult } from 'lit';
import { state } from 'lit/decorators.js';

import { defaultLang, isLang, type Lang } from '../components/shared/i18n.js';
import { ready, readyFull } from '../components/shared/pe.js';
import { tokens } from '../components/shared/theme.js';
import type { PosencFull } from '../lib/internal.js';
import type { Posenc } from '../lib/types.js';

/** What a view is given: the public API, with the page's measurements when the element asked for them. */
export type ElementPosenc = Posenc & Partial<Pick<PosencFull, 'analysis'>>;

export class AttributeError extends Error {}

/** An integer attribute in [min, max] (and a multiple of `multiple`), or its default when absent. */
export function intAttr(name: string, raw: string | null, def: number, min: number, max: number, multiple = 1): number {
  if (raw === null || raw.trim() === '') return def;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < min || v > max || v % multiple !== 0) {
    const kind = multiple === 2 ? 'an even integer' : 'an integer';
    throw new AttributeError(`${name} must be ${kind} from ${min} to ${max}, got "${raw.slice(0, 40)}"`);
  }
  return v;
}

export function numAttr(name: string, raw: string | null, def: number, min: number, max: number): number {
  if (raw === null || raw.trim() === '') return def;
  const v = Number(raw);
  if (!Number.isFinite(v) || v < min || v > max)
    throw new AttributeError(`${name} must be a number from ${min} to ${max}, got "${raw.slice(0, 40)}"`);
  return v;
}

export function choiceAttr<T extends string>(name: string, raw: string | null, choices: readonly T[], def: T): T {
  if (raw === null || raw === '') return def;
  if (!choices.includes(raw as T)) throw new AttributeError(`${name} must be one of ${choices.join(', ')}, got "${raw.slice(0, 40)}"`);
  return raw as T;
}

/** "1, 0.5" or "[1, 0.5]" → numbers. */
export function listAttr(name: string, raw: string | null, def: number[], length?: number): number[] {
  if (raw === null || raw.trim() === '') return def;
  const parts = raw
    .replace(/^\s*\[|\]\s*$/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
  const v = parts.map(Number);
  if (!v.length || v.some((x) => !Number.isFinite(x) || Math.abs(x) > 1e6) || (length !== undefined && v.length !== length)) {
    throw new AttributeError(`${name} must be ${length ?? 'a list of'} numbers like "1, 0.5", got "${raw.slice(0, 40)}"`);
  }
  return v;
}

export abstract class PosencElement extends LitElement {
  static styles = [
    tokens,
    css`
      :host {
        display: block;
        font-size: 1rem;
        line-height: 1.5;
      }
      .message {
        color: var(--_warn);
        border: 1px dashed var(--_warn);
        padding: 0.5rem 0.7rem;
        border-radius: 6px;
        font-family: var(--_mono);
        font-size: 0.85rem;
      }
      .loading {
        color: var(--_muted);
        font-size: 0.85rem;
      }
    `,
  ];

  @state() private pe?: ElementPosenc;
  @state() private loadError = '';

  /**
   * Does the view (at the current attributes) read the page's measurements? They are their own,
   * larger wasm module: an element loads it only then, so a course page with one rotation
   * downloads the public API's build alone.
   */
  protected needsAnalysis(): boolean {
    return false;
  }

  connectedCallback() {
    super.connectedCallback();
    this.load();
  }

  private load() {
    (this.needsAnalysis() ? readyFull() : ready()).then(
      (p) => (this.pe = p),
      (e: Error) => (this.loadError = e.message),
    );
  }

  /** lang attribute, else the browser's language. */
  protected language(): Lang {
    const a = this.getAttribute('lang');
    return isLang(a) ? a : defaultLang();
  }

  /** The element's view, given the loaded core; attribute problems throw AttributeError. */
  protected abstract view(pe: ElementPosenc): TemplateResult;

  render() {
    if (this.loadError) return html`<p class="message" role="alert">posenc: ${this.loadError}</p>`;
    if (this.pe && !this.pe.analysis && this.needsAnalysis()) this.load();
    if (!this.pe || (!this.pe.analysis && this.needsAnalysis())) return html`<p class="loading">posenc…</p>`;
    try {
      return this.view(this.pe);
    } catch (e) {
      const message = e instanceof AttributeError || e instanceof RangeError || e instanceof TypeError ? e.message : String(e);
      return html`<p class="message" role="alert">&lt;${this.localName}&gt;: ${message}</p>`;
    }
  }
}
