// Shared by the per-chapter e2e suites: open a chapter, read the numbers its figures show.
import type { Browser, Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';

import { open } from '../browser.js';

export const url = (hash: string) => `${inject('origin')}/dist/page/index.html${hash}`;

export async function chapter(browser: Browser, hash: string, o: { width?: number } = {}) {
  const r = await open(browser, url(hash), o);
  await r.page.locator('posenc-chapter-view h2').waitFor();
  return r;
}

/** The raw number behind a marked-up value (data-value), waiting for it to appear. */
export async function value(page: Page, selector: string): Promise<number> {
  const el = page.locator(selector).first();
  await el.waitFor({ state: 'attached' });
  const v = await el.getAttribute('data-value');
  expect(v, selector).not.toBeNull();
  return Number(v);
}

/** Picks a choice of a predict-then-reveal block, reveals, and returns the computed answer. */
export async function reveal(page: Page, id: string, choice: string): Promise<{ guess: string; answer: string }> {
  const p = page.locator(`posenc-predict#${id}`);
  await p.locator(`input[value="${choice}"]`).check();
  await p.locator('button.reveal').click();
  const verdict = p.locator('.verdict');
  await expect.poll(() => verdict.getAttribute('data-answer')).not.toBe('');
  return { guess: (await verdict.getAttribute('data-guess')) ?? '', answer: (await verdict.getAttribute('data-answer')) ?? '' };
}

/** A heatmap's matrix as rows of numbers. */
export async function matrix(page: Page, selector: string): Promise<number[][]> {
  return page.locator(selector).evaluate((el) => {
    const m = (el as unknown as { matrix: { rows: number; cols: number; data: ArrayLike<number> } }).matrix;
    return Array.from({ length: m.rows }, (_, r) => Array.from({ length: m.cols }, (_, c) => m.data[r * m.cols + c]));
  });
}

/** A plot's series (label, x, y) as plain arrays. */
export async function series(page: Page, selector: string): Promise<{ label: string; x: number[]; y: number[] }[]> {
  return page.locator(selector).evaluate((el) =>
    (el as unknown as { series: { label: string; x: ArrayLike<number>; y: ArrayLike<number> }[] }).series.map((s) => ({
      label: s.label,
      x: Array.from(s.x),
      y: Array.from(s.y),
    })),
  );
}

/** Sets a slider of the chapter (its number box) and waits for the page to take it. */
export async function setParam(page: Page, id: string, v: number | string) {
  const select = page.locator(`posenc-chapter-view select[data-param="${id}"]`);
  if (await select.count()) {
    await select.first().selectOption(String(v));
  } else {
    const box = page.locator(`posenc-chapter-view posenc-slider[data-param="${id}"] input[type=number]`).first();
    await box.fill(String(v));
    await box.press('Enter');
  }
  await expect.poll(() => page.url()).toContain(`${id}=${v}`);
}

/** Sinusoidal frequencies ω_i = 10000^(−2i/d), written out here. */
export const omegas = (d: number) => Array.from({ length: d / 2 }, (_, i) => 10000 ** ((-2 * i) / d));

/** Relative diagonal spread written out: max over diagonals of (max − min), over the matrix's range. */
export function relativeSpread(m: number[][]): number {
  let lo = Infinity,
    hi = -Infinity,
    spread = 0;
  const n = m.length,
    c = m[0].length;
  for (let off = -(n - 1); off < c; off++) {
    let a = Infinity,
      b = -Infinity;
    for (let i = 0; i < n; i++) {
      const j = i + off;
      if (j < 0 || j >= c) continue;
      a = Math.min(a, m[i][j]);
      b = Math.max(b, m[i][j]);
    }
    spread = Math.max(spread, b - a);
    lo = Math.min(lo, a);
    hi = Math.max(hi, b);
  }
  return hi > lo ? spread / (hi - lo) : 0;
}

/**
 * How many points of a plot's point label (its text box, sampled every 2 px) lie on a drawn
 * series: on a line's stroke or inside a band. 0 when the label sits clear of every curve.
 */
export async function labelOnCurves(page: Page, plot: string, label: RegExp): Promise<number> {
  return page.locator(plot).evaluate(
    (el, [source, flags]) => {
      const re = new RegExp(source, flags);
      const root = (el as HTMLElement).shadowRoot!;
      const text = [...root.querySelectorAll<SVGTextElement>('g.annotation[data-kind="point"] text')].find((t) =>
        re.test(t.textContent ?? ''),
      );
      if (!text) return -1;
      const b = text.getBBox();
      let hits = 0;
      for (const p of root.querySelectorAll<SVGPathElement>('g.series path')) {
        const band = p.getAttribute('stroke') === 'none';
        for (let x = b.x + 1; x < b.x + b.width - 1; x += 2) {
          for (let y = b.y + 1; y < b.y + b.height - 1; y += 2) {
            const pt = new DOMPoint(x, y);
            if (band ? p.isPointInFill(pt) : p.isPointInStroke(pt)) hits++;
          }
        }
      }
      return hits;
    },
    [label.source, label.flags] as const,
  );
}

/** The boxes of a plot's annotation labels as drawn (client rectangles), with their text. */
export async function labelBoxes(plot: Locator): Promise<{ text: string; x0: number; x1: number; y0: number; y1: number }[]> {
  return plot.locator('g.annotation text').evaluateAll((ts) =>
    ts.map((t) => {
      const b = t.getBoundingClientRect();
      return { text: t.textContent ?? '', x0: b.left, x1: b.right, y0: b.top, y1: b.bottom };
    }),
  );
}
