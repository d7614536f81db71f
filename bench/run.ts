/**
 * npm run bench: the same cases in Node, in headless Chromium and natively (g++ and clang++,
 * -O3 -march=native); prints the table and writes bench/results.json.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';

import { launch } from '../tests/e2e/browser.js';
import { serve } from '../tests/e2e/server.js';
import { runAll, type Row } from '../web/src/components/speed/bench-cases.js';
import { frameTimes, framesTable } from './frames.js';

type Platform = 'node' | 'chromium' | 'native';
type Tagged = Row & { platform: Platform };

const repo = resolve(__dirname, '..');

async function inNode(): Promise<Tagged[]> {
  const { init } = (await import(join(repo, 'dist/lib/node.js'))) as typeof import('../web/src/lib/node.js');
  const { withKernels } = (await import(join(repo, 'dist/lib/internal.js'))) as typeof import('../web/src/lib/internal.js');
  const [simd, scalar] = (await Promise.all([init(), init({ simd: false })])).map(withKernels);
  return runAll(
    { simd, scalar, now: () => performance.now(), onProgress: (d, t, l) => l && process.stderr.write(`  node ${d + 1}/${t} ${l}\n`) },
    process.env.BENCH_FILTER ?? '',
  ).map((r) => ({ ...r, platform: 'node' as const }));
}

async function inChromium(): Promise<{ rows: Tagged[]; version: string }> {
  const { server, origin } = await serve();
  const browser = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(`${origin}/dist/bench/index.html`);
    await page.waitForFunction(() => typeof window.runBench === 'function');
    process.stderr.write('  chromium: running (about a minute)\n');
    const { rows } = await page.evaluate((filter) => window.runBench(filter), process.env.BENCH_FILTER ?? '');
    return { rows: rows.map((r) => ({ ...r, platform: 'chromium' as const })), version: browser.version() };
  } finally {
    await browser.close();
    server.close();
  }
}

function native(): Tagged[] {
  const out: Tagged[] = [];
  for (const compiler of ['gcc', 'clang']) {
    const bin = join(repo, `build/bench-${compiler}/posenc_bench`);
    if (!existsSync(bin)) continue;
    process.stderr.write(`  native ${compiler}\n`);
    const text = execFileSync(bin, [compiler]).toString();
    for (const line of text.trim().split('\n')) {
      const r = JSON.parse(line);
      out.push({ ...r, nsPerElement: NaN, gbPerSecond: NaN, samples: NaN, platform: 'native' });
    }
  }
  return out;
}

/**
 * The lab's training speed: steps per second of the default experiment (default task and settings)
 * per encoding, in Node with the SIMD and the scalar wasm build, and natively (the native benchmark's
 * median step, g++ and clang++): one model of 600 steps per encoding and build, after a 100-step
 * warm-up.
 */
interface LabSpeed {
  encoding: string;
  build: string;
  stepsPerSecond: number;
}

async function labSpeed(): Promise<LabSpeed[]> {
  const { init } = (await import(join(repo, 'dist/lib/node.js'))) as typeof import('../web/src/lib/node.js');
  const out: LabSpeed[] = [];
  for (const simd of [true, false]) {
    const pe = await init({ simd });
    for (const encoding of pe.lab.encodings) {
      (await pe.lab.train({ encoding, steps: 100 })).dispose();
      const t0 = performance.now();
      const model = await pe.lab.train({ encoding, steps: 600 });
      const seconds = (performance.now() - t0) / 1000;
      model.dispose();
      out.push({ encoding, build: simd ? 'wasm SIMD (Node)' : 'wasm scalar (Node)', stepsPerSecond: 600 / seconds });
      process.stderr.write(`  lab ${simd ? 'simd' : 'scalar'} ${encoding}: ${(600 / seconds).toFixed(0)} steps/s\n`);
    }
  }
  for (const r of native().filter((x) => x.case.startsWith('lab train step'))) {
    const encoding = /\(default experiment, ([a-z0-9-]+)\)/.exec(r.case)?.[1] ?? r.case;
    out.push({ encoding, build: `native ${r.variant}`, stepsPerSecond: 1000 / r.medianMs });
  }
  return out;
}

