// Hostile values through every way in: URL parameters of every chapter, attributes of every element,
// pasted JSON. Nothing may execute (no dialog), nothing may be inserted as HTML, absurd values give a
// message or are clamped, and the page keeps responding.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { chapters } from '../../web/src/chapters/index.js';
import { launch, open } from './browser.js';

// From the registry, so a new chapter is in every check (console, overflow, axe, injections).
const CHAPTERS = chapters.map((c) => c.id);
const INJECTIONS = [
  '"><img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  'javascript:alert(1)',
  '\u202e<svg onload=alert(1)>',
  '1e309',
  '１２',
  '8\u0000',
  '1000000000',
  '-1e9',
  "'; alert(1); '",
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Elements anywhere (shadow roots included) that an injection could have produced. */
async function injected(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walk = (root: Document | ShadowRoot) =>
      root.querySelectorAll('*').forEach((el) => {
        const tag = el.tagName.toLowerCase();
        if (tag === 'img' || (tag === 'script' && !el.hasAttribute('src') && el.closest('head') === null)) found.push(tag);
        if (tag === 'svg' && el.hasAttribute('onload')) found.push('svg[onload]');
        for (const a of Array.from(el.attributes)) if (/^on/i.test(a.name)) found.push(`${tag}[${a.name}]`);
        if (el.shadowRoot) walk(el.shadowRoot);
      });
    walk(document);
    return found;
  });
}

async function watched(url: string) {
  const o = await open(browser, url);
  const dialogs: string[] = [];
  o.page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return { ...o, dialogs };
}

describe('URL parameters', () => {
  for (const id of CHAPTERS) {
    it(`${id}: every parameter set to each injection string`, async () => {
      const { page, errors, dialogs, context } = await watched(`${inject('origin')}/dist/page/index.html#/${id}?lang=en`);
      await page.locator('posenc-chapter-view h2').waitFor();
      const params = await page
        .locator('posenc-chapter-view')
        .evaluate((el) => Array.from(el.shadowRoot!.querySelectorAll('[data-param]')).map((e) => e.getAttribute('data-param')!));
      for (const value of INJECTIONS) {
        const q = new URLSearchParams({ lang: value, embed: value });
        for (const p of params) q.set(p, value);
        await page.goto(`${inject('origin')}/dist/page/index.html#/${id}?${q}`);
        await page.locator('posenc-chapter-view h2').waitFor();
        expect(await injected(page), `${id} ${value}`).toEqual([]);
      }
      // An unknown chapter name made of markup is text, not HTML.
      await page.goto(`${inject('origin')}/dist/page/index.html#/${encodeURIComponent(INJECTIONS[0])}`);
      await page.locator('posenc-chapter-view h2').waitFor();
      expect(await injected(page)).toEqual([]);
      // Still responding: it answers a script call (the suite's timeout is the hang bound).
      expect(await page.evaluate(() => document.readyState)).toBe('complete');
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('element attributes', () => {
  it('every attribute of every element, set to each injection string', async () => {
    const { page, errors, dialogs } = await watched(`${inject('origin')}/fixtures/elements.html`);
    await page.locator('#table tr').first().waitFor();
    const elements: Record<string, string[]> = {
      table: ['d-model', 'positions', 'base', 'layout', 'digits', 'lang'],
      'rope-el': ['dim', 'position', 'vector', 'base', 'pair', 'lang'],
      heatmap: ['encoding', 'd-model', 'positions', 'base', 'num-buckets', 'max-distance', 'bidirectional', 'num-heads', 'head', 'lang'],
      chapter: ['name', 'lang', 'errata-href'],
    };
    for (const [id, attrs] of Object.entries(elements)) {
      for (const attr of attrs) {
        for (const value of INJECTIONS) {
          // Waits for the element to have rendered the value (and a frame to pass), not a fixed time.
          await page.locator(`#${id}`).evaluate(
            async (el, [a, v]) => {
              el.setAttribute(a, v);
              await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
              await new Promise((r) => requestAnimationFrame(() => r(null)));
            },
            [attr, value],
          );
          expect(await injected(page), `${id} ${attr}=${value}`).toEqual([]);
        }
        await page.locator(`#${id}`).evaluate((el, a) => el.removeAttribute(a), attr);
      }
    }
    // Absurd sizes are a message inside the element, not a frozen page.
    await page.locator('#table').evaluate((el) => el.setAttribute('d-model', '1000000000'));
    await expect.poll(() => page.locator('#table .message').textContent()).toContain('d-model must be an even integer from 2 to 128');
    await page.locator('#heatmap').evaluate((el) => el.setAttribute('positions', '1000000000'));
    await expect.poll(() => page.locator('#heatmap .message').textContent()).toContain('positions must be an integer');
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('pasted JSON', () => {
  it('config.json text with markup, huge numbers and deep nesting is read as text and answered with a message', async () => {
    const { page, errors, dialogs } = await watched(`${inject('origin')}/dist/page/index.html#/contexts?lang=en`);
    await page.locator('posenc-config-panel textarea').waitFor();
    const texts = [
      ...INJECTIONS,
      '{"hidden_size": "<img src=x onerror=alert(1)>", "num_attention_heads": 32}',
      '{"head_dim": 1e309}',
      '{"head_dim": 128, "rope_theta": 1e308, "rope_scaling": {"rope_type": "yarn", "factor": 1e300, "original_max_position_embeddings": 1e-300}}',
      '['.repeat(10000),
      '{"head_dim": 128, "rope_scaling": {"rope_type": "<svg onload=alert(1)>"}}',
    ];
    for (const text of texts) {
      await page.locator('posenc-config-panel textarea').fill(text);
      await page.locator('posenc-config-panel').evaluate(async (el) => {
        await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
        await new Promise((r) => requestAnimationFrame(() => r(null)));
      });
      expect(await injected(page), text.slice(0, 40)).toEqual([]);
    }
    expect(await page.locator('#config-error').textContent()).toContain('rope_type must be one of');
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });
});
