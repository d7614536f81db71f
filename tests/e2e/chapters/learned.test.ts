// Learned PE: the lookup past n_max, and a table trained live (issue 27): the rows' similarity at
// the random start and after training, recomputed here from the tables the figure shows, beside the
// sinusoidal table's (written out here); the predict's verdict and the sentences follow those
// numbers; past the table the core refuses to run the model.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launch } from '../browser.js';
import { chapter, matrix } from './helpers.js';
import { sinusoidalRow } from './independent.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Cosine similarity of every pair of rows, written out. */
function similarity(rows: number[][]): number[][] {
  const norm = rows.map((r) => Math.hypot(...r));
  return rows.map((a, i) => rows.map((b, j) => a.reduce((s, v, k) => s + v * b[k], 0) / (norm[i] * norm[j])));
}
const byDistance = (m: number[][]) =>
  m.map((_, k) => {
    let s = 0;
    for (let i = 0; i + k < m.length; i++) s += m[i][i + k];
    return s / (m.length - k);
  });

describe('learned', () => {
  it('past n_max the figure draws every position of the sequence: the rows it finds, and the positions without one empty and outlined', async () => {
    for (const [len, nmax] of [
      [40, 32],
      [24, 32],
    ]) {
      const { page, errors, context } = await chapter(browser, `#/learned?lang=en&len=${len}&nmax=${nmax}`);
      const predict = page.locator('posenc-predict#predict-beyond');
      await predict.scrollIntoViewIfNeeded();
      await predict.locator('button.skip').click();
      const map = page.locator('#learned-heatmap');
      await map.waitFor();
      const rows = await matrix(page, '#learned-heatmap');
      expect(rows.length, `${len} tokens`).toBe(len);
      rows.forEach((r, pos) =>
        expect(
          r.every((v) => (pos < nmax ? Number.isFinite(v) : Number.isNaN(v))),
          `position ${pos}`,
        ).toBe(true),
      );
      const rects = await map.evaluate((el) =>
        (el as unknown as { annotations: { kind: string; row0: number; row1: number; label?: string }[] }).annotations.filter(
          (a) => a.kind === 'rect',
        ),
      );
      expect(rects.map((a) => [a.row0, a.row1])).toEqual(len > nmax ? [[nmax, len - 1]] : []);
      if (len > nmax) {
        expect(rects[0].label).toContain('no row');
        // the legend's grey swatch says what grey means here (not the "−∞" of a mask)
        const ticks = await map.locator('text.tick').allTextContents();
        expect(ticks).toContain('no row');
        expect(ticks).not.toContain('−∞');
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a table trained live: neighbouring rows become alike (recomputed from the tables), unlike the random start; past the table the core refuses', async () => {
    const { page, errors } = await chapter(browser, '#/learned?lang=en');
    const predict = page.locator('posenc-predict#predict-train');
    await predict.scrollIntoViewIfNeeded();
    await predict.locator('input[value="neighbours"]').check();
    await predict.locator('button.reveal').click();
    const structure = page.locator('#learned-structure');
    await structure.waitFor({ timeout: 120_000 });
    const snaps = await page.locator('posenc-learned-training').evaluate((el) =>
      (el as unknown as { snapshots: { steps: number; table: Float32Array; accuracy: number; beyondTable: boolean }[] }).snapshots.map(
        (s) => ({
          steps: s.steps,
          table: Array.from(s.table),
          accuracy: s.accuracy,
          beyondTable: s.beyondTable,
        }),
      ),
    );
    expect(snaps.map((s) => s.steps)).toEqual([0, 100, 300, 1500]);
    const rowsOf = (t: number[]) => Array.from({ length: 32 }, (_, r) => t.slice(32 * r, 32 * r + 32));
    const sims = snaps.map((s) => similarity(rowsOf(s.table)));
    // each picture is the similarity of its own table's rows
    for (const s of snaps) {
      const shown = await matrix(page, `posenc-heatmap-view#learned-sim-${s.steps}`);
      const want = sims[snaps.indexOf(s)];
      for (const [i, j] of [
        [0, 1],
        [5, 6],
        [3, 20],
        [30, 31],
      ])
        expect(shown[i][j]).toBeCloseTo(want[i][j], 5);
    }
    // the sinusoidal table of the same size, written out
    const sin = similarity(Array.from({ length: 32 }, (_, p) => sinusoidalRow(p, 32)));
    const shownSin = await matrix(page, 'posenc-heatmap-view#learned-sim-sinusoids');
    expect(shownSin[4][9]).toBeCloseTo(sin[4][9], 6);
    // the verdict: neighbours alike after training, not at the start (the chapter's rule)
    const start = byDistance(sims[0]),
      last = byDistance(sims[sims.length - 1]);
    const far = last.slice(8).reduce((a, b) => a + b, 0) / 24;
    expect(start[1]).toBeLessThan(0.2);
    expect(last[1] - start[1]).toBeGreaterThan(0.3);
    expect(last[1] - far).toBeGreaterThan(0.3);
    await expect.poll(() => predict.locator('p.verdict[data-guess]').getAttribute('data-answer')).toBe('neighbours');
    expect(await structure.getAttribute('data-verdict')).toBe('neighbours');
    expect(Number(await structure.getAttribute('data-near'))).toBeCloseTo(last[1], 5);
    const text = (await structure.textContent()) ?? '';
    expect(text).toContain(`rows one position apart have mean cosine similarity ${last[1].toFixed(2)}`);
    // trained models answer at their length; past the table there is no answer
    expect(snaps[snaps.length - 1].accuracy).toBeGreaterThan(snaps[0].accuracy);
    expect(snaps.every((s) => s.beyondTable)).toBe(true);
    expect(await page.locator('#learned-beyond').getAttribute('data-beyond')).toBe('refused');
    expect(await page.locator('#learned-train-status').textContent()).toMatch(/trained in a Web Worker · [\d.]+ s/);
    expect(errors).toEqual([]);
  });
});
