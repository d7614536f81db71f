// The "Since 2023" chapter in Chromium: its live figures against formulas recomputed here in
// float64 (xPos's ζ_i^(d/B), p-RoPE's kept planes and RoPE's angles, ALiBi's −d·slope beside the
// trained biases, CoPE's counts as a count, Llama 4's NoPE blocks and temperature), and the
// predict-then-reveal answers and paper verdicts recomputed from the saved reference run's per-seed
// accuracies (a lead within the seeds' spread is 'undecided').
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import reference from '../../../web/data/lab-reference.json';
import { launch } from '../browser.js';
import { chapter, reveal, series, setParam } from './helpers.js';

let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Run {
  task: string;
  encoding: string;
  trainLength: number;
  lengths: number[];
  accuracy: number[];
  bySeed: (number | null)[][];
}
const ref = reference as unknown as { runs: Run[]; randomized?: Run[] };
const allRuns: Run[] = [...ref.runs, ...(ref.randomized ?? []).map((r) => ({ ...r, encoding: `${r.encoding}+random` }))];

/** Mean over tasks of the seeds' mean, and highest − lowest of each seed's task-mean: written out again here. */
function cell(tasks: string[], encoding: string, m: number) {
  const hits = allRuns.filter((r) => r.encoding === encoding && tasks.includes(r.task));
  expect(hits.length, `${encoding} ${tasks.join()}`).toBe(tasks.length);
  const k = (r: Run) => r.lengths.indexOf(m * r.trainLength);
  let mean = 0;
  const seeds = hits[0].bySeed.length;
  const perSeed = new Array<number>(seeds).fill(0);
  for (const r of hits) {
    let s = 0;
    for (let i = 0; i < seeds; i++) {
      const v = r.bySeed[i][k(r)] ?? 0;
      perSeed[i] += v / hits.length;
      s += v;
    }
    mean += s / seeds / hits.length;
  }
  // `top`: the highest seed, for the floor (under 0.05 on every seed: the encoding fails there)
  return { mean, spread: Math.max(...perSeed) - Math.min(...perSeed), top: Math.max(mean, ...perSeed) };
}

/** What a comparison of entries at m·L_train answers: the leader if it leads by more than the larger seed range. */
function answer(tasks: string[], entries: string[], m: number): string {
  const cells = entries.map((e) => ({ e, ...cell(tasks, e, m) })).sort((a, b) => b.mean - a.mean);
  const [a, b] = cells;
  return a.mean - b.mean > Math.max(a.spread, b.spread) ? a.e : 'undecided';
}

