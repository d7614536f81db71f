// Embedding and distribution: the elements in a plain page from one script tag, the one-file page
// from file:// with the network blocked, a Vite app that installs the packed tarball, and the page
// and elements under a strict Content-Security-Policy.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { launch, open, tableText } from './browser.js';
import { serve } from './server.js';

const repo = resolve(__dirname, '../..');
let browser: Browser;
const num = (s: string) => Number(s.replace(/\u2212/g, '-'));

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function checkElements(page: Page) {
  await page.locator('#table tr').first().waitFor();
  const rows = await tableText(page, '#table');
  expect(rows[0]).toEqual(['pos', 'sin0', 'cos0', 'sin1', 'cos1', 'sin2', 'cos2', 'sin3', 'cos3']);
  expect(num(rows[2][1])).toBeCloseTo(Math.sin(1), 4);
  expect(num(rows[2][3])).toBeCloseTo(Math.sin(0.1), 4);
  // R(2·θ0)(1, 0.5) with θ0 = 1
  const coords = await page.locator('#rope-el .coords').textContent();
  const x = Math.cos(2) - 0.5 * Math.sin(2),
    y = Math.sin(2) + 0.5 * Math.cos(2);
  expect(coords?.replace(/\u2212/g, '-')).toContain(`(${x.toFixed(3)}, ${y.toFixed(3)})`);
  expect(await page.locator('#heatmap canvas').count()).toBe(1);
  // The heatmap paints in the next frame after it renders.
  await expect.poll(() => page.locator('#t5 canvas').evaluate((c: HTMLCanvasElement) => [c.width, c.height])).toEqual([40, 40]);
  await expect
    .poll(() => page.locator('#bad .message').textContent())
    .toContain('d-model must be an even integer from 2 to 128, got "abc"');
  await page.locator('#chapter h2').waitFor();
  expect(await page.locator('#chapter h2').textContent()).toContain('旋转位置编码');
}

describe('elements from one script tag in a plain page', () => {
  it('render the core numbers, react to attribute changes, and report bad attributes inside', async () => {
    const { page, errors } = await open(browser, `${inject('origin')}/fixtures/elements.html`);
    await checkElements(page);
    await page.locator('#table').evaluate((el) => el.setAttribute('d-model', '4'));
    await expect.poll(async () => (await tableText(page, '#table'))[0].length).toBe(5);
    await page.locator('#table').evaluate((el) => el.setAttribute('positions', '"><img src=x onerror=alert(1)>'));
    await expect.poll(() => page.locator('#table .message').textContent()).toContain('positions must be an integer');
    expect(await page.locator('img').count()).toBe(0);
    await page.locator('#table').evaluate((el) => el.setAttribute('positions', '2'));
    await expect.poll(async () => (await tableText(page, '#table')).length).toBe(3);
    expect(errors).toEqual([]);
  });
});

