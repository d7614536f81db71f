/** Absolute and rotary encodings: sinusoidal tables, frequencies, rotation matrices, applyRope. */
import { boolean, count, describe, float32, number, numbers, oneOf, options, outArray, rangeError, typeError } from './checks.js';
import { isDict } from './config/dict.js';
import { Tensor, type Wasm } from './wasm.js';
import type { ApplyRopeOptions, Frequencies, Matrix, RotationMatrixOptions, SinusoidalOptions, WasmTensor } from './types.js';

export const ROPE_LAYOUTS = ['interleaved', 'half'] as const;
export const SIN_LAYOUTS = ['interleaved', 'concat'] as const;

/** Reads [seq, heads, headDim] or [seq, headDim]. */
export function ropeShape(w: Wasm, fn: string, shape: unknown): [number, number, number] {
  if (!Array.isArray(shape)) typeError(`${fn}: shape must be an array [seq, heads, headDim] or [seq, headDim], got ${describe(shape)}`);
  if (shape.length !== 2 && shape.length !== 3) {
    rangeError(`${fn}: shape must have 2 or 3 entries ([seq, headDim] or [seq, heads, headDim]), got ${shape.length}`);
  }
  const { maxPositions, maxHeads, maxDim } = w.limits;
  const names = shape.length === 3 ? ['seq', 'heads', 'headDim'] : ['seq', 'headDim'];
  const max = shape.length === 3 ? [maxPositions, maxHeads, maxDim] : [maxPositions, maxDim];
  const dims = shape.map((v, i) => count(`${fn}: shape[${i}] (${names[i]})`, v, i === 0 ? 0 : 1, max[i]));
  return shape.length === 3 ? [dims[0], dims[1], dims[2]] : [dims[0], 1, dims[1]];
}

/** Even and within the core's limit, named as the caller knows it. */
function evenDim(w: Wasm, fn: string, name: string, v: number): void {
  const max = w.limits.maxDim;
  if (!Number.isInteger(v) || v < 2 || v > max || v % 2 !== 0) {
    rangeError(`${fn}: ${name} must be an even integer from 2 to ${max} (RoPE turns coordinates in pairs), got ${describe(v)}`);
  }
}

/** The frequencies of (dim, base, scaling), from config.ts (which reads scaling objects). */
type FrequenciesOf = (fn: string, dim: number, base: number, scaling: unknown) => Frequencies;

/**
 * Above this many floats (256 KiB) a JS array streams through a fixed wasm buffer a block of positions
 * at a time: the copy in, the kernel and the copy out then all work in cache, and main memory sees
 * one read of x and one write of the result, as a plain JS loop would (issue: "no needless
 * allocation"; BENCHMARKS.md, API rows).
 */
const STREAM_FLOATS = 1 << 16;

interface StreamArgs {
  seq: number;
  heads: number;
  headDim: number;
  rotaryDim: number;
  layout: number;
  invPtr: number;
  posPtr: number;
  attentionFactor: number;
}

