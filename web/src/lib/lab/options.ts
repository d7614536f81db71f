/**
 * pe.lab's options: JS names (camelCase) ↔ the C++ fields (snake_case, docs/LAB.md). Types are
 * checked here; every range is checked by the core (validate(ModelConfig), validate(TrainConfig)),
 * whose messages name the C++ field and come back with the JS name.
 */
import { describe, options, typeError } from '../checks.js';
import type { LabModelConfig, LabTrainConfig, LabTrainOptions } from '../types.js';
import { LAB_ENCODINGS, LAB_MODEL_FIELDS, LAB_TRAIN_FIELDS } from './info.generated.js';

type Kind = 'number' | 'string';
type Camel<S extends string> = S extends `${infer A}_${infer B}` ? `${A}${Capitalize<Camel<B>>}` : S;
const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** Fields the core fills itself (the tasks' vocabulary), not options. */
const NOT_OPTIONS = new Set<string>(['vocab']);

/** JS option → [C++ config, field, type]: every field of the core's two configs, in camelCase. */
export const OPTION_FIELDS = Object.fromEntries(
  [...LAB_TRAIN_FIELDS.map((f) => ['train', f] as const), ...LAB_MODEL_FIELDS.map((f) => ['model', f] as const)]
    .filter(([, f]) => !NOT_OPTIONS.has(f.name))
    .map(([where, f]) => [camel(f.name), [where, f.name, f.kind as Kind]]),
) as unknown as Record<keyof LabTrainOptions, readonly ['train' | 'model', string, Kind]>;

// Every C++ field is a documented option of LabTrainOptions (types.ts), and every option a field:
// a field added in C++ alone, or an option typed alone, fails the type check here.
type FieldName = (typeof LAB_MODEL_FIELDS)[number]['name'] | (typeof LAB_TRAIN_FIELDS)[number]['name'];
type Options = Camel<Exclude<FieldName, 'vocab'>>;
export const OPTIONS_MATCH_FIELDS: [Options] extends [keyof LabTrainOptions]
  ? [keyof LabTrainOptions] extends [Options]
    ? true
    : never
  : never = true;

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
  if (opt.encoding === undefined) typeError(`${fn}: encoding is required (one of ${LAB_ENCODINGS.join(', ')})`);
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
