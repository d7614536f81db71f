// Real models' config.json files (web/data/configs, sources in manifest.json) through the installed
// package, against two independent references: golden values computed by transformers' own rope
// functions in float64 (tests/hf/golden.json; transformers version named there) and a TypeScript
// transliteration of the same functions written from the transformers source (tests/hf/rope-reference.ts).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import type { Posenc, RopeConfig } from '../../web/src/lib/types.js';
import { referenceRope } from '../hf/rope-reference.js';
import { loadPosenc } from './load-posenc.js';

const hf = resolve(__dirname, '../hf');
const golden = JSON.parse(readFileSync(join(hf, 'golden.json'), 'utf8'));
const configOf = (file: string) => JSON.parse(readFileSync(join(hf, '../../web/data/configs', file), 'utf8'));

let pe: Posenc;
beforeAll(async () => {
  pe = await loadPosenc();
});

function expectClose(got: ArrayLike<number>, want: number[], what: string) {
  expect(got.length, what).toBe(want.length);
  for (let i = 0; i < want.length; i++) {
    const rel = Math.abs(got[i] - want[i]) / Math.max(Math.abs(want[i]), 1e-300);
    expect(rel, `${what}[${i}]: ${got[i]} vs ${want[i]}`).toBeLessThanOrEqual(1e-12);
  }
}

function expectRope(r: RopeConfig, g: Record<string, any>, file: string) {
  expect(r.headDim, `${file} head dim`).toBe(g.head_dim);
  expect(r.layout, `${file} layout`).toBe(g.layout);
  expect(r.rotaryPosition, `${file} rotary position`).toBe(g.rotary_position);
  // null: the config leaves it to its class (posenc fills the class default; the reference does not).
  if (g.max_position_embeddings !== null) expect(r.maxPositionEmbeddings, `${file} max positions`).toBe(g.max_position_embeddings);
  if (g.per_layer_type) {
    // Gemma 3: both bases, each with its own frequencies; the main fields are the global layers'.
    const pl = r.perLayerType!;
    for (const t of ['sliding_attention', 'full_attention'] as const) {
      expect(pl[t].base, `${file} ${t} base`).toBe(g.per_layer_type[t].base);
      expect(pl[t].ropeType, `${file} ${t} rope_type`).toBe(g.per_layer_type[t].rope_type);
      expectClose(pl[t].invFreq, g.per_layer_type[t].inv_freq, `${file} ${t} inv_freq`);
      expect(pl[t].attentionFactor).toBeCloseTo(g.per_layer_type[t].attention_factor, 14);
    }
    expect(r.layerTypes).toEqual(g.layer_types);
    expect(r.dim).toBe(g.rotary_dim);
    // How far back the local layers attend, as the file says (the card reads their pairs against it).
    const raw = configOf(file.replace(/ \(.*\)$/, ''));
    expect(r.slidingWindow, `${file} sliding window`).toBe((raw.text_config ?? raw).sliding_window);
    return;
  }
  expect(r.dim, `${file} rotary dim`).toBe(g.rotary_dim);
  expect(r.base, `${file} base`).toBe(g.base);
  expect(r.ropeType, `${file} rope_type`).toBe(g.rope_type);
  expect(r.partialRotaryFactor, `${file} partial`).toBeCloseTo(g.partial_rotary_factor, 15);
  expectClose(r.invFreq, g.inv_freq, `${file} inv_freq`);
  expect(Math.abs(r.attentionFactor - g.attention_factor) / g.attention_factor, `${file} attention factor`).toBeLessThanOrEqual(1e-12);
  if (g.original_max_position_embeddings !== undefined) expect(r.originalMaxPositionEmbeddings).toBe(g.original_max_position_embeddings);
  if (g.inv_freq_long) {
    expectClose(r.longrope!.shortInvFreq, g.inv_freq_short, `${file} short`);
    expectClose(r.longrope!.longInvFreq, g.inv_freq_long, `${file} long`);
    expect(r.longrope!.longFromSeqLen).toBe(g.long_from_seq_len);
  }
  if (g.mrope_section) {
    expect(r.mrope!.section).toEqual(g.mrope_section);
    expect(r.mrope!.ranges).toEqual(g.mrope_frequency_ranges);
    if (g.mrope_axes) expect(r.mrope!.axes, `${file} mrope axes`).toEqual(g.mrope_axes);
  }
  if (g.softmax_scale !== undefined) {
    expect(Math.abs(r.softmaxScale! - g.softmax_scale) / g.softmax_scale).toBeLessThanOrEqual(1e-12);
    expect(r.qkHeadDim).toBe(g.qk_head_dim);
  }
  // transformers' own warnings, in its words (posenc's notes are separate).
  expect(r.warnings, `${file} warnings`).toEqual(g.warnings);
}

