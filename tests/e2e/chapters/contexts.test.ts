// The "Longer contexts" chapter in Chromium: real config.json files read by the core, the chapter's
// own scalings against independent float64 values, the long-range curve against 2Σcos(Δθ_i), the
// 128k-position table, a hang detector at scaling factor 1 (which used to freeze the page for tens
// of seconds), and random in-range deep links of both rewritten chapters, each bounded in seconds.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { launch, open, tableText } from '../browser.js';
import { labelBoxes } from './helpers.js';

let browser: Browser;
const url = (hash: string) => `${inject('origin')}/dist/page/index.html${hash}`;
const num = (s: string) => Number(s.trim().replace(/\u2212/g, '-'));

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function ready(p: Page, timeout = 30_000) {
  await p.locator('posenc-chapter-view h2').waitFor({ timeout });
}

/** Resolves after the next two animation frames: the page has painted whatever the last input asked. */
const painted = (p: Page) => p.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/** Readout pairs "(x, y)" of a range plot, in series order. */
async function readout(page: Page, id: string) {
  const text = (await page.locator(`posenc-range-plot#${id} .readout`).textContent()) ?? '';
  return [...text.matchAll(/\((−?[\d.e+]+), (−?[\d.e+−]+)\)/g)].map((m) => [num(m[1]), num(m[2])]);
}

