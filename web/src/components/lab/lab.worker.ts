/**
 * A training worker of the lab chapter: its own wasm instance of the lab module (pe.lab without
 * the core), built from the bytes the page sends first (the worker's script carries only the
 * glue), then the jobs of lab-train.ts. A 'cancel' message aborts the model in training between
 * two chunks. Posts { type: 'ready' } once this script has run (shared/worker.ts).
 */
import { labFactory } from '../../lib/lab/glue.js';
import { loadLab } from '../../lib/lab/load.js';
import type { Lab } from '../../lib/types.js';
import type { WorkerRequest } from './lab-types.js';
import { Trainer } from './lab-train.js';

const scope = self as unknown as Worker;
let lab: Promise<Lab> | undefined;
let init: ((m: Extract<WorkerRequest, { type: 'init' }>) => void) | undefined;
const bytes = new Promise<Extract<WorkerRequest, { type: 'init' }>>((r) => (init = r));

const trainer = new Trainer(
  () => (lab ??= bytes.then(({ flavour, bytes: b }) => loadLab(async (f) => ({ factory: await labFactory(f), bytes: b }), flavour))),
  (m, transfer = []) => scope.postMessage(m, transfer),
);

scope.onmessage = (e: MessageEvent<WorkerRequest>) => {
  const m = e.data;
  if (m.type === 'init') init?.(m);
  else if (m.type === 'cancel') trainer.cancel();
  else trainer.run(m);
};
scope.postMessage({ type: 'ready' });
