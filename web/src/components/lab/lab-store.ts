/**
 * The lab chapter's shared state: the saved reference run (web/data/lab-reference*.json, given by the
 * chapter as data) and the reader's own runs, trained in web workers (lab.worker.ts), one per core,
 * each with its own wasm instance of the lab module built from bytes this module sends. Where no
 * worker can start (shared/worker.ts: e.g. a policy without worker-src blob:), the same training
 * (lab-train.ts) runs on the main thread in slices, and the status says so. Figures read the run of
 * a task from here and re-render when it changes; the runner starts and cancels training. Every
 * number stored here was computed by the core (in the reference run or in training); this module
 * only routes and keeps them.
 */
import { labBytes, labFlavour, labWasm } from '../../lib/lab/browser.js';
import { loadLab } from '../../lib/lab/load.js';
import type { Lab } from '../../lib/types.js';
import type { L10n } from '../shared/i18n.js';
import { startWorker, whyNoWorker } from '../shared/worker.js';
import { Trainer } from './lab-train.js';
import type { LabRunData, SavedLab, WorkerJob, WorkerMessage, WorkerRequest, EncodingRun, TableEntry } from './lab-types.js';
import LabWorker from './lab.worker.ts?worker&inline';
import { LAB_ENCODINGS, LAB_STRETCHABLE, type LabEncoding } from '../../lib/lab/info.generated.js';

export type { LabRunData, SavedLab, EncodingRun, TableEntry } from './lab-types.js';

/** The lab's encodings, as the core lists them (cpp/include/posenc/lab_config.hpp). */
export const ENCODINGS = LAB_ENCODINGS;

export interface EncodingStatus {
  state: 'queued' | 'training' | 'evaluating' | 'done' | 'cancelled' | 'failed';
  step: number;
  steps: number;
}

export interface RunStatus {
  running: boolean;
  /** 'idle' before any run; 'done', 'cancelled' or 'failed' after one. */
  phase: 'idle' | 'running' | 'done' | 'cancelled' | 'failed';
  task: string;
  encodings: Record<string, EncodingStatus>;
  startedAt: number;
  /** Wall time of the last finished run, in seconds (performance.now in the page). */
  seconds: number;
  /** Web Workers training this run (0: on the main thread, or still starting). */
  workers: number;
  /** Set when no worker could start and the run trains on the main thread: why, for the reader. */
  noWorker?: L10n;
  error: string;
}

/** Where a share of a run trains: a worker, or the main thread. */
interface Lane {
  post(m: WorkerRequest): void;
  terminate(): void;
}

/** Settings of a run the reader starts. */
export interface RunSettings {
  task: string;
  seed: number;
  steps: number;
  /** Which encodings to train (default: every encoding; the runner ticks six at first). */
  encodings?: readonly string[];
}

function savedRuns(saved: SavedLab): Map<string, LabRunData> {
  const { reference, examples } = saved;
  const s = reference.settings;
  const out = new Map<string, LabRunData>();
  for (const task of s.tasks) {
    const encodings: Record<string, EncodingRun> = {};
    for (const r of reference.runs.filter((x) => x.task === task)) {
      const stretched: EncodingRun['stretched'] = {};
      for (const st of reference.stretched.filter((x) => x.task === task && x.encoding === r.encoding)) {
        stretched[st.stretch as 'pi' | 'ntk' | 'yarn'] = { accuracy: st.accuracy, tokenAccuracy: st.tokenAccuracy };
      }
      const ex = task === examples.task ? examples.models[r.encoding] : undefined;
      encodings[r.encoding] = {
        accuracy: r.accuracy,
        tokenAccuracy: r.tokenAccuracy,
        beyondTable: r.beyondTable,
        lowest: r.lowest,
        spread: r.spread,
        stretched: LAB_STRETCHABLE.includes(r.encoding as LabEncoding) ? stretched : undefined,
        loss: ex?.loss,
        lossEvery: ex?.lossEvery,
        attention: ex?.attention,
        predictions: ex?.predictions,
        table: ex?.table,
        initialTable: ex?.initialTable,
        state: 'done',
      };
    }
    out.set(task, {
      source: 'saved',
      task,
      seeds: s.seeds,
      steps: s.steps,
      trainLength: s.trainLength,
      lengths: s.lengths,
      layers: s.options.nLayers,
      heads: s.options.nHeads,
      inputs: task === examples.task ? examples.inputs : undefined,
      sinusoids: task === examples.task ? examples.sinusoids : undefined,
      encodings,
    });
  }
  return out;
}