function labTable(rows: LabSpeed[]): string {
  const builds = [...new Set(rows.map((r) => r.build))];
  const encodings = [...new Set(rows.map((r) => r.encoding))];
  const lines = ['| build | ' + encodings.join(' | ') + ' |', '| --- |' + encodings.map(() => ' ---: |').join('')];
  const sps = (b: string, e: string) => rows.find((r) => r.build === b && r.encoding === e)?.stepsPerSecond ?? NaN;
  for (const b of builds) lines.push(`| ${b} | ` + encodings.map((e) => fmt(sps(b, e), 0)).join(' | ') + ' |');
  // The bar: each encoding's model trains in at most twice the RoPE model's time.
  for (const b of builds)
    lines.push(`| ${b}: time ÷ RoPE's | ` + encodings.map((e) => fmt(sps(b, 'rope') / sps(b, e), 2)).join(' | ') + ' |');
  return lines.join('\n');
}

function fmt(v: number, d = 2) {
  return Number.isFinite(v) ? v.toFixed(d) : '–';
}

function table(rows: Tagged[]): string {
  const lines: string[] = [];
  const caseIds = [...new Set(rows.filter((r) => r.platform !== 'native').map((r) => r.case))];
  for (const platform of ['node', 'chromium'] as const) {
    lines.push(`\n### ${platform === 'node' ? 'Node' : 'Headless Chromium'}\n`);
    lines.push(
      '| case | JS ms | scalar wasm ms | SIMD wasm ms | memory pass ms | API (copies, out) ms | API (copies, in place) ms | API zero-copy ms | best native ms | SIMD vs JS | SIMD vs scalar | SIMD vs native | SIMD vs memory pass | API (out) vs JS | API (in place) vs JS | API zero-copy vs JS | SIMD ns/elem | SIMD GB/s |',
    );
    lines.push(
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    );
    for (const c of caseIds) {
      const get = (v: string) => rows.find((r) => r.platform === platform && r.case === c && r.variant === v);
      const js = get('js'),
        sc = get('wasm-scalar'),
        si = get('wasm-simd'),
        mp = get('memory-pass'),
        api = get('api-simd'),
        ip = get('api-simd-inplace'),
        zc = get('api-simd-tensor');
      if (!si) continue;
      const nat = rows.filter((r) => r.platform === 'native' && r.case === c && !r.variant.endsWith('memory-pass'));
      const best = nat.length ? Math.min(...nat.map((r) => r.medianMs)) : NaN;
      const ratio = (a: number, b: number, suffix = '×') => (Number.isFinite(a / b) ? `${fmt(a / b)}${suffix}` : '–');
      const ms = (r?: Row) => r?.medianMs ?? NaN;
      lines.push(
        `| ${c} | ${fmt(ms(js), 3)} | ${fmt(ms(sc), 3)} | ${fmt(si.medianMs, 3)} | ${fmt(ms(mp), 3)} | ${fmt(ms(api), 3)} | ${fmt(ms(ip), 3)} | ${fmt(ms(zc), 3)} | ${fmt(best, 3)} | ${ratio(ms(js), si.medianMs)} | ${ratio(ms(sc), si.medianMs)} | ${ratio(si.medianMs, best, '× slower')} | ${ratio(si.medianMs, ms(mp))} | ${ratio(ms(js), ms(api))} | ${ratio(ms(js), ms(ip))} | ${ratio(ms(js), ms(zc))} | ${fmt(si.nsPerElement, 3)} | ${fmt(si.gbPerSecond, 1)} |`,
      );
    }
  }
  const calls = rows.filter((r) => r.case.startsWith('call overhead'));
  if (calls.length) {
    lines.push('\n### Call overhead (ns per call)\n');
    lines.push('| platform | embind (no eval) | plain export | ratio |');
    lines.push('| --- | ---: | ---: | ---: |');
    for (const platform of ['node', 'chromium'] as const) {
      const e = calls.find((r) => r.platform === platform && r.variant === 'embind'),
        p = calls.find((r) => r.platform === platform && r.variant === 'plain-export');
      if (e && p)
        lines.push(`| ${platform} | ${fmt(e.nsPerElement, 0)} | ${fmt(p.nsPerElement, 0)} | ${fmt(e.nsPerElement / p.nsPerElement, 1)}× |`);
    }
  }
  return lines.join('\n');
}

