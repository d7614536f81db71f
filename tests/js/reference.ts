/**
 * float64 references written from the definitions (papers, transformers' Python), independent of
 * the C++ core: nothing here calls posenc.
 */

export const invFreq = (dim: number, base = 10000): number[] => Array.from({ length: dim / 2 }, (_, i) => 1 / base ** ((2 * i) / dim));

export function sinusoidalRef(pos: number, dim: number, base = 10000, layout: 'interleaved' | 'concat' = 'interleaved') {
  const w = invFreq(dim, base);
  const row = new Array<number>(dim);
  w.forEach((wi, i) => {
    row[layout === 'interleaved' ? 2 * i : i] = Math.sin(pos * wi);
    row[layout === 'interleaved' ? 2 * i + 1 : dim / 2 + i] = Math.cos(pos * wi);
  });
  return row;
}

/** RoPE on one head: plane i is (2i, 2i+1) interleaved, (i, i+rot/2) half. */
export function ropeRef(x: ArrayLike<number>, pos: number, inv: number[], layout: 'interleaved' | 'half', af = 1): number[] {
  const y = Array.from(x);
  const rot = inv.length * 2;
  inv.forEach((w, i) => {
    const a = layout === 'interleaved' ? 2 * i : i;
    const b = layout === 'interleaved' ? 2 * i + 1 : i + rot / 2;
    const c = Math.cos(pos * w) * af,
      s = Math.sin(pos * w) * af;
    y[a] = x[a] * c - x[b] * s;
    y[b] = x[a] * s + x[b] * c;
  });
  return y;
}

// transformers/modeling_rope_utils.py, in float64.
export function linearRef(dim: number, base: number, factor: number) {
  return invFreq(dim, base).map((w) => w / factor);
}

export function dynamicRef(dim: number, base: number, factor: number, maxPos: number, seqLen: number) {
  const L = Math.max(seqLen, maxPos);
  const b = base * ((factor * L) / maxPos - (factor - 1)) ** (dim / (dim - 2));
  return invFreq(dim, b);
}

export function yarnRef(dim: number, base: number, factor: number, orig: number, betaFast = 32, betaSlow = 1) {
  const corr = (rot: number) => (dim * Math.log(orig / (rot * 2 * Math.PI))) / (2 * Math.log(base));
  const low = Math.max(Math.floor(corr(betaFast)), 0);
  let high = Math.min(Math.ceil(corr(betaSlow)), dim - 1);
  if (low === high) high += 0.001;
  const inv = invFreq(dim, base).map((w, j) => {
    const ramp = Math.min(1, Math.max(0, (j - low) / (high - low)));
    const extrapolationFactor = 1 - ramp;
    return (w / factor) * (1 - extrapolationFactor) + w * extrapolationFactor;
  });
  return { inv, attentionFactor: factor <= 1 ? 1 : 0.1 * Math.log(factor) + 1 };
}

export function llama3Ref(dim: number, base: number, factor: number, low: number, high: number, orig: number) {
  const lowWl = orig / low,
    highWl = orig / high;
  return invFreq(dim, base).map((w) => {
    const wl = (2 * Math.PI) / w;
    if (wl < highWl) return w;
    if (wl > lowWl) return w / factor;
    const smooth = (orig / wl - low) / (high - low);
    return ((1 - smooth) * w) / factor + smooth * w;
  });
}

/** _relative_position_bucket, with torch's float32 arithmetic emulated by Math.fround. */
export function t5Ref(rel: number, bidirectional = true, numBuckets = 32, maxDistance = 128): number {
  let ret = 0;
  let n = rel;
  let nb = numBuckets;
  if (bidirectional) {
    nb = Math.floor(nb / 2);
    ret += rel > 0 ? nb : 0;
    n = Math.abs(rel);
  } else {
    n = -Math.min(rel, 0);
  }
  const maxExact = Math.floor(nb / 2);
  if (n < maxExact) return ret + n;
  const f = Math.fround;
  const logRatio = f(Math.log(f(f(n) / f(maxExact))));
  const v = f(f(logRatio / f(Math.log(maxDistance / maxExact))) * f(nb - maxExact));
  return ret + Math.min(maxExact + Math.trunc(v), nb - 1);
}

/** ALiBi slopes: Press et al.'s get_slopes. */
export function alibiRef(n: number): number[] {
  const pow2 = (k: number) => {
    const start = 2 ** -(2 ** -(Math.log2(k) - 3));
    return Array.from({ length: k }, (_, i) => start * start ** i);
  };
  if (Number.isInteger(Math.log2(n))) return pow2(n);
  const closest = 2 ** Math.floor(Math.log2(n));
  return [
    ...pow2(closest),
    ...alibiRef(2 * closest)
      .filter((_, i) => i % 2 === 0)
      .slice(0, n - closest),
  ];
}

/** A seeded generator in [0, 1) (mulberry32): every randomised test draws the same inputs each run. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Deterministic test data in [−scale, scale). */
export function randomFloats(n: number, seed: number, scale = 1): Float32Array {
  const rand = mulberry32(seed);
  return Float32Array.from({ length: n }, () => (rand() * 2 - 1) * scale);
}

export const maxAbs = (a: ArrayLike<number>) => {
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i]));
  return m;
};

export const relErr = (got: number, want: number) => Math.abs(got - want) / Math.max(Math.abs(want), 1e-300);
