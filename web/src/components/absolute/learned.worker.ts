/**
 * The Learned PE chapter's training worker: its own instance of the lab's module, built from the
 * bytes the page sends first, then the jobs of learned-train.ts. Posts { type: 'ready' } once this
 * script has run (shared/worker.ts).
 */
import { labFactory } from '../../lib/lab/glue.js';
import { loadLab } from '../../lib/lab/load.js';
import type { Lab } from '../../lib/types.js';
import { type LearnedMessage, type LearnedRequest, trainLearned } from './learned-train.js';

const scope = self as unknown as Worker;
let lab: Promise<Lab> | undefined;

scope.onmessage = (e: MessageEvent<LearnedRequest>) => {
  const m = e.data;
  if (m.type === 'init') {
    const { flavour, bytes } = m;
    lab = loadLab(async (f) => ({ factory: await labFactory(f), bytes }), flavour);
    return;
  }
  const post = (msg: LearnedMessage, transfer: Transferable[] = []) => scope.postMessage(msg, transfer);
  if (!lab) return post({ type: 'error', run: m.run, message: 'the worker got no module' });
  void lab.then(
    (l) => trainLearned(l, m, post),
    (err: Error) => post({ type: 'error', run: m.run, message: err.message }),
  );
};
scope.postMessage({ type: 'ready' } satisfies LearnedMessage);
