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
  const s = ropeShape4(w, fn, shape, undefined);
  return [s.seq, s.heads, s.headDim];
}

export const ROPE_ORDERS = ['bshd', 'bhsd'] as const;
export const PAIR_ORDERS = ['in-place', 'transformers'] as const;

/** An applyRope shape: which entry is which, and how the heads lie in memory. */
export interface RopeShape {
  batch: number;
  seq: number;
  heads: number;
  headDim: number;
  /** 0: [batch, seq, heads, headDim] (3-D and 2-D shapes too); 1: [batch, heads, seq, headDim]. */
  order: 0 | 1;
}

/**
 * [seq, headDim], [seq, heads, headDim], or 4-D: [batch, heads, seq, headDim] (transformers' q and k
 * after the head transpose; order 'bhsd', the default) or [batch, seq, heads, headDim] (order 'bshd').
 */
export function ropeShape4(w: Wasm, fn: string, shape: unknown, order: unknown): RopeShape {
  if (!Array.isArray(shape)) {
    typeError(
      `${fn}: shape must be an array ([seq, headDim], [seq, heads, headDim] or [batch, heads, seq, headDim]), got ${describe(shape)}`,
    );
  }
  if (shape.length < 2 || shape.length > 4) {
    rangeError(
      `${fn}: shape must have 2, 3 or 4 entries ([seq, headDim], [seq, heads, headDim], [batch, heads, seq, headDim]), got ${shape.length}`,
    );
  }
  if (order !== undefined && shape.length !== 4) {
    rangeError(`${fn}: order applies to 4-D shapes (which of heads and seq comes second); this shape has ${shape.length} entries`);
  }
  const o = shape.length === 4 ? (oneOf(`${fn}: order`, order, ROPE_ORDERS, 'bhsd') as 0 | 1) : 0;
  const { maxPositions, maxHeads, maxDim } = w.limits;
  const names =
    shape.length === 2
      ? ['seq', 'headDim']
      : shape.length === 3
        ? ['seq', 'heads', 'headDim']
        : o === 1
          ? ['batch', 'heads', 'seq', 'headDim']
          : ['batch', 'seq', 'heads', 'headDim'];
  const max: Record<string, number> = { batch: maxPositions, seq: maxPositions, heads: maxHeads, headDim: maxDim };
  const min: Record<string, number> = { batch: 1, seq: 0, heads: 1, headDim: 1 };
  const v: Record<string, number> = { batch: 1, heads: 1 };
  shape.forEach((x, i) => (v[names[i]] = count(`${fn}: shape[${i}] (${names[i]})`, x, min[names[i]], max[names[i]])));
  return { batch: v.batch, seq: v.seq, heads: v.heads, headDim: v.headDim, order: o };
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

/** One call as the core takes it (posenc_rope_apply / posenc_rope_rows_begin, entry.hpp RopeCall). */
interface RopeCall extends RopeShape {
  rotaryDim: number;
  rotaryOffset: number;
  pairOrder: number;
  layout: number;
  invPtr: number;
  attentionFactor: number;
  posPtr: number;
  positionsCount: number;
}

/**
 * A [batch, heads, seq, headDim] array streams in blocks of positions gathered from every slice: at
 * least this many positions a block, so each slice's part is one copy of a few KiB.
 */
const MIN_BLOCK_POSITIONS = 8;
/** Above this many floats (16 MiB) a gathered block is not worth it: the array is copied in whole. */
const MAX_GATHER_FLOATS = 1 << 22;

export function encodings(w: Wasm, frequenciesOf: FrequenciesOf) {
  const mod = w.mod;

  function begin(fn: string, c: RopeCall): number {
    const rows = mod._posenc_rope_rows_begin(
      c.batch,
      c.seq,
      c.heads,
      c.headDim,
      c.rotaryDim,
      c.rotaryOffset,
      c.order,
      c.pairOrder,
      c.layout,
      c.invPtr,
      c.attentionFactor,
      c.posPtr,
      c.positionsCount,
    );
    if (rows === 0) w.fail(fn);
    return rows;
  }

  /** [batch·seq rows, heads·headDim]: contiguous rows, a block of them at a time. */
  function streamRows(fn: string, x: () => Float32Array, into: () => Float32Array | undefined, c: RopeCall): Float32Array {
    // The whole call is checked here, so a bad position late in the sequence writes nothing into x
    // or out; the rotation's state then lives in wasm between blocks (a block costs its rows only).
    const rows = begin(fn, c);
    const total = c.batch * c.seq;
    const rowFloats = c.heads * c.headDim;
    const rowsPerBlock = Math.floor(STREAM_FLOATS / rowFloats);
    const blocks = Math.ceil(total / rowsPerBlock);
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
        const count = Math.min(rowsPerBlock, total - r0);
        const from = r0 * rowFloats,
          n = count * rowFloats;
        if (block.length < n) block = mod.HEAPF32.subarray(buf >> 2, (buf >> 2) + rowsPerBlock * rowFloats);
        block.set(x().subarray(from, from + n));
        if (mod._posenc_rope_rows_apply(rows, buf, buf, r0, count, 0) !== 0) w.fail(fn);
        if (block.length < n) block = mod.HEAPF32.subarray(buf >> 2, (buf >> 2) + rowsPerBlock * rowFloats);
        dst().set(n === block.length ? block : block.subarray(0, n), from);
      }
      return dst();
    } finally {
      w.free(buf);
      mod._posenc_rope_rows_end(rows);
    }
  }

  /**
   * [batch·heads slices, seq, headDim]: a block of positions gathered from every slice into
   * [slices, block, headDim], so each position's cos/sin turns every slice (RopeRows, HeadsSeq).
   */
  function streamSlices(
    fn: string,
    x: () => Float32Array,
    into: () => Float32Array | undefined,
    c: RopeCall,
    perBlock: number,
  ): Float32Array {
    const rows = begin(fn, c);
    const slices = c.batch * c.heads;
    const sliceFloats = c.seq * c.headDim;
    const blockFloats = perBlock * c.headDim;
    let buf = 0;
    try {
      const fresh = into() ? undefined : new Float32Array(x().length);
      const dst = () => into() ?? fresh!;
      // An out that overlaps x without being x would overwrite parts of other slices not yet read:
      // then x is read from a copy taken first.
      const src0 = x(),
        out0 = dst();
      const overlaps =
        out0.buffer === src0.buffer &&
        out0.byteOffset !== src0.byteOffset &&
        out0.byteOffset < src0.byteOffset + src0.byteLength &&
        src0.byteOffset < out0.byteOffset + out0.byteLength;
      const snapshot = overlaps ? src0.slice() : undefined;
      const srcOf = snapshot ? () => snapshot : x;
      buf = w.alloc(fn, slices * blockFloats * 4);
      let block: Float32Array = new Float32Array(0);
      const view = () => (block.length ? block : (block = mod.HEAPF32.subarray(buf >> 2, (buf >> 2) + slices * blockFloats)));
      for (let s0 = 0; s0 < c.seq; s0 += perBlock) {
        const n = Math.min(perBlock, c.seq - s0) * c.headDim;
        const src = srcOf();
        let b = view();
        for (let g = 0; g < slices; g++) {
          const from = g * sliceFloats + s0 * c.headDim;
          b.set(src.subarray(from, from + n), g * blockFloats);
        }
        if (mod._posenc_rope_rows_apply(rows, buf, buf, s0, n / c.headDim, blockFloats) !== 0) w.fail(fn);
        if (b.buffer !== mod.HEAPF32.buffer) {
          block = new Float32Array(0);
          b = view();
        }
        const out = dst();
        for (let g = 0; g < slices; g++) {
          out.set(b.subarray(g * blockFloats, g * blockFloats + n), g * sliceFloats + s0 * c.headDim);
        }
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

  /** Positions: seq of them (every batch row), batch·seq (one row each), or batch rows of seq. */
  function ropePositions(fn: string, v: unknown, batch: number, seq: number): Float64Array {
    const rows = Array.isArray(v) && v.length > 0 && v.every((r) => Array.isArray(r) || ArrayBuffer.isView(r));
    let p: Float64Array;
    if (rows) {
      const list = v as ArrayLike<number>[];
      if (list.length !== batch) rangeError(`${fn}: positions given as rows must have batch = ${batch} rows, got ${list.length}`);
      p = new Float64Array(batch * seq);
      list.forEach((r, b) => {
        const row = numbers(`${fn}: positions[${b}]`, r);
        if (row.length !== seq) rangeError(`${fn}: positions[${b}] must have seq = ${seq} entries, got ${row.length}`);
        p.set(row, b * seq);
      });
    } else {
      p = numbers(`${fn}: positions`, v);
    }
    if (p.length !== seq && p.length !== batch * seq) {
      rangeError(
        batch === 1
          ? `${fn}: positions must have seq = ${seq} entries, got ${p.length}`
          : `${fn}: positions must have seq = ${seq} entries (the same for every batch row) or batch × seq = ${batch * seq} (one row per batch entry, as position_ids), got ${p.length}`,
      );
    }
    return p;
  }

  /**
   * The frequencies a rope from ropeFromConfig turns with at these positions, as transformers'
   * dynamic_rope_update picks them for one forward pass: LongRoPE's long factors once
   * max(position) + 1 exceeds original_max_position_embeddings (else the short ones, one attention
   * factor for both); dynamic NTK recomputed for seq_len = max(position) + 1 past max_position_embeddings.
   */
  function ropeFrequencies(fn: string, r: Record<string, unknown>, invFreq: Float64Array, maxPosition: number): Float64Array {
    const seqLen = maxPosition + 1;
    const lr = r.longrope;
    if (isDict(lr)) {
      const from = number(`${fn}: rope.longrope.longFromSeqLen`, lr.longFromSeqLen);
      const long = numbers(`${fn}: rope.longrope.longInvFreq`, lr.longInvFreq);
      if (long.length !== invFreq.length) {
        rangeError(`${fn}: rope.longrope.longInvFreq must have rope.dim / 2 = ${invFreq.length} entries, got ${long.length}`);
      }
      return seqLen > from - 1 ? long : invFreq;
    }
    if (r.ropeType === 'dynamic' && typeof r.maxPositionEmbeddings === 'number' && seqLen > r.maxPositionEmbeddings) {
      const dim = number(`${fn}: rope.dim`, r.dim);
      const scaling = {
        rope_type: 'dynamic',
        factor: number(`${fn}: rope.factor`, r.factor),
        max_position_embeddings: r.maxPositionEmbeddings,
        seq_len: seqLen,
      };
      return frequenciesOf(fn, dim, number(`${fn}: rope.base`, r.base), scaling).invFreq;
    }
    return invFreq;
  }

  /** A warning for the caller: onWarning(message), else console.warn once per message. */
  const warned = new Set<string>();
  function warn(onWarning: unknown, messages: readonly string[]): void {
    for (const m of messages) {
      if (typeof onWarning === 'function') (onWarning as (message: string) => void)(m);
      else if (!warned.has(m)) {
        if (warned.size < 256) warned.add(m);
        console.warn(`posenc: ${m}`);
      }
    }
  }

  function applyRope(x: Float32Array | WasmTensor, o: ApplyRopeOptions): Float32Array {
    const fn = 'applyRope';
    const tensor = x instanceof Tensor ? x : null;
    if (tensor) tensor.check(fn, w);
    else float32(`${fn}: x`, x);
    const opt = options(
      fn,
      o,
      ['shape', 'positions', 'order', 'base', 'layout', 'scaling', 'inPlace', 'rotaryDim', 'rope', 'pairOrder', 'onWarning', 'out'],
      true,
    );
    const shape = ropeShape4(w, fn, opt.shape, opt.order);
    const { batch, seq, heads, headDim } = shape;
    const total = batch * seq * heads * headDim;
    if (total !== x.length) {
      rangeError(`${fn}: x.length (${x.length}) must equal the product of shape [${(opt.shape as number[]).join(', ')}] = ${total}`);
    }
    if (opt.onWarning !== undefined && typeof opt.onWarning !== 'function') {
      typeError(`${fn}: onWarning must be a function (message: string) => void, got ${describe(opt.onWarning)}`);
    }
    // A rope from ropeFromConfig carries its family's pairing; an explicit layout still wins.
    const ropeLayout = isDict(opt.rope) ? oneOf(`${fn}: rope.layout`, opt.rope.layout, ROPE_LAYOUTS, 'interleaved') : 0;
    const layout = oneOf(`${fn}: layout`, opt.layout, ROPE_LAYOUTS, ROPE_LAYOUTS[ropeLayout]);
    const pairOrder = oneOf(`${fn}: pairOrder`, opt.pairOrder, PAIR_ORDERS, 'in-place');
    if (pairOrder === 1 && layout !== 0) {
      rangeError(
        `${fn}: pairOrder 'transformers' is the order apply_rotary_pos_emb_interleave leaves interleaved pairs in; with layout 'half' transformers turns the pairs in place (pairOrder 'in-place')`,
      );
    }
    const inPlace = boolean(`${fn}: inPlace`, opt.inPlace, false);
    const into = outArray(`${fn}: out`, opt.out, Float32Array, total);
    // x and out may be views of wasm memory, which the allocations below can detach.
    const xNow = w.keep(x as Float32Array);
    const intoNow = w.keep(into);
    if (into && (inPlace || tensor)) rangeError(`${fn}: give out, or inPlace / a wasm tensor, not both`, { argument: 'out' });
    // A tensor is always turned where it lies; reading inPlace: false as a request for a copy would
    // silently do the opposite of what was asked.
    if (tensor && opt.inPlace === false) {
      rangeError(
        `${fn}: a wasm tensor is always rotated in place (inPlace: false does not apply); for a separate result pass a Float32Array copy (tensor.view().slice())`,
        {
          argument: 'inPlace',
        },
      );
    }
    evenDim(w, fn, 'headDim (the last entry of shape)', headDim);
    let positions: Float64Array | null = null;
    if (opt.positions !== undefined) positions = ropePositions(fn, opt.positions, batch, seq);
    let freq: Frequencies;
    let rotaryDim: number;
    let rotaryOffset = 0;
    if (opt.rope !== undefined) {
      if (opt.base !== undefined || opt.scaling !== undefined || opt.rotaryDim !== undefined) {
        rangeError(`${fn}: give either rope (from ropeFromConfig) or base/scaling/rotaryDim, not both`, { argument: 'rope' });
      }
      // Any result of ropeFromConfig (or an object with dim, invFreq and attentionFactor); the
      // other fields describe the model and are not read here.
      if (!isDict(opt.rope)) typeError(`${fn}: rope must be the result of ropeFromConfig(), got ${describe(opt.rope)}`);
      const r = opt.rope;
      rotaryDim = number(`${fn}: rope.dim`, r.dim);
      const invFreq = numbers(`${fn}: rope.invFreq`, r.invFreq);
      if (invFreq.length * 2 !== rotaryDim)
        rangeError(`${fn}: rope.invFreq must have rope.dim / 2 = ${rotaryDim / 2} entries, got ${invFreq.length}`);
      let maxPosition = seq - 1;
      if (positions) {
        maxPosition = -Infinity;
        for (let i = 0; i < positions.length; i++) if (positions[i] > maxPosition) maxPosition = positions[i];
      }
      freq = {
        invFreq: seq > 0 ? ropeFrequencies(fn, r, invFreq, maxPosition) : invFreq,
        attentionFactor: number(`${fn}: rope.attentionFactor`, r.attentionFactor, 1),
        warnings: [],
      };
      if (r.rotaryPosition !== undefined && r.rotaryPosition !== 'first' && r.rotaryPosition !== 'last') {
        rangeError(`${fn}: rope.rotaryPosition must be 'first' or 'last', got ${describe(r.rotaryPosition)}`);
      }
      // MLA (DeepSeek, Kimi-K2): the rotary slice is the last rope.dim coordinates of each head.
      if (r.rotaryPosition === 'last') rotaryOffset = Math.max(0, headDim - rotaryDim);
    } else {
      rotaryDim = opt.rotaryDim === undefined ? headDim : number(`${fn}: rotaryDim`, opt.rotaryDim);
      evenDim(w, fn, 'rotaryDim', rotaryDim);
      freq =
        unscaled(rotaryDim, opt.base, opt.scaling) ?? frequenciesOf(fn, rotaryDim, number(`${fn}: base`, opt.base, 10000), opt.scaling);
    }
    if (rotaryDim > headDim) rangeError(`${fn}: rotaryDim (${rotaryDim}) must not exceed headDim (${headDim})`);
    if (freq.warnings.length) warn(opt.onWarning, freq.warnings);
    let xPtr = 0,
      invPtr = 0,
      posPtr = 0;
    try {
      invPtr = w.copyF64(fn, freq.invFreq);
      posPtr = positions && positions.length ? w.copyF64(fn, positions) : 0;
      const call: RopeCall = {
        ...shape,
        rotaryDim,
        rotaryOffset,
        pairOrder,
        layout,
        invPtr,
        attentionFactor: freq.attentionFactor,
        posPtr,
        positionsCount: positions ? positions.length : seq,
      };
      if (!tensor && total > STREAM_FLOATS) {
        const dst = inPlace ? xNow : intoNow;
        if (shape.order === 0 && heads * headDim <= STREAM_FLOATS) return streamRows(fn, xNow, dst, call);
        if (shape.order === 1) {
          const sliceRow = batch * heads * headDim;
          const perBlock = Math.max(MIN_BLOCK_POSITIONS, Math.floor(STREAM_FLOATS / sliceRow));
          if (sliceRow * perBlock <= MAX_GATHER_FLOATS && perBlock < seq) return streamSlices(fn, xNow, dst, call, perBlock);
        }
      }
      xPtr = tensor ? tensor.ptr : w.copyF32(fn, x as Float32Array);
      const status = mod._posenc_rope_apply(
        xPtr,
        xPtr,
        batch,
        seq,
        heads,
        headDim,
        rotaryDim,
        rotaryOffset,
        shape.order,
        pairOrder,
        layout,
        invPtr,
        freq.attentionFactor,
        posPtr,
        call.positionsCount,
      );
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
