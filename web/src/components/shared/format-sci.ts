/** Small and large numbers as people read them: 2.2 × 10⁻¹⁶, not 2.2e-16 (no TeX, no caret). */
import { fmt, MINUS, pow10 } from './format.js';

/** `digits` significant digits; plain decimals between 10⁻³ and 10⁶, powers of ten outside. */
export function sci(v: number, digits = 2): string {
  if (!Number.isFinite(v)) return fmt(v);
  if (v === 0) return '0';
  const abs = Math.abs(v);
  if (abs >= 1e-3 && abs < 1e6) {
    const s = Number(v.toPrecision(digits));
    return String(s).replace('-', MINUS);
  }
  const [m, e] = v.toExponential(digits - 1).split('e');
  return `${m.replace('-', MINUS)} × ${pow10(Number(e))}`;
}

/** Thousands separated by a thin space: 60 611. */
export function grouped(v: number, decimals = 0): string {
  const s = fmt(v, decimals);
  const [int, frac] = s.split('.');
  const sign = int.startsWith(MINUS) ? MINUS : '';
  const digits = sign ? int.slice(1) : int;
  const withSep = digits.length > 4 ? digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u2009') : digits;
  return `${sign}${withSep}${frac !== undefined ? `.${frac}` : ''}`;
}
