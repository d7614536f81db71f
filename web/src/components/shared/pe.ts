/** The one posenc instance the page and the elements share (the wasm loads once). */
import { init } from '../../lib/index.js';
import type { Posenc } from '../../lib/types.js';

let instance: Posenc | undefined;
let loading: Promise<Posenc> | undefined;

export function ready(): Promise<Posenc> {
  loading ??= init().then((p) => (instance = p));
  return loading;
}

/** The loaded instance; views render only after ready() resolved. */
export function posenc(): Posenc {
  if (!instance) throw new Error('posenc: the wasm core is not loaded yet (await ready())');
  return instance;
}
