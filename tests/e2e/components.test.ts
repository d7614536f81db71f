// The shared figure components in Chromium, on a fixture page with known data (built from the
// sources by Vite in beforeAll): d3 ticks for the ranges the hand-written ticks got wrong, log axes,
// exact readouts on hover and with the keyboard, KaTeX drawn as HTML in its own fonts (lazily, from
// this origin only), annotations as labelled SVG, sliders in log space, sticky table columns, the
// rotation diagram's angle arc; axe, console errors and overflow at 360 px; screenshots.
import type { Server } from 'node:http';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { axe, launch, open, screenshot } from './browser.js';
import { buildComponentsFixture } from './components-fixture.js';
import { serve } from './server.js';

let browser: Browser;
let server: Server;
let origin = '';
const num = (s: string) =>
  Number(
    s
      .trim()
      .replace(/\u2212/g, '-')
      .replace(/,/g, ''),
  );

beforeAll(async () => {
  const dir = await buildComponentsFixture();
  ({ server, origin } = await serve(0, { '/components/': dir }));
  browser = await launch();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((ok) => (server ? server.close(() => ok()) : ok()));
});

async function fixture(o: { width?: number; theme?: string } = {}) {
  const r = await open(browser, `${origin}/components/components.html${o.theme ? `?theme=${o.theme}` : ''}`, { width: o.width });
  await r.page.locator('body[data-ready]').waitFor();
  await r.page.evaluate(() => document.fonts.ready);
  return r;
}

/** Label text and pixel position of each tick of one axis of a plot. */
async function ticks(page: Page, id: string, cls: 'x-tick' | 'y-tick') {
  return page
    .locator(`#${id} text.${cls}`)
    .evaluateAll(
      (els, c) => els.map((e) => ({ label: (e.textContent ?? '').trim(), at: Number(e.getAttribute(c === 'x-tick' ? 'x' : 'y')) })),
      cls,
    );
}

/** A nice tick step is 1, 2 or 5 (or 2.5) times a power of ten. */
function isNiceStep(step: number) {
  const m = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
  return [1, 2, 2.5, 5].some((k) => Math.abs(m - k) < 1e-6);
}

function checkLinear(t: { label: string; at: number }[], lo: number, hi: number) {
  const labels = t.map((x) => x.label);
  expect(new Set(labels).size, labels.join(' | ')).toBe(labels.length);
  expect(t.length).toBeGreaterThanOrEqual(2);
  const v = labels.map(num);
  for (const x of v) {
    expect(x).toBeGreaterThanOrEqual(lo - 1e-9);
    expect(x).toBeLessThanOrEqual(hi + 1e-9);
  }
  const step = v[1] - v[0];
  expect(isNiceStep(Math.abs(step)), `step ${step}`).toBe(true);
  // Evenly spaced values at evenly spaced positions.
  for (let i = 1; i < v.length; i++) {
    expect(v[i] - v[i - 1]).toBeCloseTo(step, 9);
    expect((t[i].at - t[i - 1].at) / (t[1].at - t[0].at)).toBeCloseTo(1, 2);
  }
}

