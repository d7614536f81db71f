/** Argument shapes shared by the internal analysis wrappers (ranges are checked in C++). */
import { describe, number, numbers, typeError } from './checks.js';
import type { Wasm } from './wasm.js';
import type { Matrix } from './types.js';

export const LAYOUTS = ['interleaved', 'half'] as const;

/** A {rows, cols, data} with numeric fields, data as Float64Array for embind (shapes: C++). */
export function matrix(name: string, m: unknown): Matrix<Float64Array> {
  if (m === null || typeof m !== 'object') typeError(`${name} must be a matrix {rows, cols, data}, got ${describe(m)}`);
  const { rows, cols, data } = m as Record<string, unknown>;
  return { rows: number(`${name}.rows`, rows), cols: number(`${name}.cols`, cols), data: numbers(`${name}.data`, data) };
}

/** An embind result of analysis.fn, or its error thrown as TypeError/RangeError. */
export const caller =
  (w: Wasm) =>
  <T>(fn: string, raw: unknown): T =>
    w.unwrap(`analysis.${fn}`, raw as T);
