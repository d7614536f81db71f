/** The one posenc instance the page and the elements share (each wasm module loads once). */
import { full, type PosencFull } from '../../lib/internal.js';
import { initCore } from '../../lib/core.js';
import type { Posenc } from '../../lib/types.js';

let loading: Promise<Posenc> | undefined;
let withAnalysis: Promise<PosencFull> | undefined;
let api: Posenc | undefined;
let instance: PosencFull | undefined;

/** The public API's module alone: what most embedded elements need. */
export function ready(): Promise<Posenc> {
  loading ??= initCore().then((p) => (api = p));
  return loading;
}

/** The loaded public API, for generic components (a heatmap's colormap): views render only after ready(). */
export function core(): Posenc {
  if (!api) throw new Error('posenc: the wasm core is not loaded yet (await ready())');
  return api;
}

/** The public API and the page's measurements (their own module): what a chapter needs. */
export function readyFull(): Promise<PosencFull> {
  withAnalysis ??= ready()
    .then(full)
    .then((p) => (instance = p));
  return withAnalysis;
}

/** The loaded instance with the measurements; chapter figures render only after readyFull() resolved. */
export function posenc(): PosencFull {
  if (!instance) throw new Error('posenc: the wasm core is not loaded yet (await readyFull())');
  return instance;
}
