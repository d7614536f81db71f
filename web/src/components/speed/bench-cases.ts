/**
 * The benchmark cases, the same in Node, in headless Chromium and in the page's Speed chapter.
 * Each case runs the same work as: idiomatic JS (js-baselines.ts), the scalar wasm kernel, the SIMD
 * wasm kernel, and where it applies the public API call (copies included) and the memory-bound
 * pass over the same bytes. Medians of repeated samples after a warm-up.
 */
import type { PosencKernels as Posenc } from '../../lib/internal.js';
import type { WasmTensor } from '../../lib/types.js';
import { invFreqJs, ropeJs, scoresJs, sincosCacheJs, sinusoidalJs } from './js-baselines.js';

export interface Row {
  case: string;
  variant: string;
  medianMs: number;
  nsPerElement: number;
  gbPerSecond: number;
  samples: number;
}

export interface Env {
  simd: Posenc;
  scalar: Posenc;
  now: () => number;
  /** Shorter runs and smaller sizes (the in-page Speed chapter). */
  quick?: boolean;
  onProgress?: (done: number, total: number, label: string) => void;
  /** Checked between variants; true stops the run. */
  cancelled?: () => boolean;
}

type Runner = { run: () => void; done: () => void };
interface Case {
  id: string;
  elements: number;
  bytes: number;
  variants: [string, () => Runner][];
}

function fill(t: Float32Array, seed: number): Float32Array {
  let a = seed;
  for (let i = 0; i < t.length; i++) {
    a = (a * 1103515245 + 12345) >>> 0;
    t[i] = a / 2147483648 - 1;
  }
  return t;
}

function tensor(pe: Posenc, data: Float32Array): WasmTensor {
  const t = pe.tensor(data.length);
  t.view().set(data);
  return t;
}

function ropeCase(
  id: string,
  [seq, heads, hd]: [number, number, number],
  layout: 'interleaved' | 'half',
  env: Env,
  withApi: boolean,
): Case {
  const n = seq * heads * hd;
  const shape = [seq, heads, hd];
  const kernel = (pe: Posenc) => () => {
    const x = tensor(pe, fill(new Float32Array(n), 1));
    const inv = pe.kernels.float64(invFreqJs(hd));
    return { run: () => pe.kernels.ropeApply(x, x, { shape, invFreq: inv, layout }), done: () => (x.free(), inv.free()) };
  };
  const variants: [string, () => Runner][] = [
    [
      'js',
      () => {
        const x = fill(new Float32Array(n), 1);
        const inv = invFreqJs(hd);
        return { run: () => ropeJs(x, seq, heads, hd, layout, inv), done: () => {} };
      },
    ],
    ['wasm-scalar', kernel(env.scalar)],
    ['wasm-simd', kernel(env.simd)],
    [
      'memory-pass',
      () => {
        const x = tensor(env.simd, fill(new Float32Array(n), 1));
        return { run: () => env.simd.kernels.memoryPass(x, x, 1), done: () => x.free() };
      },
    ],
  ];
  if (withApi) {
    // The public call on JS arrays, copies included, writing into the caller's array (out).
    variants.push([
      'api-simd',
      () => {
        const x = fill(new Float32Array(n), 1);
        const out = new Float32Array(n);
        return { run: () => void env.simd.applyRope(x, { shape, layout, out }), done: () => {} };
      },
    ]);
    // The same call on a JS array rotated in place: the copy out lands on lines the copy in just
    // brought to cache, so main memory sees no read of a second array.
    variants.push([
      'api-simd-inplace',
      () => {
        const x = fill(new Float32Array(n), 1);
        return { run: () => void env.simd.applyRope(x, { shape, layout, inPlace: true }), done: () => {} };
      },
    ]);
    variants.push([
      'api-simd-tensor',
      () => {
        const t = tensor(env.simd, fill(new Float32Array(n), 1));
        return { run: () => void env.simd.applyRope(t, { shape, layout }), done: () => t.free() };
      },
    ]);
  }
  return { id, elements: n, bytes: n * 8, variants };
}

