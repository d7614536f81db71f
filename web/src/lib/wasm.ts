/**
 * Memory at the wasm boundary: every allocation checked (a size that cannot fit is a RangeError,
 * never an abort), results copied out into JS-owned arrays, and buffers that live in wasm memory
 * for the zero-copy paths.
 */
import { posencError, typeError } from './checks.js';
import type { Limits } from './limits.js';
import { MAX_MEMORY } from './limits.generated.js';
import type { PosencModule, Raw } from './module-types.js';
import type { WasmFloat64 } from './internal-types.js';
import type { WasmTensor } from './types.js';

type Typed = Float32Array | Float64Array | Int32Array | Uint32Array;

/**
 * C++ allocations that fail inside an embind call abort the instance (this build has no exceptions).
 * So each embind function of `mod` first checks that `reserve` bytes can still be allocated, and
 * otherwise throws a RangeError before any C++ runs; so do the `plain` exports named (those whose C++
 * allocates beyond the checked buffers). Calls that free are left alone: they must work when the
 * memory is full. Embind functions are the ones it gave an `argCount`.
 */
export function guardAllocations(
  mod: { _malloc(n: number): number; _free(p: number): void; HEAPU8: Uint8Array },
  reserve: number,
  plain: readonly string[] = [],
): void {
  const m = mod as unknown as Record<string, unknown>;
  for (const name of Object.keys(m)) {
    const f = m[name];
    if (typeof f !== 'function' || /free/i.test(name)) continue;
    const embind = typeof (f as { argCount?: unknown }).argCount === 'number';
    if (!embind && !plain.includes(name)) continue;
    const call = f as (...args: unknown[]) => unknown;
    m[name] = (...args: unknown[]) => {
      // While the memory can still grow by `reserve`, allocating it would succeed: the test
      // allocation is only made near the maximum, not paid for on every call.
      if (mod.HEAPU8.length + reserve <= MAX_MEMORY) return call(...args);
      const p = mod._malloc(reserve);
      if (p === 0) {
        const held = Math.round(mod.HEAPU8.length / 2 ** 20);
        throw posencError(
          RangeError,
          `posenc: the wasm memory is full (${held} MiB held, ${reserve / 2 ** 20} MiB more could not be allocated, at ${name}); free tensors or dispose lab models`,
          { argument: 'memory', code: 'ERR_MEMORY_FULL' },
        );
      }
      mod._free(p);
      return call(...args);
    };
  }
}

/** An embind result, or the error it carries as TypeError (kind 1) / RangeError. */
export function unwrap<T>(fn: string, raw: Raw<T>): T {
  if (raw !== null && typeof raw === 'object' && 'error' in raw && typeof raw.error === 'string') {
    const message = `${fn}: ${raw.error}`;
    throw posencError((raw as { kind: number }).kind === 1 ? TypeError : RangeError, message);
  }
  return raw as T;
}

export class Wasm {
  constructor(
    readonly mod: PosencModule,
    readonly limits: Limits,
  ) {}

  /** Throws the error the last plain export reported. */
  fail(fn: string): never {
    const message = `${fn}: ${this.mod.UTF8ToString(this.mod._posenc_last_error())}`;
    throw posencError(this.mod._posenc_last_error_kind() === 1 ? TypeError : RangeError, message);
  }

  unwrap<T>(fn: string, raw: Raw<T>): T {
    return unwrap(fn, raw);
  }

  /** malloc that refuses sizes that cannot fit (with the size in the message) instead of aborting. */
  alloc(fn: string, bytes: number): number {
    const p = this.mod._posenc_alloc(bytes);
    if (p === 0) this.fail(fn);
    return p;
  }

  /**
   * An array argument, to read or write after allocations: a view of this module's own memory (a
   * tensor's view(), or a subarray of one) is detached when an allocation grows the memory, and is
   * then made again over the same bytes; any other array is returned as it is.
   */
  keep<T>(a: T): () => T {
    if (!ArrayBuffer.isView(a) || a.buffer !== this.mod.HEAPU8.buffer) return () => a;
    const { byteOffset } = a;
    const length = (a as unknown as Typed).length;
    const ctor = a.constructor as new (buffer: ArrayBufferLike, byteOffset: number, length: number) => T;
    let view: T = a;
    return () =>
      (view as ArrayBufferView).buffer === this.mod.HEAPU8.buffer ? view : (view = new ctor(this.mod.HEAPU8.buffer, byteOffset, length));
  }

  copyF64(fn: string, v: Float64Array): number {
    const get = this.keep(v);
    const p = this.alloc(fn, v.length * 8);
    this.mod.HEAPF64.set(get(), p >> 3);
    return p;
  }

  copyF32(fn: string, v: Float32Array): number {
    const get = this.keep(v);
    const p = this.alloc(fn, v.length * 4);
    this.mod.HEAPF32.set(get(), p >> 2);
    return p;
  }

  /**
   * Copies a result out of wasm memory into `into` (the caller's `out`) or a new JS-owned array.
   * Not view.slice(): on a view of a large wasm memory V8's slice is ~8× slower than allocate + set
   * (70 ms vs 9 ms for 64 MiB).
   */
  out<T extends Typed>(view: T, into?: T): T {
    const copy = into ?? new (view.constructor as new (n: number) => T)(view.length);
    copy.set(view);
    return copy;
  }

  free(...ptrs: number[]): void {
    for (const p of ptrs) if (p) this.mod._free(p);
  }
}

/** A block of one instance's wasm memory handed to JS: freed once, usable only by its own instance. */
abstract class Owned {
  #freed = false;
  /** What the messages call it ('tensor', 'buffer'). */
  protected abstract readonly noun: string;
  constructor(
    protected readonly w: Wasm,
    readonly ptr: number,
    readonly length: number,
  ) {}
  free(): void {
    if (!this.#freed) this.w.mod._free(this.ptr);
    this.#freed = true;
  }
  /** `by`: the instance using it (a pointer means nothing in another instance's memory). */
  check(fn: string, by: Wasm): void {
    const state = { argument: this.noun, code: 'ERR_INVALID_STATE' } as const;
    if (this.#freed) typeError(`${fn}: this ${this.noun} was freed`, state);
    if (by !== this.w) typeError(`${fn}: this ${this.noun} belongs to another posenc instance (another init())`, state);
  }
}

export class Tensor extends Owned implements WasmTensor {
  protected readonly noun = 'tensor';
  view(): Float32Array {
    this.check('view', this.w);
    return new Float32Array(this.w.mod.HEAPF32.buffer, this.ptr, this.length);
  }
}

export class Float64Buffer extends Owned implements WasmFloat64 {
  protected readonly noun = 'buffer';
}
