/** Relative encodings: T5 buckets and ALiBi. */
import { boolean, number, numbers, options, outArray } from './checks.js';
import type { Wasm } from './wasm.js';
import type { AlibiBiasOptions, T5Options } from './types.js';

export function relative(w: Wasm) {
  const mod = w.mod;

  function t5RelativeBucket(rel: number | ArrayLike<number>, o?: T5Options): Int32Array {
    const fn = 't5RelativeBucket';
    const opt = options(fn, o, ['bidirectional', 'numBuckets', 'maxDistance']);
    const values = typeof rel === 'number' ? Float64Array.of(rel) : numbers(`${fn}: relativePositions`, rel);
    const bidirectional = boolean(`${fn}: bidirectional`, opt.bidirectional, true);
    const numBuckets = number(`${fn}: numBuckets`, opt.numBuckets, 32);
    const maxDistance = number(`${fn}: maxDistance`, opt.maxDistance, 128);
    let inPtr = 0,
      out = 0;
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
    const opt = options(fn, o, ['numHeads', 'length', 'causal', 'out'], true);
    const heads = number(`${fn}: numHeads`, opt.numHeads);
    const length = number(`${fn}: length`, opt.length);
    const causal = boolean(`${fn}: causal`, opt.causal, true);
    const into = w.keep(opt.out);
    const out = mod._posenc_alibi_bias(heads, length, causal ? 1 : 0);
    if (out === 0) w.fail(fn);
    try {
      const n = heads * length * length;
      return w.out(mod.HEAPF32.subarray(out >> 2, (out >> 2) + n), outArray(`${fn}: out`, into(), Float32Array, n));
    } finally {
      w.free(out);
    }
  }

  return { t5RelativeBucket, alibiSlopes, alibiBias };
}
