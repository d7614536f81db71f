/** The benchmark in a browser page (headless Chromium in `npm run bench`). */
import { init } from '../web/src/lib/index.js';
import { withKernels } from '../web/src/lib/internal.js';
import { runAll, type Row } from '../web/src/components/speed/bench-cases.js';

declare global {
  interface Window {
    runBench: (filter?: string) => Promise<{ rows: Row[]; userAgent: string }>;
  }
}

window.runBench = async (filter = '') => {
  const [simd, scalar] = (await Promise.all([init(), init({ simd: false })])).map(withKernels);
  const rows = runAll({ simd, scalar, now: () => performance.now() }, filter);
  return { rows, userAgent: navigator.userAgent };
};
