// Every chapter at random settings within its sliders' ranges: the page renders and answers, with no
// console error. A hang detector, not a timing target: the bound is the test's timeout (seconds),
// far above any frame budget (speed is measured in `npm run bench`, bench/frames.ts).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { chapters } from '../../web/src/chapters/index.js';
import { mulberry32 } from '../js/reference.js';
import { launch, open } from './browser.js';
import { pick, specs } from './settings.js';

let browser: Browser;
const url = (hash: string) => `${inject('origin')}/dist/page/index.html${hash}`;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SETTINGS_PER_CHAPTER = 6;

describe('random in-range settings of every chapter render, and the page keeps answering', () => {
  for (const entry of chapters) {
    it(`${entry.id}: ${SETTINGS_PER_CHAPTER} random deep links`, { timeout: 180_000 }, async () => {
      const rand = mulberry32([...entry.id].reduce((a, c) => a * 31 + c.charCodeAt(0), 7));
      const { page, errors, context } = await open(browser, url(`#/${entry.id}?lang=en`));
      await page.locator('posenc-chapter-view h2').waitFor();
      const list = await specs(page);
      for (let k = 0; k < SETTINGS_PER_CHAPTER; k++) {
        const q = new URLSearchParams({ lang: k % 2 ? 'zh' : 'en' });
        for (const s of list) q.set(s.id, pick(s, rand));
        await page.goto(url(`#/${entry.id}?${q}`));
        await page.locator('posenc-chapter-view h2').waitFor({ timeout: 60_000 });
        // Answers a script call once every view has rendered (Lit's updates settle first).
        const answered = await page.locator('posenc-chapter-view').evaluate(async (el) => {
          await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
          await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
          return document.readyState;
        });
        expect(answered, q.toString()).toBe('complete');
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
