// The hostile-input harness shared by the public API's and the internal surfaces' tests: each bad
// value must give a TypeError or RangeError whose message names the argument, and leave the
// instance working (the next valid call returns the right number).
import { afterAll, describe, expect, it } from 'vitest';

export const BAD: unknown[] = [
  undefined,
  null,
  'x',
  '8',
  true,
  {},
  [],
  [1, 2],
  NaN,
  Infinity,
  -Infinity,
  -1,
  0,
  0.5,
  3,
  2 ** 40,
  2 ** 53,
  -(2 ** 53),
  1n,
  Symbol('s'),
  () => 1,
];

/** The codes docs/API.md lists ("Errors"). */
export const CODES = [
  'ERR_INVALID_ARG_TYPE',
  'ERR_OUT_OF_RANGE',
  'ERR_UNKNOWN_OPTION',
  'ERR_MISSING_ARG',
  'ERR_TOO_LARGE',
  'ERR_MEMORY_FULL',
  'ERR_INVALID_STATE',
  'ERR_INVALID_JSON',
  'ERR_NOT_ROTARY',
  'ERR_NO_SIMD',
];

export const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);
export const evenDim = (v: unknown) => isInt(v) && v >= 2 && v <= 16384 && v % 2 === 0;
export const finite = (v: unknown) => typeof v === 'number' && Number.isFinite(v);

export interface Slot {
  fn: string;
  arg: string;
  /** Calls the function with `v` in this argument and valid values elsewhere. */
  call: (v: unknown) => unknown;
  /** Values that are legitimately accepted here. */
  ok: (v: unknown) => boolean;
  /** Name that must appear in the message (default: arg). */
  name?: RegExp;
  /** The call returns a promise that must reject (it must never throw synchronously). */
  rejects?: boolean;
}

const show = (v: unknown) =>
  typeof v === 'symbol' ? 'Symbol' : typeof v === 'bigint' ? `${v}n` : typeof v === 'function' ? 'function' : JSON.stringify(v);

/** One test per slot: every bad value it does not accept is refused with a named, typed error. */
export function hostileSlots(title: string, slots: () => Slot[], stillWorks: () => void): void {
  let tried = 0;
  describe(title, () => {
    afterAll(() => console.log(`${title}: hostile inputs tried: ${tried}`));
    it.each(slots().map((s) => [`${s.fn}(${s.arg})`, s] as const))('%s', async (_name, slot) => {
      for (const v of BAD) {
        if (slot.ok(v)) continue;
        tried++;
        const label = `${slot.fn}(${slot.arg} = ${show(v)})`;
        let thrown: unknown;
        let result: unknown;
        try {
          result = slot.call(v);
        } catch (e) {
          thrown = e;
          expect(slot.rejects, `${label} threw synchronously instead of rejecting: ${e}`).not.toBe(true);
        }
        if (slot.rejects && thrown === undefined) {
          expect(result, label).toBeInstanceOf(Promise);
          thrown = await (result as Promise<unknown>).then(
            () => undefined,
            (e: unknown) => e,
          );
        }
        expect(thrown, label).toBeDefined();
        expect(thrown instanceof TypeError || thrown instanceof RangeError, `${label}: ${thrown}`).toBe(true);
        const name = slot.name ?? new RegExp(slot.arg.replace(/\./g, '\\.'));
        expect((thrown as Error).message, label).toMatch(name);
        // Besides the message: which argument, and a code from docs/API.md's list.
        const { argument, code } = thrown as { argument?: unknown; code?: unknown };
        expect(typeof argument, `${label}: argument of ${thrown}`).toBe('string');
        expect((thrown as Error).message, `${label}: argument '${String(argument)}'`).toContain(argument as string);
        expect(CODES, `${label}: code of ${thrown}`).toContain(code);
        expect(code === 'ERR_INVALID_ARG_TYPE' ? thrown instanceof TypeError : true, `${label}: ${String(code)} on ${thrown}`).toBe(true);
        stillWorks();
      }
    });
  });
}
