// The page in Chromium: every chapter loads in both languages with zero console errors, numbers are
// the core's (checked against independent values), controls move them, the language switch changes
// every text, deep links restore the view, axe finds nothing serious. Screenshots of every chapter
// in both languages, narrow and wide, land in tests/e2e/screenshots/.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { chapters } from '../../web/src/chapters/index.js';
import { axe, launch, open, screenshot, tableText } from './browser.js';

// From the registry, so a new chapter is in every check (console, overflow, axe, injections).
const CHAPTERS = chapters.map((c) => c.id);
const CJK = /[\u3400-\u9fff]/;

let browser: Browser;
const url = (hash = '') => `${inject('origin')}/dist/page/index.html${hash}`;
const num = (s: string) => Number(s.replace(/\u2212/g, '-'));

async function ready(p: Page) {
  await p.locator('posenc-chapter-view h2').waitFor();
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('every chapter', () => {
  for (const id of CHAPTERS) {
    it(`${id}: loads in both languages, narrow and wide, with zero console errors`, async () => {
      for (const lang of ['en', 'zh']) {
        for (const [name, width] of [['narrow', 360], ['wide', 1400]] as const) {
          const { page, errors, context } = await open(browser, url(`#/${id}?lang=${lang}`), { width });
          await ready(page);
          await screenshot(page, `${id}-${lang}-${name}`);
          expect(errors).toEqual([]);
          // Nothing wider than the window (360 px phones): only tables and figures may scroll inside.
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow).toBeLessThanOrEqual(1);
          await context.close();
        }
      }
    });
  }
});