describe('axes', () => {
  it('label [10, 22], [0, 0.0012] and [100.2, 101.4] with distinct d3 ticks', async () => {
    const { page, errors } = await fixture();
    const a = await ticks(page, 'ticks-a', 'x-tick');
    checkLinear(a, 10, 22);
    expect(a.map((x) => x.label)).not.toEqual(['10', '13', '15', '18', '20']);
    expect(a.map((x) => x.label)).toContain('10');
    const b = await ticks(page, 'ticks-b', 'x-tick');
    checkLinear(b, 0, 0.0012);
    expect(b.map((x) => x.label)).toContain('0');
    expect(b.some((x) => num(x.label) > 0 && num(x.label) <= 0.0012)).toBe(true);
    checkLinear(await ticks(page, 'ticks-c', 'x-tick'), 100.2, 101.4);
    const cy = await ticks(page, 'ticks-c', 'y-tick');
    checkLinear(cy, 100, 101.6);
    expect(errors).toEqual([]);
  });

  it('log axes put the powers of ten at equal spacing', async () => {
    const { page } = await fixture();
    for (const [id, cls] of [
      ['log-plot', 'y-tick'],
      ['loglog', 'x-tick'],
      ['loglog', 'y-tick'],
    ] as const) {
      const t = await ticks(page, id, cls);
      expect(t.length, `${id} ${cls}`).toBeGreaterThanOrEqual(3);
      // 10ᵏ written with superscripts, or plainly (1, 10, 100 …): either way a power of ten.
      const sup = '⁰¹²³⁴⁵⁶⁷⁸⁹';
      const exps = t.map(({ label }) =>
        label.startsWith('10') && label.length > 2 && !/^\d+$/.test(label)
          ? Number(
              label
                .slice(2)
                .replace('⁻', '-')
                .replace(/[⁰-⁹¹²³]/g, (c) => String(sup.indexOf(c))),
            )
          : Math.log10(num(label)),
      );
      for (const e of exps) expect(Number.isInteger(Math.round(e * 1e9) / 1e9), `${id}: ${e}`).toBe(true);
      const gaps = t.slice(1).map((x, i) => (x.at - t[i].at) / (exps[i + 1] - exps[i]));
      for (const g of gaps) expect(Math.abs(g - gaps[0])).toBeLessThan(0.75);
    }
  });
});

describe('readouts', () => {
  it('a plot reads out the exact data on hover and with the keyboard', async () => {
    const { page } = await fixture();
    const data = await page.evaluate(() => (window as unknown as { fixture: { a: { x: number[]; y: number[] } } }).fixture.a);
    const readout = page.locator('#ticks-a .readout');
    expect(await readout.getAttribute('aria-live')).toBe('polite');
    const point = async () => {
      const m = /\(([^,]+), ([^)]+)\)/.exec((await readout.textContent()) ?? '');
      return m ? [num(m[1]), num(m[2])] : [NaN, NaN];
    };
    // Hover over the tick labelled 16.
    const tick = page.locator('#ticks-a text.x-tick', { hasText: /^16$/ });
    const tb = (await tick.boundingBox())!;
    const sb = (await page.locator('#ticks-a svg').boundingBox())!;
    await page.mouse.move(tb.x + tb.width / 2, sb.y + sb.height / 3);
    let [x, y] = await point();
    expect(x).toBe(16);
    expect(y).toBeCloseTo(data.y[data.x.indexOf(16)], 5);
    // Keyboard: focus starts at the first point, End goes to the last, Shift+← one point back.
    const svg = page.locator('#ticks-a svg');
    await svg.focus();
    await svg.press('Home');
    [x, y] = await point();
    expect(x).toBe(10);
    expect(y).toBeCloseTo(data.y[0], 5);
    await svg.press('End');
    expect((await point())[0]).toBe(22);
    await svg.press('Shift+ArrowLeft');
    [x, y] = await point();
    expect(x).toBe(21);
    expect(y).toBeCloseTo(data.y[11], 5);
  });

  it('a heatmap reads out row, column and exact value, by keyboard and pointer, without repainting', async () => {
    const { page } = await fixture();
    const { S, tokens } = await page.evaluate(() => (window as unknown as { fixture: { S: number[]; tokens: string[] } }).fixture);
    const canvas = page.locator('#hm-annot canvas');
    const readout = page.locator('#hm-annot .readout');
    expect(await readout.getAttribute('aria-live')).toBe('polite');
    await page.evaluate(() => {
      const w = window as unknown as { paints: number };
      w.paints = 0;
      const put = CanvasRenderingContext2D.prototype.putImageData;
      CanvasRenderingContext2D.prototype.putImageData = function (this: CanvasRenderingContext2D, ...args: unknown[]) {
        w.paints++;
        return (put as (...a: unknown[]) => void).apply(this, args);
      } as typeof put;
    });
    const value = async () => num(((await readout.textContent()) ?? '').split(': ').pop() ?? '');
    await canvas.focus();
    expect(await readout.textContent()).toContain(`query ${tokens[0]}, key ${tokens[0]}`);
    for (const k of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight']) await canvas.press(k);
    expect(await readout.textContent()).toContain(`query ${tokens[3]}, key ${tokens[2]}: `);
    expect(await value()).toBeCloseTo(S[3 * 12 + 2], 5);
    // Above the diagonal the causal mask: −∞.
    await canvas.press('End');
    expect(await readout.textContent()).toMatch(/: −∞$/);
    const box = (await canvas.boundingBox())!;
    const cell = box.width / 12;
    for (let i = 0; i < 10; i++) await page.mouse.move(box.x + (1 + (i % 3)) * cell + cell / 2, box.y + 8 * cell + cell / 2);
    await page.mouse.move(box.x + 1.5 * cell, box.y + 8.5 * cell);
    expect(await readout.textContent()).toContain(`query ${tokens[8]}, key ${tokens[1]}: `);
    expect(await value()).toBeCloseTo(S[8 * 12 + 1], 5);
    expect(await page.evaluate(() => (window as unknown as { paints: number }).paints)).toBe(0);
  });

  it('bars read out exact values with ↑/↓', async () => {
    const { page } = await fixture();
    const svg = page.locator('#bars svg');
    await svg.focus();
    await svg.press('ArrowDown');
    expect(await page.locator('#bars .readout').textContent()).toBe('RoPE apply (interleaved): 9.8×');
  });
});

