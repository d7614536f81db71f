/**
 * Runs the short benchmark off the main thread, so the page stays responsive. The page sends the
 * bytes of the wasm builds with the request; this script carries only their glue. Posts
 * { type: 'ready' } once it has run (shared/worker.ts), and any failure as { type: 'error' }.
 */
import { coreFactory } from '../../lib/glue.js';
import { runQuick, speedInstances, type SpeedMessage, type SpeedRequest } from './speed-run.js';

const post = (m: SpeedMessage | { type: 'ready' }) => self.postMessage(m);

self.onmessage = async (e: MessageEvent<SpeedRequest>) => {
  try {
    const { bytes } = e.data;
    const pe = await speedInstances(async (flavour) => {
      const b = bytes[flavour];
      if (!b) throw new Error(`the page sent no bytes for the ${flavour} build`);
      return { factory: await coreFactory(flavour), bytes: b };
    });
    const rows = runQuick(pe, (done, total, label) => post({ type: 'progress', done, total, label }));
    post({ type: 'done', rows, backend: pe.simd.backend });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
post({ type: 'ready' });
