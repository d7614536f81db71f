/**
 * The Speed chapter's live run, wherever it happens: in the benchmark worker (speed.worker.ts),
 * which the page hands the bytes of both wasm builds (its script holds only the glue), or on the
 * page's main thread in slices when no worker can start there (speed-runner.component.ts).
 */
import { withKernels, type PosencKernels } from '../../lib/internal.js';
import { initWith, type Loader } from '../../lib/load.js';
import { isComparison, runAll, runAllSliced, type Row } from './bench-cases.js';

export type SpeedRequest = { type: 'run'; bytes: { simd?: Uint8Array; scalar: Uint8Array } };
export type SpeedMessage =
  | { type: 'progress'; done: number; total: number; label: string }
  | { type: 'done'; rows: Row[]; backend: string }
  | { type: 'error'; message: string };

/** Two instances: the SIMD build (where it validates, else scalar) and the scalar build. */
export async function speedInstances(load: Loader): Promise<{ simd: PosencKernels; scalar: PosencKernels }> {
  const [simd, scalar] = (await Promise.all([initWith(load), initWith(load, { simd: false })])).map(withKernels);
  return { simd, scalar };
}

type Progress = (done: number, total: number, label: string) => void;

/** The short comparison, straight through (a worker). */
export function runQuick(pe: { simd: PosencKernels; scalar: PosencKernels }, onProgress: Progress): Row[] {
  return runAll({ ...pe, quick: true, now: () => performance.now(), onProgress }, isComparison);
}

/** The short comparison in slices (the main thread); resolves to [] once `cancelled` says so. */
export function runQuickSliced(
  pe: { simd: PosencKernels; scalar: PosencKernels },
  onProgress: Progress,
  cancelled: () => boolean,
): Promise<Row[]> {
  return runAllSliced(
    { ...pe, quick: true, now: () => performance.now(), onProgress, cancelled },
    isComparison,
    () => new Promise((r) => setTimeout(r, 0)),
  );
}