export function cases(env: Env): Case[] {
  const q = env.quick;
  const sin: [number, number] = q ? [1024, 512] : [4096, 512];
  const cache: [number, number] = q ? [1024, 64] : [4096, 64];
  const sc: [number, number, number] = q ? [256, 256, 128] : [512, 512, 128];
  const list: Case[] = [
    ropeCase('rope [128,8,64] interleaved', [128, 8, 64], 'interleaved', env, false),
    ropeCase('rope [128,8,64] half', [128, 8, 64], 'half', env, false),
  ];
  if (!q) {
    list.push(ropeCase('rope [4096,32,128] interleaved (64 MiB)', [4096, 32, 128], 'interleaved', env, true));
    list.push(ropeCase('rope [4096,32,128] half (64 MiB)', [4096, 32, 128], 'half', env, true));
  }
  const sinusoidal = (pe: Posenc) => () => {
    const out = pe.tensor(sin[0] * sin[1]);
    return { run: () => pe.kernels.sinusoidal(out, { count: sin[0], dim: sin[1] }), done: () => out.free() };
  };
  list.push({
    id: `sinusoidal [${sin[0]},${sin[1]}]`,
    elements: sin[0] * sin[1],
    bytes: sin[0] * sin[1] * 4,
    variants: [
      [
        'js',
        () => {
          const out = new Float32Array(sin[0] * sin[1]);
          const inv = invFreqJs(sin[1]);
          return { run: () => sinusoidalJs(out, sin[0], sin[1], inv), done: () => {} };
        },
      ],
      ['wasm-scalar', sinusoidal(env.scalar)],
      ['wasm-simd', sinusoidal(env.simd)],
      [
        'api-simd',
        // Into the caller's array, as the RoPE rows: a fresh 8 MiB result per call measures the
        // first touch of new memory (3-23 ms in Chromium, by the heap's state), not posenc.
        () => {
          const out = new Float32Array(sin[0] * sin[1]);
          return { run: () => void env.simd.sinusoidal({ positions: sin[0], dim: sin[1], out }), done: () => {} };
        },
      ],
    ],
  });
  const cacheKernel = (pe: Posenc) => () => {
    const out = pe.tensor(cache[0] * cache[1] * 2);
    return { run: () => pe.kernels.sinusoidal(out, { count: cache[0], dim: cache[1] * 2, layout: 'concat' }), done: () => out.free() };
  };
  list.push({
    id: `cos/sin cache [${cache[0]},${cache[1]} pairs]`,
    elements: cache[0] * cache[1] * 2,
    bytes: cache[0] * cache[1] * 8,
    variants: [
      [
        'js',
        () => {
          const out = new Float32Array(cache[0] * cache[1] * 2);
          const inv = invFreqJs(cache[1] * 2);
          return { run: () => sincosCacheJs(out, cache[0], inv), done: () => {} };
        },
      ],
      ['wasm-scalar', cacheKernel(env.scalar)],
      ['wasm-simd', cacheKernel(env.simd)],
    ],
  });
  const [nq, nk, d] = sc;
  const scoreKernel = (pe: Posenc) => () => {
    const qt = tensor(pe, fill(new Float32Array(nq * d), 2)),
      kt = tensor(pe, fill(new Float32Array(nk * d), 3));
    const out = pe.tensor(nq * nk);
    return { run: () => pe.kernels.scores(qt, kt, out, { queries: nq, keys: nk, dim: d }), done: () => (qt.free(), kt.free(), out.free()) };
  };
  list.push({
    id: `scores ${nq}×${nk}×${d}`,
    elements: nq * nk,
    bytes: (nq + nk) * d * 4 + nq * nk * 4,
    variants: [
      [
        'js',
        () => {
          const qv = fill(new Float32Array(nq * d), 2),
            kv = fill(new Float32Array(nk * d), 3),
            out = new Float32Array(nq * nk);
          return { run: () => scoresJs(out, qv, kv, nq, nk, d), done: () => {} };
        },
      ],
      ['wasm-scalar', scoreKernel(env.scalar)],
      ['wasm-simd', scoreKernel(env.simd)],
    ],
  });
  // Per-call cost at the boundary: an embind call (built without eval for strict CSPs) against a
  // plain export on a 16-float wasm tensor. Why tensors go through plain exports.
  const CALLS = 1000;
  list.push({
    id: `call overhead (${CALLS} calls)`,
    elements: CALLS,
    bytes: CALLS * 16 * 8,
    variants: [
      [
        'embind',
        () => ({
          run: () => {
            for (let i = 0; i < CALLS; i++) env.simd.alibiSlopes(8);
          },
          done: () => {},
        }),
      ],
      [
        'plain-export',
        () => {
          const t = env.simd.tensor(16);
          return {
            run: () => {
              for (let i = 0; i < CALLS; i++) env.simd.kernels.memoryPass(t, t, 1);
            },
            done: () => t.free(),
          };
        },
      ],
    ],
  });
  return list;
}

