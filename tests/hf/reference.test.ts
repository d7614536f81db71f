// The TypeScript transliteration (rope-reference.ts) against golden.json (rope_reference.py,
// float64 evaluations of transformers' formulas) on every bundled real config, to a relative
// error of at most 1e-12; the error and warning messages must match exactly.
// Plain TS, no posenc import. Run: npx vitest run tests/hf/reference.test.ts --root .
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { referenceRope, referenceScheme, RopeKeyError } from './rope-reference';

const here = dirname(fileURLToPath(import.meta.url));
const golden = JSON.parse(readFileSync(join(here, 'golden.json'), 'utf8'));
const manifest = JSON.parse(readFileSync(join(here, '../../web/data/configs', 'manifest.json'), 'utf8'));
const load = (f: string) => JSON.parse(readFileSync(join(here, '../../web/data/configs', f), 'utf8'));
const TOL = 1e-12;

/** Every field of `expected` must be in `actual`: numbers to TOL (relative), the rest equal. */
function compare(actual: unknown, expected: unknown, path: string, errors: string[]): void {
  if (typeof expected === 'number') {
    if (typeof actual !== 'number') {
      errors.push(`${path}: expected number ${expected}, got ${JSON.stringify(actual)}`);
      return;
    }
    const err = expected === 0 ? Math.abs(actual) : Math.abs(actual - expected) / Math.abs(expected);
    if (!(err <= TOL)) errors.push(`${path}: ${actual} vs ${expected} (rel ${err})`);
    return;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      errors.push(`${path}: expected array of ${expected.length}, got ${JSON.stringify(actual)?.slice(0, 80)}`);
      return;
    }
    expected.forEach((e, i) => compare(actual[i], e, `${path}[${i}]`, errors));
    return;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') {
      errors.push(`${path}: expected object, got ${JSON.stringify(actual)}`);
      return;
    }
    for (const [k, v] of Object.entries(expected)) compare((actual as Record<string, unknown>)[k], v, `${path}.${k}`, errors);
    return;
  }
  if (typeof expected === 'string' && typeof actual === 'string') {
    // JSON.parse cannot tell 4.0 from 4, which Python prints differently inside a message
    // ("factor = 4.0"); the numbers are compared as numbers, so "4.0" and "4" are the same text here.
    const norm = (s: string) => s.replace(/(\d)\.0(?!\d)/g, '$1');
    if (norm(actual) !== norm(expected)) errors.push(`${path}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`);
    return;
  }
  // Python None (JSON null) is the transliteration's undefined: a key the config leaves out.
  if (actual !== expected && !(expected === null && actual === undefined))
    errors.push(`${path}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}`);
}

describe('tests/hf: TS transliteration vs golden.json', () => {
  it('golden.json covers every config in the manifest and names the transformers source', () => {
    const files = manifest.configs.map((e: { file: string }) => e.file).sort();
    expect(Object.keys(golden.configs).sort()).toEqual(files);
    expect(golden.transformers.modeling_rope_utils).toMatch(/transformers/);
    expect(files.length).toBeGreaterThanOrEqual(16);
  });

  for (const entry of manifest.configs as { file: string; model_id: string }[]) {
    it(`${entry.file} (${entry.model_id})`, () => {
      const cfg = load(entry.file);
      const g = golden.configs[entry.file];
      const scheme = referenceScheme(cfg);
      expect(scheme.scheme).toBe(g.scheme);
      const errors: string[] = [];
      if (g.scheme === 'rope') {
        compare(referenceRope(cfg), g.rope, entry.file, errors);
      } else {
        compare(scheme, g.parameters, entry.file, errors);
        expect(() => referenceRope(cfg)).toThrow(g.rope_error);
        expect(g.rope_error).toMatch(/has no rotary embedding/);
        expect(g.rope_error).toMatch(/positionalScheme/);
      }
      expect(errors).toEqual([]);
    });
  }

  const base = load('llama-3.1-8b-instruct.json');
  const patched = (patch: Record<string, unknown>) => {
    const cfg = { ...structuredClone(base), ...structuredClone(patch) };
    if (cfg.rope_scaling === null) delete cfg.rope_scaling;
    return cfg;
  };

  for (const c of golden.error_cases) {
    it(`error: ${c.name}`, () => {
      let thrown: unknown;
      try {
        referenceRope(patched(c.config_patch));
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(RopeKeyError);
      expect((thrown as RopeKeyError).name).toBe(c.error.type);
      expect((thrown as RopeKeyError).message).toBe(c.error.message);
      expect((thrown as RopeKeyError).warnings).toEqual(c.warnings);
    });
  }

  for (const c of golden.warning_cases) {
    it(`warning/corner: ${c.name}`, () => {
      const errors: string[] = [];
      compare(referenceRope(patched(c.config_patch)), c.result, c.name, errors);
      expect(errors).toEqual([]);
    });
  }
});
