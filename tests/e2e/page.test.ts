// The page in Chromium: it loads with zero console errors, numbers are the core's, controls move
// them, the language switch changes the text, deep links restore the view, axe finds nothing
// serious. Screenshots land in tests/e2e/screenshots/ (both languages, narrow and wide).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { axe, launch, open, screenshot, tableText } from './browser.js';

let browser: Browser;
const page = (hash = '') => `${inject('origin')}/dist/page/index.html${hash}`;
const num = (s: string) => Number(s.replace('\u2212', '-'));

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('sinusoidal chapter', () => {
  it('shows the d_model = 8 frequency row 1, 0.1, 0.01, 0.001 and the seed table, computed', async () => {
    const { page: p, errors } = await open(browser, page('#/sinusoidal?lang=en'));
    await p.locator('#freq tr').first().waitFor();
    const freq = await tableText(p, '#freq');
    expect(freq[1].slice(1)).toEqual(['1', '0.1', '0.01', '0.001']);
    const sin = await tableText(p, '#sin-table posenc-table');
    // row pos = 1: sin(1), sin(0.1), sin(0.01), sin(0.001)
    expect(sin[2].slice(1).map(num)).toEqual([Math.sin(1), Math.sin(0.1), Math.sin(0.01), Math.sin(0.001)].map((v) => Number(v.toFixed(4))));
    expect(errors).toEqual([]);
  });

  it('moving d_model changes the frequency row; the URL records it; a reload keeps it', async () => {
    const { page: p, errors } = await open(browser, page('#/sinusoidal?lang=en'));
    await p.locator('#freq tr').first().waitFor();
    const box = p.locator('posenc-slider[data-param="d"] input[type="number"]');
    await box.fill('4');
    await box.press('Enter');
    await expect.poll(async () => (await tableText(p, '#freq'))[1].slice(1)).toEqual(['1', '0.01']);
    expect(p.url()).toContain('d=4');
    await p.reload();
    await p.locator('#freq tr').first().waitFor();
    expect((await tableText(p, '#freq'))[1].slice(1)).toEqual(['1', '0.01']);
    await p.goBack();
    await expect.poll(async () => (await tableText(p, '#freq'))[1].length).toBe(5);
    expect(errors).toEqual([]);
  });

  it('clamps hostile deep-link values and never inserts them as HTML', async () => {
    const { page: p, errors } = await open(browser, page('#/sinusoidal?d=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&n=1e9&base=-5&lang=en'));
    await p.locator('#freq tr').first().waitFor();
    // d falls back to its default 8, base −5 is clamped to the minimum 2: ω_i = 2^(−2i/8)
    expect((await tableText(p, '#freq'))[1].slice(1)).toEqual(['1', '0.8409', '0.7071', '0.5946']);
    // n = 1e9 is clamped to 64 rows
    expect((await tableText(p, '#pe-table posenc-table')).length).toBe(65);
    expect(await p.locator('img').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('switches language: every heading changes, formulas stay', async () => {
    const { page: p, errors } = await open(browser, page('#/sinusoidal?lang=en'));
    await p.locator('#freq tr').first().waitFor();
    const en = await p.locator('posenc-chapter-view h3').allTextContents();
    await p.getByRole('button', { name: '中文' }).click();
    await expect.poll(() => p.url()).toContain('lang=zh');
    const zh = await p.locator('posenc-chapter-view h3').allTextContents();
    expect(zh).toHaveLength(en.length);
    zh.forEach((h, i) => expect(h).not.toBe(en[i]));
    expect(await p.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(errors).toEqual([]);
  });

  it('has no serious or critical axe violations, in both themes', async () => {
    for (const theme of ['light', 'dark']) {
      const { page: p } = await open(browser, page('#/sinusoidal?lang=en'));
      await p.locator('#freq tr').first().waitFor();
      if (theme === 'dark') await p.locator('button.theme').click();
      expect(await axe(p)).toEqual([]);
    }
  });

  it('screenshots: both languages, narrow and wide', async () => {
    for (const lang of ['en', 'zh']) {
      for (const [name, width] of [['narrow', 360], ['wide', 1400]] as const) {
        const { page: p, errors } = await open(browser, page(`#/sinusoidal?lang=${lang}`), { width });
        await p.locator('#freq tr').first().waitFor();
        await screenshot(p, `sinusoidal-${lang}-${name}`);
        expect(errors).toEqual([]);
      }
    }
  });
});