describe('math', () => {
  it('is KaTeX HTML drawn in KaTeX fonts, with MathML beside it for screen readers', async () => {
    const { page, errors } = await fixture();
    await page.locator('#m-prime .katex-html').waitFor();
    const info = await page.locator('#m-prime').evaluate((el) => {
      const root = el.shadowRoot!;
      const html = root.querySelector('.katex-html') as HTMLElement;
      const mathml = root.querySelector('.katex-mathml math');
      const ord = root.querySelector('.katex-html .mord.mathnormal') as HTMLElement;
      return {
        w: html.getBoundingClientRect().width,
        h: html.getBoundingClientRect().height,
        hidden: html.getAttribute('aria-hidden'),
        mathml: !!mathml,
        mathmlBox: mathml ? (mathml.parentElement as HTMLElement).getBoundingClientRect().width : -1,
        font: getComputedStyle(ord).fontFamily,
      };
    });
    expect(info.w).toBeGreaterThan(40);
    expect(info.h).toBeGreaterThan(10);
    expect(info.hidden).toBe('true');
    expect(info.mathml).toBe(true);
    expect(info.mathmlBox).toBeLessThanOrEqual(1);
    expect(info.font).toMatch(/^KaTeX_Math/);
    expect(
      await page.evaluate(async () => {
        await document.fonts.load('16px KaTeX_Main');
        await document.fonts.load('italic 16px KaTeX_Math');
        return document.fonts.check('16px KaTeX_Main') && document.fonts.check('italic 16px KaTeX_Math');
      }),
    ).toBe(true);
    expect(errors).toEqual([]);
  });

  it('attaches primes, draws ‖ and stretches braces and matrix brackets (also in Chinese text)', async () => {
    const { page } = await fixture();
    await page.locator('#m-matrix .katex-html').waitFor();
    const prime = await page.locator('#m-prime').evaluate((el) => {
      const base = el.shadowRoot!.querySelector('.katex-html .base .mord') as HTMLElement; // q′
      const q = base.querySelector('.mathnormal')!.getBoundingClientRect();
      const p = base.querySelector('.msupsub')!.getBoundingClientRect();
      return { gap: p.left - q.right, raised: q.top - p.top, em: parseFloat(getComputedStyle(base).fontSize) };
    });
    expect(prime.gap).toBeLessThan(0.15 * prime.em);
    expect(prime.raised).toBeGreaterThan(0);
    const norm = await page.locator('#m-norm').evaluate((el) => {
      const html = el.shadowRoot!.querySelector('.katex-html') as HTMLElement;
      const bars = [...html.querySelectorAll('span')].filter((s) => /^[∥‖]$/.test(s.textContent ?? '') && !s.children.length);
      return { text: html.textContent ?? '', font: bars[0] ? getComputedStyle(bars[0]).fontFamily : '' };
    });
    expect(norm.text).toMatch(/[∥‖]/);
    expect(norm.text).not.toContain('//');
    expect(norm.font).toMatch(/^KaTeX_/);
    const brace = await page.locator('#m-under').evaluate((el) => {
      const root = el.shadowRoot!;
      const body = root.querySelector('.katex-html .base')!.getBoundingClientRect();
      const svg = [...root.querySelectorAll('.katex-html svg')].map((s) => s.getBoundingClientRect());
      const vlist = [...root.querySelectorAll('.katex-html .vlist')].map((v) => v.getBoundingClientRect().height);
      // A stretchy brace is drawn in pieces: measure their union.
      const svgW = Math.max(...svg.map((r) => r.right)) - Math.min(...svg.map((r) => r.left));
      return { body: body.width, svgW, svgH: Math.max(0, ...svg.map((r) => r.height)), vlist: Math.max(0, ...vlist) };
    });
    expect(brace.svgW).toBeGreaterThan(0.6 * brace.body);
    expect(brace.svgH).toBeGreaterThan(3);
    expect(brace.vlist).toBeGreaterThan(20);
    const matrix = await page.locator('#m-matrix').evaluate((el) => {
      const root = el.shadowRoot!;
      const table = root.querySelector('.mtable')!.getBoundingClientRect();
      const open = [...root.querySelectorAll('.katex-html .mopen')]
        .map((o) => o.getBoundingClientRect())
        .sort((a, b) => b.height - a.height)[0];
      return { table: table.height, bracket: open.height, lang: (el.closest('[lang]') as HTMLElement).lang };
    });
    expect(matrix.lang).toBe('zh-CN');
    expect(matrix.bracket).toBeGreaterThan(0.9 * matrix.table);
  });

  it('long formulas wrap (inline), stack their statements (display), and scroll inside themselves only where one piece is wider than the line, at 360 px', async () => {
    const { page } = await fixture({ width: 360 });
    await page.locator('#m-long .katex-html').first().waitFor();
    const rows = (id: string, sel: string) =>
      page
        .locator(id)
        .evaluate(
          (el, s) => new Set([...el.shadowRoot!.querySelectorAll(s)].map((b) => Math.round(b.getBoundingClientRect().top))).size,
          sel,
        );
    expect(await rows('#m-inline-long', '.katex-html > .base')).toBeGreaterThan(1);
    // a display formula's three statements, one under another: nothing left to scroll
    expect(await rows('#m-stack', '.statement')).toBe(3);
    const stack = await page.locator('#m-stack').evaluate((el) => ({ sw: el.scrollWidth, cw: el.clientWidth }));
    expect(stack.sw).toBeLessThanOrEqual(stack.cw + 1);
    // stacked too, but diag(…) inside \big(…\big) has no place to break and is wider than the line:
    // that formula scrolls, and is a focusable region (fitted at the start of the next frame)
    expect(await rows('#m-long', '.statement')).toBe(3);
    await expect.poll(() => page.locator('#m-long').getAttribute('tabindex')).toBe('0');
    const long = await page.locator('#m-long').evaluate((el) => ({
      sw: el.scrollWidth,
      cw: el.clientWidth,
      role: el.getAttribute('role'),
      widest: Math.max(...[...el.shadowRoot!.querySelectorAll('.katex-html > .base')].map((b) => b.getBoundingClientRect().width)),
    }));
    expect(long.sw).toBeGreaterThan(long.cw);
    expect(long.widest).toBeGreaterThan(long.cw);
    expect(long.role).toBe('region');
    expect(await page.locator('#m-stack').getAttribute('tabindex')).toBeNull();
  });

  it('loads lazily and only from this origin: a page without formulas fetches no KaTeX', async () => {
    const seen: string[] = [];
    const { page, context } = await open(browser, 'about:blank');
    page.on('request', (r) => seen.push(r.url()));
    await page.goto(`${origin}/components/components-nomath.html`);
    await page.locator('body[data-ready]').waitFor();
    await page.locator('#hm canvas').waitFor();
    expect(seen.filter((u) => /katex/i.test(u))).toEqual([]);
    expect(await page.evaluate(() => [...document.fonts].some((f) => f.family.includes('KaTeX')))).toBe(false);
    seen.length = 0;
    await page.goto(`${origin}/components/components.html`);
    await page.locator('body[data-ready]').waitFor();
    await page.locator('#m-prime .katex-html').waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(seen.some((u) => /katex/i.test(u) && u.endsWith('.js'))).toBe(true);
    expect(seen.some((u) => /KaTeX_Main-Regular.*\.woff2$/.test(u))).toBe(true);
    expect(seen.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);
    await context.close();
  });
});

