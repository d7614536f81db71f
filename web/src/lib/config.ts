/**
 * Models' config.json files: their positional scheme, and their rotary embedding as transformers
 * reads it. The text is parsed here (JSON.parse, with the position of any error), the rules of
 * reading live in config/ (rope.ts, scheme.ts, scaling.ts), and every number comes from the C++ core.
 */
import { describe, rangeError, typeError } from './checks.js';
import { parseJson } from './config/json.js';
import { isDict } from './config/dict.js';
import { readRope, type FrequencySpec } from './config/rope.js';
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
    if (spec.mropeSection) out.mrope = mropeAxes(fn, spec.mropeSection, spec.mropeInterleaved === true, spec.dim / 2);
    if (spec.sliding) {
      out.perLayerType = { sliding_attention: set(fn, spec.dim, spec.sliding), full_attention: set(fn, spec.dim, spec.main) };
      if (spec.layerTypes) out.layerTypes = spec.layerTypes;
      if (spec.slidingWindow !== undefined) out.slidingWindow = spec.slidingWindow;
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

/**
 * Which coordinate turns each frequency pair, as the model files do it (transformers, Qwen2-VL
 * apply_multimodal_rotary_pos_emb: cos/sin split into the three blocks of mrope_section; Qwen3-VL
 * apply_interleaved_mrope: height at pairs 1, 4, 7, … below 3·h, width at 2, 5, 8, … below 3·w,
 * time everywhere else).
 */
function mropeAxes(fn: string, section: [number, number, number], interleaved: boolean, pairs: number): NonNullable<RopeConfig['mrope']> {
  const [t, h, w] = section;
  const axes: (0 | 1 | 2)[] = new Array(pairs).fill(0);
  if (interleaved) {
    for (let i = 1; i < Math.min(3 * h, pairs); i += 3) axes[i] = 1;
    for (let i = 2; i < Math.min(3 * w, pairs); i += 3) axes[i] = 2;
    return { section, interleaved, axes };
  }
  if (t + h + w !== pairs) {
    rangeError(
      `${fn}: mrope_section [${section.join(', ')}] must add up to the ${pairs} rotary pairs (transformers splits cos and sin into these three blocks, and fails at the first forward pass otherwise), got ${t + h + w}`,
    );
  }
  axes.fill(1, t, t + h);
  axes.fill(2, t + h);
  return { section, interleaved, axes, ranges: { temporal: [0, t], height: [t, t + h], width: [t + h, pairs] } };
}
