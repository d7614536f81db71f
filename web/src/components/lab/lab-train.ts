/**
 * Training the lab's models for a run of the page: what a training worker does (lab.worker.ts),
 * and what the page does itself, on the main thread, when no worker can start there (lab-store.ts).
 * Trains the encodings it is given one after the other, reports progress between chunks of steps,
 * evaluates each model past its training length (RoPE also stretched), and sends back plain arrays:
 * accuracies, attention maps and answers on the example inputs, the learned table and its profile.
 * lab.train gives the event loop a turn between chunks of about 40 ms, and `pause` is awaited
 * between the evaluations, so on the main thread the page keeps drawing and answering.
 */
import { LAB_STRETCHABLE, type LabEncoding } from '../../lib/lab/info.generated.js';
import type { Lab, LabModel, Matrix } from '../../lib/types.js';
import type { EncodingRun, ExampleInput, TableEntry, WorkerJob, WorkerMessage } from './lab-types.js';

export type Post = (m: WorkerMessage, transfer?: Transferable[]) => void;

function entry(l: Lab, m: Matrix<Float32Array>): TableEntry {
  const p = l.tableProfile(m);
  return {
    rows: m.rows,
    cols: m.cols,
    data: m.data,
    profile: { byDistance: p.byDistance, waveShare: p.waveShare, dominant: p.dominant, meanWaveShare: p.meanWaveShare },
  };
}

/** Attention maps and answers of a model on the example inputs (null where a learned table has no row). */
function examples(
  model: LabModel,
  lengths: number[],
  inputs: Record<string, ExampleInput>,
): Pick<EncodingRun, 'attention' | 'predictions'> {
  const attention: Record<string, ArrayLike<number> | null> = {};
  const predictions: Record<string, ArrayLike<number> | null> = {};
  for (const n of lengths) {
    const tokens = Int32Array.from(inputs[n].tokens);
    const fits = model.encoding !== 'learned' || n <= model.config.n_max;
    attention[n] = fits ? model.attention(tokens).data : null;
    predictions[n] = fits ? model.predict(tokens) : null;
  }
  return { attention, predictions };
}

export class Trainer {
  #queue = Promise.resolve();
  #controller?: AbortController;

  constructor(
    private readonly lab: () => Promise<Lab>,
    private readonly post: Post,
    private readonly pause: () => Promise<void> = () => Promise.resolve(),
  ) {}

  /** Queues a job: one at a time, so a new run waits for a cancelled one to stop between two chunks. */
  run(job: WorkerJob): void {
    this.#queue = this.#queue.then(() => this.#run(job));
  }

  /** Aborts the model in training between two chunks; the rest of its job is dropped. */
  cancel(): void {
    this.#controller?.abort();
  }

  async #run(job: WorkerJob): Promise<void> {
    const controller = (this.#controller = new AbortController());
    const signal = controller.signal;
    const fail = (encoding: string, e: unknown) =>
      this.post({ type: 'error', run: job.run, task: job.task, encoding, message: e instanceof Error ? e.message : String(e) });
    let lab: Lab;
    try {
      lab = await this.lab();
    } catch (e) {
      // The module did not load (e.g. a policy without 'wasm-unsafe-eval'): said, not swallowed.
      fail(job.encodings[0], e);
      return;
    }
    const inputs: Record<string, ExampleInput> = {};
    for (const n of job.exampleLengths) {
      const s = lab.sample({ task: job.task, length: n });
      inputs[n] = { tokens: Array.from(s.tokens), targets: Array.from(s.targets) };
    }
    for (const encoding of job.encodings) {
      if (signal.aborted) return;
      let model: LabModel | undefined;
      try {
        model = await lab.train(
          { task: job.task, encoding: encoding as never, seed: job.seed, steps: job.steps },
          {
            signal,
            // the figures follow the model as it learns: its accuracies, attention and answers now
            ...(job.every > 0
              ? {
                  every: job.every,
                  onCheckpoint: ({ step, steps, model: now }: { step: number; steps: number; model: LabModel }) => {
                    const rows = now.evaluate({ lengths: job.lengths, sequences: job.checkpointSequences });
                    this.post({
                      type: 'checkpoint',
                      run: job.run,
                      task: job.task,
                      encoding,
                      step,
                      steps,
                      result: {
                        accuracy: rows.map((r) => r.sequenceAccuracy ?? 0),
                        tokenAccuracy: rows.map((r) => r.tokenAccuracy ?? 0),
                        beyondTable: rows.map((r) => r.beyondTable),
                        ...examples(now, job.exampleLengths, inputs),
                      },
                      inputs,
                    });
                  },
                }
              : {}),
            onProgress: (p) =>
              this.post({ type: 'progress', run: job.run, task: job.task, encoding, step: p.step, steps: p.steps, losses: p.losses }, [
                p.losses.buffer,
              ]),
          },
        );
        this.post({ type: 'evaluating', run: job.run, task: job.task, encoding });
        await this.pause();
        if (signal.aborted) return;
        const rows = model.evaluate({ lengths: job.lengths, sequences: job.sequences });
        const result: Omit<EncodingRun, 'state' | 'loss' | 'lossEvery' | 'lossCount'> = {
          accuracy: rows.map((r) => r.sequenceAccuracy ?? 0),
          tokenAccuracy: rows.map((r) => r.tokenAccuracy ?? 0),
          beyondTable: rows.map((r) => r.beyondTable),
          attention: {},
          predictions: {},
        };
        if (LAB_STRETCHABLE.includes(encoding as LabEncoding)) {
          result.stretched = {};
          for (const stretch of ['pi', 'ntk', 'yarn'] as const) {
            await this.pause();
            if (signal.aborted) return;
            const st = model.evaluate({ lengths: job.lengths, sequences: job.sequences, stretch });
            result.stretched[stretch] = {
              accuracy: st.map((r) => r.sequenceAccuracy ?? 0),
              tokenAccuracy: st.map((r) => r.tokenAccuracy ?? 0),
            };
          }
        }
        Object.assign(result, examples(model, job.exampleLengths, inputs));
        result.weights = model.toSafetensors();
        let sinusoids: TableEntry | undefined;
        const table = model.positionTable();
        if (table) {
          const start = await lab.train({ task: job.task, encoding: 'learned', seed: job.seed, steps: 0 });
          result.table = entry(lab, table);
          result.initialTable = entry(lab, start.positionTable()!);
          start.dispose();
          sinusoids = entry(lab, lab.sinusoids({ rows: table.rows, dModel: table.cols }));
        }
        if (signal.aborted) return;
        this.post({ type: 'result', run: job.run, task: job.task, encoding, result, inputs, sinusoids });
      } catch (e) {
        if ((e as Error).name === 'AbortError') return;
        fail(encoding, e);
        return;
      } finally {
        model?.dispose();
      }
    }
  }
}
