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
    await predict.locator('button').click();
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
