/**
 * Shapes of the lab chapter's data: the saved reference run (web/data/lab-reference.json and
 * web/data/lab-reference-examples.json, written by scripts/lab-reference-run.mjs), a run as the figures
 * read it, and the messages between the page and its training workers.
 */

export interface TableProfileData {
  byDistance: ArrayLike<number>;
  waveShare: ArrayLike<number>;
  dominant: ArrayLike<number>;
  meanWaveShare: number;
}

/** A position table (rows: positions, columns: dimensions) with its profile from the core. */
export interface TableEntry {
  rows: number;
  cols: number;
  data: ArrayLike<number>;
  profile: TableProfileData;
}

export interface ReferenceRun {
  task: string;
  encoding: string;
  stretch?: string;
  /** Trained and evaluated with randomized positions in [0, randomPositions). */
  randomPositions?: number;
  trainLength: number;
  lengths: number[];
  accuracy: number[];
  tokenAccuracy: number[];
  spread: number[];
  lowest: number[];
  bySeed: (number | null)[][];
  beyondTable: boolean[];
}

export interface ReferenceFile {
  about: string;
  settings: {
    tasks: string[];
    encodings: string[];
    seeds: number[];
    steps: number;
    trainLength: number;
    lengths: number[];
    multiples: number[];
    sequences: number;
    evalSeed: number;
    stretches: string[];
    /** The encodings also trained with randomized positions, and P. */
    randomized?: { encodings: string[]; randomPositions: number };
    options: Record<string, number | string> & {
      nLayers: number;
      nHeads: number;
      dModel: number;
      dMlp: number;
      batchSize: number;
      lr: number;
    };
    build: { backend: string; module: string; node: string };
    date: string;
    wallSeconds: number;
    trainSecondsPerModel: number;
  };
  runs: ReferenceRun[];
  stretched: ReferenceRun[];
  randomized?: ReferenceRun[];
}

export interface ExampleInput {
  tokens: number[];
  targets: number[];
}

export interface ExampleModel {
  loss: number[];
  lossEvery: number;
  attention: Record<string, number[] | null>;
  predictions: Record<string, number[] | null>;
  refusal?: string;
  table?: TableEntry;
  initialTable?: TableEntry;
}

export interface ExamplesFile {
  task: string;
  seed: number;
  lengths: number[];
  inputs: Record<string, ExampleInput>;
  models: Record<string, ExampleModel>;
  sinusoids?: TableEntry;
  /** For the chapter on newer encodings (scripts/lab-reference-run.mjs). */
  since2023?: Since2023Examples;
}

/** What the bias encodings learned, and CoPE's counted positions on one sequence. */
export interface Since2023Examples {
  /** The last of biasLength queries against every key. */
  biasLength: number;
  /** [layers, heads, biasLength] per encoding (t5, alibi, kerple, fire): data[(layer·heads + head)·n + key]. */
  biasCurves: Record<string, { layers: number; heads: number; data: number[] }>;
  /** CoPE's p_ij [layers, heads, n, n] on one sequence of `task`. */
  counted: {
    task: string;
    tokens: number[];
    targets: number[];
    predictions: number[];
    layers: number;
    heads: number;
    data: number[];
  } | null;
}

/** What the chapter gives its figures: the saved run, imported as data. */
export interface SavedLab {
  reference: ReferenceFile;
  examples: ExamplesFile;
}

/** One encoding's results in a run (saved: mean over seeds; the reader's: one seed). */
export interface EncodingRun {
  /** Sequence accuracy per test length; 0 where beyondTable. */
  accuracy: ArrayLike<number>;
  tokenAccuracy: ArrayLike<number>;
  beyondTable: ArrayLike<boolean>;
  lowest?: ArrayLike<number>;
  spread?: ArrayLike<number>;
  stretched?: Partial<Record<'pi' | 'ntk' | 'yarn', { accuracy: ArrayLike<number>; tokenAccuracy: ArrayLike<number> }>>;
  /** Loss every `lossEvery` steps (the reader's run: every step, `lossCount` of them so far). */
  loss?: ArrayLike<number>;
  lossEvery?: number;
  lossCount?: number;
  /** Attention [layers, heads, n, n] and answers on the example input of each length (null: no row). */
  attention?: Record<string, ArrayLike<number> | null>;
  predictions?: Record<string, ArrayLike<number> | null>;
  table?: TableEntry;
  initialTable?: TableEntry;
  state: 'training' | 'done';
  /**
   * While the model trains: the step of the weights its accuracies, attention and answers were
   * computed from (a checkpoint of the reader's run); undefined once done, and before a checkpoint.
   */
  checkpoint?: number;
  /** The trained weights (toSafetensors, the reader's run only): what the playground loads. */
  weights?: Uint8Array;
}

export interface LabRunData {
  source: 'saved' | 'reader';
  task: string;
  seeds: number[];
  steps: number;
  trainLength: number;
  lengths: number[];
  layers: number;
  heads: number;
  inputs?: Record<string, ExampleInput>;
  sinusoids?: TableEntry;
  encodings: Record<string, EncodingRun>;
}

// --- page ↔ worker ---------------------------------------------------------------------------------

export interface WorkerJob {
  type: 'train';
  /** Which run of the page this is (messages of an earlier, cancelled run are ignored). */
  run: number;
  task: string;
  seed: number;
  steps: number;
  lengths: number[];
  sequences: number;
  exampleLengths: number[];
  encodings: string[];
  /** Steps between two evaluations of the model in training (0: none). */
  every: number;
  /** Sequences per length at those evaluations (fewer than at the end: they must not slow training). */
  checkpointSequences: number;
}

/** Page → worker: the lab module's bytes (first), then jobs and cancels. */
export type WorkerRequest = { type: 'init'; flavour: 'simd' | 'scalar'; bytes: Uint8Array } | WorkerJob | { type: 'cancel' };

/** Worker (or the main-thread trainer) → page. */
export type WorkerMessage =
  | { type: 'progress'; run: number; task: string; encoding: string; step: number; steps: number; losses: Float64Array }
  | { type: 'evaluating'; run: number; task: string; encoding: string }
  | {
      type: 'checkpoint';
      run: number;
      task: string;
      encoding: string;
      step: number;
      steps: number;
      result: Pick<EncodingRun, 'accuracy' | 'tokenAccuracy' | 'beyondTable' | 'attention' | 'predictions'>;
      inputs: Record<string, ExampleInput>;
    }
  | {
      type: 'result';
      run: number;
      task: string;
      encoding: string;
      result: Omit<EncodingRun, 'state' | 'loss' | 'lossEvery' | 'lossCount'>;
      inputs?: Record<string, ExampleInput>;
      sinusoids?: TableEntry;
    }
  | { type: 'error'; run: number; task: string; encoding: string; message: string };
