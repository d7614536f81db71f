/**
 * pe.lab's options: JS names (camelCase) ↔ the C++ fields (snake_case, docs/LAB.md). Types are
 * checked here; every range is checked by the core (validate(ModelConfig), validate(TrainConfig)),
 * whose messages name the C++ field and come back with the JS name.
 */
import { describe, options, typeError } from '../checks.js';
import type { LabModelConfig, LabTrainConfig, LabTrainOptions } from '../types.js';

type Kind = 'number' | 'string';

/** JS option → [C++ config, field, type]. */
export const OPTION_FIELDS = {
  task: ['train', 'task', 'string'],
  seed: ['train', 'seed', 'number'],
  trainLength: ['train', 'train_length', 'number'],
  minLength: ['train', 'min_length', 'number'],
  steps: ['train', 'steps', 'number'],
  batchSize: ['train', 'batch_size', 'number'],
  lr: ['train', 'lr', 'number'],
  warmupSteps: ['train', 'warmup_steps', 'number'],
  finalLrFraction: ['train', 'final_lr_fraction', 'number'],
  weightDecay: ['train', 'weight_decay', 'number'],
  beta1: ['train', 'beta1', 'number'],
  beta2: ['train', 'beta2', 'number'],
  adamEps: ['train', 'adam_eps', 'number'],
  clipNorm: ['train', 'clip_norm', 'number'],
  initStd: ['train', 'init_std', 'number'],
  embedInitStd: ['train', 'embed_init_std', 'number'],
  encoding: ['model', 'encoding', 'string'],
  dModel: ['model', 'd_model', 'number'],
  nHeads: ['model', 'n_heads', 'number'],
  nLayers: ['model', 'n_layers', 'number'],
  dMlp: ['model', 'd_mlp', 'number'],
  nMax: ['model', 'n_max', 'number'],
  ropeLayout: ['model', 'rope_layout', 'string'],
  ropeBase: ['model', 'rope_base', 'number'],
  t5NumBuckets: ['model', 't5_num_buckets', 'number'],
  t5MaxDistance: ['model', 't5_max_distance', 'number'],
  lnEps: ['model', 'ln_eps', 'number'],
} as const satisfies Record<keyof LabTrainOptions, readonly ['train' | 'model', string, Kind]>;

const SNAKE_TO_CAMEL = new Map<string, string>(Object.entries(OPTION_FIELDS).map(([camel, [, snake]]) => [snake, camel]));

/** A core message with the C++ field names replaced by the JS option names. */
export function jsNames(message: string): string {
  return message.replace(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g, (w) => SNAKE_TO_CAMEL.get(w) ?? w);
}

/** The defaults as JS options (from the core's default ModelConfig and TrainConfig). */
export function defaultOptions(model: LabModelConfig, train: LabTrainConfig): Required<Omit<LabTrainOptions, 'encoding'>> {
  const out: Record<string, unknown> = {};
  for (const [camel, [where, snake]] of Object.entries(OPTION_FIELDS)) {
    if (camel === 'encoding') continue;
    out[camel] = where === 'train' ? train[snake as keyof LabTrainConfig] : model[snake as keyof LabModelConfig];
  }
  return out as Required<Omit<LabTrainOptions, 'encoding'>>;
}

/** Options → the two C++ configs, every field present; throws TypeError for a wrong type. */
export function toConfigs(
  fn: string,
  o: unknown,
  defaults: { model: LabModelConfig; train: LabTrainConfig },
): { model: LabModelConfig; train: LabTrainConfig } {
  const opt = options(fn, o, Object.keys(OPTION_FIELDS), true);
  if (opt.encoding === undefined) typeError(`${fn}: encoding is required (one of none, sinusoidal, learned, t5, alibi, rope)`);
  const model: Record<string, unknown> = { ...defaults.model, vocab: 0, n_max: 0 };
  const train: Record<string, unknown> = { ...defaults.train };
  for (const [camel, [where, snake, kind]] of Object.entries(OPTION_FIELDS)) {
    const v = opt[camel];
    if (v === undefined) continue;
    if (typeof v !== kind) typeError(`${fn}: ${camel} must be a ${kind}, got ${describe(v)}`);
    (where === 'train' ? train : model)[snake] = v;
  }
  return { model: model as unknown as LabModelConfig, train: train as unknown as LabTrainConfig };
}
