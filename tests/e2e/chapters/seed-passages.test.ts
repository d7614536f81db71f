// Seed passages taught in the third pass (issue 27, "seed content still missing"): 004 §1.1–1.2
// (the same word twice, the added encoding's numbers), 001 §6.1.1 (ln base and the ladder of
// wavelengths) and §6.1.4 (p₁·p₂), 004 §2.7 (θ_x, θ_y of 2-D RoPE), 002 (DeBERTa). Each number the
// page shows is compared with a float64 recomputation written here.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { tableText } from '../browser.js';
import { launch } from '../browser.js';
import { chapter, matrix, value } from './helpers.js';
import { sinusoidalRow } from './independent.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const dot = (a: number[], b: number[]) => a.reduce((t, v, i) => t + v * b[i], 0);

describe('seed passages', () => {
  it('004 §1.1–1.2: "The" and "the" are one vector; x + p of every word, recomputed; the layer tells them apart only with p', async () => {
    const { page, errors } = await chapter(browser, '#/why?lang=en&seed=11');
    const x = [
      [0.1, 0.3, 0.5, 0.7],
      [0.2, 0.4, 0.6, 0.8],
      [0.3, 0.5, 0.7, 0.9],
      [0.4, 0.6, 0.8, 1.0],
      [0.1, 0.3, 0.5, 0.7],
      [0.5, 0.7, 0.9, 1.1],
    ];
    await page.locator('posenc-same-word #same-word-table').scrollIntoViewIfNeeded();
    const t = await tableText(page, 'posenc-same-word posenc-table table');
    const num = (v: string) => Number(v.replace('\u2212', '-'));
    expect(t).toHaveLength(7);
    for (let pos = 0; pos < 6; pos++) {
      const p = sinusoidalRow(pos, 4);
      const row = t[pos + 1];
      expect(row[1]).toBe(String(pos));
      for (let c = 0; c < 4; c++) {
        expect(num(row[2 + c])).toBeCloseTo(x[pos][c], 3);
        expect(num(row[6 + c])).toBeCloseTo(p[c], 3);
        expect(num(row[10 + c])).toBeCloseTo(x[pos][c] + p[c], 3);
      }
    }
    expect([t[1][0], t[5][0]]).toEqual(['The', 'the']);
    // position 0 is [0, 1, 0, 1] (not 004's [0.99, 0.01, 0.98, …]); the sentence prints it and "The" + it
    const rows = (await page.locator('posenc-same-word #same-rows').textContent()) ?? '';
    expect(rows).toContain('[0.000, 1.000, 0.000, 1.000]');
    expect(rows).toContain('[0.100, 1.300, 0.500, 1.700]');
    const p4 = sinusoidalRow(4, 4);
    expect(rows).toContain(`[${p4.map((v) => v.toFixed(3).replace('-', '\u2212')).join(', ')}]`);
    // the two rows of the one word: equal without p, apart with it (by what x + p says)
    expect(await value(page, '#same-in-plain')).toBe(0);
    expect(await value(page, '#same-out-plain')).toBe(0);
    const gap = Math.max(...sinusoidalRow(0, 4).map((v, c) => Math.abs(v - p4[c])));
    expect(await value(page, '#same-in-encoded')).toBeCloseTo(gap, 12);
    expect(await value(page, '#same-out-encoded')).toBeGreaterThan(1e-6);
    expect(errors).toEqual([]);
  });

  it('001 §6.1.1: ln base, the ratio of neighbouring wavelengths and their span, at two settings', async () => {
    for (const [d, base] of [
      [8, 10000],
      [16, 500],
    ]) {
      const { page, errors, context } = await chapter(browser, `#/sinusoidal?lang=en&d=${d}&base=${base}`);
      const ln = Math.log(base);
      expect(await value(page, '#ln-base')).toBeCloseTo(ln, 12);
      expect(await value(page, '#ladder-ratio')).toBeCloseTo(base ** (2 / d), 12);
      expect(await value(page, '#ladder-step')).toBeCloseTo((2 * ln) / d, 12);
      const w = Array.from({ length: d / 2 }, (_, i) => 2 * Math.PI * base ** ((2 * i) / d));
      expect(await value(page, '#ladder-span')).toBeCloseTo(Math.log(w[w.length - 1] / w[0]), 12);
      expect(await value(page, '#ladder-octaves')).toBeCloseTo(Math.log2(w[w.length - 1] / w[0]), 12);
      const text = (await page.locator('#log-ladder').textContent()) ?? '';
      expect(text).toContain(ln.toFixed(4));
      if (base === 10000) expect(text).toContain('9.2103');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('001 §6.1.4 (6.1.19): p₁·p₂ from the vectors equals p₀·p₁; the document’s own column as it computed it', async () => {
    const { page, errors } = await chapter(browser, '#/sinusoidal?lang=en');
    const rows = await tableText(page, 'posenc-seed-dot-check posenc-table table');
    const p = [0, 1, 2].map((pos) => sinusoidalRow(pos, 8));
    const doc = (delta: number) => [1, 0.01, 0.0001, 0.000001].reduce((t, w) => t + Math.cos(delta * w), 0);
    const want = [
      ['p₀·p₁', '3.54', doc(1), dot(p[0], p[1])],
      ['p₀·p₂', '2.58', doc(2), dot(p[0], p[2])],
      ['p₁·p₂', '3.54', doc(1), dot(p[1], p[2])],
    ] as const;
    expect(rows.length).toBeGreaterThanOrEqual(4);
    want.forEach(([head, printed, d, r], k) => {
      const row = rows[k + 1];
      expect(row[0]).toBe(head);
      expect(row[1]).toBe(printed);
      expect(row[2]).toContain(d.toFixed(4));
      expect(row[3]).toContain(r.toFixed(4));
    });
    expect(await value(page, '#dot-first')).toBeCloseTo(dot(p[0], p[1]), 12);
    expect(await value(page, '#dot-second')).toBeCloseTo(dot(p[1], p[2]), 12);
    expect(errors).toEqual([]);
  });

  it('004 §2.7: θ_x and θ_y of 2-D RoPE, and the turns Δx·θ_x, Δy·θ_y for the key at (3, 1)', async () => {
    const { page, errors } = await chapter(browser, '#/rope?lang=en');
    const el = page.locator('posenc-rope-2d #rope2d-thetas');
    await el.scrollIntoViewIfNeeded();
    const theta = [0, 1, 2, 3].map((i) => 10000 ** ((-2 * i) / 8)); // d = 16: each half 8 dimensions, 4 pairs
    const read = async (a: string) => JSON.parse((await el.getAttribute(a)) ?? '[]') as number[];
    const tx = await read('data-theta-x');
    expect(tx).toHaveLength(4);
    theta.forEach((t, i) => expect(tx[i]).toBeCloseTo(t, 15));
    expect(await read('data-theta-y')).toEqual(tx);
    (await read('data-angle-x')).forEach((a, i) => expect(a).toBeCloseTo(3 * theta[i], 14));
    (await read('data-angle-y')).forEach((a, i) => expect(a).toBeCloseTo(theta[i], 14));
    const text = (await el.textContent()) ?? '';
    expect(text).toContain('[1, 0.1, 0.01, 0.001]');
    expect(text).toContain('[3.000, 0.300, 0.030, 0.003]');
    expect(errors).toEqual([]);
  });

  it('002: DeBERTa’s three terms — c2p reads (query content, bucket), p2c (key content, bucket) — and the buckets δ(i, j)', async () => {
    const { page, errors } = await chapter(browser, '#/relative?lang=en&n=14&kd=3&seed=5');
    const fig = 'posenc-deberta-terms';
    await page.locator(`${fig} #deberta-buckets`).scrollIntoViewIfNeeded();
    const [c2c, c2p, p2c, total, buckets] = await Promise.all(
      ['c2c', 'c2p', 'p2c', 'total', 'buckets'].map((t) => matrix(page, `${fig} #deberta-${t}`)),
    );
    const n = 14,
      k = 3;
    const delta = (i: number, j: number) => (i - j <= -k ? 0 : i - j >= k ? 2 * k - 1 : i - j + k);
    let worstSum = 0,
      rowSpread = 0,
      colSpread = 0,
      c2pColumn = 0;
    const spread = (vals: number[]) => Math.max(...vals) - Math.min(...vals);
    for (let a = 0; a < n; a++) {
      const byRow = new Map<number, number[]>(),
        byCol = new Map<number, number[]>(),
        c2pCol = new Map<number, number[]>();
      for (let b = 0; b < n; b++) {
        expect(buckets[a][b]).toBe(delta(a, b));
        worstSum = Math.max(worstSum, Math.abs(c2c[a][b] + c2p[a][b] + p2c[a][b] - total[a][b]));
        byRow.set(delta(a, b), [...(byRow.get(delta(a, b)) ?? []), c2p[a][b]]); // row a of c2p
        byCol.set(delta(a, b), [...(byCol.get(delta(a, b)) ?? []), p2c[b][a]]); // column a of p2c: δ(j = a, i = b)
        c2pCol.set(delta(b, a), [...(c2pCol.get(delta(b, a)) ?? []), c2p[b][a]]);
      }
      for (const v of byRow.values()) rowSpread = Math.max(rowSpread, spread(v));
      for (const v of byCol.values()) colSpread = Math.max(colSpread, spread(v));
      for (const v of c2pCol.values()) c2pColumn = Math.max(c2pColumn, spread(v));
    }
    const scale = Math.max(...[c2c, c2p, p2c, total].flat(2).map(Math.abs));
    expect(worstSum).toBeLessThan(1e-12);
    expect(rowSpread / scale).toBeLessThan(1e-12);
    expect(colSpread / scale).toBeLessThan(1e-12);
    expect(await value(page, '#deberta-c2p-column')).toBeCloseTo(c2pColumn / scale, 12);
    expect(c2pColumn / scale).toBeGreaterThan(1e-3);
    expect(await value(page, '#deberta-distinct')).toBe(2 * k); // n = 14 > 2k: every bucket in use
    // far keys share the end buckets: bucket 2k − 1 holds i − j ≥ k − 1 (the paper's δ), 12 keys of row 13
    expect(buckets[13].filter((b) => b === 2 * k - 1)).toHaveLength(12);
    // pointing at the content-to-position term lights its heatmap
    await page.locator('#sec-deberta posenc-math[display] button[data-term-button="c2p"]').focus();
    await expect.poll(() => page.locator(`${fig} #deberta-c2p`).getAttribute('data-lit')).toBe('');
    expect(await page.locator(`${fig} #deberta-c2c`).getAttribute('data-dim')).toBe('');
    // n ≤ k: nothing clipped, and the sentence says so
    const small = await chapter(browser, '#/relative?lang=en&n=4&kd=5');
    const note = small.page.locator(`${fig} [data-claim="deberta-buckets"]`);
    await note.scrollIntoViewIfNeeded();
    expect(await note.getAttribute('data-verdict')).toBe('own');
    expect(await note.textContent()).toContain('no distance is clipped');
    expect(errors).toEqual([]);
  });
});
