// The RoPE chapter in Chromium: its numbers against independent float64 recomputations written here,
// its controls changing the figures they sit above, and the defects of the first version fixed
// (angles shown unreduced, a layout control that moved nothing, a "decay" that was invisible at the
// default d = 8).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { launch, open, tableText } from '../browser.js';
import { chapter, labelOnCurves } from './helpers.js';

let browser: Browser;
const url = (hash: string) => `${inject('origin')}/dist/page/index.html${hash}`;
const num = (s: string) => Number(s.trim().replace(/\u2212/g, '-'));
const rad = (deg: number) => (deg * Math.PI) / 180;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function ready(p: Page) {
  await p.locator('posenc-chapter-view h2').waitFor();
}

async function reveal(page: Page, id: string, choice: string) {
  const predict = page.locator(`posenc-predict#${id}`);
  await predict.locator(`input[value="${choice}"]`).check();
  await predict.locator('button.reveal').click();
  return predict.locator('.verdict');
}

/** Independent: (x, y) turned by a radians, counter-clockwise. */
const turn = ([x, y]: number[], a: number) => [x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a)];
const dot = (a: number[], b: number[]) => a.reduce((s, v, i) => s + v * b[i], 0);

describe('rope', () => {
  it('pointing at mθ in the rotation formula lights the mθ arc and its line of numbers, not the other strokes', async () => {
    const { page, errors } = await chapter(browser, '#/rope?lang=zh');
    const math = page.locator('#sec-plane posenc-math[display]').first();
    const shown = () =>
      page
        .locator('posenc-rope-plane svg [data-term]')
        .evaluateAll((els) =>
          Object.fromEntries(
            els.map((e) => [e.getAttribute('data-term'), e.hasAttribute('data-lit') ? 'lit' : e.hasAttribute('data-dim') ? 'dim' : '-']),
          ),
        );
    const strokes = ['q', 'k', 'mtheta', 'ntheta', 'phi', 'qrot', 'krot'];
    const only = (id: string) => Object.fromEntries(strokes.map((t) => [t, t === id ? 'lit' : 'dim']));
    expect(Object.keys(await shown()).sort()).toEqual([...strokes].sort());
    // the angle inside the cosine of the matrix
    await math.locator('.formula .katex-html [data-term="mtheta"]').nth(1).hover();
    await expect.poll(shown).toEqual(only('mtheta'));
    const facts = page.locator('posenc-rope-plane .facts [data-term~="mtheta"]');
    expect(await facts.getAttribute('data-lit')).not.toBeNull();
    // the turned vector f(q, m) is q′, by the keyboard
    await page.mouse.move(1, 1);
    await math.locator('button[data-term-button="qrot"]').focus();
    await expect.poll(shown).toEqual(only('qrot'));
    // the formula below the figure lights the same figure: nθ
    await math.locator('button[data-term-button="qrot"]').blur();
    await page.locator('#sec-plane posenc-math[display]').nth(1).locator('.formula .katex-html [data-term="ntheta"]').hover();
    await expect.poll(shown).toEqual(only('ntheta'));
    // R_{Θ,m}: the block of the last plane lights the last dial (d = 8: four dials)
    await page.mouse.move(1, 1);
    const dials = () =>
      page
        .locator('posenc-rope-dials .dial')
        .evaluateAll((els) => els.map((e) => (e.hasAttribute('data-lit') ? 'lit' : e.hasAttribute('data-dim') ? 'dim' : '-')));
    await page.locator('#sec-frequencies posenc-math[display] .formula .katex-html [data-term="planeLast"]').hover();
    await expect.poll(dials).toEqual(['dim', 'dim', 'dim', 'lit']);
    // and its four entries of R_{Θ,m} (rows and columns 6, 7 at d = 8, interleaved), the other planes' dimmed
    const blocks = await page
      .locator('posenc-rope-block-matrix svg g[data-term]')
      .evaluateAll((els) =>
        els.map((e) => [e.getAttribute('data-term'), e.hasAttribute('data-lit') ? 'lit' : e.hasAttribute('data-dim') ? 'dim' : '-']),
      );
    expect(blocks).toHaveLength(16);
    for (const [term, state] of blocks) expect(state).toBe(term === 'plane3 planeLast' ? 'lit' : 'dim');
    expect(blocks.filter(([, state]) => state === 'lit')).toHaveLength(4);
    expect(errors).toEqual([]);
  });

  it('the worked example q = [1, 2, 3, 4], m = 2, in float64 and through applyRope', async () => {
    const { page, errors } = await open(browser, url('#/rope?lang=en'));
    await ready(page);
    const worked = await tableText(page, '#worked');
    const want = [
      Math.cos(2) - 2 * Math.sin(2),
      Math.sin(2) + 2 * Math.cos(2),
      3 * Math.cos(0.02) - 4 * Math.sin(0.02),
      3 * Math.sin(0.02) + 4 * Math.cos(0.02),
    ];
    want.forEach((v, k) => {
      expect(num(worked[k + 1][2])).toBeCloseTo(v, 4); // float64
      expect(num(worked[k + 1][3])).toBeCloseTo(v, 4); // applyRope float32
    });
    // the step table: pair 0 turns by 2 rad = 114.59°
    const steps = await tableText(page, '#worked-steps');
    expect(steps[1][3]).toBe(`${((2 * 180) / Math.PI).toFixed(2)}°`);
    expect(errors).toEqual([]);
  });

  it('q′·k′ depends on n − m only: the predict-then-reveal verdict and its table, against an independent rotation', async () => {
    const { page, errors } = await open(browser, url('#/rope?lang=en'));
    await ready(page);
    const verdict = await reveal(page, 'predict-shift', 'same');
    await expect.poll(() => verdict.getAttribute('data-answer')).toBe('same');
    const rows = await tableText(page, '#relative-dot');
    const dots = rows.slice(1).map((r) => r[1]);
    expect(dots.length).toBe(4);
    expect(new Set(dots).size).toBe(1);
    // defaults: q = (1, 0.5), k = (0.8, −0.4), θ = 30°, m = 2, n = 5
    const want = dot(turn([1, 0.5], rad(60)), turn([0.8, -0.4], rad(150)));
    expect(num(dots[0])).toBeCloseTo(want, 6);
    expect(rows.slice(2).map((r) => r[0])).toEqual(['m = 0, n = 3', 'm = 7, n = 10', 'm = 30, n = 33']);
    expect(errors).toEqual([]);
  });

  it('the diagonals of q_mᵀk_n, the two layouts and 2-D RoPE agree to float64 rounding', async () => {
    const { page, errors } = await open(browser, url('#/rope?lang=en'));
    await ready(page);
    expect(num((await page.locator('#rope-toeplitz').textContent()) ?? '1')).toBeLessThan(1e-12);
    expect(num((await page.locator('#layout-diff').textContent()) ?? '1')).toBe(0);
    expect(num((await page.locator('#rope2d-shift').textContent()) ?? '1')).toBeLessThan(1e-12);
    expect(errors).toEqual([]);
  });

  it('the three-token demo of 004, recomputed independently, and the sine term its formula drops', async () => {
    const { page, errors } = await open(browser, url('#/rope?lang=en'));
    await ready(page);
    // Independent float64 recomputation of 004's code (F.linear = x·Wᵀ, token i turned by 10°·(i+1)).
    const tokens = [
      [1.0, 0.2],
      [0.3, 1.0],
      [-0.9, 0.5],
    ];
    const lin = (x: number[], w: number[][]) => [w[0][0] * x[0] + w[0][1] * x[1], w[1][0] * x[0] + w[1][1] * x[1]];
    const Q = tokens.map((t) =>
      lin(t, [
        [1.0, 0.8],
        [-0.8, 1.0],
      ]),
    );
    const K = tokens.map((t) =>
      lin(t, [
        [-1.0, 0.6],
        [0.6, 1.0],
      ]),
    );
    const q = Q.map((v, i) => turn(v, rad(10 * (i + 1))));
    const k = K.map((v, i) => turn(v, rad(10 * (i + 1))));
    const weights = q.map((qi) => {
      const s = k.map((kj) => dot(qi, kj) / Math.SQRT2);
      const e = s.map((v) => Math.exp(v - Math.max(...s)));
      return e.map((v) => v / e.reduce((a, b) => a + b));
    });
    const shown = await tableText(page, '#demo-weights');
    weights.forEach((row, i) => row.forEach((v, j) => expect(num(shown[i + 1][j + 1])).toBeCloseTo(v, 4)));
    const claim = await tableText(page, '#demo-claim');
    for (let i = 0; i < 3; i++) {
      for (let j = 0; j < 3; j++) {
        const [, actual, formula, sine] = claim[1 + 3 * i + j].map(num);
        expect(actual).toBeCloseTo(dot(q[i], k[j]), 4);
        expect(formula).toBeCloseTo(Math.cos(rad(10 * (i - j))) * dot(Q[i], K[j]), 4);
        expect(sine).toBeCloseTo(actual - formula, 3);
      }
    }
    expect(errors).toEqual([]);
  });

  it('angles are shown reduced to (−180°, 180°] with the whole turns counted (was: 780°)', async () => {
    const { page, errors } = await open(browser, url('#/rope?lang=en&m=26'));
    await ready(page);
    // m = 26, θ = 30°: 780° = 60° + 2 turns
    await expect.poll(() => page.locator('posenc-rope-plane .facts').textContent()).toContain('mθ = 60.0° + 2 turns');
    const degrees = (text: string) => [...text.matchAll(/(−?\d+(?:\.\d+)?)°/g)].map((m) => num(m[1]));
    const plane = degrees((await page.locator('posenc-rope-plane').evaluate((el) => el.shadowRoot!.textContent ?? '')) ?? '');
    expect(plane.length).toBeGreaterThan(3);
    for (const d of plane) expect(Math.abs(d)).toBeLessThanOrEqual(180);
    // the dials at m = 26, d = 8: pair 0 turns 26 rad = 1489.7° = 49.7° + 4 turns
    const dial0 = await page.locator('posenc-rope-dials .dial').first().textContent();
    const want = ((((26 * 180) / Math.PI) % 360) + 360) % 360;
    expect(dial0).toContain(`${(want > 180 ? want - 360 : want).toFixed(1)}°`);
    expect(dial0).toContain('+4 turns');
    const dials = await page.locator('posenc-rope-dials .dial').allTextContents();
    for (const t of dials) for (const d of degrees(t)) expect(Math.abs(d)).toBeLessThanOrEqual(180);
    expect(errors).toEqual([]);
  });

  it('the pairing control changes the layouts table it sits above (it used to change nothing)', async () => {
    const { page, errors } = await open(browser, url('#/rope?lang=en'));
    await ready(page);
    const before = await tableText(page, '#layouts');
    expect(before[1][2]).toBe('1'); // x₀ pairs with x₁
    const select = page.locator('posenc-chapter-view select[data-param="layout"]').last();
    await select.selectOption('half');
    // figures recompute when on screen: look at the table, as a reader does
    await page.locator('posenc-chapter-view #layouts').scrollIntoViewIfNeeded();
    await expect.poll(async () => (await tableText(page, '#layouts'))[1][2]).toBe('4'); // x₀ pairs with x₄
    const after = await tableText(page, '#layouts');
    // independent: half layout, x = [1 … 8], m = 2: plane 1 is (x₁, x₅) = (2, 6) turned by 2·10000^(−2/8)
    const [y1, y5] = turn([2, 6], 2 * 10000 ** (-2 / 8));
    expect(num(after[2][6])).toBeCloseTo(y1, 4);
    expect(num(after[6][6])).toBeCloseTo(y5, 4);
    expect(after[2][6]).not.toBe(before[2][6]);
    await expect.poll(() => page.url()).toContain('layout=half');
    // the block matrix above moves too: R[0][4] is −sin(2) in the half layout
    expect(errors).toEqual([]);
  });

  /** RoFormer's relative bound written out: (1/(d/2))·Σ_j |Σ_{i<j} e^{iΔθ_i}| for Δ = 0 … delta. */
  const decayBound = (d: number, delta: number, base = 10000) => {
    const inv = Array.from({ length: d / 2 }, (_, i) => base ** ((-2 * i) / d));
    return Array.from({ length: delta + 1 }, (_, t) => {
      let re = 0,
        im = 0,
        s = 0;
      for (const w of inv) {
        re += Math.cos(t * w);
        im += Math.sin(t * w);
        s += Math.hypot(re, im);
      }
      return s / inv.length;
    });
  };
  const farPeak = (b: number[]) => Math.max(...b.slice(Math.ceil((b.length - 1) / 2)).map((v) => v / b[0]));

  it('the decay is visible at the default view (d = 128), and its rises are counted as an independent recomputation counts them', async () => {
    const { page, errors } = await open(browser, url('#/rope?lang=en'));
    await ready(page);
    const verdict = await reveal(page, 'predict-decay', 'overall');
    await expect.poll(() => verdict.getAttribute('data-answer')).toBe('overall');
    const b = decayBound(128, 2000);
    let rises = 0,
      first = -1;
    for (let i = 1; i <= 2000; i++) {
      if (b[i] > b[i - 1]) {
        rises++;
        if (first < 0) first = i;
      }
    }
    const text = (await page.locator('#decay-rises').textContent()) ?? '';
    expect(text).toContain('It falls on the whole');
    expect(text).toContain(`it goes up at ${rises} of 2000 steps, first at`);
    expect(text).toContain(`= ${first}.`);
    expect(text).toContain(`at most ${Math.round(100 * farPeak(b))} % of its start`);
    // visible: at the end of the range the relative bound is a fraction of its start
    expect(b[2000] / b[0]).toBeLessThan(0.25);
    const svg = page.locator('posenc-plot#decay svg');
    await svg.focus();
    await svg.press('End');
    const readout = (await page.locator('posenc-plot#decay .readout').textContent()) ?? '';
    const end = /\(2000, ([−\d.]+)\)/.exec(readout);
    expect(end).not.toBeNull();
    expect(num(end![1])).toBeCloseTo(b[2000] / b[0], 3);
    expect(errors).toEqual([]);
  });

  it('the decay plot\'s "first rise" label sits clear of the curves (issue 27, defect 8)', async () => {
    const { page, errors } = await open(browser, url('#/rope?lang=en'));
    await ready(page);
    const predict = page.locator('posenc-predict#predict-decay');
    await predict.locator('input[type=radio]').first().check();
    await predict.locator('button.reveal').click();
    await expect.poll(() => labelOnCurves(page, 'posenc-plot#decay', /^first rise/), { timeout: 30_000 }).toBeGreaterThanOrEqual(0);
    expect(await labelOnCurves(page, 'posenc-plot#decay', /^first rise/)).toBe(0);
    expect(errors).toEqual([]);
  });

  it('at d = 8 the decay question says there is no decay, as the plot and the text show (was: "on the whole it decays — Right")', async () => {
    const { page, errors } = await open(browser, url('#/rope?lang=en&dDecay=8'));
    await ready(page);
    const predict = page.locator('posenc-predict#predict-decay');
    await predict.locator('input[type=radio]').last().check();
    await predict.locator('button.reveal').click();
    const verdict = predict.locator('.verdict');
    // independent: over the far half (Δ ≥ 1000) the bound comes back above half its start
    const b = decayBound(8, 2000);
    expect(farPeak(b)).toBeGreaterThan(0.9);
    await expect.poll(() => verdict.getAttribute('data-answer'), { timeout: 30_000 }).toBe('none');
    const text = (await page.locator('#decay-rises').textContent()) ?? '';
    expect(text).toContain('No decay to see');
    expect(text).toContain(`comes back up to ${Math.round(100 * farPeak(b))} % of its start`);
    expect(text).not.toContain('falls on the whole');
    expect(errors).toEqual([]);
  });

  it("a reader's answer stays when the page changes under the click: formulas typeset late, another chapter and back", async () => {
    const { page, errors, context } = await open(browser, 'about:blank');
    // KaTeX arrives late, as on a busy machine: the chapter must not move its radios after it shows them
    await context.route(/katex-[\w-]+\.js$/, async (r) => {
      await new Promise((ok) => setTimeout(ok, 2500));
      await r.continue();
    });
    await page.goto(url('#/rope?lang=en'));
    await ready(page);
    const predict = page.locator('posenc-predict#predict-decay');
    const radio = predict.locator('input[type=radio]').first();
    await radio.scrollIntoViewIfNeeded();
    const box = (await radio.boundingBox())!;
    // the reader aims, the page keeps working (formulas, figures), then the click lands
    await expect.poll(() => page.locator('posenc-chapter-view posenc-math .katex').count(), { timeout: 30_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    expect(await radio.isChecked()).toBe(true);
    // the chapter's elements are made again after another chapter: the answer is still there
    await page.evaluate(() => (location.hash = '#/sinusoidal?lang=en'));
    await page.locator('posenc-chapter-view h2', { hasText: 'Sinusoidal' }).waitFor();
    await page.goBack();
    await page.locator('posenc-predict#predict-decay').waitFor();
    expect(await page.locator('posenc-predict#predict-decay input[type=radio]').first().isChecked()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('position multiplies: doubling |q| doubles q′·k′ and leaves the angle φ; the complex form gives the same number', async () => {
    const read = async (q: string) => {
      const { page, context } = await open(browser, url(`#/rope?lang=en${q}`));
      await ready(page);
      const facts = (await page.locator('posenc-rope-plane .facts').textContent()) ?? '';
      const phi = num(/φ \(q′ → k′\) = (−?[\d.]+)°/.exec(facts)![1]);
      const score = num(/= (−?[\d.]+)$/.exec(facts.trim())![1]);
      const complex = (await page.locator('#complex-score').textContent()) ?? '';
      const [c, r] = [...complex.matchAll(/= (−?[\d.]+)/g)].map((m) => num(m[1]));
      await context.close();
      return { phi, score, c, r };
    };
    const one = await read('');
    const two = await read('&qscale=2');
    expect(two.score).toBeCloseTo(2 * one.score, 3);
    expect(two.phi).toBe(one.phi);
    expect(one.c).toBe(one.r);
    // independent: φ from q′ to k′ = (n − m)θ + ∠k − ∠q
    const phi = 3 * 30 + (Math.atan2(-0.4, 0.8) - Math.atan2(0.5, 1)) * (180 / Math.PI);
    expect(one.phi).toBeCloseTo(phi, 1);
  });

  it('the 90° example turns counter-clockwise', async () => {
    const { page } = await open(browser, url('#/rope?lang=en'));
    await ready(page);
    const text = (await page.locator('posenc-rope-turn#r90').evaluate((el) => el.shadowRoot!.textContent ?? '')) ?? '';
    expect(text).toContain('v′ = (0.0000, 1.0000)');
    expect(text).toContain('counter-clockwise');
  });
});
