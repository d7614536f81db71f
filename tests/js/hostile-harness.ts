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
        stillWorks();
      }
    });
  });
}
