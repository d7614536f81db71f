// Relative PE (seed 004 §2.3–2.4, seed 002): the sentence example by the seed's own table, T5
// buckets against an independent transliteration, Shaw's clipping, Transformer-XL's terms.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { t5Ref } from '../../js/reference.js';
import { launch, tableText } from '../browser.js';
import { chapter, reveal, setParam, value } from './helpers.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const signed = (v: number) => (v > 0 ? `+${v}` : String(v));

describe('relative', () => {
  it("the sentence example, from 004 §2.3's own position table: +1, +1, −6, +1, +1; 12 of 30 pairs agree", async () => {
    const { page, errors } = await chapter(browser, '#/relative?lang=en');
    const p1 = [1, 2, 3, 4, 5, 6],
      p2 = [5, 6, 7, 1, 2, 3];
    const rows = (await tableText(page, '#sentence')).slice(1);
    expect(rows.map((r) => r[1])).toEqual(p1.slice(1).map((p, k) => signed(p - p1[k])));
    expect(rows.map((r) => r[2].replace('\u2212', '-'))).toEqual(p2.slice(1).map((p, k) => signed(p - p2[k])));
    expect(rows.map((r) => r[2].replace('\u2212', '-'))).toEqual(['+1', '+1', '-6', '+1', '+1']);
    let same = 0;
    for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) if (i !== j && p1[j] - p1[i] === p2[j] - p2[i]) same++;
    expect(same).toBe(12);
    expect(await value(page, '#same-pairs')).toBe(same);
    expect(errors).toEqual([]);
  });

  it("T5 buckets: the offsets of each bucket match transformers' _relative_position_bucket (transliterated independently)", async () => {
    for (const [dir, bi] of [
      ['bi', true],
      ['causal', false],
    ] as const) {
      const { page } = await chapter(browser, `#/relative?lang=en&direction=${dir}&buckets=32&maxdist=128&span=512`);
      const want = new Map<number, [number, number]>();
      for (let d = -511; d <= 511; d++) {
        const b = t5Ref(d, bi, 32, 128);
        const s = want.get(b);
        want.set(b, s ? [Math.min(s[0], d), Math.max(s[1], d)] : [d, d]);
      }
      expect(await value(page, '#t5-distinct')).toBe(want.size);
      await page.locator('posenc-t5-buckets details summary').click();
      const rows = (await tableText(page, '#t5-spans')).slice(1);
      expect(rows).toHaveLength(want.size);
      for (const [bucket, span] of rows) {
        const [lo, hi] = want.get(Number(bucket))!;
        expect(span.replace(/\u2212/g, '-')).toBe(lo === hi ? signed(lo) : `${signed(lo)} … ${signed(hi)}`);
      }
    }
  });

  it('Shaw: clipping keeps 2k + 1 rows whatever the length; without it the rows grow', async () => {
    const clipped = await chapter(browser, '#/relative?lang=en&n=16&k=3');
    expect((await reveal(clipped.page, 'predict-shaw', 'yes')).answer).toBe('no');
    expect(await value(clipped.page, '#shaw-used')).toBe(7);
    expect(await value(clipped.page, '#shaw-used-4n')).toBe(7);
    const unclipped = await chapter(browser, '#/relative?lang=en&n=4&k=8');
    expect((await reveal(unclipped.page, 'predict-shaw', 'no')).answer).toBe('yes');
    expect(await value(unclipped.page, '#shaw-used')).toBe(2 * 4 - 1);
    expect(await value(unclipped.page, '#shaw-used-4n')).toBe(2 * 8 + 1);
    // Changed before the reveal (the hidden figure waits): the verdict follows the new setting.
    const changed = await chapter(browser, '#/relative?lang=en&n=16&k=3');
    await setParam(changed.page, 'k', 16);
    expect((await reveal(changed.page, 'predict-shaw', 'no')).answer).toBe('yes');
  });

  it('a relative bias is the same for a pair wherever it stands; the absolute position term is not', async () => {
    const { page } = await chapter(browser, '#/relative?lang=en&n=24&gap=3');
    expect(await value(page, '#relative-swing')).toBe(0);
    expect(await value(page, '#absolute-swing')).toBeGreaterThan(0.05);
    expect(await value(page, '#bias-spread')).toBe(0);
  });

  it('each shared colour legend names as many maps as it colours (issue 27-e: DeBERTa said "all four heatmaps" above five maps)', async () => {
    for (const [figure, bar] of [
      ['posenc-deberta-terms', '#deberta-scale'],
      ['posenc-xl-terms', '#xl-scale'],
    ]) {
      const { page, errors } = await chapter(browser, '#/relative?lang=en');
      const maps = page.locator(`${figure} posenc-heatmap-view`);
      await expect.poll(() => maps.count()).toBeGreaterThan(0);
      // the maps on the shared scale are those without a legend of their own
      const shared = await maps.evaluateAll((els) => els.filter((e) => (e as unknown as { hideLegend: boolean }).hideLegend).length);
      const all = await maps.count();
      const label = (await page.locator(`${figure} ${bar}`).getAttribute('label')) ?? '';
      expect(label, figure).toContain(`one colour scale for the ${shared} score maps`);
      if (all > shared) expect(label, figure).toContain('has its own');
      else expect(label, figure).not.toContain('has its own');
      expect(errors).toEqual([]);
    }
  });

  it('Transformer-XL: (c) depends on the key only, (d) on the distance only', async () => {
    const { page } = await chapter(browser, '#/relative?lang=en&n=12');
    const dep = async (t: string) => page.locator(`posenc-xl-terms #xl-${t}`).getAttribute('data-depends');
    expect([await dep('a'), await dep('b'), await dep('c'), await dep('d')]).toEqual(['both', 'both', 'key', 'offset']);
  });
});