/**
 * Sequences per test length when a model in training is evaluated: a quarter of the final 512 or
 * fewer, so the about eight checkpoints of a run cost a few percent of its training time
 * (BENCHMARKS.md has the measurement).
 */
const CHECKPOINT_SEQUENCES = 64;

/** Steps between two checkpoints: about eight per model, on multiples of 50 (0: none, for runs under 100 steps). */
export function checkpointEvery(steps: number): number {
  return steps < 100 ? 0 : Math.max(50, Math.round(steps / 8 / 50) * 50);
}

class LabSession extends EventTarget {
  #saved?: Map<string, LabRunData>;
  #savedSource?: SavedLab;
  #reader = new Map<string, LabRunData>();
  #lanes: Lane[] = [];
  /** Why the lanes are the main thread (no worker could start), else undefined. */
  #noWorker?: L10n;
  #starting?: Promise<Lane[]>;
  /** Counts stop() calls: lanes that finish starting after one are ended at once. */
  #generation = 0;
  #frame = 0;
  #run = 0;
  status: RunStatus = { running: false, phase: 'idle', task: '', encodings: {}, startedAt: 0, seconds: 0, workers: 0, error: '' };

  /** The chapter's saved run (the same object every time: read once). */
  setSaved(saved: SavedLab | undefined): void {
    if (!saved || saved === this.#savedSource) return;
    this.#savedSource = saved;
    this.#saved = savedRuns(saved);
  }

  saved(task: string): LabRunData | undefined {
    return this.#saved?.get(task);
  }

  reader(task: string): LabRunData | undefined {
    return this.#reader.get(task);
  }

  /**
   * What the figures show for a task: the reader's run once one of its models is done or has been
   * evaluated at a checkpoint of its training (the loss curves read the run in training through
   * reader()), else the saved run.
   */
  current(task: string): LabRunData | undefined {
    const mine = this.#reader.get(task);
    return mine && Object.values(mine.encodings).some((e) => e.state === 'done' || e.checkpoint !== undefined)
      ? mine
      : this.#saved?.get(task);
  }

  /**
   * Two events: 'change' when what the figures show changes (a run starts, a model is done, a run
   * is cancelled or fails), at once; 'progress' for steps and losses (only the runner listens), at
   * most once per frame, since progress arrives every few ms from two workers.
   */
  #changed(now = false): void {
    if (now) {
      cancelAnimationFrame(this.#frame);
      this.#frame = 0;
      this.dispatchEvent(new Event('progress'));
      this.dispatchEvent(new Event('change'));
      return;
    }
    if (this.#frame) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      this.dispatchEvent(new Event('progress'));
    });
  }

