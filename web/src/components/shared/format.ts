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

/** Parses a number printed by fmt (tests and copy-paste). */
export function parseShown(s: string): number {
  return Number(s.trim().replace(MINUS, '-').replace('∞', 'Infinity'));
}
