/**
 * The friendly API over the raw module: named errors, JS-owned results, and memory that is always
 * freed (every wasm allocation sits in a try/finally). Numeric ranges are checked in C++ and come
 * back as RangeError with the C++ message, prefixed by the function name.
 */
import { createAnalysis } from './analysis.js';
import { boolean, count, describe, float32, number, numbers, oneOf, options, rangeError, typeError } from './checks.js';
import type { PosencModule, Raw } from './module-types.js';
import type {
  AlibiBiasOptions,
  ApplyRopeOptions,
  Backend,
  ColormapOptions,
  Frequencies,
  Kernels,
  Matrix,
  Posenc,
  RopeConfig,
  RotationMatrixOptions,
  ScoresOptions,
  SinusoidalOptions,
  T5Options,
  WasmFloat64,
  WasmTensor,
} from './types.js';

const ROPE_LAYOUTS = ['interleaved', 'half'] as const;
const SIN_LAYOUTS = ['interleaved', 'concat'] as const;

export class Wasm {
  constructor(readonly mod: PosencModule) {}

  /** Throws the error the last plain export reported. */
  fail(fn: string): never {
    const message = `${fn}: ${this.mod.UTF8ToString(this.mod._posenc_last_error())}`;
    if (this.mod._posenc_last_error_kind() === 1) throw new TypeError(message);
    throw new RangeError(message);
  }

  unwrap<T>(fn: string, raw: Raw<T>): T {
    if (raw !== null && typeof raw === 'object' && 'error' in raw && typeof raw.error === 'string') {
      const message = `${fn}: ${raw.error}`;
      if ((raw as { kind: number }).kind === 1) throw new TypeError(message);
      throw new RangeError(message);
    }
    return raw as T;
  }

  /** malloc that refuses sizes that cannot fit (with the size in the message) instead of aborting. */
  alloc(fn: string, bytes: number): number {
    const p = this.mod._posenc_alloc(bytes);
    if (p === 0) this.fail(fn);
    return p;
  }

  copyF64(fn: string, v: Float64Array): number {
    const p = this.alloc(fn, v.length * 8);
    this.mod.HEAPF64.set(v, p >> 3);
    return p;
  }

  copyF32(fn: string, v: Float32Array): number {
    const p = this.alloc(fn, v.length * 4);
    this.mod.HEAPF32.set(v, p >> 2);
    return p;
  }

  /**
   * Copies a result out of wasm memory into a new JS-owned array. Not view.slice(): on a view of a
   * large wasm memory V8's slice is ~8× slower than allocate + set (70 ms vs 9 ms for 64 MiB).
   */
  out<T extends Float32Array | Float64Array | Int32Array | Uint32Array>(view: T): T {
    const copy = new (view.constructor as new (n: number) => T)(view.length);
    copy.set(view);
    return copy;
  }

  free(...ptrs: number[]): void {
    for (const p of ptrs) if (p) this.mod._free(p);
  }
}