describe('contexts', () => {
  it('reads real config.json files: Llama 3.1 bands 29 / 6 / 29, Qwen2.5 YaRN attention factor, bad JSON inline', async () => {
    const { page, errors } = await open(browser, url('#/contexts?lang=en'));
    await ready(page);
    const field = async (name: string) => (await tableText(page, '#config-fields')).find((r) => r[0] === name)?.[1];
    await expect.poll(() => field('pairs: unchanged / blended / divided by factor')).toBe('29 / 6 / 29');
    expect(await field('rope_theta')).toBe('500000');
    // the pairing in words beside the API's value (Llama pairs dimension i with i + d/2)
    expect(await field('pairing')).toBe('first half with second half half');
    // Qwen2.5 7B Instruct with the YaRN setting of its model card (long texts), pasted
    const qwenYarn = {
      model_type: 'qwen2',
      hidden_size: 3584,
      num_attention_heads: 28,
      max_position_embeddings: 32768,
      rope_theta: 1e6,
      rope_scaling: { factor: 4.0, original_max_position_embeddings: 32768, type: 'yarn' },
    };
    await page.locator('posenc-config-panel textarea').fill(JSON.stringify(qwenYarn));
    await expect.poll(() => field('attention factor (multiplies cos and sin)')).toBe((0.1 * Math.log(4) + 1).toFixed(6));
    expect(await field('rope_type')).toBe('yarn');
    await page.locator('posenc-config-panel textarea').fill('{"hidden_size": 4096,\n "rope_theta": }');
    await expect.poll(() => page.locator('#config-error').textContent()).toContain('invalid JSON at line 2');
    await page.locator('posenc-config-panel textarea').fill('{"head_dim": 128, "rope_scaling": {"rope_type": "su", "factor": 2}}');
    await expect.poll(() => page.locator('#config-error').textContent()).toContain('rope_type must be one of');
    expect(errors).toEqual([]);
  });

  it("the chapter's own scalings: YaRN's attention factor and Llama 3's bands at s = 8, against independent float64", async () => {
    const { page, errors } = await open(browser, url('#/contexts?lang=en&base=500000&ltrain=8192&ltarget=65536'));
    await ready(page);
    const facts = await tableText(page, '#scaling-facts');
    const row = (name: string) => facts.find((r) => r[0] === name)?.[1];
    expect(row('YaRN attention factor')).toBe((0.1 * Math.log(8) + 1).toFixed(6));
    // Llama 3 at Llama 3.1's settings, recomputed: wavelength 2π·500000^(2i/128) against 8192/4 and 8192/1
    let kept = 0,
      divided = 0;
    for (let i = 0; i < 64; i++) {
      const wl = 2 * Math.PI * 500000 ** (i / 64);
      if (wl < 8192 / 4) kept++;
      else if (wl > 8192) divided++;
    }
    expect([row('Llama 3: pairs unchanged'), row('Llama 3: pairs blended'), row('Llama 3: pairs divided by s')]).toEqual([
      String(kept),
      String(64 - kept - divided),
      String(divided),
    ]);
    expect(kept).toBe(29);
    // unseen pairs: wavelength > L
    const unseen = (await tableText(page, '#unseen')).find((r) => r[0] === 'pairs that never completed a turn in training')?.[1];
    let want = 0;
    for (let i = 0; i < 64; i++) want += 2 * Math.PI * 500000 ** (i / 64) > 8192 ? 1 : 0;
    expect(unseen).toBe(String(want));
    expect(errors).toEqual([]);
  });

  it('draws q₀ᵀk_Δ over the long range from the core: 2Σcos(Δθ_i), and YaRN scales it by the attention factor squared', async () => {
    const { page, errors } = await open(browser, url('#/contexts?lang=en&kind=yarn&dim=128&ltrain=4096&ltarget=32768'));
    await ready(page);
    const plot = page.locator('posenc-range-plot#long-scores');
    // the envelope of every Δ finishes in frame-sized slices: the progress bar goes away (on screen:
    // figures out of sight keep their last picture)
    await plot.scrollIntoViewIfNeeded();
    await expect.poll(() => plot.locator('progress').count(), { timeout: 20_000 }).toBe(0);
    const svg = plot.locator('svg');
    await svg.focus();
    const af = 0.1 * Math.log(32768 / 4096) + 1; // YaRN's default attention factor, float64
    const plain = (dx: number) => {
      let ref = 0;
      for (let i = 0; i < 64; i++) ref += 2 * Math.cos(dx * 10000 ** (-i / 64));
      return ref;
    };
    // the log axis starts at Δ = 1: 2Σcos(θ_i) before scaling, a²·2Σcos(θ′_i) after
    await svg.press('Home');
    const at1 = await readout(page, 'long-scores');
    expect(at1[0][0]).toBe(1);
    expect(at1[0][1]).toBeCloseTo(plain(1), 3);
    // and ends at Δ = L′
    await svg.press('End');
    const atEnd = await readout(page, 'long-scores');
    expect(atEnd[0][0]).toBe(32768);
    expect(atEnd[0][1]).toBeCloseTo(plain(32768), 3);
    for (let i = 0; i < 6; i++) await svg.press('ArrowLeft');
    const [dx, y] = (await readout(page, 'long-scores'))[0];
    expect(dx).toBeGreaterThan(4000);
    expect(Number.isInteger(dx)).toBe(true);
    expect(y).toBeCloseTo(plain(dx), 3);
    // q at 0, k at Δ = 0 (hover the left end's first column through the core's readout): a²·128
    const yarnAt0 = await plot.evaluate((el) => (el as unknown as { readout: (x: number) => string }).readout(0));
    expect(yarnAt0).toContain('no scaling: (0, 128.0000)');
    expect(yarnAt0).toContain(`YaRN: (0, ${(af * af * 128).toFixed(4)})`);
    // the training and extrapolation ranges are shaded and named
    const legend = (await plot.locator('.legend').textContent()) ?? '';
    expect(legend).toContain('training range 0 … L');
    expect(legend).toContain('extrapolation L … L′');
    expect(errors).toEqual([]);
  });

  it('computes the 128k-position table and shows exact last-row values', async () => {
    const { page, errors } = await open(browser, url('#/contexts?lang=en&dim=64'));
    await ready(page);
    // Scrolled to until it shows: the chapter above it is still typesetting, which moves it down.
    const table = page.locator('posenc-context-long-table');
    await expect
      .poll(
        async () => {
          await table.scrollIntoViewIfNeeded();
          return page.locator('#last-row').count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    const last = await tableText(page, '#last-row');
    // position 131071, pair 0 (θ = 1) and pair 1 (θ = 10000^(−2/64))
    expect(last[1][0]).toBe('131071');
    expect(num(last[1][1])).toBeCloseTo(Math.sin(131071), 5);
    expect(num(last[1][3])).toBeCloseTo(Math.sin(131071 * 10000 ** (-2 / 64)), 5);
    expect(errors).toEqual([]);
  });

  it('the predict-then-reveal counts the pairs that meet unseen angles', async () => {
    const { page, errors } = await open(browser, url('#/contexts?lang=en'));
    await ready(page);
    const predict = page.locator('posenc-predict#predict-unseen');
    await predict.locator('input[value="some"]').check();
    await predict.locator('button.reveal').click();
    await expect.poll(() => predict.locator('.verdict').getAttribute('data-answer')).toBe('some');
    // d = 128, base 10000, L = 4096: pairs with 2π·10000^(i/64) > 4096
    let unseen = 0;
    for (let i = 0; i < 64; i++) unseen += 2 * Math.PI * 10000 ** (i / 64) > 4096 ? 1 : 0;
    expect(await page.locator('#turns-summary').textContent()).toContain(`Of 64 pairs, ${unseen} made less than one turn`);
    expect(errors).toEqual([]);
  });

  it("ALiBi: one head's bias read from the heatmap, and a head past the last one says so", async () => {
    const { page, errors } = await open(browser, url('#/contexts?lang=en&heads=12&head=1'));
    await ready(page);
    const canvas = page.locator('posenc-heatmap-view#alibi-bias canvas');
    await canvas.focus();
    for (let i = 0; i < 5; i++) await canvas.press('ArrowDown');
    for (let i = 0; i < 2; i++) await canvas.press('ArrowRight');
    // heads counted from 1, as the formula's h = 1 … H (was: the table 0 … 11 under h = 1 … H)
    const slopes = await tableText(page, '#alibi-slopes');
    expect(slopes[0]).toEqual(['h', ...Array.from({ length: 12 }, (_, h) => String(h + 1))]);
    expect(
      await page.locator('posenc-heatmap-view#alibi-bias figcaption, posenc-heatmap-view#alibi-bias .caption').first().textContent(),
    ).toContain('Bias of head 1');
    // 12 heads: the slopes of 8 heads (2^−1 … 2^−8), then every other one of 16; head 1: 1/2
    await expect
      .poll(() => page.locator('posenc-heatmap-view#alibi-bias .readout').textContent())
      .toContain('query i 5, key j 2: \u22121.5');
    await page.goto(url('#/contexts?lang=en&heads=4&head=9'));
    await ready(page);
    await expect
      .poll(() => page.locator('posenc-context-alibi .note').textContent())
      .toContain('There are only 4 heads: head 9 does not exist, head 4 is shown.');
    expect(errors).toEqual([]);
  });

  it('the facts under the wavelength plot: every value on screen at 360 px, no sideways scrolling (zh and en; was: the value column past the edge, a "⇢" hint instead of 64 and 18)', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { page, errors, context } = await open(browser, url(`#/contexts?lang=${lang}`), { width: 360 });
      await ready(page);
      const table = page.locator('posenc-table#unseen');
      await table.scrollIntoViewIfNeeded();
      const cells = table.locator('tbody td');
      await expect.poll(() => cells.count()).toBe(4);
      const boxes = await cells.evaluateAll((tds) =>
        tds.map((td) => {
          const b = td.getBoundingClientRect();
          return { text: (td.textContent ?? '').trim(), left: b.left, right: b.right, width: window.innerWidth };
        }),
      );
      for (const b of boxes) {
        expect(b.left, `${lang}: "${b.text}"`).toBeGreaterThanOrEqual(0);
        expect(b.right, `${lang}: "${b.text}"`).toBeLessThanOrEqual(b.width);
      }
      expect(boxes.map((b) => b.text).slice(0, 2)).toEqual(['64', '18']);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('at 360 px the long-range and ALiBi charts draw their text at ≥ 10 px (zh and en; was a 640-unit viewBox squeezed into 334 px: 12 px text shown at ~6 px)', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { page, errors, context } = await open(browser, url(`#/contexts?lang=${lang}`), { width: 360 });
      await ready(page);
      for (const id of ['long-scores', 'alibi-distance']) {
        const plot = page.locator(`posenc-range-plot#${id}`);
        await plot.scrollIntoViewIfNeeded();
        await expect.poll(() => plot.evaluate((el) => el.shadowRoot?.querySelectorAll('svg text').length ?? 0)).toBeGreaterThan(5);
        await painted(page);
        const m = await plot.evaluate((el) => {
          const svg = el.shadowRoot!.querySelector('svg')!;
          const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
          return {
            scale,
            right: svg.getBoundingClientRect().right,
            texts: [...svg.querySelectorAll('text')].map((t) => ({
              text: t.textContent ?? '',
              px: parseFloat(getComputedStyle(t).fontSize) * scale,
            })),
          };
        });
        expect(m.right, `${lang} ${id}`).toBeLessThanOrEqual(360);
        for (const t of m.texts) expect(t.px, `${lang} ${id}: "${t.text}"`).toBeGreaterThanOrEqual(10);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('the slowest pair\'s angle reads as a reader reads it: within [0°, 360°) after its full turns, recomputed in float64 (zh and en; was "−143.19° + 1 turn" for 216.81°)', async () => {
    // the angle L·θ_last in degrees, split into full turns and the rest, written out here
    const read = (dim: number, base: number, length: number) => {
      const deg = (length * base ** (-(dim - 2) / dim) * 180) / Math.PI;
      const turns = Math.floor(deg / 360);
      return { turns, rest: (deg - 360 * turns).toFixed(2) };
    };
    const cases = [
      { query: '', dim: 128, base: 10000, ltrain: 4096, ltarget: 32768 }, // 27.10° and 216.81°, no full turn
      { query: '&ltarget=65536', dim: 128, base: 10000, ltrain: 4096, ltarget: 65536 }, // one full turn by L′
      { query: '&dim=16&base=100', dim: 16, base: 100, ltrain: 4096, ltarget: 32768 }, // many full turns by L and L′
    ];
    for (const lang of ['zh', 'en'] as const) {
      const { page, errors, context } = await open(browser, url(`#/contexts?lang=${lang}`));
      await ready(page);
      for (const c of cases) {
        if (c.query) {
          await page.goto(url(`#/contexts?lang=${lang}${c.query}`));
          await ready(page);
        }
        const want = [read(c.dim, c.base, c.ltrain), read(c.dim, c.base, c.ltarget)].map(({ turns, rest }) =>
          turns === 0
            ? `${rest}°`
            : lang === 'zh'
              ? `转满 ${turns} 圈后再转 ${rest}°`
              : `${rest}° after ${turns} full turn${turns === 1 ? '' : 's'}`,
        );
        // a figure out of sight keeps its last picture: looked at, as a reader would
        const shown = async () => {
          await page.locator('posenc-table#unseen').scrollIntoViewIfNeeded();
          return (await tableText(page, '#unseen')).slice(-2).map((r) => r[1]);
        };
        await expect.poll(shown, { message: `${lang}${c.query}` }).toEqual(want);
        for (const s of await shown()) expect(s, `${lang}${c.query}`).not.toMatch(/[−+-]/);
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("the wavelength plot's labels keep apart from each other and from the points (zh and en, 1280 and 360 px; was: the band names over L, L′ and the points)", async () => {
    for (const [lang, width] of [
      ['zh', 1280],
      ['en', 1280],
      ['zh', 360],
      ['en', 360],
    ] as const) {
      const { page, errors, context } = await open(browser, url(`#/contexts?lang=${lang}`), { width });
      await ready(page);
      const plot = page.locator('posenc-plot#wavelength-lines');
      await plot.scrollIntoViewIfNeeded();
      await plot.locator('g.annotation text').first().waitFor();
      const where = `${lang} ${width}px`;
      const boxes = await labelBoxes(plot);
      expect(boxes.length, where).toBeGreaterThanOrEqual(2); // L and L′
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          const overlap = a.x0 < b.x1 + 2 && b.x0 < a.x1 + 2 && a.y0 < b.y1 + 2 && b.y0 < a.y1 + 2;
          expect(overlap, `${where}: "${a.text}" and "${b.text}"`).toBe(false);
        }
      const points = await plot.locator('g.series circle').evaluateAll((cs) =>
        cs.map((c) => {
          const b = c.getBoundingClientRect();
          return { x0: b.left, x1: b.right, y0: b.top, y1: b.bottom };
        }),
      );
      expect(points.length, where).toBe(64);
      for (const a of boxes) {
        const hit = points.filter((p) => a.x0 < p.x1 && p.x0 < a.x1 && a.y0 < p.y1 && p.y0 < a.y1).length;
        expect(hit, `${where}: "${a.text}" over ${hit} points`).toBe(0);
      }
      // the two bands are still named: in the legend
      const legend = (await plot.locator('.legend').textContent()) ?? '';
      for (const name of lang === 'zh' ? ['训练中转满过一圈', '训练中没转满一圈'] : ['a full turn within L', 'not one full turn within L'])
        expect(legend, where).toContain(name);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('the verdict at the current settings: which scalings stretch the fastest pair, recomputed in float64, and ALiBi needs none (was: no chapter-level verdict)', async () => {
    const { page, errors } = await open(browser, url('#/contexts?lang=en'));
    await ready(page);
    const verdict = page.locator('#context-summary');
    await verdict.scrollIntoViewIfNeeded();
    const text = async () => ((await verdict.textContent()) ?? '').replace(/\s+/g, ' ');
    // d = 128, base 10000, L = 4096, L′ = 32768: s = 8; PI divides every θ by 8; dynamic NTK's base
    // 10000·8^(128/126) slows the slowest pair by exactly 8; YaRN and Llama 3 divide it by 8
    expect(await text()).toContain(
      "Stretching even the fastest pair's wavelength, so that neighbouring positions end up closer together: linear (Position Interpolation) ×8.",
    );
    expect(await text()).toContain('stretching the slow ones');
    expect(await text()).toMatch(/: dynamic NTK ×8, YaRN ×8,? and Llama 3 ×8\./);
    expect(await text()).toContain('ALiBi needs no scaling at all');
    // dynamic NTK slows pair i by 8^(2i/126): of the 18 pairs short of a turn by L, all but the
    // slowest still pass the angle they reached there
    let ntk = 0;
    for (let i = 0; i < 64; i++) if (4096 * 10000 ** (-i / 64) < 2 * Math.PI && 8 ** ((2 * i) / 126) < 8 / (1 + 1e-12)) ntk++;
    expect(ntk).toBe(17);
    expect(await text()).toContain('With dynamic NTK, 17 of 64 pairs still reach angles unseen in training (18 without scaling).');
    // beta_fast below beta_slow: YaRN's ramp runs backwards and slows the fastest pair too
    await page.goto(url('#/contexts?lang=en&betaFast=1&betaSlow=8'));
    await ready(page);
    await verdict.scrollIntoViewIfNeeded();
    await expect.poll(() => verdict.locator('[data-kind="yarn"]').getAttribute('data-group')).toBe('closer');
    const slow = await verdict.locator('[data-kind="yarn"]').getAttribute('data-fast');
    expect(await text()).toContain(`linear (Position Interpolation) ×8 and YaRN ×${Number(Number(slow).toPrecision(3))}.`);
    // the NTK clause in Chinese; where every pair turns within L (d = 16, base 100, L = 4096) there
    // is nothing for NTK to bring back, and the sentence says so
    await page.goto(url('#/contexts?lang=zh'));
    await ready(page);
    await verdict.scrollIntoViewIfNeeded();
    await expect.poll(text).toContain('用动态 NTK 时，64 对中仍有 17 对转到训练中没见过的角度（不缩放时是 18 对）。');
    await page.goto(url('#/contexts?lang=en&dim=16&base=100'));
    await ready(page);
    await verdict.scrollIntoViewIfNeeded();
    await expect.poll(text).toContain('Every pair makes a full turn within L already: no angle past L is new, with or without scaling.');
    expect(errors).toEqual([]);
  });

  it('"Scores over a long range" says what to look for, not how the pixels are drawn (zh and en)', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { page, errors, context } = await open(browser, url(`#/contexts?lang=${lang}`));
      await ready(page);
      const section = (await page.locator('posenc-chapter-view section#sec-long-scores').textContent()) ?? '';
      if (lang === 'en') {
        expect(section).toContain('What to look for');
        expect(section).toContain('the long-distance decay');
        expect(section).not.toContain('pixel column');
      } else {
        expect(section).toContain('要看的是');
        expect(section).toContain('远程衰减');
        expect(section).not.toContain('像素列');
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('the 128k-position section says what a learner sees (fast pairs repeat, slow pairs reach new angles), not how the table is computed (zh and en)', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { page, errors, context } = await open(browser, url(`#/contexts?lang=${lang}`));
      await ready(page);
      const section = page.locator('posenc-chapter-view section#sec-long-table');
      const title = ((await section.locator('h3, h2').first().textContent()) ?? '').trim();
      const text = (await section.textContent()) ?? '';
      if (lang === 'en') {
        expect(title).toBe('128k positions: fast pairs only repeat, slow pairs reach new angles');
        expect(text).toContain('only repeats angles it has already shown');
        expect(text).toContain('angles that never appeared above it');
      } else {
        expect(title).toBe('128k 个位置：快的维度对只是重复，慢的转到新角度');
        expect(text).toContain('只是重复见过的角度');
        expect(text).toContain('从没出现过的角度');
      }
      for (const engineering of ['SIMD', 'WebAssembly', 'kernel', 'float64', 'blocks of rows', '帧与帧', '双精度'])
        expect(text, lang).not.toContain(engineering);
      // the figure is kept: the picture and the exact last row
      await expect
        .poll(async () => {
          await page.locator('posenc-context-long-table').scrollIntoViewIfNeeded();
          return page.locator('#last-row').count();
        })
        .toBe(1);
      expect(await page.locator('posenc-region-heatmap#long-heatmap').count()).toBe(1);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('hang detectors', () => {
  it('L = L′ (scaling factor 1) loads in seconds, and stepping onto it does not freeze the page (it took 45 s and 26 s)', async () => {
    const t0 = Date.now();
    const { page, errors } = await open(browser, url('#/contexts?lang=en&ltrain=32768'));
    await ready(page, 15_000);
    await page.locator('#scaling-facts').waitFor({ timeout: 15_000 });
    await painted(page);
    expect(Date.now() - t0).toBeLessThan(15_000);
    expect((await page.locator('#scaling-facts caption').textContent())?.trim()).toBe('s = L′/L = 1.000');
    // every slowdown is exactly 1: the plot has its own room, no error is shown
    await expect.poll(() => page.locator('posenc-context-scalings p.error').count()).toBe(1); // only "L′ does not exceed L"

    // From the default view, step onto factor 1 with the slider's number box.
    await page.goto(url('#/contexts?lang=en&ltrain=31744'));
    await ready(page, 15_000);
    const box = page.locator('posenc-slider[data-param="ltrain"] input[type="number"]').first();
    const t1 = Date.now();
    await box.fill('32768');
    await box.press('Enter');
    await painted(page);
    expect(Date.now() - t1).toBeLessThan(5_000);
    await expect.poll(() => page.url()).toContain('ltrain=32768');
    expect(errors).toEqual([]);
  });

  // Random deep links within every parameter's range, seeded so a failure names its URL and repeats.
  const RANGES: Record<string, Record<string, [number, number, number] | string[]>> = {
    contexts: {
      dim: [16, 256, 16],
      base: [100, 1000000, 100],
      ltrain: [512, 32768, 512],
      ltarget: [1024, 262144, 1024],
      betaFast: [1, 64, 1],
      betaSlow: [0.5, 8, 0.5],
      lowFF: [1, 8, 0.5],
      highFF: [1.5, 16, 0.5],
      kind: ['linear', 'dynamic', 'yarn', 'llama3'],
      kindB: ['linear', 'dynamic', 'yarn', 'llama3'],
      heads: [1, 64, 1],
      head: [1, 64, 1],
      alibiLen: [8, 256, 8],
    },
    rope: {
      qx: [-2, 2, 0.01],
      qy: [-2, 2, 0.01],
      kx: [-2, 2, 0.01],
      ky: [-2, 2, 0.01],
      qscale: [0.25, 4, 0.05],
      theta: [1, 90, 1],
      m: [0, 100, 1],
      n: [0, 100, 1],
      gap: [-16, 16, 1],
      d: [2, 64, 2],
      base: [2, 100000, 1],
      N: [16, 256, 16],
      dDecay: [8, 256, 8],
      delta: [100, 20000, 100],
      grid: [4, 32, 1],
      layout: ['interleaved', 'half'],
    },
  };

  for (const [chapter, ranges] of Object.entries(RANGES)) {
    it(`${chapter}: random in-range deep links (including the ends of every range) each load in seconds, without errors`, async () => {
      let seed = chapter === 'rope' ? 7 : 11;
      const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
      const pick = (r: [number, number, number] | string[], mode: number) => {
        if (typeof r[0] === 'string') return (r as string[])[Math.floor(rand() * r.length)];
        const [lo, hi, step] = r as [number, number, number];
        if (mode === 0) return lo;
        if (mode === 1) return hi;
        return Number((lo + Math.round((rand() * (hi - lo)) / step) * step).toFixed(6));
      };
      const context = await browser.newContext({ viewport: { width: 1000, height: 800 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      for (let trial = 0; trial < 10; trial++) {
        const mode = trial === 0 ? 0 : trial === 1 ? 1 : 2; // all minima, all maxima, then random
        const query = Object.entries(ranges)
          .map(([k, r]) => `${k}=${pick(r, mode)}`)
          .join('&');
        const link = url(`#/${chapter}?lang=en&${query}`);
        const t0 = Date.now();
        await page.goto('about:blank');
        await page.goto(link); // a fresh load, as the factor-1 link was
        await ready(page, 20_000);
        await page.locator('posenc-chapter-view #takeaways').waitFor({ timeout: 20_000 });
        await painted(page);
        // the work spread over frames (long-range curves, the decay's every offset) finishes too, seen
        // where a reader would see it (a figure out of sight, or inside an unrevealed
        // predict-then-reveal, keeps its last picture until shown)
        for (const figure of await page.locator('posenc-range-plot:visible, posenc-rope-decay:visible').all()) {
          await figure.scrollIntoViewIfNeeded();
          await expect.poll(() => figure.locator('progress:visible').count(), { timeout: 20_000 }).toBe(0);
        }
        expect(Date.now() - t0, link).toBeLessThan(20_000);
        expect(errors, link).toEqual([]);
        expect(await page.locator('posenc-chapter-view .view-error').count(), link).toBe(0);
      }
      await context.close();
    });
  }
});
