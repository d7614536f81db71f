/**
 * A training worker of the lab chapter: its own wasm instance of the lab module (pe.lab without the
 * core), trains the encodings it is given one after the other, reports progress between chunks of
 * steps, evaluates each model past its training length (RoPE also stretched), and sends back plain
 * arrays: accuracies, attention maps and answers on the example inputs, the learned table and its
 * profile. A 'cancel' message aborts the model in training between two chunks.
 */
import { initLab } from '../../lib/lab/browser.js';
import { LAB_STRETCHABLE, type LabEncoding } from '../../lib/lab/info.generated.js';
import type { Lab, LabModel, Matrix } from '../../lib/types.js';
import type { EncodingRun, ExampleInput, TableEntry, WorkerJob, WorkerMessage } from './lab-types.js';

let lab: Lab | undefined;
let controller: AbortController | undefined;
const post = (m: WorkerMessage, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(m, transfer);

function entry(l: Lab, m: Matrix<Float32Array>): TableEntry {
  const p = l.tableProfile(m);
  return {
    rows: m.rows,
    cols: m.cols,
    data: m.data,
    profile: { byDistance: p.byDistance, waveShare: p.waveShare, dominant: p.dominant, meanWaveShare: p.meanWaveShare },
  };
}

async function runJob(job: WorkerJob): Promise<void> {
  lab ??= await initLab();
  controller = new AbortController();
  const signal = controller.signal;
  const inputs: Record<string, ExampleInput> = {};
  for (const n of job.exampleLengths) {
    const s = lab.sample({ task: job.task, length: n });
    inputs[n] = { tokens: Array.from(s.tokens), targets: Array.from(s.targets) };
  }
  for (const encoding of job.encodings) {
    let model: LabModel | undefined;
    try {
      model = await lab.train(
        { task: job.task, encoding: encoding as never, seed: job.seed, steps: job.steps },
        {
          signal,
          onProgress: (p) =>
            post({ type: 'progress', run: job.run, task: job.task, encoding, step: p.step, steps: p.steps, losses: p.losses }, [
              p.losses.buffer,
            ]),
        },
      );
      post({ type: 'evaluating', run: job.run, task: job.task, encoding });
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
          const st = model.evaluate({ lengths: job.lengths, sequences: job.sequences, stretch });
          result.stretched[stretch] = {
            accuracy: st.map((r) => r.sequenceAccuracy ?? 0),
            tokenAccuracy: st.map((r) => r.tokenAccuracy ?? 0),
          };
        }
      }
      for (const n of job.exampleLengths) {
        const tokens = Int32Array.from(inputs[n].tokens);
        const fits = encoding !== 'learned' || n <= model.config.n_max;
        result.attention![n] = fits ? model.attention(tokens).data : null;
        result.predictions![n] = fits ? model.predict(tokens) : null;
      }
      let sinusoids: TableEntry | undefined;
      const table = model.positionTable();
      if (table) {
        const start = await lab.train({ task: job.task, encoding: 'learned', seed: job.seed, steps: 0 });
        result.table = entry(lab, table);
        result.initialTable = entry(lab, start.positionTable()!);
        start.dispose();
        sinusoids = entry(lab, lab.sinusoids({ rows: table.rows, dModel: table.cols }));
      }
      post({ type: 'result', run: job.run, task: job.task, encoding, result, inputs, sinusoids });
    } catch (e) {
      if ((e as Error).name === 'AbortError') return;
      post({ type: 'error', run: job.run, task: job.task, encoding, message: (e as Error).message });
      return;
    } finally {
      model?.dispose();
    }
  }
}

let queue = Promise.resolve();
self.onmessage = (e: MessageEvent<WorkerJob | { type: 'cancel' }>) => {
  if (e.data.type === 'cancel') {
    controller?.abort();
    return;
  }
  const job = e.data;
  // One job at a time: a new run waits for the cancelled one to stop between two chunks.
  queue = queue.then(() => runJob(job));
};
