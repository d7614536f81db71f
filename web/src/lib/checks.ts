/**
 * Type checks at the JS boundary. Ranges (even dim, base > 1, finite values, sizes) are checked
 * once, in C++ (cpp/include/posenc/limits.hpp), whose messages come back as RangeError; here we
 * check what C++ cannot see: JS types, option names, array shapes.
 */

import { MAX_LIST_LENGTH } from './limits.generated.js';

/** The core's longest list, as the messages print it (2^28). */
const LIST_BOUND = Number.isInteger(Math.log2(MAX_LIST_LENGTH)) ? `2^${Math.log2(MAX_LIST_LENGTH)}` : String(MAX_LIST_LENGTH);

import type { PosencErrorCode } from './types.js';

/** What a message calls its subject: the leading argument path after "fn: " ('shape[0]', 'rope.dim'). */
const PATH = /^([A-Za-z_$][\w$]*(?:\[\d+\]|\.[A-Za-z_$][\w$]*)*)/;
/** Leading words that are prose, not an argument (those messages name theirs explicitly). */
const PROSE = new Set(['this', 'give', 'the', 'cannot', 'posenc']);

/** The argument a message is about, read from it: "fn: <argument> must …", "fn: <result> would need …". */
export function argumentOf(message: string): string {
  const rest = message.replace(/^[\w.$]+: /, '');
  const big = /^([\w -]+?) (?:would need|needs) [\d.e+]+ bytes/.exec(rest);
  if (big) return big[1];
  const m = PATH.exec(rest);
  // 'a' and 'an' are arguments ("a and b must …") or an article ("a wasm tensor is …")
  const article = m && (m[1] === 'a' || m[1] === 'an') && !/^(?: must| and| is| has|,)/.test(rest.slice(m[1].length));
  if (!m || PROSE.has(m[1]) || article) return 'options';
  return m[1].replace(/\.length$/, '');
}

/** The code of a message without an explicit one (docs/API.md, "Errors"). */
export function codeOf(kind: 'type' | 'range', message: string): PosencErrorCode {
  if (/ (?:would need|needs) [\d.e+]+ bytes|at most [\d.e+]+ bytes fit|more than the wasm memory has left/.test(message))
    return 'ERR_TOO_LARGE';
  if (/unknown option '/.test(message)) return 'ERR_UNKNOWN_OPTION';
  if (/ is required\b/.test(message)) return 'ERR_MISSING_ARG';
  if (/invalid JSON/.test(message)) return 'ERR_INVALID_JSON';
  return kind === 'type' ? 'ERR_INVALID_ARG_TYPE' : 'ERR_OUT_OF_RANGE';
}

/**
 * Every error posenc throws: a TypeError or RangeError (an Error for an engine without SIMD when
 * simd: true was asked) with `argument` (what it is about, as the message names it) and `code`.
 */
export function posencError<E extends Error>(
  ctor: new (message: string) => E,
  message: string,
  o: { argument?: string; code?: PosencErrorCode } = {},
): E & { argument: string; code: PosencErrorCode } {
  const kind = ctor === (TypeError as unknown) ? 'type' : 'range';
  return Object.assign(new ctor(message), { argument: o.argument ?? argumentOf(message), code: o.code ?? codeOf(kind, message) });
}

export function typeError(message: string, o?: { argument?: string; code?: PosencErrorCode }): never {
  throw posencError(TypeError, message, o);
}

export function rangeError(message: string, o?: { argument?: string; code?: PosencErrorCode }): never {
  throw posencError(RangeError, message, o);
}

export function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  if (ArrayBuffer.isView(v)) return `a ${v.constructor.name}`;
  if (typeof v === 'number') return Number.isNaN(v) ? 'NaN' : String(v);
  if (typeof v === 'string') return `the string ${JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v)}`;
  return typeof v === 'object' ? 'an object' : typeof v;
}

/**
 * Reads an options object by its own properties only (a polluted Object.prototype cannot inject
 * values) and rejects unknown keys, which are almost always typos (`dims`, `base_`).
 */
