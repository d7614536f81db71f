// Additive vs multiplicative (seed 003): formula, legend and curve agree on cos(φ + ωΔ); φ slides
// RoPE's curve and lifts the sinusoidal one; the cross terms 003 drops are shown and measured.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launch } from '../browser.js';
import { chapter, labelOnCurves, reveal, series, value } from './helpers.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const rad = (deg: number) => (deg * Math.PI) / 180;

describe('modulation', () => {
  it('RoPE at φ = 30°, ω = 0.2, Δ = 3: the page shows cos(φ + ωΔ) = 0.4324 in formula, legend and curve', async () => {
    const { page, errors } = await chapter(browser, '#/modulation?lang=en&phi=30&omega=0.2&delta=3');
    const want = Math.cos(rad(30) + 0.6);
    expect(want).toBeCloseTo(0.4324, 4);
    expect(await value(page, '#rope-at')).toBeCloseTo(want, 12);
    const s = await series(page, 'posenc-plot#offset-gate');
    const curve = s.find((c) => c.label.includes('φ = 30°'));
    expect(curve?.label).toContain('cos(φ + ωΔ)');
    expect(s.map((c) => c.label).join(' ')).not.toContain('φ − ωΔ');
    const at = curve!.x.indexOf(3);
    expect(curve!.y[at]).toBeCloseTo(want, 12);
    expect(Math.abs(curve!.y[at] - Math.cos(rad(30) - 0.6))).toBeGreaterThan(0.5);
    // The displayed formula (KaTeX keeps its source in an annotation) says the same.
    const tex = await page.locator('posenc-chapter-view #sec-offset-vs-gate annotation').allTextContents();
    expect(tex.join(' ')).toContain('\\cos(\\varphi+\\omega\\Delta)');
    expect(tex.join(' ')).not.toContain('\\varphi-\\omega\\Delta');
    expect(errors).toEqual([]);
  });

  it('φ only moves the curves: RoPE slides by −φ/ω, the sinusoidal curve rises by cos φ − 1', async () => {
    const { page } = await chapter(browser, '#/modulation?lang=en&phi=60&omega=0.25&delta=3');
    const slide = await value(page, '#slide');
    expect(slide).toBeCloseTo(-rad(60) / 0.25, 12);
    expect(await value(page, '#lift')).toBeCloseTo(Math.cos(rad(60)) - 1, 12);
    const s = await series(page, 'posenc-plot#offset-gate');
    const moved = s.find((c) => c.label.includes('φ = 60°'))!;
    // The same cosine as at φ = 0, moved sideways by `slide`: cos(ω(Δ − slide)).
    moved.x.forEach((d, k) => expect(moved.y[k]).toBeCloseTo(Math.cos(0.25 * (d - slide)), 12));
    const a = await series(page, 'posenc-plot#offset-additive');
    const lifted = a.find((c) => c.label.includes('φ = 60°'))!;
    const flat = a.find((c) => c.label.startsWith('φ = 0'))!;
    lifted.x.forEach((_, k) => expect(lifted.y[k] - flat.y[k]).toBeCloseTo(Math.cos(rad(60)) - 1, 12));
    const text = (await page.locator('posenc-chapter-view').textContent()) ?? '';
    expect(text).not.toContain('changes shape');
  });

  it('φ = 90° lowers the sinusoidal curve "by 1", never "lifted by −1.000" (issue 27, defect 8)', async () => {
    const { page, errors } = await chapter(browser, '#/modulation?lang=en&phi=90');
    const gate = page.locator('posenc-offset-gate');
    await gate.scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('posenc-offset-gate .note').textContent()).toContain('lowers the sinusoidal curve by 1 and');
    const note = (await page.locator('posenc-offset-gate .note').textContent()) ?? '';
    // independent: φ/ω = (π/2)/0.2 positions
    expect(note).toContain(`slides the RoPE curve ${Number((Math.PI / 2 / 0.2).toPrecision(3))} positions to the left`);
    const all = await gate.evaluate((el) => el.shadowRoot!.textContent ?? '');
    expect(all).not.toMatch(/lifted by/);
    expect(all).not.toMatch(/by −/);
    expect(errors).toEqual([]);
  });

  it('the "Δ = 3" labels sit clear of their curves (issue 27, defect 8)', async () => {
    const { page, errors } = await chapter(browser, '#/modulation?lang=en');
    await page.locator('posenc-offset-gate').scrollIntoViewIfNeeded();
    await page.locator('posenc-plot#offset-gate').waitFor();
    for (const plot of ['posenc-plot#offset-additive', 'posenc-plot#offset-gate'])
      expect(await labelOnCurves(page, plot, /^Δ = 3$/), plot).toBe(0);
    expect(errors).toEqual([]);
  });

  it('the cross terms 003 drops are shown: q·p_n + p_m·k at m = 0, Δ = 3 is sin(3ω) + sin φ, and they make the score depend on m', async () => {
    const { page } = await chapter(browser, '#/modulation?lang=en&phi=30&omega=0.2&delta=3&m=0');
    expect(await value(page, '#cross-at')).toBeCloseTo(Math.sin(0.6) + Math.sin(rad(30)), 12);
    const s = await series(page, 'posenc-plot#sliding-additive');
    const full = s.find((c) => c.label.includes('all four terms'))!;
    // (q + p_0)·(k + p_Δ) with q = (1, 0), k = (cos φ, sin φ), p = (sin posω, cos posω).
    full.x.forEach((d, k) => {
      const w = 0.2,
        f = rad(30);
      const want = (1 + 0) * (Math.cos(f) + Math.sin(d * w)) + (0 + 1) * (Math.sin(f) + Math.cos(d * w));
      expect(full.y[k]).toBeCloseTo(want, 12);
    });
  });

  it('predict: moving the query changes the sinusoidal score only', async () => {
    const { page } = await chapter(browser, '#/modulation?lang=en&phi=30&omega=0.2&delta=3');
    expect((await reveal(page, 'predict-query', 'both')).answer).toBe('additive');
    expect(await value(page, '#additive-m-spread')).toBeGreaterThan(0.5);
    expect(await value(page, '#rope-m-spread')).toBeLessThan(1e-12);
  });

  it('the split of 003 §3.2 holds in every plane', async () => {
    const { page } = await chapter(browser, '#/modulation?lang=en&delta=7&seed=9');
    expect(await value(page, '#split-diff')).toBeLessThan(1e-12);
    const rows = await page
      .locator('#split tr')
      .evaluateAll((trs) =>
        trs.slice(1).map((r) => Array.from(r.querySelectorAll('td')).map((c) => Number((c.textContent ?? '').replace('\u2212', '-')))),
      );
    expect(rows).toHaveLength(4);
    for (const [c, s, sum, direct] of rows) {
      expect(c + s).toBeCloseTo(sum, 5);
      expect(sum).toBeCloseTo(direct, 5);
    }
  });
});
