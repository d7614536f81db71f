/**
 * pe.lab: the training lab over its own wasm module (cpp/bindings/embind_lab.cpp). A model is a
 * handle into the module's table; LabModel wraps it, copies every result out into JS-owned arrays,
 * and frees it on dispose() (or, as a fallback, when the wrapper is garbage-collected).
 */
import { describe, numbers, options, posencError, rangeError, typeError } from '../checks.js';
import type { PosencLabModule, Raw } from '../module-types.js';
import type {
  Lab,
  LabAttention,
  LabBiasCurves,
  LabEncoding,
  LabEvalRow,
  LabEvaluateOptions,
  LabModel,
  LabModelConfig,
  LabProgress,
  LabSequence,
  LabStretch,
  LabTensor,
  LabTrainCallbacks,
  LabTrainConfig,
  LabTrainOptions,
  LabTableProfile,
  Matrix,
} from '../types.js';
import { defaultOptions, jsNames, toConfigs } from './options.js';
import { decodeSafetensors, encodeSafetensors } from './safetensors.js';
import { guardAllocations } from '../wasm.js';
import { LAB_MODEL_FIELDS, LAB_TRAIN_FIELDS } from './info.generated.js';

/** The format version written into every file's metadata. */
export const FORMAT = 'posenc-lab/1';

const MODEL_KEYS = LAB_MODEL_FIELDS.map((f) => f.name);
const TRAIN_KEYS = LAB_TRAIN_FIELDS.map((f) => f.name);
const STRING_KEYS = new Set<string>([...LAB_MODEL_FIELDS, ...LAB_TRAIN_FIELDS].filter((f) => f.kind === 'string').map((f) => f.name));

function unwrap<T>(fn: string, raw: Raw<T>): T {
  if (raw !== null && typeof raw === 'object' && 'error' in raw && typeof raw.error === 'string') {
    const message = `${fn}: ${jsNames(raw.error)}`;
    throw posencError((raw as { kind: number }).kind === 1 ? TypeError : RangeError, message);
  }
  return raw as T;
}

function abortError(signal: AbortSignal): DOMException {
  const r = signal.reason;
  return r instanceof DOMException && r.name === 'AbortError' ? r : new DOMException('lab.train: training was aborted', 'AbortError');
}

/**
 * Gives the event loop a turn (messages, timers, rendering) without the 4 ms clamp of setTimeout:
 * setImmediate in Node (after I/O and before the next timers), a MessageChannel elsewhere.
 */
function yielder(): { next: () => Promise<void>; close: () => void } {
  const immediate = (globalThis as { setImmediate?: (f: () => void) => unknown }).setImmediate;
  if (immediate) return { next: () => new Promise<void>((r) => void immediate(r)), close: () => {} };
  if (typeof MessageChannel === 'undefined') return { next: () => new Promise((r) => setTimeout(r, 0)), close: () => {} };
  const ch = new MessageChannel();
  let wake: (() => void) | undefined;
  ch.port1.onmessage = () => wake?.();
  return {
    next: () =>
      new Promise<void>((r) => {
        wake = r;
        ch.port2.postMessage(0);
      }),
    close: () => {
      ch.port1.close();
      ch.port2.close();
    },
  };
}

function tokensOf(fn: string, v: unknown): Int32Array {
  if (v instanceof Int32Array) return v;
  if (!Array.isArray(v) && !(ArrayBuffer.isView(v) && !(v instanceof DataView))) {
    typeError(`${fn}: tokens must be an Int32Array (or an array) of token ids, got ${describe(v)}`);
  }
  const raw = numbers(`${fn}: tokens`, v);
  for (let i = 0; i < raw.length; i++) {
    if (!Number.isInteger(raw[i]) || raw[i] < -(2 ** 31) || raw[i] >= 2 ** 31)
      rangeError(`${fn}: tokens[${i}] must be an integer token id, got ${describe(raw[i])}`);
  }
  return Int32Array.from(raw);
}

function stretchOf(fn: string, o: unknown): string {
  const opt = options(fn, o, ['stretch']);
  if (opt.stretch === undefined) return 'none';
  if (typeof opt.stretch !== 'string') typeError(`${fn}: stretch must be one of 'none', 'pi', 'ntk', 'yarn', got ${describe(opt.stretch)}`);
  return opt.stretch;
}

