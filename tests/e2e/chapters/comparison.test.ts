// Comparison (seed 000 §4, seed 004 §3): "depends on j − i only" normalised by each matrix's own
// range (a learned table's tiny values no longer pass for relative), the extrapolation cells link
// to the training chapter, T5's storage.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launch, tableText } from '../browser.js';
import { chapter, matrix, omegas, relativeSpread, reveal } from './helpers.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const COLUMNS = ['sinusoidal', 'learned', 'T5', 'RoPE'];

describe('comparison', () => {
  it('"depends on j − i only" is relative to each matrix\'s range: the learned table is the least relative, not the most', async () => {
    const { page, errors } = await chapter(browser, '#/comparison?lang=en&n=32&d=16&nmax=64');
    const rows = await page.locator('#measured tr').evaluateAll((trs) =>
      trs.map((r) => ({
        head: r.querySelector('th')?.textContent?.trim() ?? '',
        spreads: Array.from(r.querySelectorAll('td [data-spread]')).map((s) => Number(s.getAttribute('data-spread'))),
      })),
    );
    const alone = rows.find((r) => r.head.startsWith('depends on j − i only (positions alone)'))!.spreads;
    const projected = rows.find((r) => r.head.startsWith('depends on j − i only (through'))!.spreads;
    expect(alone).toHaveLength(4);
    expect(alone[1]).toBeGreaterThan(Math.max(alone[0], alone[2], alone[3]));
    expect(alone[1]).toBeGreaterThan(0.2);
    expect(alone[0]).toBeLessThan(1e-12);
    expect(alone[2]).toBe(0);
    expect(alone[3]).toBeLessThan(1e-12);
    expect(projected[0]).toBeGreaterThan(0.05);
    expect(projected[2]).toBe(0);
    expect(projected[3]).toBeLessThan(1e-12);
    // The learned Gram matrix is tiny, yet its relative spread (recomputed here) is large.
    const learned = await matrix(page, '#gallery-learned');
    expect(Math.max(...learned.flat().map(Math.abs))).toBeLessThan(0.05);
    expect(relativeSpread(learned)).toBeCloseTo(alone[1], 12);
    // Sinusoidal p_i·p_j/√d = Σ cos((j − i)ω)/√d, written out.
    const sin = await matrix(page, '#gallery-sinusoidal');
    const w = omegas(16);
    for (const [i, j] of [
      [3, 8],
      [20, 25],
      [0, 31],
    ])
      expect(sin[i][j]).toBeCloseTo(w.reduce((s, o) => s + Math.cos((j - i) * o), 0) / 4, 12);
    expect(errors).toEqual([]);
  });

  it('float64 rounding is printed as "yes (0 up to rounding)", never as "5.8 × 10⁻¹⁴ %" nor with one parenthesis inside another (issue 27, defect 8; was "yes (0 (rounding))")', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { page, errors } = await chapter(browser, `#/comparison?lang=${lang}&n=32&d=16&nmax=64`);
      const spreads = await page
        .locator('#measured td [data-spread]')
        .evaluateAll((ss) =>
          ss.map((s) => ({ v: Number(s.getAttribute('data-spread')), cell: s.parentElement?.textContent?.trim() ?? '' })),
        );
      const tiny = spreads.filter((s) => s.v < 1e-12);
      expect(tiny.length).toBeGreaterThan(0); // RoPE and sinusoidal differ from constant diagonals by rounding only
      for (const s of tiny) expect(s.cell, lang).toBe(lang === 'en' ? 'yes (0 up to rounding)' : '是（舍入误差内为 0）');
      for (const s of spreads.filter((x) => x.v >= 1e-9)) {
        const p = s.v * 100;
        const pct = p.toFixed(p >= 10 ? 0 : p >= 1 ? 1 : 2);
        expect(s.cell, lang).toBe(lang === 'en' ? `no (${pct} %)` : `否（${pct} %）`);
      }
      // RoPE keeps every vector's length up to rounding: said in words, not as 2.4 × 10⁻¹⁶
      const length = (await tableText(page, '#measured')).find((r) => r[0] === (lang === 'en' ? 'vector length' : '向量长度'))!;
      expect(length[4], lang).toBe(lang === 'en' ? 'kept (0 up to rounding)' : '不变（舍入误差内为 0）');
      const cells = (await tableText(page, '#measured')).flat();
      for (const c of cells) expect(c, lang).not.toMatch(/[(（][^()（）]*[(（]/);
      const text = await page.locator('posenc-chapter-view').evaluate((el) => {
        const walk = (n: Node): string =>
          [...n.childNodes].map((c) => (c.nodeType === 3 ? c.textContent : walk(c))).join(' ') +
          ((n as Element).shadowRoot ? walk((n as Element).shadowRoot!) : '');
        return walk(el);
      });
      expect(text).not.toMatch(/× 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+ %/);
      expect(errors).toEqual([]);
    }
  });

  it('extrapolation is "measured in the chapter Train and extrapolate", linked, never "cannot be measured"', async () => {
    const { page } = await chapter(browser, '#/comparison?lang=en');
    const links = page.locator('#measured a.lab');
    expect(await links.count()).toBe(COLUMNS.length);
    for (const a of await links.all()) {
      expect(await a.getAttribute('href')).toBe('#/lab');
      expect((await a.textContent())?.trim()).toBe('measured in the chapter Train and extrapolate');
    }
    const text = await page.locator('posenc-chapter-view').evaluate((el) => el.shadowRoot?.textContent ?? '');
    expect(text).not.toMatch(/cannot be measured/i);
    const zh = await chapter(browser, '#/comparison?lang=zh');
    expect((await zh.page.locator('#measured a.lab').first().textContent())?.trim()).toBe('在「训练与外推」一章实测');
  });

  it('a learned table has no row at n_max; the others are defined there', async () => {
    const { page } = await chapter(browser, '#/comparison?lang=en&nmax=64');
    const cells = await page.locator('#measured tr', { hasText: 'defined at position n_max = 64' }).locator('td').allTextContents();
    expect(cells.map((c) => c.trim())).toEqual(['✓', '✗', '✓', '✓']);
  });

  it('predict: T5 stores one bias per bucket, not n² (2048 tokens)', async () => {
    const { page } = await chapter(browser, '#/comparison?lang=en');
    expect((await reveal(page, 'predict-storage', 'pairs')).answer).toBe('buckets');
    const rows = await page.locator('#t5-storage tr').allTextContents();
    expect(rows.join(' ')).toContain((2048 * 2048).toLocaleString('en-US'));
    expect(rows.join(' ')).toContain((2 * 2048 - 1).toLocaleString('en-US'));
  });

  it("on a phone the table shows the first column's name, not a header right-aligned past the screen's edge", async () => {
    for (const lang of ['zh', 'en']) {
      const { page, errors, context } = await chapter(browser, `#/comparison?lang=${lang}`, { width: 360 });
      await reveal(page, 'predict-projected', 'rope');
      const table = page.locator('#measured');
      await table.scrollIntoViewIfNeeded();
      const m = await table.evaluate((el) => {
        const root = el.shadowRoot!;
        const scroll = root.querySelector('.scroll')!.getBoundingClientRect();
        const th = root.querySelectorAll('thead th')[1];
        const range = document.createRange();
        range.selectNodeContents(th);
        const text = range.getBoundingClientRect();
        return { text: th.textContent ?? '', left: text.left, right: text.right, edge: [scroll.left, scroll.right] };
      });
      expect(m.text.trim().length, lang).toBeGreaterThan(0);
      // the whole name of the first encoding is inside the visible part of the scroller
      expect(m.left, `${lang}: "${m.text}"`).toBeGreaterThanOrEqual(m.edge[0]);
      expect(m.right, `${lang}: "${m.text}"`).toBeLessThanOrEqual(m.edge[1]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
