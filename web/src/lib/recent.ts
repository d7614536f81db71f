/**
 * The encodings since 2023 that are functions of positions (cpp/include/posenc/recent_encodings.hpp,
 * docs/API.md "Encodings since 2023"): xPos's scale, p-RoPE's frequencies, Kerple's bias, FIRE's
 * interpolated distance, Llama 4's NoPE layers and attention temperature. Every range is checked by
 * the core; this file checks JS types.
 */
import { boolean, count, number, numbers, options, typeError } from './checks.js';
import type { Wasm } from './wasm.js';
import type {
  FireDistanceOptions,
  KerpleBiasOptions,
  Llama4AttentionScaleOptions,
  Matrix,
  NoRopeLayersOptions,
  PRopeFrequenciesOptions,
  XposScaleOptions,
} from './types.js';

/** Largest count of positions given as a number (0 … n − 1); a longer list is refused by the core anyway. */
const MAX_COUNT = 1 << 20;

export function recent(w: Wasm) {
  const mod = w.mod;
  const positionsOf = (fn: string, v: unknown): Float64Array => {
    if (v === undefined)
      typeError(`${fn}: positions is required (a count n, or an array of positions)`, { argument: 'positions', code: 'ERR_MISSING_ARG' });
    if (typeof v === 'number') return Float64Array.from({ length: count(`${fn}: positions`, v, 0, MAX_COUNT) }, (_, i) => i);
    return numbers(`${fn}: positions`, v);
  };

  function xposScale(o: XposScaleOptions): Matrix<Float64Array> {
    const fn = 'xposScale';
    const opt = options(fn, o, ['dim', 'positions', 'scaleBase', 'gamma'], true);
    return w.unwrap(
      fn,
      mod.xposScale(
        number(`${fn}: dim`, opt.dim),
        positionsOf(fn, opt.positions),
        number(`${fn}: scaleBase`, opt.scaleBase, 512),
        number(`${fn}: gamma`, opt.gamma, 0.4),
      ),
    );
  }

  function pRopeFrequencies(o: PRopeFrequenciesOptions): Float64Array {
    const fn = 'pRopeFrequencies';
    const opt = options(fn, o, ['dim', 'base', 'p'], true);
    return w.unwrap(
      fn,
      mod.pRopeFrequencies(number(`${fn}: dim`, opt.dim), number(`${fn}: base`, opt.base, 10000), number(`${fn}: p`, opt.p, 0.75)),
    );
  }

  function kerpleBias(o: KerpleBiasOptions): Float32Array {
    const fn = 'kerpleBias';
    const opt = options(fn, o, ['r1', 'r2', 'length', 'causal'], true);
    return w.unwrap(
      fn,
      mod.kerpleBias(
        numbers(`${fn}: r1`, opt.r1),
        numbers(`${fn}: r2`, opt.r2),
        number(`${fn}: length`, opt.length),
        boolean(`${fn}: causal`, opt.causal, true),
      ),
    );
  }

  function fireDistance(o: FireDistanceOptions): Matrix<Float64Array> {
    const fn = 'fireDistance';
    const opt = options(fn, o, ['length', 'c', 'threshold'], true);
    return w.unwrap(
      fn,
      mod.fireDistance(number(`${fn}: length`, opt.length), number(`${fn}: c`, opt.c, 0.1), number(`${fn}: threshold`, opt.threshold, 512)),
    );
  }

  function noRopeLayers(o: NoRopeLayersOptions): Int32Array {
    const fn = 'noRopeLayers';
    const opt = options(fn, o, ['numLayers', 'interval'], true);
    return w.unwrap(fn, mod.noRopeLayers(number(`${fn}: numLayers`, opt.numLayers), number(`${fn}: interval`, opt.interval, 4)));
  }

  function llama4AttentionScale(o: Llama4AttentionScaleOptions): Float64Array {
    const fn = 'llama4AttentionScale';
    const opt = options(fn, o, ['positions', 'floorScale', 'attnScale'], true);
    return w.unwrap(
      fn,
      mod.llama4AttentionScale(
        positionsOf(fn, opt.positions),
        number(`${fn}: floorScale`, opt.floorScale, 8192),
        number(`${fn}: attnScale`, opt.attnScale, 0.1),
      ),
    );
  }

  return { xposScale, pRopeFrequencies, kerpleBias, fireDistance, noRopeLayers, llama4AttentionScale };
}
