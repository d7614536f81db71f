// "Design history": each idea's flaw, measured and recomputed here in float64: integer labels drown
// the words (and the section reads its own sliders), [0, 1] gaps change with the length, 7 → 8
// flips four bits (highlighted), sines alone admit no linear shift (the best map drawn failing),
// sin + cos pairs turn by kω.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import type { PosencFull } from '../../../web/src/lib/internal.js';
import { loadInternal } from '../../js/load-internal.js';
import { launch, open, tableText } from '../browser.js';
import { series } from './helpers.js';
import { rows, shown } from './shown-numbers.js';

let browser: Browser;
let pe: PosencFull;
const url = (hash: string) => `${inject('origin')}/dist/page/index.html${hash}`;

beforeAll(async () => {
  browser = await launch();
  pe = await loadInternal();
});
afterAll(async () => {
  await browser?.close();
});

async function ready(p: Page) {
  await p.locator('posenc-chapter-view #integer-status').waitFor();
}

/** Solves A·x = b (small, dense) by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length,
    m = a.map((r, i) => [...r, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = c + 1; r < n; r++) {
      const f = m[r][c] / m[c][c];
      for (let k = c; k <= n; k++) m[r][k] -= f * m[c][k];
    }
  }
  const x = new Array(n).fill(0);
  for (let r = n - 1; r >= 0; r--) x[r] = (m[r][n] - m[r].slice(r + 1, n).reduce((s, v, k) => s + v * x[r + 1 + k], 0)) / m[r][r];
  return x;
}

describe('history', () => {
  it('integer labels: the words drown (cosine recomputed), and the section reads its own sliders only', async () => {
    const { page, errors } = await open(browser, url('#/history?lang=en'));
    await ready(page);
    const last = async () => Number(await page.locator('#integer-status').getAttribute('data-last'));
    const t = rows(pe.analysis.randomNormal({ seed: 3, rows: 2, cols: 8 }));
    const cos = (p: number) => {
      const a = t[0].map((v) => v + p),
        b = t[1].map((v) => v + p);
      const dot = a.reduce((s, v, i) => s + v * b[i], 0);
      return dot / Math.hypot(...a) / Math.hypot(...b);
    };
    expect(await last()).toBeCloseTo(cos(511), 12);
    expect(await page.locator('#integer-status').textContent()).toContain('position 511');
    // The [0, 1] section's slider must not move the integer figure …
    const box = page.locator('posenc-slider[data-param="n"] input[type="number"]');
    await box.fill('9');
    await box.press('Enter');
    await expect.poll(() => page.url()).toContain('n=9');
    expect(await last()).toBeCloseTo(cos(511), 12);
    // … its own does.
    const len = page.locator('posenc-slider[data-param="intLen"] input[type="number"]');
    await len.fill('100');
    await len.press('Enter');
    await expect.poll(last).toBeCloseTo(cos(99), 12);
    expect(errors).toEqual([]);
  });

  it('integer labels: the sentence quotes a point the log axis shows (position 1, marked), never position 0 (was: "at position 0")', async () => {
    const { page, errors } = await open(browser, url('#/history?lang=en'));
    await ready(page);
    const t = rows(pe.analysis.randomNormal({ seed: 3, rows: 2, cols: 8 }));
    const cos = (p: number) => {
      const a = t[0].map((v) => v + p),
        b = t[1].map((v) => v + p);
      return a.reduce((s, v, i) => s + v * b[i], 0) / Math.hypot(...a) / Math.hypot(...b);
    };
    const text = (await page.locator('#integer-status').textContent()) ?? '';
    expect(text).not.toMatch(/position 0\b/);
    expect(text).toContain(`at position 1, the first point of the plot: ${cos(1).toFixed(2).replace('-', '−')}`);
    // the plot starts at position 1 on its log axis and marks it
    const s = await series(page, 'posenc-plot#integer-plot');
    expect(s[0].x[0]).toBe(1);
    expect(s[0].y[0]).toBeCloseTo(cos(1), 12);
    expect(await page.locator('posenc-plot#integer-plot .annotation[data-kind="point"]').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  it('[0, 1] labels: neighbours 1/2 apart in 3 words, 1/3 in 4', async () => {
    const { page } = await open(browser, url('#/history?lang=en'));
    await ready(page);
    const t = await tableText(page, '#normalised');
    expect(t[1].slice(1, 4).map(Number)).toEqual([0, 0.5, 1]);
    expect(t[2].slice(1, 5).map(Number)).toEqual([0, 0.333, 0.667, 1]);
    expect(await page.locator('#normalised-status').textContent()).toContain(
      '0.500 apart in a sentence of 3 words and 0.333 apart in one of 4',
    );
  });

  it('binary: the 7 → 8 rows are highlighted with the four flipped bits outlined; 6 → 7 flips one', async () => {
    const { page } = await open(browser, url('#/history?lang=en'));
    await ready(page);
    const bin = await tableText(page, '#binary');
    expect(bin[8].slice(1, 5)).toEqual(['0', '1', '1', '1']);
    expect(bin[9].slice(1, 5)).toEqual(['1', '0', '0', '0']);
    expect(bin[9][5]).toBe('+4');
    expect(bin[8][5]).toBe('+1');
    const step = await page
      .locator('#binary tr.step')
      .evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-pos'), tr.querySelectorAll('td.flip').length]));
    expect(step).toEqual([
      ['7', 4],
      ['8', 4],
    ]);
    const predict = page.locator('posenc-predict#predict-bits');
    await predict.locator('input[value="4"]').check();
    await predict.locator('button.reveal').click();
    await expect.poll(() => predict.locator('.verdict').getAttribute('data-answer')).toBe('4');
    // Another step: 11 → 12 flips three bits (1011 → 1100), columns d=2, d=1, d=0.
    await page.goto(url('#/history?lang=en&step=11'));
    await ready(page);
    const other = await page
      .locator('#binary tr.step')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td.flip')).map((td) => td.textContent)));
    expect(other).toEqual([
      ['0', '1', '1'],
      ['1', '0', '0'],
    ]);
  });

  it('sin only: the best linear map is drawn failing (recomputed least squares); sin + cos is exact', async () => {
    const { page } = await open(browser, url('#/history?lang=en'));
    await ready(page);
    const fit = await tableText(page, '#linear-fit');
    expect(shown(fit[1][1])).toBeGreaterThan(1e-3);
    expect(shown(fit[2][1])).toBeLessThan(1e-10);
    // Independent least squares at k = 3, d = 8: P (64 × 4 sines) · Mᵀ ≈ P_k.
    const w = [0, 1, 2, 3].map((i) => 10000 ** ((-2 * i) / 8));
    const P = Array.from({ length: 64 }, (_, p) => w.map((x) => Math.sin(p * x)));
    const Pk = Array.from({ length: 64 }, (_, p) => w.map((x) => Math.sin((p + 3) * x)));
    const ata = w.map((_, i) => w.map((__, j) => P.reduce((s, r) => s + r[i] * r[j], 0)));
    const col = 1; // the dimension the figure draws (the one missed most)
    const atb = w.map((_, i) => P.reduce((s, r, p) => s + r[i] * Pk[p][col], 0));
    const m = solve(ata, atb);
    const predicted = P.map((r) => r.reduce((s, v, i) => s + v * m[i], 0));
    const plot = page.locator('posenc-predict#predict-sin posenc-plot');
    const series = await plot.evaluate((el) =>
      (el as unknown as { series: { y: ArrayLike<number> }[] }).series.map((s) => Array.from(s.y)),
    );
    series[0].forEach((v, p) => expect(v).toBeCloseTo(Pk[p][col], 12));
    series[1].forEach((v, p) => expect(v).toBeCloseTo(predicted[p], 6));
    const miss = Math.max(...predicted.map((v, p) => Math.abs(v - Pk[p][col])));
    expect(miss).toBeGreaterThan(0.2);
    const predict = page.locator('posenc-predict#predict-sin');
    await predict.locator('input[value="yes"]').check();
    await predict.locator('button.reveal').click();
    await expect.poll(() => predict.locator('.verdict').getAttribute('data-answer')).toBe('no');
  });

  it('sin + cos: the fit caption stands on its own (was: "the same least squares", of Idea 4, which may still be hidden) (zh and en)', async () => {
    for (const [lang, words, stale] of [
      ['en', 'sin + cos: a least-squares fit predicting', 'same least squares'],
      ['zh', 'sin + cos：用最小二乘拟合，预测', '同样的最小二乘'],
    ] as const) {
      const { page, errors, context } = await open(browser, url(`#/history?lang=${lang}`));
      await ready(page);
      // Idea 5's figure: the one outside a predict-then-reveal, shown whether or not Idea 4 was revealed
      const captions = await page
        .locator('posenc-chapter-view posenc-shift-fit')
        .evaluateAll((els) =>
          els
            .filter((e) => !e.closest('posenc-predict'))
            .map((e) => e.shadowRoot?.querySelector('posenc-plot')?.shadowRoot?.querySelector('figcaption')?.textContent ?? ''),
        );
      expect(captions.length, lang).toBe(1);
      expect(captions[0], lang).toContain(words);
      expect(captions[0], lang).not.toContain(stale);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('sin + cos: each hand turns by kω, and M_k·PE(pos) = PE(pos + k)', async () => {
    const { page } = await open(browser, url('#/history?lang=en&pos=5&k=3&d=8'));
    await ready(page);
    const status = page.locator('posenc-pair-hands #hands-status');
    await status.waitFor();
    expect(Number(await status.getAttribute('data-error'))).toBeLessThan(1e-12);
    const turns = await page.locator('posenc-pair-hands .dial .turn').allTextContents();
    // pair 0 turns 3 rad = 171.9°, pair 1 0.3 rad = 17.2°
    expect(turns[0]).toBe(`+${((3 * 180) / Math.PI).toFixed(1)}°`);
    expect(turns[1]).toBe(`+${((0.3 * 180) / Math.PI).toFixed(1)}°`);
  });
});