/** The lab chapter's default experiment (six encodings, two workers) in headless Chromium: wall time from the click. */
async function labInChromium(): Promise<{ seconds: number; longestFrameGapMs: number }> {
  const { server, origin } = await serve();
  const browser = await launch();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${origin}/dist/page/index.html#/lab?lang=en`);
    await page.locator('#lab-train').waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { labGap: number; labLast: number };
      w.labGap = 0;
      w.labLast = performance.now();
      const tick = (t: number) => {
        w.labGap = Math.max(w.labGap, t - w.labLast);
        w.labLast = t;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.locator('#lab-train').click();
    await page.waitForFunction(
      () => {
        const app = document.querySelector('posenc-app')?.shadowRoot;
        const find = (root: ParentNode | null | undefined): Element | null => {
          if (!root) return null;
          const hit = root.querySelector('#lab-status');
          if (hit) return hit;
          for (const el of Array.from(root.querySelectorAll('*'))) {
            const inner = find(el.shadowRoot);
            if (inner) return inner;
          }
          return null;
        };
        return find(app)?.getAttribute('data-phase') === 'done';
      },
      undefined,
      { timeout: 600_000, polling: 1000 },
    );
    const seconds = Number(await page.locator('#lab-status').getAttribute('data-seconds'));
    const longestFrameGapMs = await page.evaluate(() => (window as unknown as { labGap: number }).labGap);
    return { seconds, longestFrameGapMs };
  } finally {
    await browser.close();
    server.close();
  }
}

async function main() {
  if (process.env.BENCH_LAB_ONLY) {
    console.log('### Lab: training steps per second (default experiment)\n');
    console.log(labTable(await labSpeed()));
    return;
  }
  if (process.env.BENCH_LAB_CHROMIUM_ONLY) {
    const r = await labInChromium();
    console.log(
      `The lab chapter's default experiment in headless Chromium: ${r.seconds.toFixed(1)} s; longest gap between frames ${r.longestFrameGapMs.toFixed(0)} ms`,
    );
    return;
  }
  if (process.env.BENCH_CHROMIUM_ONLY) {
    const { rows } = await inChromium();
    console.log(table([...rows, ...native()]));
    return;
  }
  if (process.env.BENCH_NODE_ONLY) {
    const rows = await inNode();
    console.log(table([...rows, ...native()]));
    return;
  }
  const started = new Date();
  process.stderr.write('[bench] Node\n');
  const node = await inNode();
  process.stderr.write('[bench] headless Chromium\n');
  const chrome = await inChromium();
  process.stderr.write('[bench] native\n');
  const nat = native();
  const rows = [...node, ...chrome.rows, ...nat];
  process.stderr.write('[bench] lab training steps per second\n');
  const lab = await labSpeed();
  process.stderr.write("[bench] the lab chapter's default experiment in headless Chromium\n");
  const labChromium = await labInChromium();
  process.stderr.write('[bench] frame times of every control (headless Chromium)\n');
  const frames = process.env.BENCH_NO_FRAMES ? [] : await frameTimes();
  const machine = {
    date: started.toISOString(),
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    chromium: chrome.version,
    compilers: [
      'g++ ' + execFileSync('g++', ['-dumpfullversion']).toString().trim(),
      execFileSync('clang++', ['--version']).toString().split('\n')[0],
    ],
    emscripten: execFileSync('emcc', ['--version'], { env: { ...process.env, NODE_PATH: '/usr/share/nodejs' } })
      .toString()
      .split('\n')[0],
  };
  writeFileSync(join(repo, 'bench/results.json'), JSON.stringify({ machine, rows, frames, lab, labChromium }, null, 2));
  console.log(
    `posenc benchmark, ${machine.date}, ${machine.cpu} (${machine.cores} cores), Node ${machine.node}, Chromium ${machine.chromium}`,
  );
  console.log(
    'Medians of repeated runs after warm-up; ratios from this one run. Native: best of g++/clang++ generic/simd at -O3 -march=native.',
  );
  console.log(table(rows));
  if (frames.length) {
    console.log('\n### Frame times: every control of every chapter, worst step first\n');
    console.log(framesTable(frames));
  }
  console.log('\n### Lab: training steps per second (default experiment)\n');
  console.log(labTable(lab));
  console.log(
    `\nThe lab chapter's default experiment in headless Chromium (six encodings, two workers): ${labChromium.seconds.toFixed(1)} s; longest gap between frames ${labChromium.longestFrameGapMs.toFixed(0)} ms`,
  );
  console.log('\nwritten: bench/results.json');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
