/**
 * pe.lab as init() gives it: the lab's facts (encodings, tasks, defaults, token names) at once, from
 * the core's own lists (info.generated.ts), and its wasm module only when the lab is first used:
 * train() and load() fetch it, so an instance that never trains never downloads it. The other
 * functions need the module in memory: after load() (or a train()), they work as before; earlier,
 * they say so.
 */
import { posencError } from '../checks.js';
import type { Lab } from '../types.js';
import { LAB_DEFAULT_MODEL, LAB_DEFAULT_TRAIN, LAB_ENCODINGS, LAB_STRETCHES, LAB_TASKS, LAB_TOKEN_NAMES } from './info.generated.js';
import { defaultOptions } from './options.js';

export function lazyLab(load: () => Promise<Lab>): Lab {
  let lab: Lab | undefined;
  let loading: Promise<Lab> | undefined;
  const ensure = () =>
    (loading ??= load().then(
      (l) => (lab = l),
      (e: unknown) => {
        loading = undefined; // a failed download may be tried again
        throw e;
      },
    ));
  const loaded = (fn: string): Lab => {
    if (lab) return lab;
    throw posencError(Error, `pe.lab.${fn}: the lab's module is not loaded yet: await pe.lab.load() first (train() loads it too)`, {
      argument: 'lab',
      code: 'ERR_INVALID_STATE',
    });
  };
  return Object.freeze({
    encodings: Object.freeze([...LAB_ENCODINGS]),
    tasks: Object.freeze([...LAB_TASKS]),
    stretches: Object.freeze([...LAB_STRETCHES]),
    defaults: Object.freeze(defaultOptions(LAB_DEFAULT_MODEL, LAB_DEFAULT_TRAIN)),
    tokenNames: Object.freeze([...LAB_TOKEN_NAMES]),
    load: async () => {
      await ensure();
    },
    train: async (...a: Parameters<Lab['train']>) => (await ensure()).train(...a),
    fromSafetensors: (bytes: Uint8Array) => loaded('fromSafetensors').fromSafetensors(bytes),
    sample: (o: Parameters<Lab['sample']>[0]) => loaded('sample').sample(o),
    sinusoids: (o: Parameters<Lab['sinusoids']>[0]) => loaded('sinusoids').sinusoids(o),
    tableProfile: (t: Parameters<Lab['tableProfile']>[0]) => loaded('tableProfile').tableProfile(t),
    liveModels: () => lab?.liveModels() ?? 0,
    memoryBytes: () => lab?.memoryBytes() ?? 0,
  });
}
