/**
 * Models' config.json files: their positional scheme, and their rotary embedding as transformers
 * reads it. The text is parsed here (JSON.parse, with the position of any error), the rules of
 * reading live in config/ (rope.ts, scheme.ts, scaling.ts), and every number comes from the C++ core.
 */
import { describe, rangeError, typeError } from './checks.js';
import { parseJson } from './config/json.js';
import { isDict, readRope, type FrequencySpec } from './config/rope.js';
import { readScaling, type ScalingStruct } from './config/scaling.js';
import { classify, SCHEME_WORDS } from './config/scheme.js';
import type { Frequencies, PositionalScheme, RopeConfig, RopeFrequencySet } from './types.js';
import type { Wasm } from './wasm.js';

export function config(w: Wasm) {
  const mod = w.mod;

  /** The C++ frequencies for one (dim, base, scaling); errors name the config field. */
  function frequencies(fn: string, dim: number, base: number, scaling: ScalingStruct, warnings: string[] = []): Frequencies {
    const f = w.unwrap<{ invFreq: Float64Array; attentionFactor: number }>(fn, mod.inverseFrequencies(dim, base, scaling));
    return { ...f, warnings };
  }

  function inverseFrequencies(fn: string, dim: number, base: number, scaling: unknown): Frequencies {
    if (scaling === undefined) return frequencies(fn, dim, base, readScaling(fn, 'scaling', {}).struct);
    if (!isDict(scaling)) typeError(`${fn}: scaling must be an object like { rope_type: 'linear', factor: 2 }, got ${describe(scaling)}`);
    const read = readScaling(fn, 'scaling', scaling);
    return frequencies(fn, dim, base, read.struct, read.warnings);
  }

  /** A config object, or its JSON text. */
  function configObject(fn: string, cfg: unknown): Record<string, unknown> {
    const value = typeof cfg === 'string' ? parseJson(fn, cfg) : cfg;
    if (!isDict(value)) typeError(`${fn}: config must be a config.json object or its text, got ${describe(value)}`);
    return value;
  }

  function set(fn: string, dim: number, f: FrequencySpec): RopeFrequencySet {
    return { ...frequencies(fn, dim, f.base, f.scaling), base: f.base, ropeType: f.scaling.rope_type, factor: f.scaling.factor };
  }

  function rope(fn: string, cfg: Record<string, unknown>): RopeConfig {
    const spec = readRope(fn, cfg);
    const s = spec.main.scaling;
    // Said in the config's terms, before the core would say "dim" and "base".
    const { maxDim } = w.limits;
    if (!Number.isInteger(spec.dim) || spec.dim < 2 || spec.dim > maxDim || spec.dim % 2 !== 0) {
      rangeError(
        `${fn}: the rotary dimension (head dimension ${describe(spec.headDim)} × partial_rotary_factor ${describe(spec.partialRotaryFactor)}) must be an even integer from 2 to ${maxDim}, got ${describe(spec.dim)}`,
      );
    }
    for (const f of [spec.main, spec.sliding]) {
      if (f && !(Number.isFinite(f.base) && f.base > 1))
        rangeError(`${fn}: config.rope_theta (the base) must be a finite number > 1, got ${describe(f.base)}`);
    }
    const main = frequencies(fn, spec.dim, spec.main.base, s, spec.warnings);
    const out: RopeConfig = {
      ...main,
      modelType: spec.modelType,
      dim: spec.dim,
      headDim: spec.headDim,
      partialRotaryFactor: spec.partialRotaryFactor,
      base: spec.main.base,
      ropeType: s.rope_type,
      factor: s.factor,
      originalMaxPositionEmbeddings: s.original_max_position_embeddings,
      maxPositionEmbeddings: spec.maxPositionEmbeddings,
      layout: spec.layout,
      rotaryPosition: spec.rotaryPosition,
      notes: spec.notes,
    };
    if (s.rope_type === 'longrope') {
      // transformers switches lists on the token at position original_max (seq_len original_max + 1).
      const longFromSeqLen = s.original_max_position_embeddings + 1;
      const long = frequencies(fn, spec.dim, spec.main.base, { ...s, seq_len: longFromSeqLen });
      out.longrope = { shortInvFreq: main.invFreq, longInvFreq: long.invFreq, longFromSeqLen };
    }
    if (spec.mropeSection) {
      const [t, h, wd] = spec.mropeSection;
      out.mrope = { section: spec.mropeSection, ranges: { temporal: [0, t], height: [t, t + h], width: [t + h, t + h + wd] } };
    }
    if (spec.sliding) {
      out.perLayerType = { sliding_attention: set(fn, spec.dim, spec.sliding), full_attention: set(fn, spec.dim, spec.main) };
      if (spec.layerTypes) out.layerTypes = spec.layerTypes;
    }
    if (spec.mla) {
      out.qkHeadDim = spec.mla.qkHeadDim;
      out.softmaxScale = w.unwrap<number>(fn, mod.mlaSoftmaxScale(spec.mla.qkHeadDim, spec.mla.factor, spec.mla.mscaleAllDim));
    }
    return out;
  }

  function positionalScheme(cfg: unknown): PositionalScheme {
    const fn = 'positionalScheme';
    const c = configObject(fn, cfg);
    const { modelType, info } = classify(fn, c);
    if (info.scheme === 'rope') return { modelType, scheme: 'rope', rope: rope(fn, c) };
    if (info.scheme === 'alibi') {
      const slopes = info.numHeads > 0 ? w.unwrap<Float64Array>(fn, mod.alibiSlopes(info.numHeads)) : new Float64Array(0);
      return { modelType, ...info, slopes };
    }
    return { modelType, ...info };
  }

  function ropeFromConfig(cfg: unknown): RopeConfig {
    const fn = 'ropeFromConfig';
    const c = configObject(fn, cfg);
    const { modelType, info } = classify(fn, c);
    if (info.scheme !== 'rope') {
      throw new RangeError(
        `${fn}: this model (model_type ${describe(modelType)}) has no rotary embedding: it uses ${SCHEME_WORDS[info.scheme]}. positionalScheme(config) describes any model's scheme`,
      );
    }
    return rope(fn, c);
  }

  return { ropeFromConfig, positionalScheme, inverseFrequencies };
}