describe('math in the built page and elements', () => {
  /** Waits for a formula inside `host` (a chapter element or the page) and reports how it is drawn. */
  const katexState = (page: Page) =>
    page
      .waitForFunction(
        () => {
          const find = (root: Document | ShadowRoot): Element | null => {
            const hit = root.querySelector('posenc-math');
            if (hit?.shadowRoot?.querySelector('.katex-html .mord')) return hit;
            for (const el of root.querySelectorAll('*')) {
              if (el.shadowRoot) {
                const deep = find(el.shadowRoot);
                if (deep) return deep;
              }
            }
            return null;
          };
          const m = find(document);
          if (!m) return false;
          const ord = m.shadowRoot!.querySelector('.katex-html .mord') as HTMLElement;
          return { font: getComputedStyle(ord).fontFamily, loaded: document.fonts.check('16px KaTeX_Main') };
        },
        undefined,
        { timeout: 30_000 },
      )
      .then((h) => h.jsonValue() as Promise<{ font: string; loaded: boolean }>);

  it('dist/posenc.html draws KaTeX in its own fonts from file:// with the network blocked', async () => {
    const context = await browser.newContext();
    const blocked: string[] = [];
    await context.route('**/*', (route) => {
      const u = route.request().url();
      if (/^(file|data|blob):/.test(u)) return route.continue();
      blocked.push(u);
      return route.abort();
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`file://${resolve(__dirname, '../../dist/posenc.html')}#/rope?lang=zh`);
    const k = await katexState(page);
    expect(k.font).toMatch(/^KaTeX_/);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px KaTeX_Main'))).toBe(true);
    expect(blocked).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the elements under a strict CSP fetch KaTeX and its fonts from their own folder, with no violation', async () => {
    const { page, errors, context } = await open(browser, 'about:blank');
    const seen: string[] = [];
    page.on('request', (r) => seen.push(r.url()));
    await page.goto(`${origin}/csp/fixtures/elements.html`);
    const violations: string[] = [];
    await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
    await page.evaluate(() =>
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { reportViolation: (v: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
      ),
    );
    const k = await katexState(page);
    expect(k.font).toMatch(/^KaTeX_/);
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('16px KaTeX_Main'))).toBe(true);
    expect(seen.some((u) => u.includes('/dist/elements/chunks/katex'))).toBe(true);
    expect(seen.some((u) => /\/dist\/elements\/assets\/KaTeX_Main-Regular-.*\.woff2$/.test(u))).toBe(true);
    expect(seen.filter((u) => !u.startsWith(origin))).toEqual([]);
    expect(violations).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('elements that show no formula download neither KaTeX nor its fonts', async () => {
    const { page, errors, context } = await open(browser, 'about:blank');
    const seen: string[] = [];
    page.on('request', (r) => seen.push(r.url()));
    await page.goto(`${origin}/fixtures/elements-nomath.html`);
    await page.locator('#table tr').first().waitFor();
    await page.locator('#heatmap canvas').waitFor();
    expect(seen.filter((u) => /katex/i.test(u))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('annotations', () => {
  it('are labelled SVG elements on plots, bars and heatmaps', async () => {
    const { page } = await fixture();
    const plot = await page.locator('#annot-plot g.annotation').evaluateAll((gs) =>
      gs.map((g) => ({
        kind: g.getAttribute('data-kind'),
        label: g.getAttribute('aria-label') ?? '',
        text: g.querySelector('text')?.textContent ?? '',
      })),
    );
    expect(plot.map((a) => a.kind).sort()).toEqual(['note', 'point', 'x', 'x-range', 'x-range', 'y']);
    for (const a of plot) {
      expect(a.text.length).toBeGreaterThan(0);
      expect(a.label).toContain(a.text);
    }
    expect(plot.find((a) => a.kind === 'x')?.label).toContain('x = 1024');
    const hm = await page
      .locator('#hm-annot g.annotation')
      .evaluateAll((gs) => gs.map((g) => [g.getAttribute('data-kind'), g.querySelector('text')?.textContent]));
    expect(hm).toEqual([
      ['row', 'query "mat"'],
      ['cell', '"it" → "cat"'],
      ['diagonal', 'recent tokens'],
    ]);
    expect(await page.locator('#bars g.annotation text').textContent()).toBe('as fast as JS');
    // The figure's accessible name carries the marks too.
    expect(await page.locator('#annot-plot svg').getAttribute('aria-label')).toContain('training region');
  });

  it('heatmaps share one colour scale and one legend', async () => {
    const { page } = await fixture();
    const shared = await page.evaluate(() => (window as unknown as { fixture: { shared: { lo: number; hi: number } } }).fixture.shared);
    expect(await page.locator('#hm-a svg.legend-bar').count()).toBe(0);
    const label = await page.locator('#shared-legend svg').getAttribute('aria-label');
    expect(label).toContain(`${shared.lo}`.replace('-', '\u2212').slice(0, 5));
    const legendTicks = await page.locator('#shared-legend text.legend-tick').allTextContents();
    expect(new Set(legendTicks).size).toBe(legendTicks.length);
    expect(legendTicks).toContain('0');
    // A legend inside a heatmap, with the masked (−∞) swatch where the data has masked cells.
    expect(await page.locator('#hm-annot svg.legend-bar g.masked').count()).toBe(1);
  });
});

describe('controls', () => {
  it('a log slider moves in log space over round values and keeps exact typed values', async () => {
    const { page } = await fixture();
    const range = page.locator('#s-log input[type="range"]');
    const box = page.locator('#s-log input[type="number"]');
    const events: number[] = [];
    await page.exposeFunction('logSlider', (v: number) => events.push(v));
    await page
      .locator('#s-log')
      .evaluate((el) =>
        el.addEventListener('posenc-input', (e) =>
          (window as unknown as { logSlider: (v: number) => void }).logSlider((e as CustomEvent).detail.value),
        ),
      );
    const indexOf = async (v: number) => {
      await box.fill(String(v));
      await box.press('Enter');
      return Number(await range.inputValue());
    };
    const [i10, i100, i1000, i10000] = [await indexOf(10), await indexOf(100), await indexOf(1000), await indexOf(10000)];
    expect(i100 - i10).toBe(i1000 - i100);
    expect(i10000 - i1000).toBe(i1000 - i100);
    await range.focus();
    await range.press('ArrowRight');
    expect(events[events.length - 1]).toBe(12000);
    await range.press('End');
    expect(events[events.length - 1]).toBe(100000);
    await range.press('Home');
    expect(events[events.length - 1]).toBe(2);
    expect(await indexOf(12345)).toBeGreaterThan(i10000);
    expect(events[events.length - 1]).toBe(12345);
    expect(await box.inputValue()).toBe('12345');
    expect(await range.getAttribute('aria-valuetext')).toBe('12345');
  });

  it('a wide table keeps its first column in view and marks highlighted rows with their reason', async () => {
    const { page } = await fixture({ width: 360 });
    const scroller = page.locator('#tbl .scroll');
    const firstLeft = async () => (await page.locator('#tbl tbody tr:nth-child(3) th').boundingBox())!.x;
    const before = await firstLeft();
    await scroller.evaluate((el) => (el.scrollLeft = 300));
    expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
    expect(Math.abs((await firstLeft()) - before)).toBeLessThan(1);
    expect(await page.locator('#tbl tr.hl').count()).toBe(2);
    expect(await page.locator('#tbl ol.notes li').allTextContents()).toEqual([
      '1 the 7→8 step: four bits change at once',
      '2 a negative value, with a true minus sign',
    ]);
    expect(await page.locator('#tbl td.hl').textContent()).toBe('\u22122.50');
    expect(await page.locator('#tbl tbody tr:nth-child(8) th').getAttribute('aria-describedby')).toBe('note-1');
  });

  it('the rotation diagram draws the angle between q′ and k′ and moves by keyboard', async () => {
    const { page } = await fixture();
    const between = await page.evaluate(() => (window as unknown as { fixture: { between: number } }).fixture.between);
    const text = await page.locator('#rot g.angle text').textContent();
    expect(num(text!.replace('°', ''))).toBeCloseTo((between * 180) / Math.PI, 1);
    const handle = page.locator('#rot circle.handle').first();
    await handle.focus();
    await handle.press('ArrowRight');
    await expect.poll(() => page.locator('#rot .coords div').first().textContent()).toMatch(/^q = \(1\.0\d\d, 0\.500\)/);
    // Dragging k's tip to the left half of the plane moves k there.
    const k = page.locator('#rot circle.handle').nth(1);
    const kb = (await k.boundingBox())!;
    const sb = (await page.locator('#rot svg').boundingBox())!;
    await page.mouse.move(kb.x + kb.width / 2, kb.y + kb.height / 2);
    await page.mouse.down();
    await page.mouse.move(sb.x + sb.width * 0.2, sb.y + sb.height * 0.5, { steps: 5 });
    await page.mouse.up();
    await expect
      .poll(async () => num(/^k = \(([^,]+),/.exec((await page.locator('#rot .coords div').nth(1).textContent()) ?? '')?.[1] ?? 'NaN'))
      .toBeLessThan(0);
    expect(await page.locator('#rot-c text.axis-name').allTextContents()).toEqual(['Re', 'Im']);
    expect(await page.locator('#rot-c .coords').textContent()).toContain('|q| = 1.500, |q′| = 1.500');
  });
});

describe('the fixture page', () => {
  it('has no serious axe violations, no console errors, and nothing wider than a 360 px phone', async () => {
    for (const theme of ['light', 'dark']) {
      for (const width of [360, 1280]) {
        const { page, errors, context } = await fixture({ width, theme });
        await screenshot(page, `components-${width}-${theme}`);
        expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBeLessThanOrEqual(1);
        const wide = await page.evaluate(() =>
          [...document.querySelectorAll('main > *, .row > *')]
            .filter((e) => e.getBoundingClientRect().right > innerWidth + 1)
            .map((e) => e.id || e.tagName),
        );
        expect(wide).toEqual([]);
        if (width === 1280 || theme === 'light') expect(await axe(page), `${theme} ${width}`).toEqual([]);
        expect(errors).toEqual([]);
        await context.close();
      }
    }
  });
});
