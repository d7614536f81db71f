/**
 * Numbers for sentences: tiny values as powers of ten (4.4 × 10⁻¹⁶, never "4.4e-16"), fractions as
 * percentages, and sentences whose {placeholders} become marked-up numbers (ids for tests, the
 * exact value in a title for readers who hover).
 */
import { html, type TemplateResult } from 'lit';
import { ifDefined } from 'lit/directives/if-defined.js';

import { fmt, MINUS, pow10 } from './format.js';
import { rich } from './text.js';

/** 4.4 × 10⁻¹⁶; 0 as "0"; values from 0.001 to 10⁴ in plain decimals. */
export function sci(v: number, digits = 1): string {
  if (!Number.isFinite(v)) return fmt(v);
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e-3 && a < 1e4) return fmt(v, a >= 100 ? 0 : a >= 1 ? 2 : 3);
  const [m, e] = v.toExponential(digits).split('e');
  return `${m.replace('-', MINUS)} × ${pow10(Number(e))}`;
}

/** A fraction in [0, 1] as a percentage: 84 %, 3.2 %, 0.04 %; below 10⁻⁶ as a power of ten. */
export function pct(v: number): string {
  if (!Number.isFinite(v)) return fmt(v);
  const p = v * 100;
  if (p === 0) return '0 %';
  if (p < 1e-4) return `${sci(p)} %`;
  return `${fmt(p, p >= 10 ? 0 : p >= 1 ? 1 : 2)} %`;
}

/**
 * Below this, a relative quantity measured in float64 is rounding (it sits near 10⁻¹⁶ … 10⁻¹³; a
 * real difference on the page is at least 10⁻⁴).
 */
export const ROUNDING = 1e-9;

/**
 * A share as pct(), or `rounding` when it is float64 rounding: people do not read 5.8 × 10⁻¹⁴ %.
 * `rounding` is the whole text shown then, in the reader's language, worded for where it stands:
 * "0 (rounding)" in a sentence, "0 up to rounding" inside a parenthesis of its own (a cell's
 * "yes (0 (rounding))" nested one parenthesis in another).
 */
export function pctOrRounding(v: number, rounding: string): string {
  return Number.isFinite(v) && Math.abs(v) < ROUNDING ? rounding : pct(v);
}

export interface Shown {
  text: string;
  /** Raw value (data-value), for tests and the title tooltip. */
  value?: number;
  id?: string;
}

/**
 * Fills {name} placeholders with marked-up values: each becomes <strong id data-value title>. The
 * words come from the chapter (with `$…$` math, rendered by rich()); the numbers from the core.
 * Unknown placeholders stay as written. Placeholders go outside `$…$`.
 */
export function fillHtml(template: string, values: Record<string, Shown | string | number>): TemplateResult {
  const one = (v: Shown | string | number) =>
    typeof v !== 'object'
      ? String(v)
      : html`<strong
          id=${ifDefined(v.id)}
          data-value=${ifDefined(v.value)}
          title=${ifDefined(v.value === undefined ? undefined : String(v.value))}
          >${v.text}</strong
        >`;
  return html`${template.split(/(\$[^$]+\$)/).map((chunk) =>
    chunk.startsWith('$')
      ? rich(chunk)
      : chunk.split(/(\{\w+\})/).map((p) => {
          const m = /^\{(\w+)\}$/.exec(p);
          return m && m[1] in values ? one(values[m[1]]) : rich(p);
        }),
  )}`;
}
