// "Why position": the shuffle experiment on a toy self-attention layer, recomputed here in float64
// from the core's seeded random matrices: equivariant (each word keeps its vector), not invariant
// (the output matrix changes), invariant read-outs, and a position encoding breaking all of it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import type { PosencFull } from '../../../web/src/lib/internal.js';
import { loadInternal } from '../../js/load-internal.js';
import { launch, open, tableText } from '../browser.js';
import { attention, peRow, rows, shown } from './shown-numbers.js';

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
  await p.locator('posenc-chapter-view posenc-shuffle#shuffle-main #perm-diff').waitFor();
}

/** The toy layer of the chapter at `seed` (the core's seeded matrices), recomputed independently. */
function toy(seed: number, perm: number[], withPe: boolean) {
  const n = perm.length,
    s = seed * 10;
  const x = rows(pe.analysis.randomNormal({ seed: s + 1, rows: n, cols: 4 }));
  const w = [2, 3, 4].map((k) => rows(pe.analysis.randomNormal({ seed: s + k, rows: 4, cols: 4, stddev: 0.7 })));
  const e = Array.from({ length: n }, (_, p) => (withPe ? peRow(p, 4) : [0, 0, 0, 0]));
  const add = (m: number[][]) => m.map((r, i) => r.map((v, c) => v + e[i][c]));
  const y = attention(add(x), w[0], w[1], w[2]).y;
  const yp = attention(add(perm.map((t) => x[t])), w[0], w[1], w[2]).y;
  const q = rows(pe.analysis.randomNormal({ seed: s + 5, rows: 2, cols: 4 }));
  const cross = (h: number[][]) => {
    const mul = (a: number[][], b: number[][]) => a.map((r) => b[0].map((_, j) => r.reduce((t, v, k) => t + v * b[k][j], 0)));
    const K = mul(h, w[1]),
      V = mul(h, w[2]);
    return q.map((qi) => {
      const sc = K.map((kj) => qi.reduce((t, v, c) => t + v * kj[c], 0) / 2);
      const mx = Math.max(...sc);
      const ex = sc.map((v) => Math.exp(v - mx));
      const z = ex.reduce((a, b) => a + b, 0);
      return V[0].map((_, c) => ex.reduce((t, v, j) => t + (v / z) * V[j][c], 0));
    });
  };
  const mean = (m: number[][]) => m[0].map((_, c) => m.reduce((t, r) => t + r[c], 0) / m.length);
  return { y, yp, pooled: [mean(y), mean(yp)], cross: [cross(y), cross(yp)] };
}

const maxDiff = (a: number[][], b: number[][]) => Math.max(...a.flatMap((r, i) => r.map((v, c) => Math.abs(v - b[i][c]))));

describe('why', () => {
  it('dog bites man → man bites dog: every word keeps its output vector (equivariant), the output matrix changes (not invariant)', async () => {
    const { page, errors } = await open(browser, url('#/why?lang=en'));
    await ready(page);
    const ref = toy(7, [2, 1, 0], false);
    // The figure's numbers are the layer's outputs, recomputed here.
    const yShown = (await tableText(page, 'posenc-shuffle#shuffle-main #y-orig')).slice(1).map((r) => r.slice(1).map(shown));
    yShown.forEach((r, i) => r.forEach((v, c) => expect(v).toBeCloseTo(ref.y[i][c], 4)));
    const permuted = (await tableText(page, 'posenc-shuffle#shuffle-main #y-perm')).slice(1);
    expect(permuted.map((r) => r[0])).toEqual(['man', 'bites', 'dog']);
    permuted.forEach((r, i) => r.slice(1).forEach((v, c) => expect(shown(v)).toBeCloseTo(ref.yp[i][c], 4)));
    // Equivariance: Y(ΠX) = Π·Y(X) to rounding; and the exact words.
    const facts = page.locator('posenc-shuffle#shuffle-main .facts li');
    expect(Number(await facts.nth(0).getAttribute('data-gap'))).toBeLessThan(1e-12);
    expect(await facts.nth(0).textContent()).toMatch(/equivariant/);
    // Not invariant: Y(ΠX) against Y(X) row by row differs by the independent value.
    const inv = maxDiff(ref.yp, ref.y);
    expect(inv).toBeGreaterThan(0.05);
    expect(Number(await facts.nth(1).getAttribute('data-gap'))).toBeCloseTo(inv, 12);
    expect(await facts.nth(1).textContent()).toMatch(/not\s+permutation invariant/);
    // Every word marked "same".
    expect(await page.locator('posenc-shuffle#shuffle-main .badge.same').count()).toBe(3);
    expect(errors).toEqual([]);
  });

  it('permuting the input only permutes the output, until a position encoding is added', async () => {
    const { page } = await open(browser, url('#/why?lang=en&perm=seed002'));
    await ready(page);
    const gap = async () => Number(await page.locator('posenc-shuffle#shuffle-main #perm-diff').getAttribute('data-gap'));
    expect(await gap()).toBeLessThan(1e-12);
    await page.locator('select[data-param="pe"]').selectOption('on');
    // a figure recomputes while it can be seen (the chapter now opens with a section before it)
    await page.locator('posenc-shuffle#shuffle-main').scrollIntoViewIfNeeded();
    await expect.poll(gap).toBeGreaterThan(1e-3);
    await expect.poll(() => page.url()).toContain('pe=on'); // the URL is written after the frame paints
    const ref = toy(7, [1, 2, 0, 3], true);
    const py = ref.y.map((_, r) => ref.y[[1, 2, 0, 3][r]]);
    expect(await gap()).toBeCloseTo(maxDiff(ref.yp, py), 12);
    expect(await page.locator('posenc-shuffle#shuffle-main .badge.changed').count()).toBe(4);
  });

  it('read-outs over all words are invariant without an encoding and differ with one (mean and cross-attention, recomputed)', async () => {
    for (const pe_ of ['off', 'on'] as const) {
      const { page, context } = await open(browser, url(`#/why?lang=en&pe=${pe_}`));
      await page.locator('posenc-readouts #cross-diff').waitFor();
      const ref = toy(7, [2, 1, 0], pe_ === 'on');
      const pooled = Math.max(...ref.pooled[0].map((v, c) => Math.abs(v - ref.pooled[1][c])));
      const cross = maxDiff(ref.cross[0], ref.cross[1]);
      const shownPooled = Number(await page.locator('posenc-readouts #pooled-diff').getAttribute('data-gap'));
      const shownCross = Number(await page.locator('posenc-readouts #cross-diff').getAttribute('data-gap'));
      if (pe_ === 'off') {
        expect(shownPooled).toBeLessThan(1e-12);
        expect(shownCross).toBeLessThan(1e-12);
        expect(await page.locator('posenc-readouts #cross-diff').textContent()).toMatch(/invariant/);
      } else {
        expect(shownPooled).toBeCloseTo(pooled, 12);
        expect(shownCross).toBeCloseTo(cross, 12);
        expect(shownCross).toBeGreaterThan(1e-4);
      }
      await context.close();
    }
  });

  it('predict, then reveal: with the encoding added, "dog" changes', async () => {
    const { page } = await open(browser, url('#/why?lang=en'));
    await ready(page);
    const predict = page.locator('posenc-predict#predict-pe');
    await predict.locator('input[value="same"]').check();
    await predict.locator('button.reveal').click();
    await expect.poll(() => predict.locator('.verdict').getAttribute('data-answer')).toBe('changed');
    expect(await predict.locator('.verdict').textContent()).toContain('Not what the computation shows');
  });
});
