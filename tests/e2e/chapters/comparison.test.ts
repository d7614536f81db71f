// Comparison (seed 000 §4, seed 004 §3): "depends on j − i only" normalised by each matrix's own
// range (a learned table's tiny values no longer pass for relative), the extrapolation row carries
// the training chapter's saved reference run, T5's storage.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import reference from '../../../web/data/lab-reference.json';
import { t5Ref } from '../../js/reference.js';
import { launch, tableText } from '../browser.js';
import { chapter, matrix, omegas, relativeSpread, reveal } from './helpers.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('comparison', () => {
  it('"depends on j − i only" is relative to each matrix\'s range: the learned table is the least relative, not the most', async () => {
    const { page, errors } = await chapter(browser, '#/comparison?lang=en&n=32&d=16&nmax=64');
    const rows = await page.locator('#measured tr').evaluateAll((trs) =>
      trs.map((r) => ({
        head: r.querySelector('th')?.textContent?.trim() ?? '',
        spreads: Array.from(r.querySelectorAll('td [data-spread]')).map((s) => Number(s.getAttribute('data-spread'))),
      })),
    );
    const alone = rows.find((r) => r.head.startsWith('depends on j − i only (positions alone)'))!.spreads;
    const projected = rows.find((r) => r.head.startsWith('depends on j − i only (through'))!.spreads;
    expect(alone).toHaveLength(4);
    expect(alone[1]).toBeGreaterThan(Math.max(alone[0], alone[2], alone[3]));
    expect(alone[1]).toBeGreaterThan(0.2);
    expect(alone[0]).toBeLessThan(1e-12);
    expect(alone[2]).toBe(0);
    expect(alone[3]).toBeLessThan(1e-12);
    expect(projected[0]).toBeGreaterThan(0.05);
    expect(projected[2]).toBe(0);
    expect(projected[3]).toBeLessThan(1e-12);
    // The learned Gram matrix is tiny, yet its relative spread (recomputed here) is large.
    const learned = await matrix(page, '#gallery-learned');
    expect(Math.max(...learned.flat().map(Math.abs))).toBeLessThan(0.05);
    expect(relativeSpread(learned)).toBeCloseTo(alone[1], 12);
    // Sinusoidal p_i·p_j/√d = Σ cos((j − i)ω)/√d, written out.
    const sin = await matrix(page, '#gallery-sinusoidal');
    const w = omegas(16);
    for (const [i, j] of [
      [3, 8],
      [20, 25],
      [0, 31],
    ])
      expect(sin[i][j]).toBeCloseTo(w.reduce((s, o) => s + Math.cos((j - i) * o), 0) / 4, 12);
    expect(errors).toEqual([]);
  });

  it('float64 rounding is printed as "yes (0 up to rounding)", never as "5.8 × 10⁻¹⁴ %" nor with one parenthesis inside another (issue 27, defect 8; was "yes (0 (rounding))")', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { page, errors } = await chapter(browser, `#/comparison?lang=${lang}&n=32&d=16&nmax=64`);
      const spreads = await page
        .locator('#measured td [data-spread]')
        .evaluateAll((ss) =>
          ss.map((s) => ({ v: Number(s.getAttribute('data-spread')), cell: s.parentElement?.textContent?.trim() ?? '' })),
        );
      const tiny = spreads.filter((s) => s.v < 1e-12);
      expect(tiny.length).toBeGreaterThan(0); // RoPE and sinusoidal differ from constant diagonals by rounding only
      for (const s of tiny) expect(s.cell, lang).toBe(lang === 'en' ? 'yes (0 up to rounding)' : '是（舍入误差内为 0）');
      for (const s of spreads.filter((x) => x.v >= 1e-9)) {
        const p = s.v * 100;
        const pct = p.toFixed(p >= 10 ? 0 : p >= 1 ? 1 : 2);
        expect(s.cell, lang).toBe(lang === 'en' ? `no (${pct} %)` : `否（${pct} %）`);
      }
      // RoPE keeps every vector's length up to rounding: said in words, not as 2.4 × 10⁻¹⁶
      const length = (await tableText(page, '#measured')).find(
        (r) => r[0] === (lang === 'en' ? 'length of the token vector after position is applied' : '加入位置后，词向量的长度'),
      )!;
      expect(length[4], lang).toBe(lang === 'en' ? 'kept (0 up to rounding)' : '不变（舍入误差内为 0）');
      const cells = (await tableText(page, '#measured')).flat();
      for (const c of cells) expect(c, lang).not.toMatch(/[(（][^()（）]*[(（]/);
      const text = await page.locator('posenc-chapter-view').evaluate((el) => {
        const walk = (n: Node): string =>
          [...n.childNodes].map((c) => (c.nodeType === 3 ? c.textContent : walk(c))).join(' ') +
          ((n as Element).shadowRoot ? walk((n as Element).shadowRoot!) : '');
        return walk(el);
      });
      expect(text).not.toMatch(/× 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+ %/);
      expect(errors).toEqual([]);
    }
  });

  it("extrapolation carries the saved reference run: each encoding's accuracy at 2× the training length over copy, offset and recall, recomputed from lab-reference.json, and the note links to the lab (zh and en; was four identical links)", async () => {
    // written out from the file: the mean over the three tasks of the seeds' mean, and each seed's
    // mean over the tasks, at the length twice the training length
    const tasks = ['copy', 'offset', 'recall'];
    const acc = (v: number) => v.toFixed(v < 0.1 ? 3 : 2);
    const want = (enc: string) => {
      const runs = reference.runs.filter((r) => r.encoding === enc && tasks.includes(r.task));
      expect(runs.length, enc).toBe(3);
      const k = runs[0].lengths.indexOf(2 * runs[0].trainLength);
      if (runs.every((r) => r.beyondTable[k])) return { beyond: true as const };
      const mean = runs.reduce((a, r) => a + r.accuracy[k], 0) / runs.length;
      const seeds = runs[0].bySeed.map((_, s) => runs.reduce((a, r) => a + (r.bySeed[s][k] ?? 0), 0) / runs.length);
      return { beyond: false as const, mean, lo: Math.min(...seeds), hi: Math.max(...seeds) };
    };
    for (const lang of ['en', 'zh'] as const) {
      const { page, errors } = await chapter(browser, `#/comparison?lang=${lang}`);
      await reveal(page, 'predict-projected', 'rope');
      const cells = page.locator('#measured .lab-cell');
      await expect.poll(() => cells.count()).toBe(4);
      const shown = await cells.evaluateAll((cs) =>
        cs.map((c) => ({ enc: c.getAttribute('data-encoding'), mean: c.getAttribute('data-mean'), text: (c.textContent ?? '').trim() })),
      );
      expect(shown.map((c) => c.enc)).toEqual(['sinusoidal', 'learned', 't5', 'rope']);
      for (const c of shown) {
        const w = want(c.enc!);
        if (w.beyond) {
          expect(c.text, c.enc!).toBe(lang === 'en' ? 'cannot run: its table has no rows that far' : '无法运行：位置表没有这么多行');
          continue;
        }
        expect(Number(c.mean), c.enc!).toBeCloseTo(w.mean, 12);
        expect(c.text, c.enc!).toBe(
          lang === 'en' ? `${acc(w.mean)} (seeds ${acc(w.lo)}–${acc(w.hi)})` : `${acc(w.mean)}（各种子 ${acc(w.lo)}–${acc(w.hi)}）`,
        );
      }
      // the saved run as committed: the learned table ends at the training length; RoPE 0.47
      expect(want('learned').beyond).toBe(true);
      expect(shown[3].text).toBe(lang === 'en' ? '0.47 (seeds 0.46–0.48)' : '0.47（各种子 0.46–0.48）');
      const head = (await tableText(page, '#measured')).at(-1)![0];
      expect(head).toBe(lang === 'en' ? 'accuracy at 2× the training length' : '训练长度 2 倍处的准确率');
      // one link, in the note that says where the numbers come from
      const note = page.locator('#lab-note');
      expect(await note.locator('a.lab').getAttribute('href')).toBe('#/lab');
      const said = ((await note.textContent()) ?? '').replace(/\s+/g, ' ');
      if (lang === 'en') {
        expect(said).toContain(
          'The last row is the saved reference run of Train and extrapolate: each encoding trained on sequences of 12 tokens, then tested on 24 (2× as long).',
        );
        expect(said).toContain('copy, fixed offset, and associative recall');
      } else {
        expect(said).toContain(
          '最后一行来自「训练与外推」一章保存的参考运行：每种编码在长 12 的序列上训练，再在长 24 的序列上测试（2 倍）。',
        );
        expect(said).toContain('复制、固定偏移和联想回忆');
      }
      expect(await page.locator('#measured a.lab').count()).toBe(0);
      // an encoding the saved run did not train is said to be so, not shown as 0
      await page.locator('posenc-comparison-table').evaluate((el) => {
        const t = el as unknown as { lab: { runs: { encoding: string }[] } };
        t.lab = { ...t.lab, runs: t.lab.runs.filter((r) => r.encoding !== 't5') };
      });
      await expect
        .poll(() => page.locator('#measured .lab-cell[data-encoding="t5"]').textContent())
        .toBe(lang === 'en' ? 'not trained in Train and extrapolate' : '「训练与外推」没有训练这种编码');
      const text = await page.locator('posenc-chapter-view').evaluate((el) => el.shadowRoot?.textContent ?? '');
      expect(text).not.toMatch(/cannot be measured/i);
      expect(errors).toEqual([]);
    }
  });

  it('past n_max the learned heatmap has no cells: pairs with a position ≥ n_max are absent (grey, "no row"), the rest are values (was a full n × n matrix beside "undefined from position n_max on")', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { page, errors } = await chapter(browser, `#/comparison?lang=${lang}&n=64&d=16&nmax=16`);
      const learned = await matrix(page, '#gallery-learned');
      expect(learned).toHaveLength(64);
      for (let i = 0; i < 64; i++)
        for (let j = 0; j < 64; j++) {
          if (i >= 16 || j >= 16) expect(Number.isNaN(learned[i][j]), `${i},${j}`).toBe(true);
          else expect(Number.isFinite(learned[i][j]), `${i},${j}`).toBe(true);
        }
      // the legend names the grey cells
      const legend = await page.locator('#gallery-learned').evaluate((el) => el.shadowRoot?.textContent ?? '');
      expect(legend, lang).toContain(lang === 'en' ? 'no row' : '没有行');
      // the other three encodings are defined at every position
      for (const id of ['#gallery-sinusoidal', '#gallery-t5', '#gallery-rope'])
        expect((await matrix(page, id)).flat().every(Number.isFinite), id).toBe(true);
      expect(errors).toEqual([]);
    }
  });

  it('no code-like text: outside typeset math the chapter shows no "_" (was "num_buckets", "2⋅max_len", "n_max" as raw text), zh and en', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { page, errors } = await chapter(browser, `#/comparison?lang=${lang}`);
      await reveal(page, 'predict-projected', 'rope');
      await reveal(page, 'predict-storage', 'pairs');
      for (const id of ['predict-projected', 'predict-storage']) await page.locator(`posenc-predict#${id} .verdict`).waitFor();
      const text = await page.locator('posenc-chapter-view').evaluate((el) => {
        // text nodes a reader sees, skipping <posenc-math> (KaTeX typesets n_{max} as a subscript)
        const walk = (n: Node): string[] => {
          if (n instanceof Element && (n.localName === 'posenc-math' || n.localName === 'style' || n.localName === 'script')) return [];
          const own = [...n.childNodes].flatMap((c) => (c.nodeType === 3 ? [c.textContent ?? ''] : walk(c)));
          return (n as Element).shadowRoot ? [...own, ...walk((n as Element).shadowRoot!)] : own;
        };
        return walk(el).join(' ');
      });
      expect(text.length, lang).toBeGreaterThan(1000);
      const raw = [...text.matchAll(/\S*_\S*/g)].map((m) => m[0]);
      expect(raw, lang).toEqual([]);
      // nor inside math: \text{num\_buckets} typeset is still the code's name
      const tex = await page.locator('posenc-chapter-view').evaluate((el) => {
        const all = (n: Element | ShadowRoot): string[] =>
          [...n.querySelectorAll('*')].flatMap((c) => [
            ...(c.localName === 'posenc-math' ? [c.getAttribute('tex') ?? ''] : []),
            ...(c.shadowRoot ? all(c.shadowRoot) : []),
          ]);
        return all(el.shadowRoot!);
      });
      expect(tex.length, lang).toBeGreaterThan(10);
      expect(
        tex.filter((t) => t.includes('\\_')),
        lang,
      ).toEqual([]);
      // T5's storage is said as a count, not as the code's parameter name
      expect(text, lang).toContain(lang === 'en' ? 'one bias per bucket (32)' : '每个桶一个偏置（32 个）');
      expect(errors).toEqual([]);
    }
  });

  it('a learned table has no row at n_max; the others are defined there', async () => {
    const { page } = await chapter(browser, '#/comparison?lang=en&nmax=64');
    const cells = await page.locator('#measured tr', { hasText: 'defined at position' }).locator('td').allTextContents();
    expect(cells.map((c) => c.trim())).toEqual(['✓', '✗', '✓', '✓']);
  });

  it('predict: T5 stores one bias per bucket, not n² (2048 tokens)', async () => {
    const { page } = await chapter(browser, '#/comparison?lang=en');
    expect((await reveal(page, 'predict-storage', 'pairs')).answer).toBe('buckets');
    const rows = await page.locator('#t5-storage tr').allTextContents();
    expect(rows.join(' ')).toContain((2048 * 2048).toLocaleString('en-US'));
    expect(rows.join(' ')).toContain((2 * 2048 - 1).toLocaleString('en-US'));
    // which buckets some offset reaches, from transformers' _relative_position_bucket (transliterated
    // in tests/js/reference.ts), and the reason the page gives for the empty one
    const reached = new Set(Array.from({ length: 2 * 2048 - 1 }, (_, k) => t5Ref(k - 2047)));
    const empty = Array.from({ length: 32 }, (_, b) => b).filter((b) => !reached.has(b));
    expect(empty).toEqual([16]);
    expect(t5Ref(0)).toBe(0); // offset 0 is filed with the negative side
    expect(rows.join(' ')).toContain(`${reached.size} of them reached by some offset`);
    // the halves as T5 files them: offsets ≤ 0 in buckets 0–15, offsets > 0 in 16–31
    for (let k = -2047; k <= 2047; k++) expect(t5Ref(k) < 16, `offset ${k}`).toBe(k <= 0);
    // (a word joiner keeps "16–31" on one line)
    const why = ((await page.locator('posenc-t5-storage #t5-empty').textContent()) ?? '').replace(/\s+/g, ' ').replace(/\u2060/g, '');
    expect(why).toContain(
      `Why ${reached.size} and not 32: T5 gives the buckets 0–15 to keys at or before the query (offset ≤ 0) and 16–31 to keys after it (offset > 0). Bucket 16 would hold offset +0`,
    );
  });

  it('on a phone (360 px) the measured table and the storage table fit: no cell past the right edge, no sideways scroll (was one column of the measured table in view, "4,194,…" cut in the storage table)', async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { page, errors, context } = await chapter(browser, `#/comparison?lang=${lang}`, { width: 360 });
      await reveal(page, 'predict-projected', 'rope');
      await reveal(page, 'predict-storage', 'pairs');
      for (const id of ['#measured', '#t5-storage']) {
        const table = page.locator(id);
        await table.scrollIntoViewIfNeeded();
        const m = await table.evaluate((el) => {
          const root = el.shadowRoot!;
          const scroll = root.querySelector('.scroll')!;
          const cells = [...root.querySelectorAll('tbody th, tbody td')].map((c) => {
            const range = document.createRange();
            range.selectNodeContents(c);
            return { text: (c.textContent ?? '').trim(), right: range.getBoundingClientRect().right };
          });
          return {
            cells,
            scrolls: scroll.scrollWidth > scroll.clientWidth + 1,
            edge: Math.min(scroll.getBoundingClientRect().right, window.innerWidth),
            page: document.documentElement.scrollWidth,
          };
        });
        expect(m.cells.length, `${lang} ${id}`).toBeGreaterThan(0);
        expect(m.scrolls, `${lang} ${id}`).toBe(false);
        expect(m.page, `${lang} ${id}`).toBeLessThanOrEqual(360);
        for (const c of m.cells) expect(c.right, `${lang} ${id}: "${c.text}"`).toBeLessThanOrEqual(m.edge + 0.5);
      }
      // each cell of the measured table still says which encoding it belongs to
      const labels = await page
        .locator('#measured')
        .evaluate((el) =>
          [...el.shadowRoot!.querySelectorAll('tbody tr')[0].querySelectorAll('td')].map((td) => getComputedStyle(td, '::before').content),
        );
      expect(labels, lang).toEqual(
        (lang === 'en' ? ['sinusoidal', 'learned', 'T5', 'RoPE'] : ['正弦', '可学习', 'T5', 'RoPE']).map((s) => `"${s}"`),
      );
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
