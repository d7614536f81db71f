/**
 * Internal: calls on wasm-resident tensors (no copies), for the benchmarks and the page's heavy views.
 * Not part of the npm contract (docs/API.md); reached through internals(pe).
 */
import { count, number, numbers, oneOf, options, rangeError, typeError } from './checks.js';
import { ROPE_LAYOUTS, ropeShape, SIN_LAYOUTS } from './encodings.js';
import type { DecodeWork, Kernels } from './internal-types.js';

const DECODE_WORK: readonly DecodeWork[] = ['table', 'sinusoid', 'rope', 'alibi', 't5', 'attention'];
import { Float64Buffer, Tensor, type Wasm } from './wasm.js';

export function createKernels(w: Wasm): Kernels {
  const mod = w.mod;
  return {
    ropeApply(x, out, o) {
      const fn = 'kernels.ropeApply';
      if (!(x instanceof Tensor) || !(out instanceof Tensor)) typeError(`${fn}: x and out must be tensors from posenc.tensor()`);
      x.check(fn, w);
      out.check(fn, w);
      const opt = options(fn, o, ['shape', 'invFreq', 'rotaryDim', 'layout', 'attentionFactor']);
      const [seq, heads, headDim] = ropeShape(w, fn, opt.shape);
      if (x.length !== seq * heads * headDim || out.length !== x.length)
        rangeError(`${fn}: tensor lengths must equal the product of shape`);
      if (!(opt.invFreq instanceof Float64Buffer)) typeError(`${fn}: invFreq must come from kernels.float64()`);
      opt.invFreq.check(fn, w);
      const rot = opt.rotaryDim === undefined ? headDim : number(`${fn}: rotaryDim`, opt.rotaryDim);
      if (opt.invFreq.length * 2 < rot) rangeError(`${fn}: invFreq must have rotaryDim / 2 entries`);
      const status = mod._posenc_rope_apply(
        x.ptr,
        out.ptr,
        1,
        seq,
        heads,
        headDim,
        rot,
        0,
        0,
        0,
        oneOf(`${fn}: layout`, opt.layout, ROPE_LAYOUTS, 'interleaved'),
        opt.invFreq.ptr,
        number(`${fn}: attentionFactor`, opt.attentionFactor, 1),
        0,
        seq,
      );
      if (status !== 0) w.fail(fn);
    },
    memoryPass(x, out, scale = 1) {
      const fn = 'kernels.memoryPass';
      if (!(x instanceof Tensor) || !(out instanceof Tensor)) typeError(`${fn}: x and out must be tensors from posenc.tensor()`);
      x.check(fn, w);
      out.check(fn, w);
      if (out.length < x.length) rangeError(`${fn}: out is shorter than x`);
      mod._posenc_memory_pass(x.ptr, out.ptr, x.length, number(`${fn}: scale`, scale));
    },
    sinusoidal(out, o) {
      const fn = 'kernels.sinusoidal';
      if (!(out instanceof Tensor)) typeError(`${fn}: out must be a tensor from posenc.tensor()`);
      out.check(fn, w);
      const opt = options(fn, o, ['count', 'dim', 'base', 'layout', 'start']);
      const n = number(`${fn}: count`, opt.count),
        dim = number(`${fn}: dim`, opt.dim);
      const base = number(`${fn}: base`, opt.base, 10000),
        layout = oneOf(`${fn}: layout`, opt.layout, SIN_LAYOUTS, 'interleaved');
      if (opt.start === undefined) {
        if (out.length < n * dim) rangeError(`${fn}: out holds ${out.length} floats; count × dim = ${n * dim}`);
        if (mod._posenc_sinusoidal_into(out.ptr, 0, n, dim, base, layout) !== 0) w.fail(fn);
        return;
      }
      // Rows start … start+count−1, written where they belong in out (the whole table's buffer).
      const start = count(`${fn}: start`, opt.start, 0, w.limits.maxPositions);
      if (out.length < (start + n) * dim) rangeError(`${fn}: out holds ${out.length} floats; (start + count) × dim = ${(start + n) * dim}`);
      // (count and dim are checked in C++ before anything is written)
      const status = mod._posenc_sinusoidal_range_into(out.ptr + start * dim * 4, start, n, dim, base, layout);
      if (status !== 0) w.fail(fn);
    },
    scores(q, k, out, o) {
      const fn = 'kernels.scores';
      for (const t of [q, k, out]) {
        if (!(t instanceof Tensor)) typeError(`${fn}: q, k and out must be tensors from posenc.tensor()`);
        t.check(fn, w);
      }
      const opt = options(fn, o, ['queries', 'keys', 'dim', 'scale'], true);
      const nq = count(`${fn}: queries`, opt.queries, 0, w.limits.maxScoreSide),
        nk = count(`${fn}: keys`, opt.keys, 0, w.limits.maxScoreSide);
      const dim = count(`${fn}: dim`, opt.dim, 1, w.limits.maxDim);
      if (q.length < nq * dim || k.length < nk * dim || out.length < nq * nk) rangeError(`${fn}: a tensor is shorter than its shape`);
      const status = mod._posenc_scores_into(
        (out as Tensor).ptr,
        (q as Tensor).ptr,
        (k as Tensor).ptr,
        nq,
        nk,
        dim,
        number(`${fn}: scale`, opt.scale, 1),
      );
      if (status !== 0) w.fail(fn);
    },
    float64(values) {
      const v = numbers('kernels.float64: values', values);
      return new Float64Buffer(w, w.copyF64('kernels.float64', v), v.length);
    },
    decode(o) {
      const fn = 'kernels.decode';
      const opt = options(fn, o, ['heads', 'headDim', 'maxLength', 'maxTokens'], true);
      const state = mod._posenc_decode_begin(
        number(`${fn}: heads`, opt.heads),
        number(`${fn}: headDim`, opt.headDim),
        number(`${fn}: maxLength`, opt.maxLength),
        number(`${fn}: maxTokens`, opt.maxTokens),
      );
      if (!state) w.fail(fn);
      let live = state;
      return {
        run(work, tokens, length) {
          if (!live) typeError(`${fn}: this state was freed`);
          const k = DECODE_WORK.indexOf(work);
          if (k < 0) rangeError(`${fn}: work must be one of ${DECODE_WORK.join(', ')}, got ${String(work)}`);
          const r = mod._posenc_decode_run(live, k, number(`${fn}: tokens`, tokens), number(`${fn}: length`, length));
          if (Number.isNaN(r)) w.fail(fn);
          return r;
        },
        free() {
          if (live) mod._posenc_decode_end(live);
          live = 0;
        },
      };
    },
  };
}