export function createLab(mod: PosencLabModule): Lab {
  // The default model with its training state holds about 2.5 MB; a model near the 512 MiB network
  // limit can still run out inside C++ when the memory is close to its maximum.
  guardAllocations(mod, 16 * 2 ** 20);
  const info = mod.labInfo();
  const defaults = defaultOptions(info.model, info.train);
  const freeing = new FinalizationRegistry<number>((h) => mod.labFree(h));
  const maxTensors = 4 + 12 * info.limits.maxLayers + 4;

  class Model implements LabModel {
    #h: number;
    readonly task: string;
    readonly encoding: LabEncoding;
    readonly trainLength: number;
    readonly config: Readonly<LabModelConfig>;
    readonly train: Readonly<LabTrainConfig>;
    readonly parameters: number;

    /** A view of a model in training (onCheckpoint): it does not own the handle. */
    readonly #owned: boolean;

    constructor(handle: number, owned = true) {
      this.#h = handle;
      this.#owned = owned;
      const d = unwrap('lab', mod.labDescribe(handle));
      this.task = d.task;
      this.trainLength = d.trainLength;
      this.config = Object.freeze({ ...d.model });
      this.train = Object.freeze({ ...d.train });
      this.encoding = d.model.encoding;
      this.parameters = d.parameters;
      if (owned) freeing.register(this, handle, this);
    }

    #handle(fn: string): number {
      if (!this.#h) typeError(`${fn}: this model was disposed`, { argument: 'model', code: 'ERR_INVALID_STATE' });
      return this.#h;
    }

    evaluate(o: LabEvaluateOptions): LabEvalRow[] {
      const fn = 'model.evaluate';
      const opt = options(fn, o, ['lengths', 'sequences', 'seed', 'stretch'], true);
      const lengths = numbers(`${fn}: lengths`, opt.lengths);
      const num = (k: string, d: number) => {
        const v = opt[k] === undefined ? d : opt[k];
        if (typeof v !== 'number') typeError(`${fn}: ${k} must be a number, got ${describe(v)}`);
        return v;
      };
      const sequences = num('sequences', info.evaluate.sequences);
      const seed = num('seed', info.evaluate.seed);
      const stretch = stretchOf(fn, { stretch: opt.stretch });
      return unwrap(fn, mod.labEvaluate(this.#handle(fn), lengths, sequences, seed, stretch));
    }

    logits(tokens: Int32Array, o?: { stretch?: LabStretch }): Float32Array {
      const fn = 'model.logits';
      const t = tokensOf(fn, tokens);
      return unwrap(fn, mod.labLogits(this.#handle(fn), t, stretchOf(fn, o)));
    }

    predict(tokens: Int32Array, o?: { stretch?: LabStretch }): Int32Array {
      const fn = 'model.predict';
      const t = tokensOf(fn, tokens);
      return unwrap(fn, mod.labPredict(this.#handle(fn), t, stretchOf(fn, o)));
    }

    attention(tokens: Int32Array, o?: { stretch?: LabStretch }): LabAttention {
      const fn = 'model.attention';
      const t = tokensOf(fn, tokens);
      const data = unwrap(fn, mod.labAttention(this.#handle(fn), t, stretchOf(fn, o)));
      return { layers: this.config.n_layers, heads: this.config.n_heads, length: t.length, data };
    }

    biasCurves(o: { length: number }): LabBiasCurves {
      const fn = 'model.biasCurves';
      const opt = options(fn, o, ['length'], true);
      const length = opt.length;
      if (typeof length !== 'number') typeError(`${fn}: length must be a number, got ${describe(length)}`);
      const data = unwrap(fn, mod.labBiasCurves(this.#handle(fn), length));
      return { layers: this.config.n_layers, heads: this.config.n_heads, length, data };
    }

    countedPositions(tokens: Int32Array): LabAttention {
      const fn = 'model.countedPositions';
      const t = tokensOf(fn, tokens);
      const data = unwrap(fn, mod.labCountedPositions(this.#handle(fn), t));
      return { layers: this.config.n_layers, heads: this.config.n_heads, length: t.length, data };
    }

    tensors(): LabTensor[] {
      const fn = 'model.tensors';
      return unwrap(fn, mod.labTensors(this.#handle(fn))).map((t) => ({ name: t.name, shape: Array.from(t.shape), data: t.data }));
    }

    positionTable(): Matrix<Float32Array> | null {
      if (this.encoding !== 'learned') return null;
      const t = this.tensors().find((x) => x.name === 'pos_emb.weight');
      return t ? { rows: t.shape[0], cols: t.shape[1], data: t.data } : null;
    }

    toSafetensors(): Uint8Array {
      this.#handle('model.toSafetensors');
      const metadata: Record<string, string> = { format: 'pt', posenc: FORMAT };
      for (const k of MODEL_KEYS) metadata[k] = String(this.config[k]);
      metadata.task = this.task;
      metadata.train_length = String(this.trainLength);
      for (const k of TRAIN_KEYS) if (k !== 'task' && k !== 'train_length') metadata[`train.${k}`] = String(this.train[k]);
      return encodeSafetensors(this.tensors(), metadata);
    }

    dispose(): void {
      if (!this.#h) return;
      if (!this.#owned) {
        this.#h = 0;
        return;
      }
      mod.labFree(this.#h);
      freeing.unregister(this);
      this.#h = 0;
    }
  }

  /** Bad options reject the promise (never a synchronous throw, so .catch() and await both see them). */
  function train(o: LabTrainOptions, callbacks?: LabTrainCallbacks): Promise<LabModel> {
    try {
      return start(o, callbacks);
    } catch (e) {
      return Promise.reject(e);
    }
  }

  function start(o: LabTrainOptions, callbacks?: LabTrainCallbacks): Promise<LabModel> {
    const fn = 'lab.train';
    const cfg = toConfigs(fn, o, info);
    const cb = options(fn, callbacks, ['onProgress', 'signal', 'every', 'onCheckpoint']);
    const onProgress = cb.onProgress;
    if (onProgress !== undefined && typeof onProgress !== 'function')
      typeError(`${fn}: onProgress must be a function, got ${describe(onProgress)}`);
    const signal = cb.signal as AbortSignal | undefined;
    if (signal !== undefined && (typeof signal !== 'object' || signal === null || typeof signal.aborted !== 'boolean')) {
      typeError(`${fn}: signal must be an AbortSignal, got ${describe(signal)}`);
    }
    const onCheckpoint = cb.onCheckpoint;
    if (onCheckpoint !== undefined && typeof onCheckpoint !== 'function')
      typeError(`${fn}: onCheckpoint must be a function, got ${describe(onCheckpoint)}`);
    const every = cb.every;
    if (every !== undefined && (typeof every !== 'number' || !Number.isInteger(every) || every < 1))
      rangeError(`${fn}: every must be an integer ≥ 1, got ${describe(every)}`);
    if (signal?.aborted) return Promise.reject(abortError(signal));
    // Created now: a bad option is refused here, and nothing is left behind.
    const handle = unwrap(fn, mod.labCreate(cfg.model, cfg.train));
    const steps = cfg.train.steps;
    return (async () => {
      const y = yielder();
      let chunk = 4;
      try {
        let done = steps === 0;
        let step = 0;
        while (!done) {
          if (signal?.aborted) throw abortError(signal);
          const t0 = performance.now();
          // a chunk ends at the next checkpoint
          const next = every ? (Math.floor(step / (every as number)) + 1) * (every as number) : Infinity;
          const asked = Math.min(chunk, next - step);
          const r = unwrap(fn, mod.labStep(handle, asked));
          const ms = performance.now() - t0;
          // about 40 ms of work per chunk: responsive to a cancel, small overhead per yield (a chunk
          // cut short by a checkpoint says nothing about the time a full one takes)
          if (asked === chunk) chunk = Math.max(1, Math.min(2000, Math.round(chunk * Math.min(4, 40 / Math.max(ms, 0.5)))));
          done = r.done;
          step = r.step;
          if (onProgress && r.losses.length) {
            (onProgress as (p: LabProgress) => void)({ step, steps, loss: r.losses[r.losses.length - 1], losses: r.losses });
          }
          if (onCheckpoint && !done && step === next) {
            const view = new Model(handle, false);
            try {
              (onCheckpoint as NonNullable<LabTrainCallbacks['onCheckpoint']>)({ step, steps, model: view });
            } finally {
              // ends the view (a view never frees the model in training): its methods throw from now on
              view.dispose();
            }
          }
          if (!done) await y.next();
        }
        if (signal?.aborted) throw abortError(signal);
        mod.labFinish(handle);
        return new Model(handle);
      } catch (e) {
        mod.labFree(handle);
        throw e;
      } finally {
        y.close();
      }
    })();
  }

  function fromSafetensors(bytes: Uint8Array): LabModel {
    const fn = 'lab.fromSafetensors';
    const file = decodeSafetensors(fn, bytes, maxTensors);
    const meta = file.metadata;
    const read = (k: string): string | number => {
      const v = meta[k];
      if (v === undefined) rangeError(`${fn}: bytes: __metadata__ has no '${k}' (not a file written by posenc's toSafetensors?)`);
      if (STRING_KEYS.has(k.replace(/^train\./, ''))) return v;
      const x = Number(v);
      if (v.trim() === '' || !Number.isFinite(x)) rangeError(`${fn}: bytes: __metadata__.${k} must be a finite number, got ${describe(v)}`);
      return x;
    };
    if (meta.posenc !== FORMAT) rangeError(`${fn}: bytes: __metadata__.posenc must be '${FORMAT}', got ${describe(meta.posenc)}`);
    const model = Object.fromEntries(MODEL_KEYS.map((k) => [k, read(k)])) as unknown as LabModelConfig;
    const train = Object.fromEntries(
      TRAIN_KEYS.map((k) => [k, k === 'task' || k === 'train_length' ? read(k) : read(`train.${k}`)]),
    ) as unknown as LabTrainConfig;
    const handle = unwrap(fn, mod.labFromTensors(model, train.task, train.train_length, train, file.tensors));
    return new Model(handle);
  }

  function sample(o: { task?: string; length: number; index?: number; seed?: number }): LabSequence {
    const fn = 'lab.sample';
    const opt = options(fn, o, ['task', 'length', 'index', 'seed'], true);
    const task = opt.task ?? info.tasks[0];
    if (typeof task !== 'string') typeError(`${fn}: task must be a string, got ${describe(task)}`);
    for (const k of ['length', 'index', 'seed']) {
      if (opt[k] !== undefined && typeof opt[k] !== 'number') typeError(`${fn}: ${k} must be a number, got ${describe(opt[k])}`);
    }
    if (typeof opt.length !== 'number') typeError(`${fn}: length must be a number, got ${describe(opt.length)}`);
    return unwrap(fn, mod.labSample(task, opt.length as number, (opt.index as number) ?? 0, (opt.seed as number) ?? info.evaluate.seed));
  }

  function sinusoids(o: { rows: number; dModel: number }): Matrix<Float32Array> {
    const fn = 'lab.sinusoids';
    const opt = options(fn, o, ['rows', 'dModel'], true);
    for (const k of ['rows', 'dModel']) if (typeof opt[k] !== 'number') typeError(`${fn}: ${k} must be a number, got ${describe(opt[k])}`);
    const data = unwrap(fn, mod.labSinusoids(opt.rows as number, opt.dModel as number));
    return { rows: opt.rows as number, cols: opt.dModel as number, data };
  }

  function tableProfile(table: Matrix<Float32Array>): LabTableProfile {
    const fn = 'lab.tableProfile';
    const opt = options(fn, table, ['rows', 'cols', 'data'], true);
    if (typeof opt.rows !== 'number' || typeof opt.cols !== 'number') typeError(`${fn}: table.rows and table.cols must be numbers`);
    if (!(opt.data instanceof Float32Array)) typeError(`${fn}: table.data must be a Float32Array, got ${describe(opt.data)}`);
    const p = unwrap(fn, mod.labTableProfile(opt.data as Float32Array, opt.rows as number, opt.cols as number));
    return { rows: opt.rows as number, cols: opt.cols as number, ...p };
  }

  return Object.freeze({
    encodings: Object.freeze(info.encodings as LabEncoding[]),
    tasks: Object.freeze([...info.tasks]),
    stretches: Object.freeze(info.stretches as LabStretch[]),
    defaults: Object.freeze(defaults),
    tokenNames: Object.freeze([...info.tokenNames]),
    load: async () => {}, // this instance is the module, already loaded
    train,
    fromSafetensors,
    sample,
    sinusoids,
    tableProfile,
    liveModels: () => mod.labLive(),
    memoryBytes: () => mod.HEAPU8.length,
  });
}

/** pe.lab of an instance created with init({ lab: false }): every use says how to get the lab. */
export const NO_LAB: Lab = new Proxy({} as Lab, {
  get(_t, key) {
    if (typeof key === 'symbol' || key === 'then') return undefined;
    throw posencError(
      TypeError,
      `pe.lab.${String(key)}: this instance was created with init({ lab: false }); call init() without it to load the training lab`,
      { argument: 'lab', code: 'ERR_INVALID_STATE' },
    );
  },
});