describe('what an embedding page downloads', () => {
  // One element: the public API's wasm build alone (not the page's measurements, not the lab), no
  // chapter, no benchmark, no KaTeX: at most 150 KB gzipped in all (issue #24).
  it.each([
    ['a sinusoidal table', 'one-element.html', '#table tr'],
    ['a RoPE rotation', 'one-rotation.html', '#rotation posenc-rotation'],
  ])('%s: one wasm build, no chapter, no benchmark, at most 150 KB gzipped in all', async (_name, fixture, ready) => {
    const { page, errors, context } = await open(browser, 'about:blank');
    const fetched: string[] = [];
    page.on('requestfinished', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto(`${inject('origin')}/fixtures/${fixture}`);
    await page.locator(ready).first().waitFor();
    const scripts = fetched.filter((p) => p.startsWith('/dist/elements/'));
    expect(
      scripts.filter((p) => /posenc-[-\w]*\.wasm/.test(p)).map((p) => p.replace(/.*\/(posenc-\w+)-.*/, '$1')),
      'wasm builds fetched',
    ).toEqual([expect.stringMatching(/^posenc-(simd|scalar)$/)]);
    expect(
      scripts.filter((p) => /chapter|speed|katex/i.test(p)),
      `chapter, benchmark or KaTeX chunks among ${scripts.join(' ')}`,
    ).toEqual([]);
    const gzipped = scripts.reduce((sum, p) => sum + gzipSync(readFileSync(join(repo, p))).length, 0);
    console.log(`${fixture}: ${scripts.length} files, ${gzipped} bytes gzipped`);
    expect(gzipped).toBeLessThanOrEqual(150 * 1024);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('iframe mode', () => {
  it('embed=1 in a frame shows the chapter without chrome and posts its height to the parent', async () => {
    const { page, errors } = await open(browser, `${inject('origin')}/fixtures/iframe.html`);
    const frame = page.frameLocator('#pe');
    await frame.locator('#worked tr').first().waitFor();
    expect(await frame.locator('header').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => (window as unknown as { heights: number[] }).heights.length)).toBeGreaterThan(0);
    const heights = await page.evaluate(() => (window as unknown as { heights: number[] }).heights);
    expect(Math.max(...heights)).toBeGreaterThan(1000);
    const frameHeight = await page.locator('#pe').evaluate((el) => el.getBoundingClientRect().height);
    expect(frameHeight).toBe(heights[heights.length - 1]);
    expect(errors).toEqual([]);
  });
});

describe('dist/posenc.html', () => {
  it('opens from file:// with the network blocked, and computes', async () => {
    const context = await browser.newContext();
    const requests: string[] = [];
    await context.route('**/*', (route) => {
      const u = route.request().url();
      if (u.startsWith('file:') || u.startsWith('data:') || u.startsWith('blob:')) return route.continue();
      requests.push(u);
      return route.abort();
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`file://${join(repo, 'dist/posenc.html')}#/sinusoidal?lang=en`);
    await page.locator('#freq tr').first().waitFor();
    expect((await tableText(page, '#freq'))[1].slice(1)).toEqual(['1', '0.1', '0.01', '0.001']);
    expect(requests).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('strict Content-Security-Policy', () => {
  for (const path of ['/csp/dist/page/index.html#/rope?lang=en', '/csp/fixtures/elements.html']) {
    it(`${path} runs with no violation`, async () => {
      const { page, errors } = await open(browser, `${inject('origin')}${path}`);
      const violations: string[] = [];
      await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
      await page.evaluate(() =>
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { reportViolation: (v: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
        ),
      );
      if (path.includes('elements')) await checkElements(page);
      else {
        await page.locator('#worked tr').first().waitFor();
        expect(num((await tableText(page, '#worked'))[1][2])).toBeCloseTo(Math.cos(2) - 2 * Math.sin(2), 4);
      }
      const headerCsp = await page.evaluate(async () => (await fetch(location.href)).headers.get('content-security-policy'));
      expect(headerCsp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});

describe('a Vite app using the packed tarball', () => {
  let dir = '';
  afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('imports posenc and posenc/elements, builds with no extra config, and works in Chromium', async () => {
    dir = mkdtempSync(join(tmpdir(), 'posenc-vite-app-'));
    const quiet = { stdio: 'pipe' as const };
    execFileSync('npm', ['pack', repo, '--pack-destination', dir, '--silent'], { ...quiet, cwd: dir });
    const tarball = readdirSync(dir).find((f) => f.endsWith('.tgz'))!;
    const app = join(dir, 'app');
    mkdirSync(app);
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'vite-consumer', private: true, type: 'module' }));
    execFileSync('npm', ['install', join(dir, tarball), '--no-audit', '--no-fund', '--silent'], { ...quiet, cwd: app });
    writeFileSync(
      join(app, 'index.html'),
      `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>app</title></head>
<body><p id="out">…</p><posenc-sinusoidal-table id="table" d-model="8" positions="3" lang="en"></posenc-sinusoidal-table>
<script type="module" src="./main.js"></script><script type="module" src="./readme.js"></script></body></html>`,
    );
    writeFileSync(
      join(app, 'main.js'),
      `import { init } from 'posenc';
import 'posenc/elements';
const pe = await init();
const y = pe.applyRope(new Float32Array([1, 2, 3, 4]), { shape: [1, 4], positions: [2] });
document.getElementById('out').textContent = pe.backend + ' ' + y[0].toFixed(4);
`,
    );
    // README.md's browser example as written, with a config.json served beside the page (public/).
    const readme = readFileSync(join(repo, 'README.md'), 'utf8');
    const example = /<!-- example: browser[^\n]*\n```js\n([\s\S]*?)\n```/.exec(readme);
    expect(example, 'README.md has a browser example').not.toBeNull();
    writeFileSync(join(app, 'readme.js'), example![1]);
    const expected = [...example![1].matchAll(/\/\/ → (.*)$/gm)].map((m) => m[1].trim());
    expect(expected.length).toBeGreaterThan(0);
    mkdirSync(join(app, 'public'));
    writeFileSync(join(app, 'public/config.json'), readFileSync(join(repo, 'web/data/configs/llama-3.1-8b-instruct.json')));
    // The repository's Vite, run in the app folder: 'posenc' resolves from the app's node_modules.
    execFileSync(process.execPath, [join(repo, 'node_modules/vite/bin/vite.js'), 'build', '--base', './', '--logLevel', 'error'], {
      ...quiet,
      cwd: app,
    });
    const { server, origin } = await serve(0, { '/app/': join(app, 'dist') });
    try {
      const { page, errors, logs } = await open(browser, 'about:blank');
      const fetched: string[] = [];
      page.on('requestfinished', (r) => fetched.push(new URL(r.url()).pathname));
      await page.goto(`${origin}/app/index.html`);
      await expect.poll(() => page.locator('#out').textContent()).toBe(`wasm-simd ${(Math.cos(2) - 2 * Math.sin(2)).toFixed(4)}`);
      // init() fetches the public API's build alone (as base64 in a chunk of the app): at most 120 KB
      // gzipped, no lab (it loads on first use) and no measurements module.
      const builds = fetched.filter((f) => /\/posenc-[\w-]+\.wasm-[\w-]+\.js$/.test(f));
      expect(builds.map((f) => /posenc-([\w-]+?)\.wasm/.exec(f)![1])).toEqual(['simd']);
      const gz = gzipSync(readFileSync(join(app, 'dist', builds[0].replace(/^\/app\//, '')))).length;
      console.log(`init() fetched its wasm in ${builds[0]}: ${gz} bytes gzipped`);
      expect(gz).toBeLessThanOrEqual(120 * 1024);
      // every line the README says its example prints
      await expect.poll(() => expected.filter((line) => !logs.includes(line)), { timeout: 20_000 }).toEqual([]);
      await page.locator('#table tr').first().waitFor();
      expect(num((await tableText(page, '#table'))[2][1])).toBeCloseTo(Math.sin(1), 4);
      expect(errors).toEqual([]);
    } finally {
      server.close();
    }
  });
});
