/**
 * Types of the internal surfaces: zero-copy kernels here; the page's float64 measurements' types are
 * generated from the analysis module (analysis/types.generated.ts, re-exported here). Not part of
 * the npm contract (docs/API.md); the page and the benchmarks reach them through internals(pe) and
 * full(pe).
 */
import type { RopeLayout, ScoresOptions, SinusoidalLayout, WasmTensor } from './types.js';

export type * from './analysis/bind.js';

/** The scalings the Longer contexts chapter compares (analysis.contextFrequencies' `kind`). */
export type ContextKind = 'linear' | 'dynamic' | 'yarn' | 'llama3';

/** Low-level calls on wasm-resident tensors (no copies): for benchmarks and large pipelines. */
export interface Kernels {
  ropeApply(
    x: WasmTensor,
    out: WasmTensor,
    o: { shape: readonly number[]; invFreq: WasmFloat64; rotaryDim?: number; layout?: RopeLayout; attentionFactor?: number },
  ): void;
  memoryPass(x: WasmTensor, out: WasmTensor, scale?: number): void;
  /**
   * The float32 table for positions 0 … count−1 into out (count × dim); with `start`, rows
   * start … start+count−1 into their place in out (a long table filled a block at a time).
   */
  sinusoidal(out: WasmTensor, o: { count: number; dim: number; base?: number; layout?: SinusoidalLayout; start?: number }): void;
  /** out[m·keys + n] = scale · q_m · k_n. */
  scores(q: WasmTensor, k: WasmTensor, out: WasmTensor, o: Omit<ScoresOptions, 'out'>): void;
  float64(values: ArrayLike<number>): WasmFloat64;
  /**
   * What position costs one new token at inference (cpp/kernels/decode_kernel.hpp): buffers for
   * `heads` × `headDim` with room for `maxLength` cached keys and `maxTokens` steps; run() does
   * `tokens` steps of one kind of work at context length `length` (the caller times it).
   */
  decode(o: { heads: number; headDim: number; maxLength: number; maxTokens: number }): DecodeBench;
}

export type DecodeWork = 'table' | 'sinusoid' | 'rope' | 'alibi' | 't5' | 'attention';

export interface DecodeBench {
  /** Returns a checksum of the results (so no step is skipped). */
  run(work: DecodeWork, tokens: number, length: number): number;
  free(): void;
}

export interface WasmFloat64 {
  readonly length: number;
  free(): void;
}
