// The Speed chapter: the recorded benchmark answers its predict question, and the live run in a
// worker shows progress, can be cancelled, and ends with results while the page keeps handling events.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import recorded from '../../../web/src/chapters/data/speed-recorded.json';
import { launch, open, tableText } from '../browser.js';

let browser: Browser;
const url = (hash = '') => `${inject('origin')}/dist/page/index.html${hash}`;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('speed', () => {
  it('the recorded table is the recorded numbers, and the predict question is answered from them', async () => {
    const { page, errors } = await open(browser, url('#/speed?lang=en'));
    await page.locator('posenc-predict#predict-speedup').waitFor();
    const rope = recorded.rows.filter((r) => r.platform === 'chromium' && r.case === 'rope [128,8,64] interleaved');
    const ms = (v: string) => rope.find((r) => r.variant === v)!.medianMs;
    const speedup = ms('js') / ms('wasm-simd');
    const band = speedup < 2 ? 'under2' : speedup <= 10 ? '2to10' : 'over10';
    const predict = page.locator('posenc-predict#predict-speedup');
    await predict.locator('input[value="under2"]').check();
    await predict.locator('button.reveal').click();
    await expect.poll(() => predict.locator('.verdict').getAttribute('data-answer')).toBe(band);
    const rows = await tableText(page, '#speed-reference');
    const row = rows.find((r) => r[0] === 'rope [128,8,64] interleaved')!;
    expect(Number(row[1])).toBeCloseTo(ms('js'), 3);
    expect(row[4]).toBe(`${speedup.toFixed(1)}×`);
    // The platform control switches the recorded numbers to Node's.
    await page.locator('select[data-param="platform"]').selectOption('node');
    const nodeJs = recorded.rows.find(
      (r) => r.platform === 'node' && r.case === 'rope [128,8,64] interleaved' && r.variant === 'js',
    )!.medianMs;
    await expect
      .poll(async () => Number((await tableText(page, '#speed-reference')).find((r) => r[0] === 'rope [128,8,64] interleaved')![1]))
      .toBeCloseTo(nodeJs, 3);
    expect(errors).toEqual([]);
  });

  it('what position costs per generated token: every scheme measured at every length, and the verdict and sentence follow the measured numbers (no timing asserted)', async () => {
    const { page, errors } = await open(browser, url('#/speed?lang=en'));
    const predict = page.locator('posenc-predict#predict-decode');
    await predict.scrollIntoViewIfNeeded();
    await predict.locator('input[value="rope"]').check();
    await predict.locator('button.reveal').click();
    const summary = page.locator('#decode-summary');
    await summary.waitFor({ timeout: 120_000 });
    const ns = JSON.parse((await summary.getAttribute('data-ns'))!) as Record<string, number[]>;
    const lengths = JSON.parse((await summary.getAttribute('data-lengths'))!) as number[];
    expect(lengths).toEqual([256, 1024, 4096, 8192]);
    for (const w of ['table', 'sinusoid', 'rope', 'alibi', 't5', 'attention']) {
      expect(ns[w], w).toHaveLength(4);
      for (const v of ns[w]) expect(v, w).toBeGreaterThan(0);
    }
    // the table shows the measured numbers
    const rows = await tableText(page, '#decode-table');
    const ropeRow = rows.find((r) => r[0].startsWith('RoPE'))!;
    expect(Number(ropeRow[1].replace(/\u2009/g, ''))).toBeCloseTo(ns.rope[0], ns.rope[0] < 10 ? 1 : 0);
    // the verdict is the one the numbers give, and one of the choices
    const r = ns.alibi[3] / ns.rope[3];
    const want = r > 1.2 ? 'alibi' : r < 1 / 1.2 ? 'rope' : 'same';
    await expect.poll(() => predict.locator('p.verdict[data-guess]').getAttribute('data-answer')).toBe(want);
    const shape = ns.rope[3] / ns.rope[0] < 2 && ns.alibi[3] / ns.alibi[0] > 4 && ns.t5[3] / ns.t5[0] > 4 ? 'expected' : 'noisy';
    expect(await summary.getAttribute('data-verdict')).toBe(shape);
    expect(await summary.textContent()).toContain(shape === 'expected' ? 'it does not grow with the context' : 'measure again');
    expect(errors).toEqual([]);
  });

  it('runs in a worker: progress, cancel, results, and the page stays responsive', async () => {
    const { page, errors } = await open(browser, url('#/speed?lang=en'));
    await page.locator('posenc-chapter-view h2').waitFor();
    await page.locator('#run').click();
    const progress = page.locator('posenc-speed-runner progress');
    await progress.waitFor();
    // The main thread keeps handling the worker's messages while it runs: the bar moves.
    const first = Number(await progress.getAttribute('value'));
    await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 60_000 }).toBeGreaterThan(first);
    await page.locator('#cancel').click();
    await expect.poll(() => page.locator('posenc-speed-runner .status').textContent()).toContain('Cancelled');
    await page.locator('#run').click();
    await page.locator('#speed-results').waitFor({ timeout: 120_000 });
    const rows = await tableText(page, '#speed-results');
    expect(rows.length).toBeGreaterThan(3);
    expect(errors).toEqual([]);
  });
});