class Tensor implements WasmTensor {
  #freed = false;
  constructor(
    private readonly w: Wasm,
    readonly ptr: number,
    readonly length: number,
  ) {}
  view(): Float32Array {
    this.check('view');
    return new Float32Array(this.w.mod.HEAPF32.buffer, this.ptr, this.length);
  }
  free(): void {
    if (!this.#freed) this.w.mod._free(this.ptr);
    this.#freed = true;
  }
  check(fn: string): void {
    if (this.#freed) typeError(`${fn}: this tensor was freed`);
  }
}

class Float64Buffer implements WasmFloat64 {
  #freed = false;
  constructor(
    private readonly w: Wasm,
    readonly ptr: number,
    readonly length: number,
  ) {}
  free(): void {
    if (!this.#freed) this.w.mod._free(this.ptr);
    this.#freed = true;
  }
  check(fn: string): void {
    if (this.#freed) typeError(`${fn}: this buffer was freed`);
  }
}

/** Reads [seq, heads, headDim] or [seq, headDim]. */
function ropeShape(fn: string, shape: unknown): [number, number, number] {
  if (!Array.isArray(shape)) typeError(`${fn}: shape must be an array [seq, heads, headDim] or [seq, headDim], got ${describe(shape)}`);
  if (shape.length !== 2 && shape.length !== 3) {
    rangeError(`${fn}: shape must have 2 or 3 entries ([seq, headDim] or [seq, heads, headDim]), got ${shape.length}`);
  }
  const names = shape.length === 3 ? ['seq', 'heads', 'headDim'] : ['seq', 'headDim'];
  const dims = shape.map((v, i) => count(`${fn}: shape[${i}] (${names[i]})`, v, i === 0 ? 0 : 1, 2 ** 31));
  return shape.length === 3 ? [dims[0], dims[1], dims[2]] : [dims[0], 1, dims[1]];
}

/** Even and within the core's kMaxDim (cpp/include/posenc/limits.hpp), named as the caller knows it. */
const MAX_DIM = 16384;
function evenDim(fn: string, name: string, v: number): void {
  if (!Number.isInteger(v) || v < 2 || v > MAX_DIM || v % 2 !== 0) {
    rangeError(`${fn}: ${name} must be an even integer from 2 to ${MAX_DIM} (RoPE turns coordinates in pairs), got ${describe(v)}`);
  }
}

/** JSON of a scaling object, refusing what JSON would silently turn into null. */
function scalingJson(fn: string, scaling: unknown): string {
  if (scaling === undefined) return '';
  if (scaling === null || typeof scaling !== 'object' || Array.isArray(scaling)) {
    typeError(`${fn}: scaling must be an object like { rope_type: 'linear', factor: 2 }, got ${describe(scaling)}`);
  }
  for (const [key, v] of Object.entries(scaling)) {
    if (typeof v === 'number' && !Number.isFinite(v)) rangeError(`${fn}: scaling.${key} must be a finite number, got ${describe(v)}`);
    // What JSON cannot carry (or would silently drop) is named here; the rest is checked in C++.
    if (typeof v === 'bigint' || typeof v === 'symbol' || typeof v === 'function' || v === undefined) {
      typeError(`${fn}: scaling.${key} must be a number, string or boolean, got ${describe(v)}`);
    }
  }
  return JSON.stringify(scaling);
}

export function createPosenc(mod: PosencModule, backend: Backend): Posenc {
  const w = new Wasm(mod);

  function inverseFrequencies(o: unknown): Frequencies {
    const fn = 'inverseFrequencies';
    const opt = options(fn, o, ['dim', 'base', 'scaling'], true);
    const dim = number(`${fn}: dim`, opt.dim);
    const base = number(`${fn}: base`, opt.base, 10000);
    return w.unwrap(fn, mod.inverseFrequencies(dim, base, scalingJson(fn, opt.scaling)));
  }

  function sinusoidal(o: SinusoidalOptions): Matrix<Float32Array> & Matrix<Float64Array> {
    const fn = 'sinusoidal';
    const opt = options(fn, o, ['positions', 'dim', 'base', 'layout', 'precision'], true);
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
    let out = 0;
    try {
      out = mod._posenc_sinusoidal(posPtr, rows, dim, base, layout, precision);
      if (out === 0) w.fail(fn);
      const n = rows * dim;
      const data = precision === 32 ? w.out(mod.HEAPF32.subarray(out >> 2, (out >> 2) + n)) : w.out(mod.HEAPF64.subarray(out >> 3, (out >> 3) + n));
      return { rows, cols: dim, data } as Matrix<Float32Array> & Matrix<Float64Array>;
    } finally {
      w.free(posPtr, out);
    }
  }

  function ropeFromConfig(config: unknown): RopeConfig {
    const fn = 'ropeFromConfig';
    let text: string;
    if (typeof config === 'string') {
      text = config;
    } else if (config !== null && typeof config === 'object' && !Array.isArray(config)) {
      try {
        text = JSON.stringify(config);
      } catch (e) {
        typeError(`${fn}: config must be JSON-serialisable (${(e as Error).message})`);
      }
    } else {
      typeError(`${fn}: config must be a config.json object or its text, got ${describe(config)}`);
    }
    return w.unwrap(fn, mod.ropeFromConfig(text)) as unknown as RopeConfig;
  }

  function applyRope(x: Float32Array | WasmTensor, o: ApplyRopeOptions): Float32Array {
    const fn = 'applyRope';
    const tensor = x instanceof Tensor ? x : null;
    if (tensor) tensor.check(fn);
    else float32(`${fn}: x`, x);
    const opt = options(fn, o, ['shape', 'positions', 'base', 'layout', 'scaling', 'inPlace', 'rotaryDim', 'rope'], true);
    const [seq, heads, headDim] = ropeShape(fn, opt.shape);
    const total = seq * heads * headDim;
    if (total !== x.length) {
      rangeError(`${fn}: x.length (${x.length}) must equal the product of shape [${(opt.shape as number[]).join(', ')}] = ${total}`);
    }
    const layout = oneOf(`${fn}: layout`, opt.layout, ROPE_LAYOUTS, 'interleaved');
    const inPlace = boolean(`${fn}: inPlace`, opt.inPlace, false);
    evenDim(fn, 'headDim (the last entry of shape)', headDim);
    let freq: Frequencies;
    let rotaryDim: number;
    if (opt.rope !== undefined) {
      if (opt.base !== undefined || opt.scaling !== undefined || opt.rotaryDim !== undefined) {
        rangeError(`${fn}: give either rope (from ropeFromConfig) or base/scaling/rotaryDim, not both`);
      }
      const r = options(`${fn}: rope`, opt.rope, ['dim', 'invFreq', 'attentionFactor', 'headDim', 'base', 'ropeType', 'factor',
        'originalMaxPositionEmbeddings', 'maxPositionEmbeddings', 'warnings']);
      rotaryDim = number(`${fn}: rope.dim`, r.dim);
      freq = { invFreq: numbers(`${fn}: rope.invFreq`, r.invFreq), attentionFactor: number(`${fn}: rope.attentionFactor`, r.attentionFactor, 1) };
      if (freq.invFreq.length * 2 !== rotaryDim) rangeError(`${fn}: rope.invFreq must have rope.dim / 2 = ${rotaryDim / 2} entries, got ${freq.invFreq.length}`);
    } else {
      rotaryDim = opt.rotaryDim === undefined ? headDim : number(`${fn}: rotaryDim`, opt.rotaryDim);
      evenDim(fn, 'rotaryDim', rotaryDim);
      if (rotaryDim > headDim) rangeError(`${fn}: rotaryDim (${rotaryDim}) must not exceed headDim (${headDim})`);
      freq = inverseFrequencies({ dim: rotaryDim, base: opt.base, scaling: opt.scaling });
    }
    if (rotaryDim > headDim) rangeError(`${fn}: rotaryDim (${rotaryDim}) must not exceed headDim (${headDim})`);
    let positions: Float64Array | null = null;
    if (opt.positions !== undefined) {
      positions = numbers(`${fn}: positions`, opt.positions);
      if (positions.length !== seq) rangeError(`${fn}: positions must have seq = ${seq} entries, got ${positions.length}`);
    }
    let xPtr = 0, invPtr = 0, posPtr = 0;
    try {
      invPtr = w.copyF64(fn, freq.invFreq);
      posPtr = positions && positions.length ? w.copyF64(fn, positions) : 0;
      xPtr = tensor ? tensor.ptr : w.copyF32(fn, x as Float32Array);
      const status = mod._posenc_rope_apply(xPtr, xPtr, seq, heads, headDim, rotaryDim, layout, invPtr,
        freq.attentionFactor, posPtr);
      if (status !== 0) w.fail(fn);
      if (tensor) return tensor.view();
      const result = mod.HEAPF32.subarray(xPtr >> 2, (xPtr >> 2) + total);
      if (inPlace) {
        (x as Float32Array).set(result);
        return x as Float32Array;
      }
      return w.out(result);
    } finally {
      w.free(invPtr, posPtr, tensor ? 0 : xPtr);
    }
  }

  function rotationMatrix(o: RotationMatrixOptions): Matrix<Float64Array> {
    const fn = 'rotationMatrix';
    const opt = options(fn, o, ['dim', 'position', 'base', 'layout'], true);
    return w.unwrap(fn, mod.rotationMatrix(number(`${fn}: dim`, opt.dim), number(`${fn}: position`, opt.position),
      number(`${fn}: base`, opt.base, 10000), oneOf(`${fn}: layout`, opt.layout, ROPE_LAYOUTS, 'interleaved')));
  }

  function t5RelativeBucket(rel: number | ArrayLike<number>, o?: T5Options): Int32Array {
    const fn = 't5RelativeBucket';
    const opt = options(fn, o, ['bidirectional', 'numBuckets', 'maxDistance']);
    const values = typeof rel === 'number' ? Float64Array.of(rel) : numbers(`${fn}: relativePositions`, rel);
    const bidirectional = boolean(`${fn}: bidirectional`, opt.bidirectional, true);
    const numBuckets = number(`${fn}: numBuckets`, opt.numBuckets, 32);
    const maxDistance = number(`${fn}: maxDistance`, opt.maxDistance, 128);
    let inPtr = 0, out = 0;
    try {
      inPtr = values.length ? w.copyF64(fn, values) : 0;
      out = mod._posenc_t5_buckets(inPtr, values.length, bidirectional ? 1 : 0, numBuckets, maxDistance);
      if (out === 0) w.fail(fn);
      return w.out(mod.HEAP32.subarray(out >> 2, (out >> 2) + values.length));
    } finally {
      w.free(inPtr, out);
    }
  }

  function alibiSlopes(numHeads: number): Float64Array {
    const fn = 'alibiSlopes';
    return w.unwrap(fn, mod.alibiSlopes(number(`${fn}: numHeads`, numHeads)));
  }

  function alibiBias(o: AlibiBiasOptions): Float32Array {
    const fn = 'alibiBias';
    const opt = options(fn, o, ['numHeads', 'length', 'causal'], true);
    const heads = number(`${fn}: numHeads`, opt.numHeads);
    const length = number(`${fn}: length`, opt.length);
    const out = mod._posenc_alibi_bias(heads, length, boolean(`${fn}: causal`, opt.causal, true) ? 1 : 0);
    if (out === 0) w.fail(fn);
    try {
      return w.out(mod.HEAPF32.subarray(out >> 2, (out >> 2) + heads * length * length));
    } finally {
      w.free(out);
    }
  }

  function scores(q: Float32Array, k: Float32Array, o: ScoresOptions): Matrix<Float32Array> {
    const fn = 'scores';
    float32(`${fn}: q`, q);
    float32(`${fn}: k`, k);
    const opt = options(fn, o, ['queries', 'keys', 'dim', 'scale'], true);
    const nq = count(`${fn}: queries`, opt.queries, 0, 65536);
    const nk = count(`${fn}: keys`, opt.keys, 0, 65536);
    const dim = count(`${fn}: dim`, opt.dim, 1, 16384);
    if (q.length !== nq * dim) rangeError(`${fn}: q.length (${q.length}) must equal queries × dim = ${nq * dim}`);
    if (k.length !== nk * dim) rangeError(`${fn}: k.length (${k.length}) must equal keys × dim = ${nk * dim}`);
    let qp = 0, kp = 0, out = 0;
    try {
      qp = w.copyF32(fn, q);
      kp = w.copyF32(fn, k);
      out = mod._posenc_scores(qp, kp, nq, nk, dim, number(`${fn}: scale`, opt.scale, 1));
      if (out === 0) w.fail(fn);
      return { rows: nq, cols: nk, data: w.out(mod.HEAPF32.subarray(out >> 2, (out >> 2) + nq * nk)) };
    } finally {
      w.free(qp, kp, out);
    }
  }

  function colormap(values: Float32Array, o: ColormapOptions): Uint32Array {
    const fn = 'colormap';
    float32(`${fn}: values`, values);
    const opt = options(fn, o, ['lo', 'hi', 'lut', 'masked'], true);
    if (!(opt.lut instanceof Uint32Array)) typeError(`${fn}: lut must be a Uint32Array of colours, got ${describe(opt.lut)}`);
    const lut = opt.lut;
    let vp = 0, lp = 0, out = 0;
    try {
      vp = w.copyF32(fn, values);
      lp = w.alloc(fn, lut.length * 4);
      mod.HEAPU32.set(lut, lp >> 2);
      out = mod._posenc_colormap(vp, values.length, number(`${fn}: lo`, opt.lo), number(`${fn}: hi`, opt.hi), lp, lut.length,
        number(`${fn}: masked`, opt.masked, 0));
      if (out === 0) w.fail(fn);
      return w.out(mod.HEAPU32.subarray(out >> 2, (out >> 2) + values.length));
    } finally {
      w.free(vp, lp, out);
    }
  }

  function tensor(length: number): WasmTensor {
    const n = count('tensor: length', length, 0, 2 ** 31);
    return new Tensor(w, w.alloc('tensor', n * 4), n);
  }

  const kernels: Kernels = {
    ropeApply(x, out, o) {
      const fn = 'kernels.ropeApply';
      if (!(x instanceof Tensor) || !(out instanceof Tensor)) typeError(`${fn}: x and out must be tensors from posenc.tensor()`);
      x.check(fn);
      out.check(fn);
      const opt = options(fn, o, ['shape', 'invFreq', 'rotaryDim', 'layout', 'attentionFactor']);
      const [seq, heads, headDim] = ropeShape(fn, opt.shape);
      if (x.length !== seq * heads * headDim || out.length !== x.length) rangeError(`${fn}: tensor lengths must equal the product of shape`);
      if (!(opt.invFreq instanceof Float64Buffer)) typeError(`${fn}: invFreq must come from kernels.float64()`);
      opt.invFreq.check(fn);
      const rot = opt.rotaryDim === undefined ? headDim : number(`${fn}: rotaryDim`, opt.rotaryDim);
      if (opt.invFreq.length * 2 < rot) rangeError(`${fn}: invFreq must have rotaryDim / 2 entries`);
      const status = mod._posenc_rope_apply(x.ptr, out.ptr, seq, heads, headDim, rot,
        oneOf(`${fn}: layout`, opt.layout, ROPE_LAYOUTS, 'interleaved'), opt.invFreq.ptr,
        number(`${fn}: attentionFactor`, opt.attentionFactor, 1), 0);
      if (status !== 0) w.fail(fn);
    },
    memoryPass(x, out, scale = 1) {
      const fn = 'kernels.memoryPass';
      if (!(x instanceof Tensor) || !(out instanceof Tensor)) typeError(`${fn}: x and out must be tensors from posenc.tensor()`);
      x.check(fn);
      out.check(fn);
      if (out.length < x.length) rangeError(`${fn}: out is shorter than x`);
      mod._posenc_memory_pass(x.ptr, out.ptr, x.length, number(`${fn}: scale`, scale));
    },
    sinusoidal(out, o) {
      const fn = 'kernels.sinusoidal';
      if (!(out instanceof Tensor)) typeError(`${fn}: out must be a tensor from posenc.tensor()`);
      out.check(fn);
      const opt = options(fn, o, ['count', 'dim', 'base', 'layout']);
      const n = number(`${fn}: count`, opt.count), dim = number(`${fn}: dim`, opt.dim);
      if (out.length < n * dim) rangeError(`${fn}: out holds ${out.length} floats; count × dim = ${n * dim}`);
      const status = mod._posenc_sinusoidal_into(out.ptr, 0, n, dim, number(`${fn}: base`, opt.base, 10000),
        oneOf(`${fn}: layout`, opt.layout, SIN_LAYOUTS, 'interleaved'));
      if (status !== 0) w.fail(fn);
    },
    scores(q, k, out, o) {
      const fn = 'kernels.scores';
      for (const t of [q, k, out]) {
        if (!(t instanceof Tensor)) typeError(`${fn}: q, k and out must be tensors from posenc.tensor()`);
        t.check(fn);
      }
      const opt = options(fn, o, ['queries', 'keys', 'dim', 'scale'], true);
      const nq = count(`${fn}: queries`, opt.queries, 0, 65536), nk = count(`${fn}: keys`, opt.keys, 0, 65536);
      const dim = count(`${fn}: dim`, opt.dim, 1, 16384);
      if (q.length < nq * dim || k.length < nk * dim || out.length < nq * nk) rangeError(`${fn}: a tensor is shorter than its shape`);
      const status = mod._posenc_scores_into((out as Tensor).ptr, (q as Tensor).ptr, (k as Tensor).ptr, nq, nk, dim,
        number(`${fn}: scale`, opt.scale, 1));
      if (status !== 0) w.fail(fn);
    },
    float64(values) {
      const v = numbers('kernels.float64: values', values);
      return new Float64Buffer(w, w.copyF64('kernels.float64', v), v.length);
    },
  };

  return {
    backend,
    sinusoidal,
    inverseFrequencies,
    ropeFromConfig,
    applyRope,
    rotationMatrix,
    t5RelativeBucket,
    alibiSlopes,
    alibiBias,
    scores,
    colormap,
    tensor,
    memoryBytes: () => mod.HEAPU8.length,
    analysis: createAnalysis(w),
    kernels,
  } as Posenc;
}
