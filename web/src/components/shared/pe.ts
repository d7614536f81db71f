/** The one posenc instance the page and the elements share (the wasm loads once). */
import { full, type PosencFull } from '../../lib/internal.js';
import { initCore } from '../../lib/core.js';

let instance: PosencFull | undefined;
let loading: Promise<PosencFull> | undefined;

export function ready(): Promise<PosencFull> {
  loading ??= initCore().then((p) => (instance = full(p)));
  return loading;
}

/** The loaded instance (with the internal measurements); views render only after ready() resolved. */
export function posenc(): PosencFull {
  if (!instance) throw new Error('posenc: the wasm core is not loaded yet (await ready())');
  return instance;
}
