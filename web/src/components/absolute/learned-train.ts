/**
 * Training a learned position table for the Learned PE chapter: what its worker does
 * (learned.worker.ts), and what the page does itself, on the main thread, when no worker can start.
 *
 * One small decoder (the lab's, docs/LAB.md) learns the copy task with a learned table of `rows`
 * positions, started small (N(0, 0.02²), as BERT starts its table). Each snapshot is a run of that
 * many steps from the same start (same seed): step 0 is the random start itself. For each the
 * lab's core gives the rows' cosine similarities (tableProfile) and the model's accuracy at its
 * longest trained length, and its verdict one position past the table ("beyond table"). Last, the
 * same profile of the sinusoidal table of the same shape, for comparison.
 */
import type { Lab, LabModel } from '../../lib/types.js';

export interface LearnedJob {
  type: 'train';
  run: number;
  rows: number;
  dModel: number;
  steps: number[];
  seed: number;
}

export interface LearnedSnapshot {
  steps: number;
  /** rows × rows cosine similarities of the table's rows (row-major). */
  similarity: Float64Array;
  /** Mean similarity of rows k apart, k = 0 … rows−1. */
  byDistance: Float64Array;
  /** The table itself (rows × dModel), for readers and tests who look closer. */
  table: Float32Array;
  /** Token accuracy at the training length (rows), and what a longer sequence gets. */
  accuracy: number;
  beyondLength: number;
  beyondTable: boolean;
  ms: number;
}

export type LearnedMessage =
  | { type: 'ready' }
  | ({ type: 'snapshot'; run: number } & LearnedSnapshot)
  | { type: 'sinusoids'; run: number; similarity: Float64Array; byDistance: Float64Array }
  | { type: 'done'; run: number }
  | { type: 'error'; run: number; message: string };

export type LearnedRequest = { type: 'init'; flavour: 'simd' | 'scalar'; bytes: Uint8Array } | LearnedJob;

/** The model: the lab's network, two blocks, trained on copying sequences of 3 … rows tokens. */
export function learnedOptions(job: Pick<LearnedJob, 'rows' | 'dModel' | 'seed'>, steps: number) {
  return {
    task: 'copy',
    encoding: 'learned' as const,
    steps,
    trainLength: job.rows,
    minLength: 3,
    dModel: job.dModel,
    nLayers: 2,
    nHeads: 2,
    dMlp: 64,
    batchSize: 16,
    embedInitStd: 0.02,
    seed: job.seed,
  };
}

export async function trainLearned(
  lab: Lab,
  job: LearnedJob,
  post: (m: LearnedMessage, transfer?: Transferable[]) => void,
  pause: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  try {
    for (const steps of job.steps) {
      const t0 = performance.now();
      let model: LabModel | undefined;
      try {
        model = await lab.train(learnedOptions(job, steps) as never);
        const table = model.positionTable()!;
        const p = lab.tableProfile(table);
        const beyondLength = job.rows + 8;
        const [at, past] = model.evaluate({ lengths: [job.rows, beyondLength] });
        const snap: LearnedSnapshot = {
          steps,
          similarity: p.similarity,
          byDistance: p.byDistance,
          table: table.data,
          accuracy: at.tokenAccuracy ?? NaN,
          beyondLength,
          beyondTable: past.beyondTable,
          ms: performance.now() - t0,
        };
        post({ type: 'snapshot', run: job.run, ...snap }, [snap.similarity.buffer, snap.byDistance.buffer, snap.table.buffer]);
      } finally {
        model?.dispose();
      }
      await pause();
    }
    const sin = lab.tableProfile(lab.sinusoids({ rows: job.rows, dModel: job.dModel }));
    post({ type: 'sinusoids', run: job.run, similarity: sin.similarity, byDistance: sin.byDistance });
    post({ type: 'done', run: job.run });
  } catch (e) {
    post({ type: 'error', run: job.run, message: e instanceof Error ? e.message : String(e) });
  }
}
