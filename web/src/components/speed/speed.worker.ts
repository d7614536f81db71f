/** Runs the short benchmark off the main thread, so the page stays responsive. */
import { isComparison, runAll } from './bench-cases.js';
import { initCore } from '../../lib/core.js';
import { withKernels } from '../../lib/internal.js';

self.onmessage = async () => {
  const [simd, scalar] = (await Promise.all([initCore(), initCore({ simd: false })])).map(withKernels);
  const rows = runAll(
    {
      simd,
      scalar,
      quick: true,
      now: () => performance.now(),
      onProgress: (done, total, label) => self.postMessage({ type: 'progress', done, total, label }),
    },
    isComparison,
  );
  self.postMessage({ type: 'done', rows, backend: simd.backend });
};