describe("every bundled real config gives transformers' numbers", () => {
  const files = Object.keys(golden.configs);
  it('bundles at least 20 real configs, RoPE and not', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(files.filter((f) => golden.configs[f].scheme !== 'rope').length).toBeGreaterThanOrEqual(3);
  });
  for (const file of files) {
    const g = golden.configs[file];
    it(`${file} (${g.model_id})`, () => {
      const config = configOf(file);
      const scheme = pe.positionalScheme(config);
      if (g.scheme === 'rope') {
        expect(scheme.scheme).toBe('rope');
        const r = pe.ropeFromConfig(config);
        expectRope(r, g.rope, file);
        // The same from the pasted text, and through positionalScheme.
        expectRope(pe.ropeFromConfig(JSON.stringify(config, null, 2)), g.rope, `${file} (text)`);
        if (scheme.scheme === 'rope') expectRope(scheme.rope, g.rope, `${file} (scheme)`);
        // The independent TypeScript transliteration agrees too.
        const t = referenceRope(config) as Record<string, any>;
        if (!g.rope.per_layer_type) expectClose(r.invFreq, t.inv_freq, `${file} vs transliteration`);
      } else {
        const want = {
          learned_absolute: 'learned',
          relative_buckets: 'relative-buckets',
          alibi: 'alibi',
          sinusoidal: 'sinusoidal',
          none: 'none',
        }[g.scheme as string];
        expect(scheme.scheme).toBe(want);
        if (scheme.scheme === 'learned') {
          expect(scheme.maxPositions).toBe(g.parameters.max_positions);
          expect(scheme.offset).toBe(g.parameters.offset);
        }
        if (scheme.scheme === 'alibi') {
          expect(scheme.numHeads).toBe(g.parameters.num_heads);
          expect(scheme.maxBias).toBe(g.parameters.max_bias);
          expectClose(scheme.slopes, g.parameters.slopes, `${file} slopes`);
        }
        if (scheme.scheme === 'relative-buckets') {
          expect(scheme.numBuckets).toBe(g.parameters.num_buckets);
          expect(scheme.maxDistance).toBe(g.parameters.max_distance);
          expect(scheme.numHeads).toBe(g.parameters.num_heads);
        }
        expect(() => pe.ropeFromConfig(config)).toThrow(RangeError);
        expect(() => pe.ropeFromConfig(config)).toThrow(/has no rotary embedding.*positionalScheme\(config\)/);
      }
    });
  }
});

describe("transformers' errors and warnings", () => {
  const base = configOf('llama-3.1-8b-instruct.json');
  const patched = (patch: Record<string, unknown>) => ({ ...structuredClone(base), ...structuredClone(patch) });
  for (const c of golden.error_cases) {
    it(`refuses: ${c.name}`, () => {
      const missing = /\{'(\w+)'\}/.exec(c.error.message)?.[1];
      let thrown: unknown;
      try {
        pe.ropeFromConfig(patched(c.config_patch));
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(RangeError);
      const msg = (thrown as Error).message;
      if (c.error.message.startsWith('Missing required keys')) {
        expect(msg).toContain(`.${missing} is required for rope_type`);
        expect(msg).toContain(c.error.message);
      } else {
        expect(msg).toMatch(/rope_type must be one of default, linear, dynamic, yarn, llama3, longrope; got 'xpos'/);
      }
    });
  }
  for (const c of golden.warning_cases) {
    it(`warns, never errs: ${c.name}`, () => {
      const r = pe.ropeFromConfig(patched(c.config_patch));
      expect(r.warnings).toEqual(c.result.warnings);
      expectClose(r.invFreq, c.result.inv_freq, c.name);
    });
  }
  it('an unknown key in an inverseFrequencies scaling object is a warning too', () => {
    const f = pe.inverseFrequencies({ dim: 8, scaling: { rope_type: 'linear', factor: 2, finetuned: true } as never });
    expect(f.warnings).toEqual(["Unrecognized keys in `rope_parameters` for 'rope_type'='linear': {'finetuned'}"]);
    expect(f.invFreq[1]).toBeCloseTo(0.05, 15);
  });
  it('pasted text that is not JSON says where', () => {
    expect(() => pe.ropeFromConfig('{"hidden_size": 4096,\n "rope_theta": }')).toThrow(/invalid JSON at line 2, column 16/);
    expect(() => pe.ropeFromConfig('{"a": [1, 2')).toThrow(/invalid JSON at line 1, column 12: the text ends too early/);
  });
});

describe('M-RoPE: which coordinate turns each pair, as the Qwen model files assign them', () => {
  // Shaped like Qwen3-VL-8B-Instruct's text_config (not a bundled file): mrope_interleaved puts
  // height and width on every third pair instead of a block each.
  const qwen3vl = {
    model_type: 'qwen3_vl',
    text_config: {
      model_type: 'qwen3_vl_text',
      hidden_size: 4096,
      num_attention_heads: 32,
      head_dim: 128,
      max_position_embeddings: 262144,
      rope_theta: 5000000,
      rope_scaling: { mrope_interleaved: true, mrope_section: [24, 20, 20], rope_type: 'default' },
    },
  };
  it('interleaved (Qwen3-VL): the reference transliteration and posenc agree, and the counts match the section', () => {
    const r = pe.ropeFromConfig(qwen3vl);
    const g = referenceRope(qwen3vl);
    expect(r.mrope!.interleaved).toBe(true);
    expect(r.mrope!.ranges).toBeUndefined();
    expect(r.mrope!.axes).toEqual(g.mrope_axes);
    expect(r.warnings).toEqual(g.warnings);
    expectClose(r.invFreq, g.inv_freq as number[], 'qwen3-vl inv_freq');
    const count = (a: number) => r.mrope!.axes.filter((x) => x === a).length;
    expect([count(0), count(1), count(2)]).toEqual([24, 20, 20]);
    expect(r.mrope!.axes.slice(0, 7)).toEqual([0, 1, 2, 0, 1, 2, 0]);
  });
  it('block layout (Qwen2.5-VL): a section that does not add up to the pairs is refused, as transformers fails at its first forward pass', () => {
    const c = structuredClone(configOf('qwen2.5-vl-7b-instruct.json'));
    c.rope_scaling.mrope_section = [16, 24, 20];
    expect(() => referenceRope(c)).toThrow(/split_with_sizes/);
    expect(() => pe.ropeFromConfig(c)).toThrow(/mrope_section \[16, 24, 20\] must add up to the 64 rotary pairs/);
  });
});