export function options(fn: string, o: unknown, allowed: readonly string[], required = false): Record<string, unknown> {
  if (o === undefined && !required) return {};
  if (o === null || typeof o !== 'object' || Array.isArray(o)) {
    typeError(`${fn}: options must be an object, got ${describe(o)}`);
  }
  const out: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(o)) {
    if (!allowed.includes(key)) {
      rangeError(`${fn}: unknown option '${key}' (allowed: ${allowed.join(', ')})`, { argument: key, code: 'ERR_UNKNOWN_OPTION' });
    }
    const value = (o as Record<string, unknown>)[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

export function number(name: string, v: unknown, fallback?: number): number {
  if (v === undefined && fallback !== undefined) return fallback;
  if (typeof v !== 'number') typeError(`${name} must be a number, got ${describe(v)}`);
  return v;
}

export function boolean(name: string, v: unknown, fallback: boolean): boolean {
  if (v === undefined) return fallback;
  if (typeof v !== 'boolean') typeError(`${name} must be a boolean, got ${describe(v)}`);
  return v;
}

export function oneOf<T extends string>(name: string, v: unknown, allowed: readonly T[], fallback: T): number {
  if (v === undefined) return allowed.indexOf(fallback);
  if (typeof v !== 'string') typeError(`${name} must be one of ${allowed.map((a) => `'${a}'`).join(', ')}, got ${describe(v)}`);
  const i = allowed.indexOf(v as T);
  if (i < 0) rangeError(`${name} must be one of ${allowed.map((a) => `'${a}'`).join(', ')}, got '${v}'`);
  return i;
}

/** Integer count in [min, max] (sizes the JS side must know before allocating). */
export function count(name: string, v: unknown, min: number, max: number): number {
  const n = number(name, v);
  if (!Number.isInteger(n) || n < min || n > max) {
    rangeError(`${name} must be an integer from ${min} to ${max}, got ${describe(n)}`);
  }
  return n;
}

/**
 * An array, typed array or array-like (`{ length, 0: …, 1: … }`, as the types' ArrayLike promises)
 * of numbers, copied to Float64Array.
 */
export function numbers(name: string, v: unknown): Float64Array {
  if (v instanceof Float64Array) return v;
  if (ArrayBuffer.isView(v) && !(v instanceof DataView)) {
    if (v instanceof BigInt64Array || v instanceof BigUint64Array) {
      typeError(`${name} must hold numbers, got a ${v.constructor.name}`);
    }
    return Float64Array.from(v as unknown as ArrayLike<number>);
  }
  const like = v as ArrayLike<unknown>;
  if (!Array.isArray(v)) {
    if (v === null || typeof v !== 'object' || like.length === undefined) {
      typeError(`${name} must be an array, typed array or array-like of numbers, got ${describe(v)}`);
    }
    const n = like.length;
    // The core's longest list (no wasm memory could hold more float64 values anyway).
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > MAX_LIST_LENGTH) {
      rangeError(`${name}.length must be an integer from 0 to ${LIST_BOUND}, got ${describe(n)}`);
    }
  }
  const out = new Float64Array(like.length);
  for (let i = 0; i < like.length; i++) {
    const x = like[i];
    if (typeof x !== 'number') typeError(`${name}[${i}] must be a number, got ${describe(x)}`);
    out[i] = x;
  }
  return out;
}

export function float32(name: string, v: unknown): Float32Array {
  if (!(v instanceof Float32Array)) typeError(`${name} must be a Float32Array, got ${describe(v)}`);
  return v;
}

/** The caller's `out` array: the right typed-array class and exactly `length` elements. */
export function outArray<T extends Float32Array | Float64Array>(
  name: string,
  v: unknown,
  ctor: { new (n: number): T; name: string },
  length: number,
): T | undefined {
  if (v === undefined) return undefined;
  if (!(v instanceof ctor)) typeError(`${name} must be a ${ctor.name} of ${length} elements, got ${describe(v)}`);
  if (v.length !== length) rangeError(`${name} must have ${length} elements, got ${v.length}`);
  return v;
}
