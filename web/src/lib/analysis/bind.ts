/**
 * The page's measurements (cpp/include/posenc/analysis_*.hpp) as JS functions, built from the
 * analysis module's own declarations (cpp/bindings/boundary.hpp): its spec says each function's
 * arguments (names, kinds, defaults, an enum's names), so this file checks JS types and fills
 * defaults for all of them, and the C++ core checks every range. The TypeScript types come from the
 * same spec (types.generated.ts, written by scripts/gen-types.mjs at build time).
 */
import { boolean, describe, number, numbers, oneOf, options, typeError } from '../checks.js';
import type { Matrix } from '../types.js';
import type { Analysis } from './types.generated.js';

export type { Analysis } from './types.generated.js';
export type * from './types.generated.js';

/** An input matrix: row-major values in any array of numbers (copied to float64). */
export interface MatrixLike {
  rows: number;
  cols: number;
  data: ArrayLike<number>;
}

export interface ArgSpec {
  name: string;
  kind: 'number' | 'boolean' | 'string' | 'numbers' | 'matrix' | 'enum';
  optional: boolean;
  /** The default of an optional argument (null: an empty list, or no matrix). */
  fallback?: number | boolean | string | null;
  values?: string[];
}

export interface FunctionSpec {
  name: string;
  /** How many leading arguments are passed by position; the rest in an options object. */
  positional: number;
  args: ArgSpec[];
}

/** What the analysis module exports (cpp/bindings/boundary.cpp). */
export interface AnalysisModule {
  analysisSpec(): { functions: FunctionSpec[] };
  analysisCall(index: number, args: unknown[]): unknown;
}

/** A {rows, cols, data} with numeric fields, data as Float64Array (shapes are checked in C++). */
export function matrix(name: string, m: unknown): Matrix<Float64Array> {
  if (m === null || typeof m !== 'object') typeError(`${name} must be a matrix {rows, cols, data}, got ${describe(m)}`);
  const { rows, cols, data } = m as Record<string, unknown>;
  return { rows: number(`${name}.rows`, rows), cols: number(`${name}.cols`, cols), data: numbers(`${name}.data`, data) };
}

function convert(fn: string, a: ArgSpec, v: unknown): unknown {
  const name = `${fn}: ${a.name}`;
  const fallback = a.optional ? a.fallback : undefined;
  switch (a.kind) {
    case 'number':
      return number(name, v, fallback as number | undefined);
    case 'boolean':
      if (v === undefined && fallback === undefined) typeError(`${name} must be a boolean, got undefined`);
      return boolean(name, v, fallback as boolean);
    case 'string':
      if (v === undefined && typeof fallback === 'string') return fallback;
      if (typeof v !== 'string') typeError(`${name} must be a string, got ${describe(v)}`);
      return v;
    case 'numbers':
      return v === undefined && a.optional ? new Float64Array(0) : numbers(name, v);
    case 'matrix':
      return v === undefined && a.optional ? null : matrix(name, v);
    case 'enum':
      if (v === undefined && fallback === undefined)
        typeError(`${name} must be one of ${a.values!.map((x) => `'${x}'`).join(', ')}, got undefined`);
      return oneOf(name, v, a.values!, fallback as string);
  }
}

/** Every declared function, as `analysis.<name>(…)`: a TypeError or RangeError names the argument. */
export function bindAnalysis(mod: AnalysisModule, unwrap: (fn: string, raw: unknown) => unknown): Analysis {
  const out: Record<string, (...a: unknown[]) => unknown> = {};
  mod.analysisSpec().functions.forEach((f, index) => {
    const fn = `analysis.${f.name}`;
    const byPosition = f.args.slice(0, f.positional);
    const named = f.args.slice(f.positional);
    const keys = named.map((a) => a.name);
    const required = named.some((a) => !a.optional);
    out[f.name] = (...given: unknown[]) => {
      const opt = named.length ? options(fn, given[f.positional], keys, required) : {};
      const args = byPosition.map((a, i) => convert(fn, a, given[i]));
      for (const a of named) args.push(convert(fn, a, opt[a.name]));
      return unwrap(fn, mod.analysisCall(index, args));
    };
  });
  return out as unknown as Analysis;
}