describe('language', () => {
  it('English screens have no Chinese text and Chinese screens no English prose', async () => {
    for (const id of CHAPTERS) {
      const { page, context } = await open(browser, url(`#/${id}?lang=en`));
      await ready(page);
      const en = await page.locator('posenc-chapter-view').evaluate((el) =>
        Array.from(el.shadowRoot!.querySelectorAll('h2, h3, p, caption, label, summary, aside')).map((e) => e.textContent ?? ''),
      );
      for (const text of en) expect(text, `${id}: ${text}`).not.toMatch(CJK);
      await page.getByRole('button', { name: '中文' }).click();
      await expect.poll(() => page.url()).toContain('lang=zh');
      const zh = await page.locator('posenc-chapter-view').evaluate((el) =>
        Array.from(el.shadowRoot!.querySelectorAll('h2, h3, p.summary, p.prose')).map((e) => e.textContent ?? ''),
      );
      for (const text of zh) if (text.trim().length > 12) expect(text, `${id}: ${text}`).toMatch(CJK);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
      await context.close();
    }
  });

  it('defaults to Chinese for a Chinese browser and to English otherwise', async () => {
    for (const [locale, want] of [['zh-CN', 'zh-CN'], ['en-GB', 'en']]) {
      const { page, context } = await open(browser, url('#/rope'), { locale });
      await ready(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(want);
      await context.close();
    }
  });
});

describe('numbers', () => {
  it('RoPE: the worked example q = [1, 2, 3, 4], m = 2, and q′·k′ depending on n − m only', async () => {
    const { page } = await open(browser, url('#/rope?lang=en'));
    await ready(page);
    const worked = await tableText(page, '#worked');
    const want = [Math.cos(2) - 2 * Math.sin(2), Math.sin(2) + 2 * Math.cos(2), 3 * Math.cos(0.02) - 4 * Math.sin(0.02), 3 * Math.sin(0.02) + 4 * Math.cos(0.02)];
    want.forEach((v, k) => {
      expect(num(worked[k + 1][2])).toBeCloseTo(v, 4); // float64
      expect(num(worked[k + 1][3])).toBeCloseTo(v, 4); // applyRope float32
    });
    const dots = (await tableText(page, '#relative-dot')).slice(1).map((r) => r[1]);
    expect(new Set(dots).size).toBe(1);
    expect(num(await page.locator('#rope-toeplitz').textContent() ?? '1')).toBeLessThan(1e-5);
    expect(num(await page.locator('#layout-diff').textContent() ?? '1')).toBeLessThan(1e-5);
    expect(num(await page.locator('#rope2d-shift').textContent() ?? '1')).toBeLessThan(1e-5);
  });

  it('RoPE: the three-token demo of 004, recomputed independently', async () => {
    const { page } = await open(browser, url('#/rope?lang=en'));
    await ready(page);
    // Independent float64 recomputation of 004's code (F.linear = x·Wᵀ, token i turned by 10°·(i+1)).
    const tokens = [[1.0, 0.2], [0.3, 1.0], [-0.9, 0.5]];
    const lin = (x: number[], w: number[][]) => [w[0][0] * x[0] + w[0][1] * x[1], w[1][0] * x[0] + w[1][1] * x[1]];
    const turn = (v: number[], deg: number) => {
      const a = (deg * Math.PI) / 180;
      return [v[0] * Math.cos(a) - v[1] * Math.sin(a), v[0] * Math.sin(a) + v[1] * Math.cos(a)];
    };
    const q = tokens.map((t, i) => turn(lin(t, [[1.0, 0.8], [-0.8, 1.0]]), 10 * (i + 1)));
    const k = tokens.map((t, i) => turn(lin(t, [[-1.0, 0.6], [0.6, 1.0]]), 10 * (i + 1)));
    const weights = q.map((qi) => {
      const s = k.map((kj) => (qi[0] * kj[0] + qi[1] * kj[1]) / Math.SQRT2);
      const e = s.map((v) => Math.exp(v - Math.max(...s)));
      return e.map((v) => v / e.reduce((a, b) => a + b));
    });
    const shown = await tableText(page, '#demo-weights');
    weights.forEach((row, i) => row.forEach((v, j) => expect(num(shown[i + 1][j + 1])).toBeCloseTo(v, 4)));
  });

  it('relative: the sentence example and T5 buckets', async () => {
    const { page } = await open(browser, url('#/relative?lang=en'));
    await ready(page);
    const s = await tableText(page, '#sentence');
    expect(s.slice(1).map((r) => r[1])).toEqual(['+1', '+1', '+1', '+1', '+1']);
    expect(s.slice(1).map((r) => r[2].replace('\u2212', '-'))).toEqual(['+2', '-1', '-3', '+5', '-4']);
  });

  it('attention scores: the four terms add up to the total', async () => {
    const { page } = await open(browser, url('#/scores?lang=en&weights=identity'));
    await ready(page);
    expect(num((await page.locator('#sum-diff').textContent()) ?? '1')).toBeLessThan(1e-12);
    expect(num((await page.locator('#pp-toeplitz').textContent()) ?? '1')).toBeLessThan(1e-12);
  });

  it('learned: asking beyond n_max shows the error in the page', async () => {
    const { page, errors } = await open(browser, url('#/learned?lang=en&len=100&nmax=32'));
    await ready(page);
    await expect.poll(() => page.locator('#learned-status').textContent()).toContain('beyond the learned table');
    expect(errors).toEqual([]);
  });
});

describe('errata', () => {
  it('an erratum marker in a chapter links to its entry, recomputed live at the document\'s parameters', async () => {
    const { page, errors } = await open(browser, url('#/sinusoidal?lang=en'));
    await ready(page);
    await page.locator('aside[data-erratum="e004-table"] a').click();
    await expect.poll(() => page.url()).toContain('#/errata?entry=e004-table');
    const linked = page.locator('posenc-errata-list article.linked');
    await linked.waitFor();
    expect(await linked.getAttribute('data-entry')).toBe('e004-table');
    expect(await linked.getAttribute('data-agrees')).toBe('false');
    const rows = await tableText(page, 'posenc-errata-list article.linked posenc-table');
    expect(rows.find((r) => r[0] === 'entries equal to d_model = 512')?.[2]).toBe('198 / 198');
    // every erratum on the page disagrees with the computation, every confirmed entry agrees
    await page.locator('select[data-param="show"]').selectOption('all');
    const verdicts = await page.locator('posenc-errata-list article').evaluateAll((els) => els.map((e) => [e.getAttribute('data-verdict'), e.getAttribute('data-agrees')]));
    expect(verdicts.length).toBeGreaterThan(30);
    for (const [v, a] of verdicts) if (v === 'confirmed') expect(a).toBe('true');
    expect(errors).toEqual([]);
  });
});

describe('longer contexts', () => {
  it('reads real config.json files: Llama 3.1 bands 29 / 6 / 29, Qwen2.5 YaRN attention factor, bad JSON inline', async () => {
    const { page, errors } = await open(browser, url('#/contexts?lang=en'));
    await ready(page);
    const field = async (name: string) => (await tableText(page, '#config-fields')).find((r) => r[0] === name)?.[1];
    await expect.poll(() => field('pairs: unchanged / blended / divided by factor')).toBe('29 / 6 / 29');
    expect(await field('rope_theta')).toBe('500000');
    await page.locator('posenc-config-panel select').selectOption('qwen25');
    await expect.poll(() => field('attention factor')).toBe((0.1 * Math.log(4) + 1).toFixed(6));
    expect(await field('rope_type')).toBe('yarn');
    await page.locator('posenc-config-panel textarea').fill('{"hidden_size": 4096,\n "rope_theta": }');
    await expect.poll(() => page.locator('#config-error').textContent()).toContain('invalid JSON at line 2');
    await page.locator('posenc-config-panel textarea').fill('{"head_dim": 128, "rope_scaling": {"rope_type": "su", "factor": 2}}');
    await expect.poll(() => page.locator('#config-error').textContent()).toContain('rope_type must be one of');
    // The chapter's own YaRN figure at s = 8: 0.1 ln 8 + 1
    const facts = await tableText(page, '#scaling-facts');
    expect(facts.find((r) => r[0] === 'YaRN attention factor')?.[1]).toBe((0.1 * Math.log(8) + 1).toFixed(6));
    expect(errors).toEqual([]);
  });

  it('draws q₀ᵀk_Δ over the long range from the core: 2Σcos(Δθ_i), and YaRN scales it by the attention factor squared', async () => {
    const { page } = await open(browser, url('#/contexts?lang=en&kind=yarn&dim=128&ltrain=4096&ltarget=32768'));
    await ready(page);
    const svg = page.locator('posenc-plot#long-scores svg');
    const readout = page.locator('posenc-plot#long-scores .readout');
    const points = async () => [...((await readout.textContent()) ?? '').matchAll(/\(([-\d.e+]+), ([-\d.e+]+)\)/g)].map((m) => [num(m[1]), num(m[2])]);
    await svg.focus();
    await svg.press('ArrowLeft');
    const at0 = await points();
    const af = 0.1 * Math.log(32768 / 4096) + 1; // YaRN's default attention factor, float64
    expect(at0[0]).toEqual([0, 128]);
    expect(at0[1][1]).toBeCloseTo(af * af * 128, 1);
    for (let i = 0; i < 7; i++) await svg.press('ArrowRight');
    const [dx, y] = (await points())[0];
    let ref = 0;
    for (let i = 0; i < 64; i++) ref += 2 * Math.cos(dx * 10000 ** (-i / 64));
    expect(dx).toBeGreaterThan(4000);
    expect(y).toBeCloseTo(ref, 2);
  });

  it('computes the 128k-position table and shows exact last-row values', async () => {
    const { page } = await open(browser, url('#/contexts?lang=en&dim=64'));
    await ready(page);
    const last = await tableText(page, '#last-row');
    // position 131071, pair 0 (θ = 1) and pair 1 (θ = 10000^(−2/64))
    expect(num(last[1][1])).toBeCloseTo(Math.sin(131071), 5);
    expect(num(last[1][3])).toBeCloseTo(Math.sin(131071 * 10000 ** (-2 / 64)), 5);
  });
});

describe('state and behaviour', () => {
  it('deep links restore the view; back and forward work; hostile values are clamped, never HTML', async () => {
    const { page, errors } = await open(browser, url('#/rope?m=7&lang=zh'));
    await ready(page);
    expect(await page.locator('posenc-slider[data-param="m"] input[type="number"]').first().inputValue()).toBe('7');
    const worked = await tableText(page, '#worked');
    expect(num(worked[1][2])).toBeCloseTo(Math.cos(7) - 2 * Math.sin(7), 4);
    await page.goto(url('#/sinusoidal?d=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&n=1e9&base=-5&lang=en'));
    await ready(page);
    expect((await tableText(page, '#freq'))[1].slice(1)).toEqual(['1', '0.8409', '0.7071', '0.5946']);
    expect((await tableText(page, '#pe-table table')).length).toBe(33); // n clamped to its largest, 32
    expect(await page.locator('img').count()).toBe(0);
    await page.goBack();
    await expect.poll(() => page.url()).toContain('m=7');
    await ready(page);
    expect(errors).toEqual([]);
  });

  it('embed=1 hides the chrome and keeps the view', async () => {
    const { page } = await open(browser, url('#/rope?embed=1&lang=en'));
    await ready(page);
    expect(await page.locator('header').count()).toBe(0);
    expect(await page.locator('nav').count()).toBe(0);
    expect(await page.locator('#worked').count()).toBe(1);
  });

  it('has no serious or critical axe violations on any chapter (light), and in the dark theme', async () => {
    for (const id of CHAPTERS) {
      // The dark theme changes colours only: checking it on a few chapters covers its contrast.
      for (const theme of ['why', 'rope', 'errata', 'contexts'].includes(id) ? ['light', 'dark'] : ['light']) {
        const { page, context } = await open(browser, url(`#/${id}?lang=en`));
        await ready(page);
        if (theme === 'dark') await page.locator('button.theme').click();
        const v = await axe(page);
        expect(v, `${id} (${theme})`).toEqual([]);
        await context.close();
      }
    }
  });
});
