// The C++/JS boundary (docs/DESIGN.md, "The boundary" and "An encoding is a unit"): the generated
// TypeScript on disk is exactly what the built modules declare now, and the one generic wrapper of
// the page's measurements checks every function's arguments the same way.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

import type { PosencFull } from '../../web/src/lib/internal.js';
import { loadInternal } from './load-internal.js';
// @ts-expect-error: a plain .mjs script without types
import { render } from '../../scripts/gen-types.mjs';

const repo = resolve(__dirname, '../..');
const instantiate = async (name: string) => {
  const glue = (await import(pathToFileURL(resolve(repo, `dist/lib/wasm/posenc-${name}.mjs`)).href)).default;
  return glue({ wasmBinary: readFileSync(resolve(repo, `dist/lib/wasm/posenc-${name}.wasm`)) });
};

let pe: PosencFull;
beforeAll(async () => {
  pe = await loadInternal();
});

describe('the generated TypeScript', () => {
  it('every generated file is what the built modules declare (a C++ rename cannot leave one stale)', async () => {
    const files = (await render(resolve(repo, 'dist/lib/wasm'))) as Record<string, string>;
    expect(Object.keys(files).sort()).toEqual([
      'web/src/lib/analysis/types.generated.ts',
      'web/src/lib/lab/info.generated.ts',
      'web/src/lib/limits.generated.ts',
    ]);
    for (const [file, text] of Object.entries(files)) expect(readFileSync(resolve(repo, file), 'utf8'), file).toBe(text);
  });
});

describe('the analysis boundary', () => {
  it('every declared function is on analysis, and results carry the declared fields', async () => {
    const spec = (await instantiate('analysis')).analysisSpec();
    expect(spec.functions.length).toBeGreaterThan(80);
    for (const f of spec.functions as { name: string }[])
      expect(typeof (pe.analysis as unknown as Record<string, unknown>)[f.name], f.name).toBe('function');
    const body = (spec.interfaces as { name: string; body: string }[]).find((i) => i.name === 'ModulationSplit')!.body;
    const keys = [...body.matchAll(/^\s*(\w+)\??:/gm)].map((m) => m[1]);
    expect(Object.keys(pe.analysis.modulationSplit({ seed: 1, delta: 3 })).sort()).toEqual(keys.sort());
  });

  it('fills defaults, refuses unknown options and wrong types, names the argument', () => {
    const a = pe.analysis;
    // defaults from the declaration: m = 0, span = 60, positions = 64
    expect(a.modulationCurves({ phi: 0, omega: 0.1, delta: 0 }).deltas.length).toBe(121);
    expect(() => a.modulationCurves({ phi: 0, omega: 0.1, delta: 0, spam: 1 } as never)).toThrow(
      /analysis\.modulationCurves: unknown option 'spam'/,
    );
    expect(() => a.modulationCurves({ phi: '0', omega: 0.1, delta: 0 } as never)).toThrow(TypeError);
    expect(() => a.modulationCurves({ omega: 0.1, delta: 0 } as never)).toThrow(/phi must be a number, got undefined/);
    // enums by name, booleans, optional matrices, positional arguments
    expect(() => a.ropeRotate({ x: [1, 0], position: 1, invFreq: [1], layout: 'sideways' as never })).toThrow(
      /layout must be one of 'interleaved', 'half'/,
    );
    expect(() => a.causalView({ n: 4, dim: 4, seed: 1, causal: 1 as never })).toThrow(/causal must be a boolean/);
    const m = { rows: 2, cols: 2, data: [1, 2, 3, 4] };
    expect(Array.from(a.matmul(m, m).data)).toEqual([7, 10, 15, 22]);
    expect(a.pca(m).coords.cols).toBe(2);
    expect(() => a.pca(m, 3)).toThrow(/components must be from 1 to 2, got 3/);
    // a range the core refuses comes back as a RangeError naming the argument; the next call works
    expect(() => a.modulationCurves({ phi: 0, omega: 0.1, delta: 0, span: 0 })).toThrow(
      /analysis\.modulationCurves: span must be an integer from 1 to 4096, got 0/,
    );
    expect(a.modulationCurves({ phi: 0, omega: 0.1, delta: 0, span: 2 }).deltas.length).toBe(5);
  });
});

describe("the lab's one list of encodings", () => {
  it("the generated list is the lab module's, unit by unit", async () => {
    const { LAB_ENCODINGS } = await import('../../web/src/lib/lab/info.generated.js');
    const info = (await instantiate('lab-scalar')).labInfo();
    expect(info.units.map((u: { name: string }) => u.name)).toEqual(info.encodings);
    expect([...LAB_ENCODINGS]).toEqual(info.encodings);
  });
});
