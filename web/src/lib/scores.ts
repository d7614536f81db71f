/** Score matrices, colormaps and zero-copy tensors. */
import { count, describe, float32, number, options, outArray, rangeError, typeError } from './checks.js';
import { Tensor, type Wasm } from './wasm.js';
import type { ColormapOptions, Matrix, ScoresOptions, WasmTensor } from './types.js';

export function scoresApi(w: Wasm) {
  const mod = w.mod;
  const { maxScoreSide, maxDim } = w.limits;

  function scores(q: Float32Array, k: Float32Array, o: ScoresOptions): Matrix<Float32Array> {
    const fn = 'scores';
    float32(`${fn}: q`, q);
    float32(`${fn}: k`, k);
    const opt = options(fn, o, ['queries', 'keys', 'dim', 'scale', 'out'], true);
    const nq = count(`${fn}: queries`, opt.queries, 0, maxScoreSide);
    const nk = count(`${fn}: keys`, opt.keys, 0, maxScoreSide);
    const dim = count(`${fn}: dim`, opt.dim, 1, maxDim);
    if (q.length !== nq * dim) rangeError(`${fn}: q.length (${q.length}) must equal queries × dim = ${nq * dim}`);
    if (k.length !== nk * dim) rangeError(`${fn}: k.length (${k.length}) must equal keys × dim = ${nk * dim}`);
    const into = w.keep(outArray(`${fn}: out`, opt.out, Float32Array, nq * nk));
    let qp = 0,
      kp = 0,
      out = 0;
    try {
      qp = w.copyF32(fn, q);
      kp = w.copyF32(fn, k);
      out = mod._posenc_scores(qp, kp, nq, nk, dim, number(`${fn}: scale`, opt.scale, 1));
      if (out === 0) w.fail(fn);
      return { rows: nq, cols: nk, data: w.out(mod.HEAPF32.subarray(out >> 2, (out >> 2) + nq * nk), into()) };
    } finally {
      w.free(qp, kp, out);
    }
  }

  function colormap(values: Float32Array, o: ColormapOptions): Uint32Array {
    const fn = 'colormap';
    float32(`${fn}: values`, values);
    const opt = options(fn, o, ['lo', 'hi', 'lut', 'masked'], true);
    if (!(opt.lut instanceof Uint32Array)) typeError(`${fn}: lut must be a Uint32Array of colours, got ${describe(opt.lut)}`);
    const lutNow = w.keep(opt.lut); // a view of wasm memory: the copies below may grow it
    let vp = 0,
      lp = 0,
      out = 0;
    try {
      vp = w.copyF32(fn, values);
      lp = w.alloc(fn, lutNow().length * 4);
      mod.HEAPU32.set(lutNow(), lp >> 2);
      out = mod._posenc_colormap(
        vp,
        values.length,
        number(`${fn}: lo`, opt.lo),
        number(`${fn}: hi`, opt.hi),
        lp,
        lutNow().length,
        number(`${fn}: masked`, opt.masked, 0),
      );
      if (out === 0) w.fail(fn);
      return w.out(mod.HEAPU32.subarray(out >> 2, (out >> 2) + values.length));
    } finally {
      w.free(vp, lp, out);
    }
  }

  function tensor(length: number): WasmTensor {
    const n = count('tensor: length', length, 0, w.limits.maxResultBytes / 4);
    return new Tensor(w, w.alloc('tensor', n * 4), n);
  }

  return { scores, colormap, tensor };
}
