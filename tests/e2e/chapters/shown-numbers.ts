/** Numbers as the page prints them, read back: true minus, thin-space thousands, "2.2 × 10⁻¹⁶". */
const SUP: Record<string, string> = {
  '⁻': '-',
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
};

export function shown(text: string): number {
  const s = text
    .trim()
    .replace(/\u2212/g, '-')
    .replace(/[\u2009\u202f ]/g, '');
  const m = s.match(/^([-+]?[\d.]+)×10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)/);
  if (m)
    return Number(
      `${m[1]}e${m[2]
        .split('')
        .map((c) => SUP[c])
        .join('')}`,
    );
  return Number(s.replace(/[✓✗]/g, ''));
}

/** Plain float64 self-attention (row softmax of Q·Kᵀ/√d_k, times V), written here independently. */
export function attention(x: number[][], wq: number[][], wk: number[][], wv: number[][]): { y: number[][]; a: number[][] } {
  const mul = (a: number[][], b: number[][]) => a.map((r) => b[0].map((_, j) => r.reduce((s, v, k) => s + v * b[k][j], 0)));
  const q = mul(x, wq),
    k = mul(x, wk),
    v = mul(x, wv);
  const dk = Math.sqrt(wq[0].length);
  const a = q.map((qi) => {
    const s = k.map((kj) => qi.reduce((t, val, c) => t + val * kj[c], 0) / dk);
    const mx = Math.max(...s);
    const e = s.map((t) => Math.exp(t - mx));
    const z = e.reduce((t, u) => t + u, 0);
    return e.map((t) => t / z);
  });
  return { y: mul(a, v), a };
}

export const rows = (m: { rows: number; cols: number; data: ArrayLike<number> }): number[][] =>
  Array.from({ length: m.rows }, (_, r) => Array.from({ length: m.cols }, (_, c) => m.data[r * m.cols + c]));

/** PE(pos) of the definition, float64, interleaved. */
export function peRow(pos: number, d: number, base = 10000): number[] {
  const out: number[] = [];
  for (let i = 0; i < d / 2; i++) {
    const w = base ** ((-2 * i) / d);
    out.push(Math.sin(pos * w), Math.cos(pos * w));
  }
  return out;
}