function median(v: number[]): number {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

/**
 * The measurement as steps: a generator that pauses (yields) after the warm-up and after each
 * sample, never inside a timed loop. measure() and runAll() run the steps straight through (Node,
 * a worker); runAllSliced() gives the event loop a turn at each pause (the page's main thread).
 */
function* measureSteps(run: () => void, now: () => number, quick = false): Generator<void, { ms: number; samples: number }> {
  const budget = quick ? 400 : 2500;
  let reps = 0;
  const t0 = now();
  do {
    run();
    reps++;
  } while (reps < 2 || (now() - t0 < 150 && reps < 10000));
  const one = (now() - t0) / reps;
  const perSample = Math.max(1, Math.ceil(10 / Math.max(one, 1e-6)));
  const count = Math.max(5, Math.min(21, Math.floor(budget / (one * perSample))));
  const times: number[] = [];
  for (let s = 0; s < count; s++) {
    yield;
    const t = now();
    for (let r = 0; r < perSample; r++) run();
    times.push((now() - t) / perSample);
  }
  return { ms: median(times), samples: count };
}

function drain<T>(steps: Generator<void, T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

export function measure(run: () => void, now: () => number, quick = false): { ms: number; samples: number } {
  return drain(measureSteps(run, now, quick));
}

/** Cases measured in all three of JS, scalar wasm and SIMD wasm (the page's comparison). */
export const isComparison = (variants: readonly string[]) => ['js', 'wasm-scalar', 'wasm-simd'].every((v) => variants.includes(v));

function* runSteps(env: Env, filter: string | ((variants: readonly string[]) => boolean)): Generator<void, Row[]> {
  const keep = typeof filter === 'string' ? (c: Case) => c.id.includes(filter) : (c: Case) => filter(c.variants.map(([v]) => v));
  const list = cases(env).filter(keep);
  const total = list.reduce((s, c) => s + c.variants.length, 0);
  const rows: Row[] = [];
  let done = 0;
  for (const c of list) {
    for (const [variant, make] of c.variants) {
      if (env.cancelled?.()) return rows;
      env.onProgress?.(done, total, `${c.id} · ${variant}`);
      const r = make();
      try {
        const { ms, samples } = yield* measureSteps(r.run, env.now, env.quick);
        rows.push({ case: c.id, variant, medianMs: ms, nsPerElement: (ms * 1e6) / c.elements, gbPerSecond: c.bytes / (ms * 1e6), samples });
      } finally {
        r.done();
      }
      done++;
      yield;
    }
  }
  env.onProgress?.(total, total, '');
  return rows;
}

/** `filter`: a substring of the case id, or a predicate on the case's variant names. */
export function runAll(env: Env, filter: string | ((variants: readonly string[]) => boolean) = ''): Row[] {
  return drain(runSteps(env, filter));
}

/**
 * runAll on the page's main thread (where no worker can start): the same measurements, with
 * `pause` awaited between samples (each about 10 ms) so the page keeps drawing and answering.
 * env.cancelled is checked at every pause (the case in hand frees its buffers).
 */
export async function runAllSliced(
  env: Env,
  filter: string | ((variants: readonly string[]) => boolean),
  pause: () => Promise<void>,
): Promise<Row[]> {
  const steps = runSteps(env, filter);
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    await pause();
    if (env.cancelled?.()) {
      steps.return([]);
      return [];
    }
  }
}

/** A case id (stable: results.json keys) in the reader's language. */
export function caseLabel(id: string, lang: 'zh' | 'en'): string {
  if (lang === 'en') return id;
  return id
    .replace(/^rope /, 'RoPE ')
    .replace(' interleaved', ' 相邻配对')
    .replace(' half', ' 前后半配对')
    .replace(/^sinusoidal /, '正弦表 ')
    .replace(/^cos\/sin cache \[(\d+),(\d+) pairs\]/, 'cos/sin 缓存 [$1 个位置，$2 对]')
    .replace(/^scores /, '注意力分数 ')
    .replace(/^call overhead \((\d+) calls\)/, '调用开销（$1 次调用）');
}