describe('since2023', () => {
  it('draws xPos, p-RoPE and Llama 4 from the core, equal to the formulas in float64', async () => {
    const { page, errors } = await chapter(browser, '#/since2023?lang=en');
    // xPos: plane i's factor at distance d is ζ_i^(d/B), ζ_i = (2i/d_h + 0.4)/1.4 (torchscale's XPOS)
    const check = async (B: number) => {
      const s = await series(page, 'posenc-since-xpos#since-xpos posenc-plot');
      expect(s.length).toBe(8);
      s.forEach((curve, i) => {
        const zeta = ((2 * i) / 16 + 0.4) / 1.4;
        curve.x.forEach((d, k) => expect(Math.abs(curve.y[k] - zeta ** (d / B)), `plane ${i} at ${d}, B ${B}`).toBeLessThan(1e-12));
      });
    };
    await check(6);
    await setParam(page, 'B', 24);
    await expect
      .poll(async () => (await series(page, 'posenc-since-xpos#since-xpos posenc-plot'))[0].y[24])
      .toBeCloseTo((0.4 / 1.4) ** 1, 12);
    await check(24);
    // p-RoPE: every plane's angle over 12 positions is RoPE's 12·10000^(−2k/16); the fastest ⌊p·8⌋ are kept
    const bars = async () =>
      page
        .locator('posenc-since-prope#since-prope posenc-bars')
        .evaluate((el) => (el as unknown as { bars: { label: string; value: number }[] }).bars.map((b) => ({ ...b })));
    for (const p of [0.75, 0.5]) {
      if (p !== 0.75) await setParam(page, 'p', p);
      await expect.poll(async () => (await bars()).filter((b) => /\(turns\)/.test(b.label)).length).toBe(Math.floor(p * 8));
      const b = await bars();
      b.forEach((bar, k) => {
        expect(Math.abs(bar.value - 12 * 10000 ** ((-2 * k) / 16)) / bar.value).toBeLessThan(1e-12);
        expect(/\(turns\)/.test(bar.label)).toBe(k < Math.floor(p * 8));
      });
    }
    // iRoPE: of 48 blocks every 4th has no RoPE; the temperature is 1 + 0.1·log1p(⌊(p + 1)/8192⌋)
    const map = await page
      .locator('posenc-since-layers#since-layers-llama4 #since-layers-map span')
      .evaluateAll((els) => els.map((e) => e.className));
    expect(map.length).toBe(48);
    map.forEach((c, l) => expect(c, `block ${l}`).toBe((l + 1) % 4 === 0 ? 'nope' : 'rope'));
    const [temp] = await series(page, 'posenc-since-layers#since-layers-llama4 #since-layers-temperature');
    temp.x.forEach((p, k) => expect(Math.abs(temp.y[k] - (1 + 0.1 * Math.log1p(Math.floor((p + 1) / 8192))))).toBeLessThan(1e-12));
    expect(Math.max(...temp.y)).toBeGreaterThan(1.2);
    expect(errors).toEqual([]);
  });

  it("shows the trained biases beside ALiBi's formula, and CoPE's counts as counts", async () => {
    const { page, errors } = await chapter(browser, '#/since2023?lang=en');
    for (const [head, slope] of [
      [1, 1 / 16],
      [2, 1 / 256],
    ]) {
      if (head !== 1) await setParam(page, 'head', head);
      await expect
        .poll(async () => (await series(page, 'posenc-since-bias posenc-plot')).find((s) => s.label === 'ALiBi')?.y[10])
        .toBeCloseTo(-10 * slope, 4);
      const curves = await series(page, 'posenc-since-bias posenc-plot');
      expect(curves.map((c) => c.label).sort()).toEqual(['ALiBi', 'FIRE', 'Kerple (log)', 'T5 bias'].sort());
      const alibi = curves.find((c) => c.label === 'ALiBi')!;
      // the saved curves keep 5 decimals
      alibi.x.forEach((d, k) => expect(Math.abs(alibi.y[k] + d * slope), `ALiBi at ${d}`).toBeLessThanOrEqual(5e-6 + 1e-12));
      // Kerple's −r1·log(1 + r2·d): zero at distance 0, falling, and flattening (concave up)
      const kerple = curves.find((c) => c.label === 'Kerple (log)')!;
      expect(Math.abs(kerple.y[0])).toBeLessThan(1e-5);
      for (let d = 2; d < kerple.y.length; d++) {
        expect(kerple.y[d]).toBeLessThanOrEqual(kerple.y[d - 1] + 1e-5);
        expect(kerple.y[d] - kerple.y[d - 1]).toBeGreaterThanOrEqual(kerple.y[d - 1] - kerple.y[d - 2] - 2e-5);
      }
    }
    // CoPE: p_ij = Σ_{t=j..i} g_it with gates in (0, 1): from the last key back, the count never
    // falls and never grows by more than 1 a key
    const rows = await page
      .locator('posenc-since-counts #since-counts-table tr')
      .evaluateAll((trs) => trs.map((r) => Array.from(r.querySelectorAll('th,td')).map((c) => (c.textContent ?? '').trim())));
    const p = rows
      .find((r) => r[0] === 'p')!
      .slice(1)
      .map(Number);
    expect(p.length).toBeGreaterThan(20);
    for (let j = p.length - 2; j >= 0; j--) {
      expect(p[j]).toBeGreaterThanOrEqual(p[j + 1] - 0.005);
      expect(p[j] - p[j + 1]).toBeLessThanOrEqual(1.005);
    }
    expect(p[p.length - 1]).toBeLessThanOrEqual(1.005);
    expect(errors).toEqual([]);
  });

  it('reveals what the reference run answers, undecided within the seeds’ spread, and decides each paper claim', async () => {
    const { page, errors } = await chapter(browser, '#/since2023?lang=en&task=flipflop');
    const cases: [string, string[], string[], number][] = [
      ['predict-xpos', ['flipflop'], ['xpos', 'rope'], 2],
      ['predict-prope', ['flipflop'], ['p-rope', 'rope'], 1.5],
      ['predict-kerple', ['flipflop'], ['kerple', 'alibi'], 2],
      ['predict-fire', ['flipflop'], ['fire', 't5', 'kerple', 'alibi'], 2],
      ['predict-cope', ['flipflop', 'selective-copy'], ['cope', 'rope', 'none'], 2],
      ['predict-irope', ['flipflop'], ['irope', 'rope'], 2],
      ['predict-random', ['flipflop'], ['rope+random', 'rope'], 2],
    ];
    for (const [id, tasks, entries, m] of cases) {
      const got = await reveal(page, id, 'undecided');
      expect(got.answer, id).toBe(answer(tasks, entries, m));
    }
    const verdicts = await page
      .locator('#lab-paper-claims td[data-verdict]')
      .evaluateAll((els) => els.map((e) => [e.closest('tr')?.getAttribute('data-claim-id'), e.getAttribute('data-verdict')]));
    expect(verdicts.length).toBe(10);
    for (const [, v] of verdicts) expect(['supports', 'contradicts', 'undecided']).toContain(v);
    // every claim recomputed from the per-seed accuracies: 'beats' supports when every lead exceeds
    // the larger seed range, contradicts when one falls behind by more, else undecided; 'no-worse'
    // contradicts only when behind by more than the range
    const ALL = ['recall', 'offset', 'copy', 'reverse', 'induction', 'sort', 'flipflop', 'selective-copy'];
    const COUNTING = ['flipflop', 'selective-copy'];
    const claims: [string, 'beats' | 'no-worse', string[], string[], number[], string[]][] = [
      ['paper-kazemnejad', 'beats', ['none', 't5'], ['alibi', 'rope', 'sinusoidal'], [1.5, 2], ALL],
      ...(['sinusoidal', 'learned', 't5', 'alibi', 'rope'].map((e) => [`paper-ruoss-${e}`, 'beats', [`${e}+random`], [e], [2, 4], ALL]) as [
        string,
        'beats',
        string[],
        string[],
        number[],
        string[],
      ][]),
      ['paper-fire', 'beats', ['fire'], ['t5', 'alibi', 'kerple'], [2, 4], ALL],
      ['paper-prope', 'no-worse', ['p-rope'], ['rope'], [1, 1.5, 2], ALL],
      [
        'paper-cope',
        'beats',
        ['cope'],
        ['none', 'sinusoidal', 'learned', 't5', 'alibi', 'rope', 'xpos', 'p-rope', 'kerple', 'fire', 'irope'],
        [1.5, 2],
        COUNTING,
      ],
      ['paper-irope', 'beats', ['irope'], ['rope'], [1.5, 2, 4], ALL],
    ];
    const shown = Object.fromEntries(verdicts);
    for (const [id, rule, better, worse, ats, tasks] of claims) {
      let clear = true,
        fails = false,
        compared = 0;
      for (const m of ats)
        for (const b of better)
          for (const w of worse) {
            const [x, y] = [cell(tasks, b, m), cell(tasks, w, m)];
            const spread = Math.max(x.spread, y.spread),
              margin = x.mean - y.mean;
            if (x.top < 0.05 && y.top < 0.05) continue; // both fail: ranks neither
            compared++;
            if (rule === 'no-worse') {
              if (margin < -spread) [fails, clear] = [true, false];
            } else if (Math.abs(margin) < spread) clear = false;
            else if (!(margin > 0)) [fails, clear] = [true, false];
          }
      expect(shown[id], id).toBe(!compared ? 'undecided' : clear ? 'supports' : fails ? 'contradicts' : 'undecided');
    }
    expect(errors).toEqual([]);
  });
});