export function encodings(w: Wasm, frequenciesOf: FrequenciesOf) {
  const mod = w.mod;

  function streamRope(fn: string, x: () => Float32Array, into: () => Float32Array | undefined, a: StreamArgs): Float32Array {
    // The whole call is checked here, so a bad position late in the sequence writes nothing into x
    // or out; the rotation's state then lives in wasm between blocks (a block costs its rows only).
    const rows = mod._posenc_rope_rows_begin(a.seq, a.heads, a.headDim, a.rotaryDim, a.layout, a.invPtr, a.attentionFactor, a.posPtr);
    if (rows === 0) w.fail(fn);
    const rowFloats = a.heads * a.headDim;
    const rowsPerBlock = Math.floor(STREAM_FLOATS / rowFloats);
    const blocks = Math.ceil(a.seq / rowsPerBlock);
    let buf = 0;
    try {
      const fresh = into() ? undefined : new Float32Array(x().length);
      const dst = () => into() ?? fresh!;
      buf = w.alloc(fn, rowsPerBlock * rowFloats * 4);
      // An out that starts inside x, after x's start, would overwrite rows of x not yet read: then
      // the blocks go last to first (as memmove does). Any order gives the same bits.
      const src = x(),
        out = dst();
      const backwards = out.buffer === src.buffer && out.byteOffset > src.byteOffset && out.byteOffset < src.byteOffset + src.byteLength;
      // One view of the block, made again only if the wasm memory grew (which detaches it).
      let block: Float32Array = new Float32Array(0);
      for (let b = 0; b < blocks; b++) {
        const r0 = (backwards ? blocks - 1 - b : b) * rowsPerBlock;
        const count = Math.min(rowsPerBlock, a.seq - r0);
        const from = r0 * rowFloats,
          n = count * rowFloats;
        if (block.length < n) block = mod.HEAPF32.subarray(buf >> 2, (buf >> 2) + rowsPerBlock * rowFloats);
        block.set(x().subarray(from, from + n));
        if (mod._posenc_rope_rows_apply(rows, buf, buf, r0, count) !== 0) w.fail(fn);
        if (block.length < n) block = mod.HEAPF32.subarray(buf >> 2, (buf >> 2) + rowsPerBlock * rowFloats);
        dst().set(n === block.length ? block : block.subarray(0, n), from);
      }
      return dst();
    } finally {
      w.free(buf);
      mod._posenc_rope_rows_end(rows);
    }
  }

  // The unscaled frequencies of the last few (dim, base): the core's reading of the scaling
  // options costs ~7 µs a call, most of a small applyRope's time (a decoding loop turns one position
  // at a time). Read-only here: they are copied into wasm memory, never handed out.
  const unscaledCache = new Map<string, Frequencies>();
  function unscaled(dim: number, base: unknown, scaling: unknown): Frequencies | undefined {
    const b = base === undefined ? 10000 : base;
    if (scaling !== undefined || typeof b !== 'number') return undefined; // the full path checks and says why
    const key = `${dim} ${b}`;
    let f = unscaledCache.get(key);
    if (!f) {
      f = inverseFrequencies({ dim, base: b });
      if (unscaledCache.size >= 16) unscaledCache.clear();
      unscaledCache.set(key, f);
    }
    return f;
  }

  function inverseFrequencies(o: unknown): Frequencies {
    const fn = 'inverseFrequencies';
    const opt = options(fn, o, ['dim', 'base', 'scaling'], true);
    return frequenciesOf(fn, number(`${fn}: dim`, opt.dim), number(`${fn}: base`, opt.base, 10000), opt.scaling);
  }

  function sinusoidal(o: SinusoidalOptions): Matrix<Float32Array> & Matrix<Float64Array> {
    const fn = 'sinusoidal';
    const opt = options(fn, o, ['positions', 'dim', 'base', 'layout', 'precision', 'out'], true);
    const dim = number(`${fn}: dim`, opt.dim);
    const base = number(`${fn}: base`, opt.base, 10000);
    const layout = oneOf(`${fn}: layout`, opt.layout, SIN_LAYOUTS, 'interleaved');
    const precision = opt.precision === undefined ? 32 : number(`${fn}: precision`, opt.precision);
    if (precision !== 32 && precision !== 64) rangeError(`${fn}: precision must be 32 or 64, got ${describe(precision)}`);
    if (opt.positions === undefined) typeError(`${fn}: positions is required (a count n, or an array of positions)`);
    let posPtr = 0;
    let rows: number;
    if (typeof opt.positions === 'number') {
      rows = opt.positions;
    } else {
      const p = numbers(`${fn}: positions`, opt.positions);
      rows = p.length;
      posPtr = p.length ? w.copyF64(fn, p) : 0;
    }
    const into = w.keep(opt.out);
    let out = 0;
    try {
      out = mod._posenc_sinusoidal(posPtr, rows, dim, base, layout, precision);
      if (out === 0) w.fail(fn);
      const n = rows * dim;
      const data =
        precision === 32
          ? w.out(mod.HEAPF32.subarray(out >> 2, (out >> 2) + n), outArray(`${fn}: out`, into(), Float32Array, n))
          : w.out(mod.HEAPF64.subarray(out >> 3, (out >> 3) + n), outArray(`${fn}: out`, into(), Float64Array, n));
      return { rows, cols: dim, data } as Matrix<Float32Array> & Matrix<Float64Array>;
    } finally {
      w.free(posPtr, out);
    }
  }

  function applyRope(x: Float32Array | WasmTensor, o: ApplyRopeOptions): Float32Array {
    const fn = 'applyRope';
    const tensor = x instanceof Tensor ? x : null;
    if (tensor) tensor.check(fn, w);
    else float32(`${fn}: x`, x);
    const opt = options(fn, o, ['shape', 'positions', 'base', 'layout', 'scaling', 'inPlace', 'rotaryDim', 'rope', 'out'], true);
    const [seq, heads, headDim] = ropeShape(w, fn, opt.shape);
    const total = seq * heads * headDim;
    if (total !== x.length) {
      rangeError(`${fn}: x.length (${x.length}) must equal the product of shape [${(opt.shape as number[]).join(', ')}] = ${total}`);
    }
    // A rope from ropeFromConfig carries its family's pairing; an explicit layout still wins.
    const ropeLayout = isDict(opt.rope) ? oneOf(`${fn}: rope.layout`, opt.rope.layout, ROPE_LAYOUTS, 'interleaved') : 0;
    const layout = oneOf(`${fn}: layout`, opt.layout, ROPE_LAYOUTS, ROPE_LAYOUTS[ropeLayout]);
    const inPlace = boolean(`${fn}: inPlace`, opt.inPlace, false);
    const into = outArray(`${fn}: out`, opt.out, Float32Array, total);
    // x and out may be views of wasm memory, which the allocations below can detach.
    const xNow = w.keep(x as Float32Array);
    const intoNow = w.keep(into);
    if (into && (inPlace || tensor)) rangeError(`${fn}: give out, or inPlace / a wasm tensor, not both`);
    // A tensor is always turned where it lies; reading inPlace: false as a request for a copy would
    // silently do the opposite of what was asked.
    if (tensor && opt.inPlace === false) {
      rangeError(`${fn}: a wasm tensor is always rotated in place; for a separate result pass a Float32Array copy (tensor.view().slice())`);
    }
    evenDim(w, fn, 'headDim (the last entry of shape)', headDim);
    let freq: Frequencies;
    let rotaryDim: number;
    if (opt.rope !== undefined) {
      if (opt.base !== undefined || opt.scaling !== undefined || opt.rotaryDim !== undefined) {
        rangeError(`${fn}: give either rope (from ropeFromConfig) or base/scaling/rotaryDim, not both`);
      }
      // Any result of ropeFromConfig (or an object with dim, invFreq and attentionFactor); the
      // other fields describe the model and are not read here.
      if (!isDict(opt.rope)) typeError(`${fn}: rope must be the result of ropeFromConfig(), got ${describe(opt.rope)}`);
      const r = opt.rope;
      rotaryDim = number(`${fn}: rope.dim`, r.dim);
      freq = {
        invFreq: numbers(`${fn}: rope.invFreq`, r.invFreq),
        attentionFactor: number(`${fn}: rope.attentionFactor`, r.attentionFactor, 1),
        warnings: [],
      };
      if (freq.invFreq.length * 2 !== rotaryDim)
        rangeError(`${fn}: rope.invFreq must have rope.dim / 2 = ${rotaryDim / 2} entries, got ${freq.invFreq.length}`);
    } else {
      rotaryDim = opt.rotaryDim === undefined ? headDim : number(`${fn}: rotaryDim`, opt.rotaryDim);
      evenDim(w, fn, 'rotaryDim', rotaryDim);
      freq = unscaled(rotaryDim, opt.base, opt.scaling) ?? inverseFrequencies({ dim: rotaryDim, base: opt.base, scaling: opt.scaling });
    }
    if (rotaryDim > headDim) rangeError(`${fn}: rotaryDim (${rotaryDim}) must not exceed headDim (${headDim})`);
    // MLA (DeepSeek): the rotary slice is the last rope.dim coordinates of a head; this call turns the
    // first ones, so it takes that slice alone rather than turn the wrong coordinates.
    if (isDict(opt.rope) && opt.rope.rotaryPosition === 'last' && headDim !== rotaryDim) {
      rangeError(
        `${fn}: this rope turns the last ${rotaryDim} coordinates of each head (rotaryPosition 'last', as in MLA); pass that slice alone, shape [seq, heads, ${rotaryDim}], got headDim ${headDim}`,
      );
    }
    let positions: Float64Array | null = null;
    if (opt.positions !== undefined) {
      positions = numbers(`${fn}: positions`, opt.positions);
      if (positions.length !== seq) rangeError(`${fn}: positions must have seq = ${seq} entries, got ${positions.length}`);
    }
    let xPtr = 0,
      invPtr = 0,
      posPtr = 0;
    try {
      invPtr = w.copyF64(fn, freq.invFreq);
      posPtr = positions && positions.length ? w.copyF64(fn, positions) : 0;
      const rowFloats = heads * headDim;
      if (!tensor && total > STREAM_FLOATS && rowFloats <= STREAM_FLOATS) {
        return streamRope(fn, xNow, inPlace ? xNow : intoNow, {
          seq,
          heads,
          headDim,
          rotaryDim,
          layout,
          invPtr,
          posPtr,
          attentionFactor: freq.attentionFactor,
        });
      }
      xPtr = tensor ? tensor.ptr : w.copyF32(fn, x as Float32Array);
      const status = mod._posenc_rope_apply(xPtr, xPtr, seq, heads, headDim, rotaryDim, layout, invPtr, freq.attentionFactor, posPtr);
      if (status !== 0) w.fail(fn);
      if (tensor) return tensor.view();
      const result = mod.HEAPF32.subarray(xPtr >> 2, (xPtr >> 2) + total);
      return w.out(result, inPlace ? xNow() : intoNow());
    } finally {
      w.free(invPtr, posPtr, tensor ? 0 : xPtr);
    }
  }

  function rotationMatrix(o: RotationMatrixOptions): Matrix<Float64Array> {
    const fn = 'rotationMatrix';
    const opt = options(fn, o, ['dim', 'position', 'base', 'layout'], true);
    return w.unwrap(
      fn,
      mod.rotationMatrix(
        number(`${fn}: dim`, opt.dim),
        number(`${fn}: position`, opt.position),
        number(`${fn}: base`, opt.base, 10000),
        oneOf(`${fn}: layout`, opt.layout, ROPE_LAYOUTS, 'interleaved'),
      ),
    );
  }

  return { inverseFrequencies, sinusoidal, applyRope, rotationMatrix };
}
