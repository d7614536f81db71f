// "Sinusoidal PE": the d_model = 8 tables, the two errata markers with their numbers from the core
// (e001-omega: 3.54 holds, 2.58 does not; e001-highest: 6283 at d = 8, 60 611 at d = 512, first
// above 10 000 at d = 12), the closest positions over the range the text names, the PCA arch, the
// predict questions, and tables sized to what is shown. Independent float64 recomputations here.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { launch, open, tableText } from '../browser.js';
import { overlaps, pcaOfSinusoids, wavelengths } from './independent.js';
import { peRow, shown } from './shown-numbers.js';

let browser: Browser;
const url = (hash: string) => `${inject('origin')}/dist/page/index.html${hash}`;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function ready(p: Page) {
  await p.locator('posenc-chapter-view #freq').waitFor();
}

const sumCos = (delta: number, w: number[]) => w.reduce((s, x) => s + Math.cos(delta * x), 0);
const setNumber = async (page: Page, param: string, value: number) => {
  const box = page.locator(`posenc-slider[data-param="${param}"] input[type="number"]`).first();
  await box.fill(String(value));
  await box.press('Enter');
  await expect.poll(() => page.url()).toContain(`${param}=${value}`);
};

describe('sinusoidal', () => {
  it('the d_model = 8 frequency row reads 1, 0.1, 0.01, 0.001; moving d_model changes it', async () => {
    const { page, errors } = await open(browser, url('#/sinusoidal?lang=en'));
    await ready(page);
    expect((await tableText(page, '#freq'))[1].slice(1)).toEqual(['1', '0.1', '0.01', '0.001']);
    expect((await tableText(page, '#freq'))[2].slice(1).map(Number)).toEqual(
      [1, 10, 100, 1000].map((x) => Number((2 * Math.PI * x).toPrecision(4))),
    );
    const sin = await tableText(page, '#sin-table table');
    expect(sin[2].slice(1).map(shown)).toEqual([1, 0.1, 0.01, 0.001].map((w) => Number(Math.sin(w).toFixed(4))));
    const cos = await tableText(page, '#cos-table table');
    expect(cos[11].slice(1).map(shown)).toEqual([1, 0.1, 0.01, 0.001].map((w) => Number(Math.cos(10 * w).toFixed(4))));
    const vec = await tableText(page, '#pe-table table');
    expect(vec[4].slice(1).map(shown)).toEqual(peRow(3, 8).map((v) => Number(v.toFixed(3))));
    await setNumber(page, 'd', 4);
    await expect.poll(async () => (await tableText(page, '#freq'))[1].slice(1)).toEqual(['1', '0.01']);
    expect(errors).toEqual([]);
  });

  it('e001-omega: the marker says 3.54 holds and 2.58 does not, and the table shows why', async () => {
    const { page } = await open(browser, url('#/sinusoidal?lang=en'));
    await ready(page);
    const marker = (await page.locator('aside[data-erratum="e001-omega"]').textContent()) ?? '';
    expect(marker).toMatch(/the two 3\.54 are still right/);
    expect(marker).not.toMatch(/3\.54 and 2\.58 are off|are off too/);
    const t = await tableText(page, '#seed-dots');
    const doc = [1, 1e-2, 1e-4, 1e-6],
      right = [1, 0.1, 0.01, 0.001];
    expect(shown(t[1][2])).toBeCloseTo(sumCos(1, doc), 4);
    expect(shown(t[1][3])).toBeCloseTo(sumCos(1, right), 4);
    expect(shown(t[2][2])).toBeCloseTo(sumCos(2, doc), 4);
    expect(shown(t[2][3])).toBeCloseTo(sumCos(2, right), 4);
    expect(sumCos(1, right).toFixed(2)).toBe('3.54');
    expect(sumCos(2, right).toFixed(2)).not.toBe('2.58');
    expect([t[1][3].endsWith('✓'), t[2][2].endsWith('✓'), t[2][3].endsWith('✗')]).toEqual([true, true, true]);
  });

  it('e001-highest: the longest period from the core at the current d and base (6283 at d = 8, 60 611 at d = 512, above 10 000 from d = 12)', async () => {
    const { page } = await open(browser, url('#/sinusoidal?lang=en'));
    await ready(page);
    const status = page.locator('#period-status');
    const longest = (d: number, base = 10000) => 2 * Math.PI * base ** ((d - 2) / d);
    expect(Number(await status.getAttribute('data-longest'))).toBeCloseTo(longest(8), 6);
    expect(Number(await status.getAttribute('data-longest512'))).toBeCloseTo(longest(512), 6);
    expect(Math.round(longest(512))).toBe(60611);
    let dmin = 2;
    while (longest(dmin) <= 10000) dmin += 2;
    expect(Number(await status.getAttribute('data-min-dim'))).toBe(dmin);
    expect(dmin).toBe(12);
    const text = (await status.textContent()) ?? '';
    expect(text).toMatch(/6283 positions, shorter than 10\u2009000/);
    expect(text).toContain('60\u2009611');
    expect(text).not.toMatch(/62\s?000/);
    expect(await page.locator('aside[data-erratum="e001-highest"]').textContent()).not.toMatch(/62\s?000/);
    await setNumber(page, 'd', 12);
    // Figures out of sight catch up when they scroll into view.
    await status.scrollIntoViewIfNeeded();
    await expect.poll(() => status.textContent()).toMatch(/13\u2009537 positions, longer than 10\u2009000/);
    expect(Number(await status.getAttribute('data-longest'))).toBeCloseTo(longest(12), 6);
  });

  it('closest positions: the search covers the range the text names (0 and 6283 at d = 8 within the first 10 000)', async () => {
    const { page } = await open(browser, url('#/sinusoidal?lang=en&far=10000&delta=10'));
    await ready(page);
    const el = page.locator('#closest');
    const w = [1, 0.1, 0.01, 0.001];
    let best = Infinity,
      at = 0;
    for (let k = 1; k < 10000; k++) {
      const d2 = w.reduce((s, x) => s + 4 * Math.sin((k * x) / 2) ** 2, 0);
      if (d2 < best) [best, at] = [d2, k];
    }
    expect(at).toBe(6283);
    expect(Number(await el.getAttribute('data-b')) - Number(await el.getAttribute('data-a'))).toBe(at);
    expect(Number(await el.getAttribute('data-distance'))).toBeCloseTo(Math.sqrt(best), 10);
    expect(await el.textContent()).toContain('Among positions 0 … 9999');
    // The search range is its own: Δmax (delta = 10) does not cut it.
    expect(Number(await el.getAttribute('data-b'))).toBeGreaterThan(10);
  });

  it('PCA: an open arch, its variance shares recomputed (power iteration), and the text says so', async () => {
    const { page } = await open(browser, url('#/sinusoidal?lang=en'));
    await ready(page);
    const st = page.locator('#pca-status');
    // Independent: covariance of 256 encodings of d = 64, its two largest eigenvalues.
    const n = 256,
      d = 64;
    const X = Array.from({ length: n }, (_, p) => peRow(p, d));
    const mean = X[0].map((_, c) => X.reduce((s, r) => s + r[c], 0) / n);
    const C = mean.map((_, i) => mean.map((__, j) => X.reduce((s, r) => s + (r[i] - mean[i]) * (r[j] - mean[j]), 0) / (n - 1)));
    const trace = C.reduce((s, r, i) => s + r[i], 0);
    const top = (M: number[][]) => {
      let v = M.map((_, i) => 1 + i / 100);
      let lambda = 0;
      for (let it = 0; it < 3000; it++) {
        const u = M.map((r) => r.reduce((s, x, j) => s + x * v[j], 0));
        lambda = Math.hypot(...u);
        v = u.map((x) => x / lambda);
      }
      return { lambda, v };
    };
    const a = top(C);
    const C2 = C.map((r, i) => r.map((x, j) => x - a.lambda * a.v[i] * a.v[j]));
    const b = top(C2);
    expect(Number(await st.getAttribute('data-e1'))).toBeCloseTo(a.lambda / trace, 6);
    expect(Number(await st.getAttribute('data-e2'))).toBeCloseTo(b.lambda / trace, 6);
    const swept = Math.abs(Number(await st.getAttribute('data-swept')));
    expect(swept).toBeGreaterThan(200);
    expect(swept).toBeLessThan(340);
    const text = (await st.textContent()) ?? '';
    expect(text).toMatch(/open arch/);
    expect(text).toMatch(/not a closed circle and not a spiral/);
  });

  it('PCA at 64 positions and d = 8: the curve closes (it turns about 356°), and the sentence says so (was: "open arch" at every setting)', async () => {
    const { page, errors } = await open(browser, url('#/sinusoidal?lang=en&pcaN=64&pcaD=8'));
    await ready(page);
    const st = page.locator('#pca-status');
    await st.scrollIntoViewIfNeeded();
    const want = pcaOfSinusoids(64, 8);
    expect(want.sweptDeg).toBeGreaterThan(340);
    expect(want.endGap).toBeLessThan(0.2);
    await expect.poll(async () => Math.abs(Number(await st.getAttribute('data-swept')))).toBeCloseTo(want.sweptDeg, 6);
    const text = (await st.textContent()) ?? '';
    expect(text).not.toMatch(/open arch/);
    expect(text).toMatch(/closes into a loop/);
    expect(text).toContain(`turns about ${Math.round(want.sweptDeg)}°`);
    expect(text).toContain(`only ${want.endGap.toFixed(2)} mean radii apart`);
    // and with more positions and dimensions it opens into the arch
    await setNumber(page, 'pcaN', 200);
    await setNumber(page, 'pcaD', 32);
    expect(pcaOfSinusoids(200, 32).sweptDeg).toBeLessThan(300);
    await expect.poll(async () => (await st.textContent()) ?? '').toMatch(/open arch/);
    expect(errors).toEqual([]);
  });

  it('heatmap at d = 64: wide enough to read, labels apart, and its curved edge drawn and explained (was: 190 px, labels over each other, a red curve never explained)', async () => {
    const { page, errors } = await open(browser, url('#/sinusoidal?lang=en&D=64&N=128'));
    await ready(page);
    const view = page.locator('posenc-pe-heatmap posenc-heatmap-view');
    await view.scrollIntoViewIfNeeded();
    const canvas = await view.locator('canvas').boundingBox();
    expect(canvas!.width).toBeGreaterThanOrEqual(380);
    const labels = await view.locator('svg.overlay .annotation text').evaluateAll((ts) =>
      ts.map((t) => {
        const r = t.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height, text: t.textContent ?? '' };
      }),
    );
    expect(labels.length).toBe(3);
    for (let i = 0; i < labels.length; i++)
      for (let j = i + 1; j < labels.length; j++)
        expect(overlaps(labels[i], labels[j]), `${labels[i].text} / ${labels[j].text}`).toBe(false);
    // the dashed line: where each pair completes a quarter turn, pos = λᵢ/4, explained under the figure
    expect(await view.locator('svg.overlay polyline.path').count()).toBe(1);
    const lambda = wavelengths(64);
    const still = lambda.filter((w) => w / 4 > 127).length;
    const first = lambda.findIndex((w) => w / 4 > 127);
    const note = (await page.locator('#pe-heatmap-note').textContent()) ?? '';
    expect(note).toContain('The curved edge in the picture is the dashed line');
    expect(note).toContain(
      `the ${still} pairs on the right (from pair ${first}, dimension ${2 * first}, on) never complete a quarter turn`,
    );
    expect(errors).toEqual([]);
  });

  it('one hand is not enough: the point labels stay inside the plot, off the y axis; the sentence says which distance is which Δ (zh and en, 360 and 1280 px)', async () => {
    // d = 8, base 10000: ‖p(0) − p(Δ)‖ written out from the sines and cosines of the four pairs
    const w = [0, 1, 2, 3].map((i) => 10000 ** ((-2 * i) / 8));
    const dist = (d: number) => Math.sqrt(w.reduce((s, x) => s + Math.sin(d * x) ** 2 + (Math.cos(d * x) - 1) ** 2, 0));
    for (const [lang, width] of [
      ['zh', 360],
      ['en', 360],
      ['zh', 1280],
      ['en', 1280],
    ] as const) {
      const { page, errors, context } = await open(browser, url(`#/sinusoidal?lang=${lang}`), { width });
      await ready(page);
      const where = `${lang} ${width}px`;
      const plot = page.locator('posenc-hand-distance posenc-plot');
      await plot.scrollIntoViewIfNeeded();
      await plot.locator('g.annotation[data-kind="point"] text').first().waitFor();
      // the plot area: right of the y axis, above the x axis
      const area = await plot.evaluate((el) => {
        const lines = [...el.shadowRoot!.querySelectorAll('g.axis > line')].map((l) => l.getBoundingClientRect());
        const [xAxis, yAxis] = lines;
        return { left: yAxis.left, bottom: xAxis.top, right: xAxis.right, top: yAxis.top };
      });
      const labels = await plot.locator('g.annotation[data-kind="point"] text').evaluateAll((ts) =>
        ts.map((t) => {
          const b = t.getBoundingClientRect();
          return { text: t.textContent ?? '', x0: b.left, x1: b.right, y0: b.top, y1: b.bottom };
        }),
      );
      expect(labels.map((b) => b.text).sort(), where).toEqual(['1.68', 'Δ = 1: 0.0010', 'Δ = 44: 0.018']);
      for (const b of labels) {
        expect(b.x0, `${where}: "${b.text}" left of the y axis`).toBeGreaterThanOrEqual(area.left + 1);
        expect(b.x1, `${where}: "${b.text}"`).toBeLessThanOrEqual(area.right + 1);
        expect(b.y1, `${where}: "${b.text}" below the x axis`).toBeLessThanOrEqual(area.bottom + 1);
      }
      const sentence = ((await page.locator('posenc-hand-distance p[data-claim="hand-distance"]').textContent()) ?? '').replace(
        /\s+/g,
        ' ',
      );
      const pairs = `Δ = 44${lang === 'zh' ? '：' : ': '}${dist(44).toFixed(2)}${lang === 'zh' ? '；' : '; '}Δ = 1${lang === 'zh' ? '：' : ': '}${dist(1).toFixed(3)}`;
      expect(sentence, where).toContain(lang === 'zh' ? `（${pairs}）` : `(${pairs})`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('predict, then reveal: the dot product is not monotonic; base moves only the slow wavelengths', async () => {
    const { page } = await open(browser, url('#/sinusoidal?lang=en'));
    await ready(page);
    const mono = page.locator('posenc-predict#predict-monotonic');
    await mono.locator('input[value="yes"]').check();
    await mono.locator('button.reveal').click();
    await expect.poll(() => mono.locator('.verdict').getAttribute('data-answer')).toBe('no');
    const w = [1, 0.1, 0.01, 0.001];
    let first = -1;
    for (let k = 0; k < 100 && first < 0; k++) if (sumCos(k + 1, w) > sumCos(k, w)) first = k;
    expect(Number(await page.locator('#dot-status').getAttribute('data-first-rise'))).toBe(first);
    const base = page.locator('posenc-predict#predict-base');
    await base.locator('input[value="all"]').check();
    await base.locator('button.reveal').click();
    await expect.poll(() => base.locator('.verdict').getAttribute('data-answer')).toBe('slow');
  });

  it('tables stay sized to what is shown: d_model = 64 with the most positions renders 32 rows of at most 8 pairs', async () => {
    const { page } = await open(browser, url('#/sinusoidal?lang=en&d=64&n=64'));
    await ready(page);
    const cells = async (sel: string) => page.locator(`${sel} td`).count();
    // A grown table fills in over a few frames.
    await expect.poll(() => cells('#sin-table table')).toBe(32 * 8);
    await expect.poll(() => cells('#cos-table table')).toBe(32 * 8);
    await expect.poll(() => cells('#pe-table table')).toBe(32 * 16);
    expect((await tableText(page, '#freq'))[1].length).toBe(33);
    expect(await page.locator('posenc-sincos-tables .note').first().textContent()).toContain('The first 8 of 32 pairs');
  });
});
