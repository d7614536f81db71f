/**
 * Float64 recomputations written here, independently of the core, for what the page's sentences
 * claim: the checks of the defect tests and of the setting-fuzz test (fuzz.test.ts) read the
 * numbers the page shows and compare them with these.
 */

/** PE row of the sinusoidal encoding (interleaved sin, cos), base 10000 unless given. */
export function sinusoidalRow(pos: number, d: number, base = 10000): number[] {
  const out: number[] = [];
  for (let i = 0; i < d / 2; i++) {
    const w = base ** ((-2 * i) / d);
    out.push(Math.sin(pos * w), Math.cos(pos * w));
  }
  return out;
}

/** Eigen-decomposition of a symmetric matrix by cyclic Jacobi rotations: values and vectors (columns). */
export function jacobiEigen(M: number[][]): { values: number[]; vectors: number[][] } {
  const n = M.length;
  const A = M.map((r) => r.slice());
  const V: number[][] = A.map((_, i) => A.map((__, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += A[p][q] ** 2;
    if (off < 1e-24) break;
    for (let p = 0; p < n; p++) {
      for (let q = p + 1; q < n; q++) {
        if (Math.abs(A[p][q]) < 1e-300) continue;
        const th = (A[q][q] - A[p][p]) / (2 * A[p][q]);
        const t = (th >= 0 ? 1 : -1) / (Math.abs(th) + Math.sqrt(th * th + 1));
        const c = 1 / Math.sqrt(t * t + 1),
          s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = A[k][p],
            akq = A[k][q];
          A[k][p] = c * akp - s * akq;
          A[k][q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = A[p][k],
            aqk = A[q][k];
          A[p][k] = c * apk - s * aqk;
          A[q][k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = V[k][p],
            vkq = V[k][q];
          V[k][p] = c * vkp - s * vkq;
          V[k][q] = s * vkp + c * vkq;
        }
      }
    }
  }
  return { values: A.map((r, i) => r[i]), vectors: V };
}

/**
 * The first two principal components of the sinusoidal rows 0 … n−1: variance shares, the angle
 * the projected curve turns around its centre (degrees), and its end gap in mean radii.
 */
export function pcaOfSinusoids(n: number, d: number, base = 10000) {
  const X = Array.from({ length: n }, (_, p) => sinusoidalRow(p, d, base));
  const mean = X[0].map((_, c) => X.reduce((s, r) => s + r[c], 0) / n);
  const C = mean.map((_, i) => mean.map((__, j) => X.reduce((s, r) => s + (r[i] - mean[i]) * (r[j] - mean[j]), 0) / (n - 1)));
  const { values, vectors } = jacobiEigen(C);
  const order = values.map((v, i) => [v, i]).sort((a, b) => b[0] - a[0]);
  const trace = values.reduce((s, v) => s + v, 0);
  const P = X.map((r) => [0, 1].map((k) => r.reduce((s, x, j) => s + (x - mean[j]) * vectors[j][order[k][1]], 0)));
  let swept = 0;
  let prev = Math.atan2(P[0][1], P[0][0]);
  for (let r = 1; r < n; r++) {
    const a = Math.atan2(P[r][1], P[r][0]);
    let step = a - prev;
    while (step > Math.PI) step -= 2 * Math.PI;
    while (step < -Math.PI) step += 2 * Math.PI;
    swept += step;
    prev = a;
  }
  const rms = Math.sqrt(P.reduce((s, p) => s + p[0] ** 2 + p[1] ** 2, 0) / n);
  return {
    e1: order[0][0] / trace,
    e2: order[1][0] / trace,
    sweptDeg: Math.abs((swept * 180) / Math.PI),
    endGap: Math.hypot(P[n - 1][0] - P[0][0], P[n - 1][1] - P[0][1]) / rms,
  };
}

/** RoFormer's bound (1/(d/2))·Σ_j |Σ_{i<j} e^{iΔθ_i}| for Δ = 0 … delta. */
export function decayBound(d: number, delta: number, base = 10000): number[] {
  const inv = Array.from({ length: d / 2 }, (_, i) => base ** ((-2 * i) / d));
  return Array.from({ length: delta + 1 }, (_, t) => {
    let re = 0,
      im = 0,
      s = 0;
    for (const w of inv) {
      re += Math.cos(t * w);
      im += Math.sin(t * w);
      s += Math.hypot(re, im);
    }
    return s / inv.length;
  });
}

/** Sinusoidal wavelengths 2π·base^(2i/d). */
export const wavelengths = (d: number, base = 10000) => Array.from({ length: d / 2 }, (_, i) => 2 * Math.PI * base ** ((2 * i) / d));

/** Do two boxes overlap (with a pixel of slack)? */
export function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;
}
