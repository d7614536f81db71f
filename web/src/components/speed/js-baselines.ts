/**
 * What a JavaScript developer would write without posenc: plain loops over Float32Array, angles
 * with Math.sin / Math.cos, the cos/sin of each position computed once and reused across heads.
 * The benchmark's baseline, and a check that the wasm results are the same numbers.
 */

export function invFreqJs(dim: number, base = 10000): Float64Array {
  const inv = new Float64Array(dim / 2);
  for (let i = 0; i < dim / 2; i++) inv[i] = 1 / Math.pow(base, (2 * i) / dim);
  return inv;
}

/** RoPE on [seq, heads, headDim], in place. */
export function ropeJs(x: Float32Array, seq: number, heads: number, headDim: number, layout: 'interleaved' | 'half', inv: Float64Array) {
  const half = headDim / 2;
  const cos = new Float32Array(half);
  const sin = new Float32Array(half);
  for (let m = 0; m < seq; m++) {
    for (let i = 0; i < half; i++) {
      cos[i] = Math.cos(m * inv[i]);
      sin[i] = Math.sin(m * inv[i]);
    }
    for (let h = 0; h < heads; h++) {
      const off = (m * heads + h) * headDim;
      if (layout === 'interleaved') {
        for (let i = 0; i < half; i++) {
          const a = x[off + 2 * i],
            b = x[off + 2 * i + 1];
          x[off + 2 * i] = a * cos[i] - b * sin[i];
          x[off + 2 * i + 1] = a * sin[i] + b * cos[i];
        }
      } else {
        for (let i = 0; i < half; i++) {
          const a = x[off + i],
            b = x[off + i + half];
          x[off + i] = a * cos[i] - b * sin[i];
          x[off + i + half] = a * sin[i] + b * cos[i];
        }
      }
    }
  }
}

/** The sinusoidal table [n, dim], interleaved. */
export function sinusoidalJs(out: Float32Array, n: number, dim: number, inv: Float64Array) {
  for (let pos = 0; pos < n; pos++) {
    const row = pos * dim;
    for (let i = 0; i < dim / 2; i++) {
      out[row + 2 * i] = Math.sin(pos * inv[i]);
      out[row + 2 * i + 1] = Math.cos(pos * inv[i]);
    }
  }
}

/** The cos/sin cache [n, pairs] as RoPE implementations build it: sin block, then cos block per row. */
export function sincosCacheJs(out: Float32Array, n: number, inv: Float64Array) {
  const pairs = inv.length;
  for (let pos = 0; pos < n; pos++) {
    const row = pos * 2 * pairs;
    for (let i = 0; i < pairs; i++) {
      out[row + i] = Math.sin(pos * inv[i]);
      out[row + pairs + i] = Math.cos(pos * inv[i]);
    }
  }
}

/** out[m·nk + n] = q_m · k_n. */
export function scoresJs(out: Float32Array, q: Float32Array, k: Float32Array, nq: number, nk: number, dim: number) {
  for (let m = 0; m < nq; m++) {
    for (let n = 0; n < nk; n++) {
      let acc = 0;
      for (let d = 0; d < dim; d++) acc += q[m * dim + d] * k[n * dim + d];
      out[m * nk + n] = acc;
    }
  }
}
