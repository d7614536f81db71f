/** Numbers as the page prints them: fixed decimals, a true minus sign, no "−0". */
export const MINUS = '\u2212';

export function fmt(v: number, digits = 4): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '∞';
  if (v === -Infinity) return `${MINUS}∞`;
  let s = v.toFixed(digits);
  if (/^-0\.?0*$/.test(s)) s = s.slice(1);
  return s.replace('-', MINUS);
}

/** Shortest decimal that keeps `sig` significant digits (for frequencies like 0.001). */
export function fmtSig(v: number, sig = 4): string {
  if (!Number.isFinite(v)) return fmt(v);
  if (v === 0) return '0';
  const s = Number(v.toPrecision(sig));
  const abs = Math.abs(s);
  const text = abs >= 1e-4 && abs < 1e6 ? String(s) : s.toExponential(sig - 1).replace('e', '×10^');
  return text.replace('-', MINUS);
}

const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '-': '⁻',
  '+': '',
};

/** 10 to the power k as it is written by hand: 10⁵, 10⁻³. */
export function pow10(k: number): string {
  return `10${String(k).replace(/./g, (c) => SUPERSCRIPT[c] ?? c)}`;
}

/**
 * "1.5e+6" (JS or d3 exponent notation) → "1.5×10⁶". A mantissa of exactly 1 is dropped unless
 * `keepOne` (tick labels keep it, so 1×10⁶ stands in line with 2×10⁶).
 */
export function sciText(s: string, keepOne = false): string {
  const m = /^(-?[\d.]+)e([+-]?\d+)$/.exec(s);
  if (!m) return s.replace('-', MINUS);
  const mant = m[1].replace('-', MINUS);
  const exp = pow10(Number(m[2]));
  if (keepOne) return `${mant}×${exp}`;
  return mant === '1' ? exp : mant === `${MINUS}1` ? `${MINUS}${exp}` : `${mant}×${exp}`;
}

/**
 * A value read out exactly (hover and focus readouts): integers in full, other numbers with `sig`
 * significant digits and no trailing zeros, scientific form only far from 1. No digit grouping,
 * so the text stays parseable.
 */
export function fmtExact(v: number, sig = 6): string {
  if (!Number.isFinite(v)) return fmt(v);
  if (v === 0) return '0';
  const abs = Math.abs(v);
  if (Number.isInteger(v) && abs < 1e15) return String(v).replace('-', MINUS);
  if (abs >= 1e-4 && abs < 1e9) {
    const s = String(Number(v.toPrecision(sig)));
    // toPrecision may still answer in exponent form (e.g. 123456789.5 at 6 digits).
    return s.includes('e') ? sciText(Number(s).toExponential()) : s.replace('-', MINUS);
  }
  return sciText(Number(v.toPrecision(sig)).toExponential());
}

/** Parses a number printed by fmt (tests and copy-paste). */
export function parseShown(s: string): number {
  return Number(s.trim().replace(MINUS, '-').replace('∞', 'Infinity'));
}
