// What a developer does after `npm install posenc`: a plain `node -e` ESM import, and TypeScript
// type-checking against the shipped .d.ts.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const script = `
import { init } from 'posenc';
const pe = await init();
const sc = await init({ simd: false });
const out = {
  backend: pe.backend,
  scalar: sc.backend,
  sin: Array.from(pe.sinusoidal({ positions: 2, dim: 4 }).data),
  inv: Array.from(pe.inverseFrequencies({ dim: 8 }).invFreq),
  cfg: pe.ropeFromConfig({ head_dim: 64, rope_theta: 10000 }).dim,
  rope: Array.from(pe.applyRope(new Float32Array([1, 2, 3, 4]), { shape: [1, 4], positions: [2] })),
  rot: pe.rotationMatrix({ dim: 2, position: 1 }).data.length,
  t5: Array.from(pe.t5RelativeBucket([-1, 0, 1])),
  slopes: Array.from(pe.alibiSlopes(2)),
  bias: pe.alibiBias({ numHeads: 1, length: 2 }).length,
};
console.log(JSON.stringify(out));
`;

describe('consumer', () => {
  it('node -e imports posenc from the installed tarball and runs every docs/API.md function', () => {
    const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: inject('consumerDir') });
    const out = JSON.parse(stdout.toString());
    expect(out.backend).toBe('wasm-simd');
    expect(out.scalar).toBe('wasm-scalar');
    expect(out.sin[4]).toBeCloseTo(Math.sin(1), 6);
    expect(out.inv[3]).toBeCloseTo(0.001, 15);
    expect(out.cfg).toBe(64);
    expect(out.rope[0]).toBeCloseTo(Math.cos(2) - 2 * Math.sin(2), 6);
    expect(out.rot).toBe(4);
    expect(out.t5).toEqual([1, 0, 17]);
    expect(out.slopes).toEqual([2 ** -4, 2 ** -8]);
    expect(out.bias).toBe(4);
  });

  it('the shipped .d.ts type-checks a consumer program (and rejects a wrong call)', () => {
    const dir = inject('consumerDir');
    const tsc = resolve(__dirname, '../../node_modules/typescript/bin/tsc');
    writeFileSync(
      join(dir, 'ok.ts'),
      `
import { init, type Matrix, type RopeScaling } from 'posenc';
const pe = await init();
const m: Matrix<Float32Array> = pe.sinusoidal({ positions: 8, dim: 16 });
const m64: Matrix<Float64Array> = pe.sinusoidal({ positions: [0, 0.5], dim: 16, precision: 64 });
const s: RopeScaling = { rope_type: 'yarn', factor: 4, original_max_position_embeddings: 4096 };
const y: Float32Array = pe.applyRope(new Float32Array(16), { shape: [1, 16], scaling: s, layout: 'half' });
const b: Int32Array = pe.t5RelativeBucket([1, 2], { numBuckets: 32 });
const q4: Float32Array = pe.applyRope(new Float32Array(2 * 3 * 4 * 8), { shape: [2, 3, 4, 8], order: 'bshd', positions: [[0, 1, 2], [5, 6, 7]] });
const tasks: readonly string[] = pe.lab.tasks;
const core = await init({ lab: false });
const y2: Float32Array = core.applyRope(new Float32Array(8), { shape: [1, 8], pairOrder: 'transformers', onWarning: (m: string) => console.warn(m) });
console.log(m.rows, m64.cols, y.length, b.length, q4.length, tasks.length, y2.length, pe.backend satisfies 'wasm-simd' | 'wasm-scalar');
`,
    );
    writeFileSync(
      join(dir, 'bad.ts'),
      `
import { init } from 'posenc';
const pe = await init();
pe.applyRope(new Float32Array(4), { shape: [1, 4], layout: 'neox' });
`,
    );
    const flags = [
      '--noEmit',
      '--strict',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--target',
      'es2022',
      '--lib',
      'es2022,dom',
      '--skipLibCheck',
    ];
    execFileSync(process.execPath, [tsc, ...flags, 'ok.ts'], { cwd: dir, stdio: 'pipe' });
    const failure = (file: string) => {
      try {
        execFileSync(process.execPath, [tsc, ...flags, file], { cwd: dir, stdio: 'pipe' });
      } catch (e) {
        return String((e as { stdout: Buffer }).stdout);
      }
      return '';
    };
    expect(failure('bad.ts')).toMatch(/"neox".*not assignable to type 'RopeLayout/);
    // init({ lab: false }) has no lab: using it does not compile
    writeFileSync(
      join(dir, 'no-lab.ts'),
      `
import { init } from 'posenc';
const pe = await init({ lab: false });
await pe.lab.train({ encoding: 'rope' });
`,
    );
    expect(failure('no-lab.ts')).toMatch(/Property 'lab' does not exist on type 'PosencCore'/);
  });
});
