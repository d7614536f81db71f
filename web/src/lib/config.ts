/**
 * Models' config.json files: their positional scheme, and their rotary embedding as transformers
 * reads it. The text is parsed here (JSON.parse, with the position of any error), the rules of
 * reading live in config/ (rope.ts, scheme.ts, scaling.ts), and every number comes from the C++ core.
 */
import { describe, rangeError, typeError } from './checks.js';
import { parseJson } from './config/json.js';
import { isDict, own } from './config/dict.js';
import { readRope, type FrequencySpec } from './config/rope.js';
import { readScaling, type ScalingStruct } from './config/scaling.js';
import { classify, SCHEME_WORDS } from './config/scheme.js';
import type { Frequencies, PositionalScheme, RopeConfig } from './types.js';
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
    // A caller's own object (not a config.json): it must name its rope_type, in config.json's spelling.
    const read = readScaling(fn, 'scaling', scaling, [], true);
    return frequencies(fn, dim, base, read.struct, read.warnings);
  }

  /** A config object, or its JSON text. */
  function configObject(fn: string, cfg: unknown): Record<string, unknown> {
    const value = typeof cfg === 'string' ? parseJson(fn, cfg) : cfg;
    if (!isDict(value)) typeError(`${fn}: config must be a config.json object or its text, got ${describe(value)}`);
    return value;
  }

  function rope(fn: string, cfg: Record<string, unknown>): RopeConfig {
    const spec = readRope(fn, cfg);
    // Said in the config's terms, before the core would say "dim" and "base".
    const { maxDim } = w.limits;
    if (!Number.isInteger(spec.dim) || spec.dim < 2 || spec.dim > maxDim || spec.dim % 2 !== 0) {
      rangeError(
        `${fn}: the rotary dimension (head dimension ${describe(spec.headDim)} × partial_rotary_factor ${describe(spec.partialRotaryFactor)}) must be an even integer from 2 to ${maxDim}, got ${describe(spec.dim)}`,
        { argument: 'rotary dimension' },
      );
    }
    for (const f of [spec.main, spec.sliding]) {
      if (f && !(Number.isFinite(f.base) && f.base > 1))
        rangeError(`${fn}: config.rope_theta (the base) must be a finite number > 1, got ${describe(f.base)}`);
    }
    const softmaxScale = spec.mla
      ? w.unwrap<number>(fn, mod.mlaSoftmaxScale(spec.mla.qkHeadDim, spec.mla.factor, spec.mla.mscaleAllDim))
      : undefined;
    /** A complete rope for one set of frequencies (every layer's, or one layer type's). */
    const ropeOf = (f: FrequencySpec): RopeConfig => {
      const s = f.scaling;
      const main = frequencies(fn, spec.dim, f.base, s, [...spec.warnings]);
      const out: RopeConfig = {
        ...main,
        modelType: spec.modelType,
        dim: spec.dim,
        headDim: spec.headDim,
        partialRotaryFactor: spec.partialRotaryFactor,
        base: f.base,
        ropeType: s.rope_type,
        factor: s.factor,
        originalMaxPositionEmbeddings: s.original_max_position_embeddings,
        maxPositionEmbeddings: spec.maxPositionEmbeddings,
        layout: spec.layout,
        rotaryPosition: spec.rotaryPosition,
        notes: [...spec.notes],
      };
      if (s.rope_type === 'longrope') {
        // transformers switches lists on the token at position original_max (seq_len original_max + 1).
        const longFromSeqLen = s.original_max_position_embeddings + 1;
        const long = frequencies(fn, spec.dim, f.base, { ...s, seq_len: longFromSeqLen });
        out.longrope = { shortInvFreq: main.invFreq.slice(), longInvFreq: long.invFreq, longFromSeqLen };
      }
      if (spec.mropeSection) out.mrope = mropeAxes(fn, spec.mropeSection, spec.mropeInterleaved === true, spec.dim / 2);
      if (spec.mla) {
        out.qkHeadDim = spec.mla.qkHeadDim;
        out.softmaxScale = softmaxScale;
      }
      return out;
    };
    const out = ropeOf(spec.main);
    if (spec.sliding) {
      // Gemma 3: each layer type's rope is complete (usable as applyRope's rope); ropeForLayer picks one.
      const sliding = ropeOf(spec.sliding);
      const full = ropeOf(spec.main);
      if (spec.slidingWindow !== undefined) sliding.slidingWindow = spec.slidingWindow;
      out.perLayerType = { sliding_attention: sliding, full_attention: full };
      if (spec.layerTypes) out.layerTypes = spec.layerTypes;
      if (spec.slidingWindow !== undefined) out.slidingWindow = spec.slidingWindow;
    }
    return out;
  }

  /** Layer `layerIndex`'s rope: its layer type's entry of perLayerType (Gemma 3), else the rope itself. */
  function ropeForLayer(r: unknown, layerIndex: unknown): RopeConfig {
    const fn = 'ropeForLayer';
    if (!isDict(r)) typeError(`${fn}: rope must be the result of ropeFromConfig(), got ${describe(r)}`);
    if (typeof layerIndex !== 'number') typeError(`${fn}: layerIndex must be a number, got ${describe(layerIndex)}`);
    const per = r.perLayerType;
    const types = r.layerTypes;
    const layers = Array.isArray(types) ? types.length : undefined;
    if (!Number.isInteger(layerIndex) || layerIndex < 0 || (layers !== undefined && per !== undefined && layerIndex >= layers)) {
      rangeError(
        `${fn}: layerIndex must be an integer from 0${layers !== undefined && per !== undefined ? ` to ${layers - 1} (rope.layerTypes has ${layers} layers)` : ''}, got ${describe(layerIndex)}`,
      );
    }
    if (per === undefined) return r as unknown as RopeConfig;
    if (!isDict(per)) typeError(`${fn}: rope.perLayerType must be an object of ropes by layer type, got ${describe(per)}`);
    if (layers === undefined) {
      rangeError(
        `${fn}: rope.layerTypes is missing (the config gave neither layer_types nor num_hidden_layers), so layer ${layerIndex}'s type is unknown; use rope.perLayerType.sliding_attention or .full_attention`,
      );
    }
    const type = (types as unknown[])[layerIndex];
    const chosen = typeof type === 'string' ? own(per, type) : undefined;
    if (!isDict(chosen)) rangeError(`${fn}: rope.layerTypes[${layerIndex}] is ${describe(type)}, which rope.perLayerType does not hold`);
    return chosen as unknown as RopeConfig;
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
      rangeError(
        `${fn}: this model (model_type ${describe(modelType)}) has no rotary embedding: it uses ${SCHEME_WORDS[info.scheme]}. positionalScheme(config) describes any model's scheme`,
        { argument: 'config', code: 'ERR_NOT_ROTARY' },
      );
    }
    return rope(fn, c);
  }

  return { ropeFromConfig, positionalScheme, inverseFrequencies, ropeForLayer };
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
