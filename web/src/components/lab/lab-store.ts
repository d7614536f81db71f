/**
 * The lab chapter's shared state: the saved reference run (docs/lab-reference*.json, given by the
 * chapter as data) and the reader's own runs, trained in web workers (lab.worker.ts), one per core,
 * each with its own wasm instance of the lab module. Figures read the run of a task from here and
 * re-render when it changes; the runner starts and cancels training. Every number stored here was
 * computed by the core (in the reference run or in a worker); this module only routes and keeps them.
 */
import type { LabRunData, SavedLab, WorkerJob, WorkerMessage, EncodingRun, TableEntry } from './lab-types.js';
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
  workers: number;
  error: string;
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

class LabSession extends EventTarget {
  #saved?: Map<string, LabRunData>;
  #savedSource?: SavedLab;
  #reader = new Map<string, LabRunData>();
  #workers: Worker[] = [];
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
   * What the figures show for a task: the reader's run once one of its models is done (the loss
   * curves read the run in training through reader()), else the saved run.
   */
  current(task: string): LabRunData | undefined {
    const mine = this.#reader.get(task);
    return mine && Object.values(mine.encodings).some((e) => e.state === 'done') ? mine : this.#saved?.get(task);
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

  #ensureWorkers(): Worker[] {
    const cores = typeof navigator !== 'undefined' && navigator.hardwareConcurrency ? navigator.hardwareConcurrency : 2;
    const n = Math.max(1, Math.min(2, cores));
    while (this.#workers.length < n) {
      const w = new LabWorker();
      w.onmessage = (e: MessageEvent<WorkerMessage>) => this.#onMessage(e.data);
      w.onerror = (e) => this.#fail(e.message || 'worker error');
      this.#workers.push(w);
    }
    return this.#workers;
  }

  start(settings: RunSettings, saved: SavedLab): void {
    this.setSaved(saved);
    if (this.status.running) return;
    const s = saved.reference.settings;
    const workers = this.#ensureWorkers();
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
    const chosen = ENCODINGS.filter((e) => !settings.encodings || settings.encodings.includes(e));
    if (!chosen.length) return;
    this.#reader.set(settings.task, run);
    this.#run++;
    this.status = {
      running: true,
      phase: 'running',
      task: settings.task,
      encodings: Object.fromEntries(chosen.map((e) => [e, { state: 'queued', step: 0, steps: settings.steps }])),
      startedAt: performance.now(),
      seconds: 0,
      workers: workers.length,
      error: '',
    };
    // The encodings split between the workers, alternately: each trains its share one by one.
    workers.forEach((w, k) => {
      const share = chosen.filter((_, i) => i % workers.length === k);
      if (!share.length) return;
      const job: WorkerJob = {
        type: 'train',
        run: this.#run,
        task: settings.task,
        seed: settings.seed,
        steps: settings.steps,
        lengths: s.lengths,
        sequences: s.sequences,
        exampleLengths: [s.trainLength, 2 * s.trainLength],
        encodings: share,
      };
      w.postMessage(job);
    });
    this.#changed(true);
  }

  cancel(): void {
    if (!this.status.running) return;
    for (const w of this.#workers) w.postMessage({ type: 'cancel' });
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
    for (const w of this.#workers) w.terminate();
    this.#workers = [];
  }

  #fail(message: string): void {
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