  /** The lanes of a run: two workers (one per core, at most two), else the main thread. */
  #ensureLanes(): Promise<Lane[]> {
    if (this.#lanes.length) return Promise.resolve(this.#lanes);
    if (this.#starting) return this.#starting;
    const generation = this.#generation;
    const starting = this.#startLanes().then(
      ({ lanes, noWorker }) => {
        if (this.#starting === starting) this.#starting = undefined;
        // stop() was called meanwhile (the chapter was left): these lanes are not wanted.
        if (generation !== this.#generation) {
          for (const l of lanes) l.terminate();
          return [];
        }
        this.#lanes = lanes;
        this.#noWorker = noWorker;
        return lanes;
      },
      (e: unknown) => {
        if (this.#starting === starting) this.#starting = undefined;
        throw e;
      },
    );
    this.#starting = starting;
    return starting;
  }

  async #startLanes(): Promise<{ lanes: Lane[]; noWorker?: L10n }> {
    const cores = typeof navigator !== 'undefined' && navigator.hardwareConcurrency ? navigator.hardwareConcurrency : 2;
    const n = Math.max(1, Math.min(2, cores));
    const flavour = labFlavour();
    // The module's bytes, sent to each worker (the workers' scripts hold only the glue).
    const bytes = await labWasm(flavour);
    const started = await Promise.allSettled(Array.from({ length: n }, () => startWorker(() => new LabWorker())));
    const refused = started.find((r) => r.status === 'rejected');
    if (!refused) {
      const lanes = started.map((r) => {
        const w = (r as PromiseFulfilledResult<Worker>).value;
        w.onmessage = (e: MessageEvent<WorkerMessage>) => this.#onMessage(e.data);
        w.onerror = (e) => {
          e.preventDefault();
          this.#fail(e.message || 'a training worker stopped');
        };
        w.postMessage({ type: 'init', flavour, bytes } satisfies WorkerRequest);
        return { post: (m: WorkerRequest) => w.postMessage(m), terminate: () => w.terminate() };
      });
      return { lanes };
    }
    for (const r of started) if (r.status === 'fulfilled') r.value.terminate();
    // The main thread: the same training, yielding to the page between chunks and evaluations.
    let lab: Promise<Lab> | undefined;
    const trainer = new Trainer(
      () => (lab ??= loadLab(labBytes, flavour)),
      (m) => this.#onMessage(m),
      () => new Promise((r) => setTimeout(r, 0)),
    );
    const main: Lane = {
      post: (m: WorkerRequest) => (m.type === 'train' ? trainer.run(m) : m.type === 'cancel' ? trainer.cancel() : undefined),
      terminate: () => trainer.cancel(),
    };
    return { lanes: [main], noWorker: whyNoWorker(refused.reason) };
  }

  start(settings: RunSettings, saved: SavedLab): void {
    this.setSaved(saved);
    if (this.status.running) return;
    const s = saved.reference.settings;
    const chosen = ENCODINGS.filter((e) => !settings.encodings || settings.encodings.includes(e));
    if (!chosen.length) return;
    const run: LabRunData = {
      source: 'reader',
      task: settings.task,
      seeds: [settings.seed],
      steps: settings.steps,
      trainLength: s.trainLength,
      lengths: s.lengths,
      layers: s.options.nLayers,
      heads: s.options.nHeads,
      encodings: {},
    };
    this.#reader.set(settings.task, run);
    const id = ++this.#run;
    this.status = {
      running: true,
      phase: 'running',
      task: settings.task,
      encodings: Object.fromEntries(chosen.map((e) => [e, { state: 'queued', step: 0, steps: settings.steps }])),
      startedAt: performance.now(),
      seconds: 0,
      workers: 0,
      error: '',
    };
    this.#changed(true);
    this.#ensureLanes().then(
      (lanes) => {
        // Cancelled (or the chapter left) while the workers started: nothing to send.
        if (id !== this.#run || !this.status.running || !lanes.length) return;
        const onMain = this.#noWorker !== undefined;
        // (workers that get a share: one model trains in one worker)
        this.status = { ...this.status, workers: onMain ? 0 : Math.min(lanes.length, chosen.length), noWorker: this.#noWorker };
        // The encodings split between the lanes, alternately: each trains its share one by one.
        lanes.forEach((lane, k) => {
          const share = chosen.filter((_, i) => i % lanes.length === k);
          if (!share.length) return;
          lane.post({
            type: 'train',
            run: id,
            task: settings.task,
            seed: settings.seed,
            steps: settings.steps,
            lengths: s.lengths,
            sequences: s.sequences,
            exampleLengths: [s.trainLength, 2 * s.trainLength],
            encodings: share,
            every: checkpointEvery(settings.steps),
            checkpointSequences: Math.min(CHECKPOINT_SEQUENCES, s.sequences),
          } satisfies WorkerJob);
        });
        this.#changed(true);
      },
      (e: Error) => {
        if (id === this.#run) this.#fail(e.message);
      },
    );
  }

  cancel(): void {
    if (!this.status.running) return;
    for (const lane of this.#lanes) lane.post({ type: 'cancel' });
    for (const e of Object.values(this.status.encodings)) if (e.state !== 'done') e.state = 'cancelled';
    this.status = { ...this.status, running: false, phase: 'cancelled' };
    // A cancelled run leaves what it finished; the figures fall back to the saved run when nothing did.
    const run = this.#reader.get(this.status.task);
    if (run && !Object.values(run.encodings).some((e) => e.state === 'done')) this.#reader.delete(this.status.task);
    this.#changed(true);
  }

  /** Ends the workers (the chapter was left); a new run starts new ones. */
  stop(): void {
    if (this.status.running) this.cancel();
    for (const lane of this.#lanes) lane.terminate();
    this.#lanes = [];
    this.#noWorker = undefined;
    this.#starting = undefined;
    this.#generation++;
  }

  #fail(message: string): void {
    // The other lanes stop too (their results would be ignored; on the main thread they cost the page).
    if (this.status.running) for (const lane of this.#lanes) lane.post({ type: 'cancel' });
    this.status = { ...this.status, running: false, phase: 'failed', error: message };
    this.#changed(true);
  }

  #onMessage(m: WorkerMessage): void {
    if (!this.status.running || m.run !== this.#run) return;
    const run = this.#reader.get(m.task);
    const st = this.status.encodings[m.encoding];
    if (!run || !st) return;
    if (m.type === 'progress') {
      st.state = 'training';
      st.step = m.step;
      const e = (run.encodings[m.encoding] ??= {
        accuracy: [],
        tokenAccuracy: [],
        beyondTable: [],
        loss: new Float64Array(m.steps),
        lossEvery: 1,
        lossCount: 0,
        state: 'training',
      });
      const loss = e.loss as Float64Array;
      loss.set(m.losses, e.lossCount ?? 0);
      e.lossCount = (e.lossCount ?? 0) + m.losses.length;
      this.#changed();
      return;
    }
    if (m.type === 'checkpoint') {
      const e = run.encodings[m.encoding];
      if (!e || e.state === 'done') return;
      Object.assign(e, m.result, { checkpoint: m.step });
      if (!run.inputs) run.inputs = m.inputs;
      // the figures redraw from the model as it is now
      this.#changed(true);
      return;
    }
    if (m.type === 'evaluating') {
      st.state = 'evaluating';
      st.step = st.steps;
      this.#changed();
      return;
    }
    if (m.type === 'result') {
      const prev = run.encodings[m.encoding];
      run.encodings[m.encoding] = { ...m.result, loss: prev?.loss, lossEvery: 1, lossCount: prev?.lossCount, state: 'done' };
      if (m.inputs && !run.inputs) run.inputs = m.inputs;
      if (m.sinusoids && !run.sinusoids) run.sinusoids = m.sinusoids as TableEntry;
      st.state = 'done';
      st.step = st.steps;
      if (Object.values(this.status.encodings).every((e) => e.state === 'done')) {
        this.status = { ...this.status, running: false, phase: 'done', seconds: (performance.now() - this.status.startedAt) / 1000 };
      }
      this.#changed(true);
      return;
    }
    if (m.type === 'error') {
      st.state = 'failed';
      this.#fail(m.message);
    }
  }
}

/** The one session of the page (the chapter's figures share it). */
export const session = new LabSession();
