// Attention scores (seed 001 §6.1.3, seed 003 §2): the four terms, one colour scale, the position
// term's diagonals, the causal mask. Numbers are read from the page and checked against float64
// recomputations written here.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launch } from '../browser.js';
import { chapter, matrix, omegas, relativeSpread, reveal, series, setParam, value } from './helpers.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const TERMS = ['cc', 'cp', 'pc', 'pp', 'total'];

describe('scores', () => {
  it('pointing at a term of the four-term formula lights its heatmap and dims the others: mouse, keyboard, tap', async () => {
    const { page, errors } = await chapter(browser, '#/scores?lang=en&n=8&d=8');
    const math = page.locator('#sec-four-terms posenc-math[display]').first();
    const shown = () =>
      page
        .locator('posenc-four-terms posenc-heatmap-view')
        .evaluateAll((els) =>
          Object.fromEntries(els.map((e) => [e.id, e.hasAttribute('data-lit') ? 'lit' : e.hasAttribute('data-dim') ? 'dim' : '-'])),
        );
    const only = (id: string) => Object.fromEntries(TERMS.map((t) => [t, t === id ? 'lit' : 'dim']));
    const none = Object.fromEntries(TERMS.map((t) => [t, '-']));
    expect(await shown()).toEqual(none);
    // the mouse on the content–position term of the formula
    await math.locator('.formula .katex-html [data-term="cp"]').hover();
    await expect.poll(shown).toEqual(only('cp'));
    expect(await math.locator('.formula .katex-html [data-term="cp"]').evaluate((e) => e.classList.contains('lit'))).toBe(true);
    await page.mouse.move(1, 1);
    await expect.poll(shown).toEqual(none);
    // the keyboard: the term's button under the formula
    await math.locator('button[data-term-button="pp"]').focus();
    await expect.poll(shown).toEqual(only('pp'));
    await math.locator('button[data-term-button="pp"]').blur();
    await expect.poll(shown).toEqual(none);
    // a tap pins a term until the next tap on it
    await math.locator('.formula .katex-html [data-term="cc"]').click();
    await page.mouse.move(1, 1);
    await expect.poll(shown).toEqual(only('cc'));
    expect(await math.locator('button[data-term-button="cc"]').getAttribute('aria-pressed')).toBe('true');
    await math.locator('.formula .katex-html [data-term="cc"]').click();
    await page.mouse.move(1, 1);
    await expect.poll(shown).toEqual(none);
    // a new setting redraws the heatmaps; the pinned term stays lit on them
    await math.locator('button[data-term-button="pc"]').click();
    await setParam(page, 'n', 10);
    await expect.poll(() => matrix(page, 'posenc-four-terms #pc').then((m) => m.length)).toBe(10);
    await page.mouse.move(1, 1);
    await expect.poll(shown).toEqual(only('pc'));
    expect(errors).toEqual([]);
  });

  it('the four terms add up to the total (read back and summed here), and W = I makes the position term a function of j − i', async () => {
    const { page, errors } = await chapter(browser, '#/scores?lang=en&weights=identity&n=12&d=8');
    const m = await Promise.all(TERMS.map((t) => matrix(page, `posenc-four-terms #${t}`)));
    let worst = 0;
    for (let i = 0; i < 12; i++)
      for (let j = 0; j < 12; j++) worst = Math.max(worst, Math.abs(m[0][i][j] + m[1][i][j] + m[2][i][j] + m[3][i][j] - m[4][i][j]));
    expect(worst).toBeLessThan(1e-12);
    expect(await value(page, '#sum-diff')).toBeLessThan(1e-12);
    // With W = I the position–position term is p_i·p_j/√d = Σ cos((j − i)ω)/√d.
    const w = omegas(8);
    for (const [i, j] of [
      [1, 3],
      [5, 7],
      [0, 11],
      [9, 2],
    ]) {
      const want = w.reduce((s, o) => s + Math.cos((j - i) * o), 0) / Math.sqrt(8);
      expect(m[3][i][j]).toBeCloseTo(want, 12);
    }
    expect(await value(page, '#pp-toeplitz')).toBeLessThan(1e-12);
    expect(await value(page, '#transpose-gap')).toBeLessThan(1e-12);
    expect(errors).toEqual([]);
  });

  it('random projections: the third term is not the second transposed, and the position term depends on more than j − i', async () => {
    const { page } = await chapter(browser, '#/scores?lang=en&weights=random&n=12&d=8');
    const cp = await matrix(page, 'posenc-four-terms #cp');
    const pc = await matrix(page, 'posenc-four-terms #pc');
    let gap = 0;
    for (let i = 0; i < 12; i++) for (let j = 0; j < 12; j++) gap = Math.max(gap, Math.abs(pc[i][j] - cp[j][i]));
    expect(gap).toBeGreaterThan(1e-2);
    expect(await value(page, '#transpose-gap')).toBeCloseTo(gap, 12);
    const pp = await matrix(page, 'posenc-four-terms #pp');
    const spread = relativeSpread(pp);
    expect(spread).toBeGreaterThan(0.05);
    expect(await value(page, '#pp-toeplitz')).toBeCloseTo(spread, 12);
  });

  it('one shared colour scale for the four terms and the total, stated in a legend', async () => {
    const { page } = await chapter(browser, '#/scores?lang=en&n=20&d=16&seed=7');
    const m = await Promise.all(TERMS.map((t) => matrix(page, `posenc-four-terms #${t}`)));
    const scale = Math.max(...m.flat(2).map(Math.abs));
    type Scaled = { scale?: { lo: number; hi: number }; hideLegend: boolean };
    const heatmaps = await page
      .locator('posenc-four-terms posenc-heatmap-view')
      .evaluateAll((els) => els.map((e) => ({ ...(e as unknown as Scaled).scale, hidden: (e as unknown as Scaled).hideLegend })));
    expect(heatmaps).toHaveLength(5);
    for (const h of heatmaps) {
      expect(h.hi).toBeCloseTo(scale, 12);
      expect(h.lo).toBeCloseTo(-scale, 12);
      expect(h.hidden).toBe(true); // one legend for all five, not five
    }
    const bar = page.locator('posenc-four-terms posenc-colorbar#shared-scale');
    const shared = await bar.evaluate((e) => ({
      ...(e as unknown as { scale: { lo: number; hi: number } }).scale,
      label: e.getAttribute('label'),
    }));
    expect(shared.hi).toBeCloseTo(scale, 12);
    expect(shared.lo).toBeCloseTo(-scale, 12);
    expect(shared.label).toContain('one colour scale for all five heatmaps');
  });

  it('one word repeated: without position every key scores alike (weights 1/n); with it, one key stands out', async () => {
    const { page } = await chapter(browser, '#/scores?lang=en&weights=identity&n=16&d=16&qi=7');
    expect(await value(page, '#flat-spread')).toBe(0);
    expect(await value(page, '#uniform-weight')).toBeCloseTo(1 / 16, 15);
    const [without, withP] = await series(page, 'posenc-plot#repeated-word');
    expect(Math.max(...without.y) - Math.min(...without.y)).toBe(0);
    const top = withP.y.indexOf(Math.max(...withP.y));
    expect(await value(page, '#top-key')).toBe(top);
    // softmax weight of the top key, written out
    const w = 1 / withP.y.reduce((s, v) => s + Math.exp(v - withP.y[top]), 0);
    expect(await value(page, '#top-weight')).toBeCloseTo(w, 12);
    expect(w).toBeGreaterThan(1 / 16);
  });

  it('predict: with random projections the position term is not constant along diagonals', async () => {
    const { page } = await chapter(browser, '#/scores?lang=en&n=16&d=16');
    const r = await reveal(page, 'predict-diagonals', 'yes');
    expect(r.answer).toBe('no');
    expect(await value(page, '#pp-spread-identity')).toBeLessThan(1e-12);
    expect(await value(page, '#pp-spread-projected')).toBeGreaterThan(0.05);
  });

  it('causal mask: masked weights are exactly 0 and nothing leaks back; without it both are positive', async () => {
    const on = await chapter(browser, '#/scores?lang=en&mask=on&n=10');
    expect((await reveal(on.page, 'predict-leak', 'yes')).answer).toBe('no');
    expect(await value(on.page, '#future-weight')).toBe(0);
    expect(await value(on.page, '#leak')).toBe(0);
    expect(await value(on.page, '#row-sum')).toBeLessThan(1e-14);
    const w = await matrix(on.page, 'posenc-causal-mask #weights');
    for (let i = 0; i < 10; i++) expect(w[i].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 14);
    const off = await chapter(browser, '#/scores?lang=en&mask=off&n=10');
    expect((await reveal(off.page, 'predict-leak', 'no')).answer).toBe('yes');
    expect(await value(off.page, '#future-weight')).toBeGreaterThan(0);
    expect(await value(off.page, '#leak')).toBeGreaterThan(0);
  });

  it('figures off screen catch up when they come into view (a slider step recomputes only what is seen)', async () => {
    const { page, errors } = await chapter(browser, '#/scores?lang=en&n=16');
    await setParam(page, 'n', 24);
    await page.locator('posenc-predict#predict-leak').scrollIntoViewIfNeeded();
    expect((await reveal(page, 'predict-leak', 'no')).answer).toBe('no');
    await expect.poll(async () => (await matrix(page, 'posenc-causal-mask #weights')).length).toBe(24);
    await page.locator('posenc-four-terms').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await matrix(page, 'posenc-four-terms #total')).length).toBe(24);
    expect(await value(page, '#sum-diff')).toBeLessThan(1e-12);
    expect(errors).toEqual([]);
  });
});
