// The page in Chromium: every chapter loads in both languages with zero console errors, numbers are
// the core's (checked against independent values), controls move them, the language switch changes
// every text, deep links restore the view, axe finds nothing serious. A rewritten chapter's own
// checks live in chapters/<id>.test.ts. Screenshots of every chapter
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
        for (const [name, width] of [
          ['narrow', 360],
          ['wide', 1400],
        ] as const) {
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

describe('on a phone (360 × 740)', () => {
  it('the sticky controls fold into a bar of at most 15 % of the screen that opens on demand (issue 27, defect 9: they covered 27–36 %)', async () => {
    for (const id of CHAPTERS) {
      const { page, errors, context } = await open(browser, url(`#/${id}?lang=en`), { width: 360, height: 740 });
      await ready(page);
      const bars = page.locator('posenc-chapter-view .controls');
      const n = await bars.count();
      for (let i = 0; i < n; i++) {
        const h = (await bars.nth(i).boundingBox())?.height ?? 0;
        expect(h / 740, `${id}: controls ${i} is ${h} px`).toBeLessThanOrEqual(0.15);
      }
      if (n > 0) {
        // opened, the sliders are there and work; folded again, the bar is small again
        const bar = bars.first();
        await bar.scrollIntoViewIfNeeded();
        const toggle = bar.locator('button.controls-toggle');
        await toggle.click();
        expect(await toggle.getAttribute('aria-expanded')).toBe('true');
        const box = bar.locator('posenc-slider input[type=number], select').first();
        await expect.poll(() => box.isVisible()).toBe(true);
        await toggle.click();
        expect(((await bar.boundingBox())?.height ?? 0) / 740).toBeLessThanOrEqual(0.15);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('formulas on a phone (360 px)', () => {
  it('a display formula scrolls sideways only where one unbreakable piece is wider than the screen: its statements stack and break after relations (30 of 33 scrolled)', async () => {
    let checked = 0;
    for (const id of CHAPTERS) {
      for (const lang of ['en', 'zh']) {
        const { page, errors, context } = await open(browser, url(`#/${id}?lang=${lang}`), { width: 360, height: 740 });
        await ready(page);
        const all = page.locator('posenc-math[display]');
        const n = await all.count();
        for (let i = 0; i < n; i++) {
          const m = all.nth(i);
          await m.scrollIntoViewIfNeeded();
          await expect
            .poll(() => m.evaluate((el) => el.shadowRoot?.querySelector('span')?.className ?? ''), {
              message: `${id} ${lang} formula ${i}`,
            })
            .toMatch(/formula|error/);
          const f = await m.evaluate((el) => {
            const root = el.shadowRoot!;
            const widest = Math.max(0, ...[...root.querySelectorAll('.katex-html > .base')].map((b) => b.getBoundingClientRect().width));
            return {
              tex: (el as unknown as { tex: string }).tex,
              error: root.querySelector('.error') !== null,
              scrolls: el.scrollWidth > el.clientWidth + 1,
              tooWide: widest > el.clientWidth + 1,
            };
          });
          expect(f.error, `${id} ${lang}: ${f.tex}`).toBe(false);
          if (f.scrolls) expect(f.tooWide, `${id} ${lang} scrolls though every piece fits: ${f.tex}`).toBe(true);
          checked++;
        }
        expect(errors).toEqual([]);
        await context.close();
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe('language', () => {
  it('English screens have no Chinese text and Chinese screens no English prose', async () => {
    for (const id of CHAPTERS) {
      const { page, context } = await open(browser, url(`#/${id}?lang=en`));
      await ready(page);
      const en = await page
        .locator('posenc-chapter-view')
        .evaluate((el) =>
          Array.from(el.shadowRoot!.querySelectorAll('h2, h3, p, caption, label, summary, aside')).map((e) => e.textContent ?? ''),
        );
      for (const text of en) expect(text, `${id}: ${text}`).not.toMatch(CJK);
      await page.getByRole('button', { name: '中文' }).click();
      await expect.poll(() => page.url()).toContain('lang=zh');
      const zh = await page
        .locator('posenc-chapter-view')
        .evaluate((el) => Array.from(el.shadowRoot!.querySelectorAll('h2, h3, p.summary, p.prose')).map((e) => e.textContent ?? ''));
      for (const text of zh) if (text.trim().length > 12) expect(text, `${id}: ${text}`).toMatch(CJK);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
      await context.close();
    }
  });

  it('defaults to Chinese for a Chinese browser and to English otherwise', async () => {
    for (const [locale, want] of [
      ['zh-CN', 'zh-CN'],
      ['en-GB', 'en'],
    ]) {
      const { page, context } = await open(browser, url('#/rope'), { locale });
      await ready(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(want);
      await context.close();
    }
  });
});

describe('numbers', () => {
  it("learned: asking beyond n_max says so in the reader's language, the core's refusal kept beside it", async () => {
    for (const [lang, said] of [
      ['en', 'position 32 has no row in the table (it has rows 0 to 31)'],
      ['zh', '位置 32 在表里没有行（表只有第 0 到 31 行）'],
    ] as const) {
      const { page, errors } = await open(browser, url(`#/learned?lang=${lang}&len=100&nmax=32`));
      await ready(page);
      const status = page.locator('#learned-status');
      await expect.poll(() => status.textContent()).toContain(said);
      // the core's own message, in English, is data for a developer, not text on a zh page
      expect(await status.locator('[data-refusal]').getAttribute('data-refusal')).toContain('beyond the learned table');
      expect(await status.locator('code').count()).toBe(0);
      expect(errors).toEqual([]);
    }
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
    // the hash change keeps the old chapter's heading until the new one renders: wait for the table itself
    await expect.poll(async () => (await tableText(page, '#freq'))[1]?.slice(1)).toEqual(['1', '0.8409', '0.7071', '0.5946']);
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
