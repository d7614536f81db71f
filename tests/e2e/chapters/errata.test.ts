// The Errata chapter in Chromium: a chapter's erratum marker links to its entry, which opens,
// is highlighted and is recomputed live (004's table: 198 / 198 values are d_model = 512); every
// entry, opened, gets the verdict its data says; the counts match the data; the predict-then-reveal
// questions report the computed answer; filters and deep links work; zero console errors.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { ENTRIES } from '../../../web/src/chapters/errata/index.js';
import { launch, open, tableText } from '../browser.js';

let browser: Browser;
const url = (hash: string) => `${inject('origin')}/dist/page/index.html${hash}`;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function ready(p: Page) {
  await p.locator('posenc-chapter-view h2').waitFor();
}

describe('errata', () => {
  it("an erratum marker in a chapter links to its entry, recomputed live at the document's parameters", async () => {
    const { page, errors } = await open(browser, url('#/sinusoidal?lang=en'));
    await ready(page);
    await page.locator('aside[data-erratum="e004-table"] a').click();
    await expect.poll(() => page.url()).toContain('#/errata?entry=e004-table');
    const linked = page.locator('posenc-errata-list article.linked');
    await linked.waitFor();
    expect(await linked.getAttribute('data-entry')).toBe('e004-table');
    await expect.poll(() => linked.getAttribute('data-agrees')).toBe('false');
    const rows = await tableText(page, 'posenc-errata-list article.linked table.check');
    expect(rows.find((r) => r[0].startsWith('Entries equal to those of the'))?.[2]).toBe('198 / 198');
    expect(rows.find((r) => r[0].startsWith('Columns of a'))?.slice(1, 3)).toEqual(['22', '4']);
    expect(await linked.locator('a', { hasText: 'Sinusoidal PE' }).getAttribute('href')).toBe('#/sinusoidal?lang=en');
    expect(errors).toEqual([]);
  });

  it("issue 27, defect 10: the closest offset names its range and scans to 10⁶; 004's code is run, not described; the relative claim is tested against the absolute encodings only", async () => {
    const { page, errors } = await open(browser, url('#/errata?lang=en&entry=c001-uniqueness-argument&show=all'));
    await ready(page);
    const linked = page.locator('posenc-errata-list article.linked');
    await expect.poll(() => linked.getAttribute('data-agrees')).toBe('true');
    const rows = await tableText(page, 'posenc-errata-list article.linked table.check');
    // independent: the offset of 1 … 10⁶ whose d = 8 encoding is closest to p₀
    let best = [0, Infinity];
    for (let D = 1; D <= 1_000_000; D++) {
      let s = 0;
      for (let i = 0; i < 4; i++) s += 2 - 2 * Math.cos(D * 10000 ** (-i / 4));
      if (Math.sqrt(s) < best[1]) best = [D, Math.sqrt(s)];
    }
    expect(best[0]).toBe(169646);
    expect(rows.map((r) => r[2]).join(' | ')).toContain(`offset 169\u2009646, distance ${Number(best[1].toPrecision(3))}`);
    const text = (await linked.textContent()) ?? '';
    expect(text).toContain('among offsets 1 … 9 999 the closest is 6283');
    expect(text).toContain('scanning to 1 000 000 it is 169 646');

    await page.evaluate(() => (location.hash = '#/errata?lang=en&entry=e004-rope-code&show=all'));
    await expect.poll(() => page.locator('posenc-errata-list article.linked').getAttribute('data-entry')).toBe('e004-rope-code');
    await expect.poll(() => page.locator('posenc-errata-list article.linked').getAttribute('data-agrees')).toBe('false');
    const code = await tableText(page, 'posenc-errata-list article.linked table.check');
    const broadcast = code.find((r) => r[0].startsWith('positions[:, None] * theta'))!;
    expect(broadcast[2]).toBe('error: 10 against 256 on the last axis cannot broadcast');
    expect(code.find((r) => r[0].startsWith('As positions[..., None]'))![2]).toBe('(2, 10, 256)');
    expect(code.find((r) => r[0].startsWith('Order of the output'))![2]).toBe(
      "each pair's first coordinate, then the second ones: entries 0, 2, 4, 6, 1, 3, 5, 7 of the interleaved result",
    );

    await page.evaluate(() => (location.hash = '#/errata?lang=zh&entry=x004-relative&show=all'));
    await expect.poll(() => page.locator('posenc-errata-list article.linked').getAttribute('data-entry')).toBe('x004-relative');
    const rel = page.locator('posenc-errata-list article.linked');
    await expect.poll(() => rel.getAttribute('data-agrees')).not.toBeNull();
    const relText = (await rel.textContent()) ?? '';
    const decision = (await tableText(page, 'posenc-errata-list article.linked table.check'))[1].join(' ');
    expect(decision).not.toContain('RoPE');
    expect(relText).toContain('T5 相对偏置');
    expect(relText).not.toMatch(/\b(t5|alibi|sinusoidal|learned|recall|none)\b/);
    expect(relText).not.toMatch(/[ecx]00\d-[a-z]/);
    expect(errors).toEqual([]);
  });

  it('every entry, opened, is recomputed and agrees or disagrees as its verdict says', async () => {
    const { page, errors } = await open(browser, url('#/errata?lang=en&show=all'));
    await ready(page);
    const list = page.locator('#errata-list');
    const details = list.locator('details');
    await expect.poll(() => details.count()).toBe(ENTRIES.length);
    await details.evaluateAll((els) => els.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    await expect.poll(() => list.locator('details[data-agrees]').count(), { timeout: 60_000 }).toBe(ENTRIES.length);
    const seen = await details.evaluateAll((els) =>
      els.map((e) => [
        e.getAttribute('data-entry'),
        e.getAttribute('data-verdict'),
        e.getAttribute('data-agrees'),
        e.querySelector('p.verdict')?.getAttribute('data-verdict'),
      ]),
    );
    for (const [id, verdict, agrees, computed] of seen) {
      expect(computed, id ?? '').toBe(verdict);
      if (verdict === 'confirmed') expect(agrees, id ?? '').toBe('true');
      if (verdict === 'erratum') expect(agrees, id ?? '').toBe('false');
    }
    expect(errors).toEqual([]);
  });

  it('groups by document and severity with counts that match the data; filters narrow the list', async () => {
    const { page, errors } = await open(browser, url('#/errata?lang=en'));
    await ready(page);
    const summary = await tableText(page, '#audit-summary');
    const total = summary.find((r) => r[0] === 'total')!;
    expect(Number(total.at(-1))).toBe(ENTRIES.length);
    for (const doc of ['000', '001', '002', '003', '004']) {
      const r = summary.find((x) => x[0] === doc)!;
      expect(Number(r.at(-1)), doc).toBe(ENTRIES.filter((e) => e.doc === doc).length);
      expect(Number(r[5]), doc).toBe(ENTRIES.filter((e) => e.doc === doc && e.verdict === 'erratum').length);
    }
    const list = page.locator('#errata-list');
    // default: errata only
    await expect.poll(() => list.locator('details:not([hidden])').count()).toBe(ENTRIES.filter((e) => e.verdict === 'erratum').length);
    await page.locator('select[data-param="doc"]').selectOption('003');
    await page.locator('select[data-param="show"]').selectOption('all');
    await expect.poll(() => list.locator('details:not([hidden])').count()).toBe(ENTRIES.filter((e) => e.doc === '003').length);
    await expect.poll(() => page.url()).toContain('doc=003');
    await page.locator('select[data-param="show"]').selectOption('typo');
    await expect
      .poll(() => list.locator('details:not([hidden])').count())
      .toBe(ENTRIES.filter((e) => e.doc === '003' && e.severity === 'typo').length);
    const headings = await list.locator('section:not([hidden]) h5:not([hidden])').allTextContents();
    expect(headings).toEqual([`typo or typesetting (${ENTRIES.filter((e) => e.doc === '003' && e.severity === 'typo').length})`]);
    expect(errors).toEqual([]);
  });

  it('each document\'s heading counts the same categories as the summary table, with the same numbers (issue 27-e: "2 waiting" above a table saying 0 waiting, 2 undecided)', async () => {
    for (const lang of ['en', 'zh']) {
      const { page, errors, context } = await open(browser, url(`#/errata?lang=${lang}&show=all`));
      await ready(page);
      const summary = await tableText(page, '#audit-summary');
      const columns = summary[0];
      // the verdict columns, named as the table names them: errata, confirmed, waiting, undecided
      const verdictColumns = [5, 6, 7, 8];
      for (const doc of ['000', '001', '002', '003', '004']) {
        const row = summary.find((r) => r[0] === doc)!;
        const heading = (await page.locator(`#errata-list section[data-doc="${doc}"] h4 .counts`).textContent()) ?? '';
        let counted = 0;
        for (const c of verdictColumns) {
          const m = heading.match(new RegExp(`(\\d+) (?:条)?${columns[c]}(?= ·|$)`));
          const n = m ? Number(m[1]) : 0;
          expect(n, `${lang} ${doc}: "${heading}" against the column ${columns[c]}`).toBe(Number(row[c]));
          counted += n;
        }
        // every entry is in one of the heading's categories
        expect(counted, `${lang} ${doc}: "${heading}"`).toBe(Number(row.at(-1)));
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('an entry shows its verdict or severity, and no mark of the review that added it (issue 27-e: "本轮新增", "new")', async () => {
    for (const lang of ['en', 'zh']) {
      const { page, errors, context } = await open(browser, url(`#/errata?lang=${lang}&show=all`));
      await ready(page);
      const lines = page.locator('#errata-list details summary');
      await expect.poll(() => lines.count()).toBe(ENTRIES.length);
      expect(await page.locator('#errata-list .badge.new').count(), lang).toBe(0);
      const badges = await page.locator('#errata-list details summary .badge').allTextContents();
      expect(badges.length, lang).toBe(ENTRIES.length);
      expect(
        badges.filter((b) => /本轮新增|^new$/.test(b.trim())),
        lang,
      ).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('reads as lessons before the list: five kinds of mistake, each linking to entries that exist and open; no review-history filter; counts read without plural slips (issue 27: a ledger, "1 wrong numbers")', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { page, errors, context } = await open(browser, url(`#/errata?lang=${lang}`));
      await ready(page);
      const lessons = page.locator('section#sec-lessons');
      const hrefs = await lessons.locator('a[href^="#/errata?entry="]').evaluateAll((els) => els.map((a) => a.getAttribute('href')!));
      expect(hrefs.length, lang).toBeGreaterThanOrEqual(10);
      const ids = new Set(ENTRIES.map((e) => e.id));
      for (const h of hrefs) expect(ids.has(h.split('entry=')[1]), h).toBe(true);
      expect(await lessons.locator('p strong').count(), lang).toBe(5);
      // the review's rounds are no business of a reader
      expect(await page.locator('select[data-param="added"]').count()).toBe(0);
      expect(await page.locator('section#sec-added').count()).toBe(0);
      const counts = ((await page.locator('section#sec-counts posenc-errata-summary p').textContent()) ?? '').replace(/\s+/g, ' ');
      if (lang === 'en') expect(counts).not.toMatch(/\b1 (wrong numbers|wrong claims|typos|errata|entries)\b/);
      expect(counts).toContain(String(ENTRIES.length));
      // a lesson's link opens its entry in the list
      await lessons.locator('a[href="#/errata?entry=e004-decay"]').click();
      const linked = page.locator('posenc-errata-list article.linked');
      await expect.poll(() => linked.getAttribute('data-entry')).toBe('e004-decay');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('predict-then-reveal: is 001\'s "the output does not change order" right? The core says no', async () => {
    const { page, errors } = await open(browser, url('#/errata?lang=zh'));
    await ready(page);
    const predict = page.locator('posenc-predict#predict-order');
    await predict.locator('input[value="right"]').check();
    await predict.locator('button.reveal').click();
    const verdict = predict.locator('p.verdict[data-answer]');
    await expect.poll(() => verdict.getAttribute('data-answer')).toBe('wrong');
    expect(await verdict.getAttribute('data-guess')).toBe('right');
    await expect.poll(() => page.locator('posenc-errata-verdict#reveal-order p.verdict').getAttribute('data-verdict')).toBe('erratum');
    expect(errors).toEqual([]);
  });

  it('a deep link to a waiting entry shows its lab question, one the lab decided its verdict, and one to a confirmed entry its agreement', async () => {
    // the one lab question the reference run cannot decide (the lab has no integer-label encoding)
    const { page, errors } = await open(browser, url('#/errata?lang=en&entry=x002-integer-labels'));
    await ready(page);
    const linked = page.locator('posenc-errata-list article.linked');
    await expect.poll(() => linked.locator('p.verdict').getAttribute('data-verdict')).toBe('waiting-for-lab');
    // it is not "coming": the lab trains no such encoding, and the entry says so
    const text = ((await linked.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('Question for the training lab');
    expect(text).toContain('not measured: the training lab trains no model with integer position labels');
    expect(text).not.toMatch(/waiting for the training lab/i);
    // decided by web/data/lab-reference.json: sinusoidal models do not keep their accuracy past L
    await page.evaluate(() => (location.hash = '#/errata?lang=en&entry=x001-sin-natural'));
    await expect.poll(() => linked.getAttribute('data-entry')).toBe('x001-sin-natural');
    await expect.poll(() => linked.locator('p.verdict').getAttribute('data-verdict')).toBe('erratum');
    expect(await linked.textContent()).toContain('does not hold');
    // a decided question is not "waiting" any more
    expect(await linked.textContent()).toContain('Settled by the training lab');
    expect(await linked.textContent()).not.toContain('Waiting for the training lab');
    await page.evaluate(() => (location.hash = '#/errata?lang=en&entry=c001-uniqueness-argument'));
    await expect.poll(() => linked.getAttribute('data-entry')).toBe('c001-uniqueness-argument');
    await expect.poll(() => linked.getAttribute('data-agrees')).toBe('true');
    const rows = await tableText(page, 'posenc-errata-list article.linked table.check');
    expect(rows.some((r) => r.join(' ').includes('offset 710'))).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('issue 27-g: what a learner reading the Errata found', () => {
  const linked = (p: Page) => p.locator('posenc-errata-list article.linked');
  const go = async (p: Page, hash: string, id: string) => {
    await p.evaluate((h) => (location.hash = h), hash);
    await expect.poll(() => linked(p).getAttribute('data-entry')).toBe(id);
    await expect.poll(() => linked(p).locator('p.verdict').count()).toBe(1);
  };
  const say = async (p: Page, sel: string) => ((await linked(p).locator(sel).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

  it('a question the lab does not measure names the run it needs, every encoding in words; a decided one its reference run (x002: "Reference run … 编码 integer")', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { page, errors, context } = await open(browser, url(`#/errata?lang=${lang}`));
      await ready(page);
      await go(page, `#/errata?lang=${lang}&entry=x002-integer-labels`, 'x002-integer-labels');
      const run = await say(page, 'p.lab-run');
      if (lang === 'en') {
        expect(run).toMatch(/^Run it needs: /);
        expect(run).toContain('integer position labels, none (NoPE)');
      } else {
        expect(run).toMatch(/^需要的运行：/);
        expect(run).toContain('整数位置标记、无位置编码（NoPE）');
        expect(run).not.toMatch(/\b[a-z]{3,}\b/);
      }
      expect(run).not.toMatch(/Reference run|参考实验/);
      // the lab's stretched RoPE is named as the lab names it (was `rope-pi`)
      await go(page, `#/errata?lang=${lang}&entry=x004-rope`, 'x004-rope');
      const stretched = await say(page, 'p.lab-run');
      expect(stretched).toMatch(lang === 'en' ? /^Reference run: .*RoPE \(stretched by PI\)/ : /^参考实验：.*RoPE（PI 拉伸）/);
      expect(stretched).not.toContain('`');
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('an undecided row is marked "?" (labelled), not ✗; the heading asks the lab a question unless the lab settled it', async () => {
    const { page, errors } = await open(browser, url('#/errata?lang=en'));
    await ready(page);
    for (const id of ['x001-relative-better', 'x004-relative']) {
      await go(page, `#/errata?lang=en&entry=${id}`, id);
      const first = linked(page).locator('table.check.deciding tbody tr').first();
      expect(await first.getAttribute('class'), id).toBe('undecided');
      const mark = first.locator('td.mark');
      expect(((await mark.locator('[aria-hidden="true"]').textContent()) ?? '').trim(), id).toBe('?');
      // the sign is hidden from screen readers, which read the word
      expect(((await mark.locator('.sr').textContent()) ?? '').trim(), id).toBe('undecided');
      const text = ((await linked(page).textContent()) ?? '').replace(/\s+/g, ' ');
      expect(text, id).toContain('Question for the training lab:');
      expect(text, id).not.toContain('Settled by the training lab');
    }
    await go(page, '#/errata?lang=en&entry=x002-integer-labels', 'x002-integer-labels');
    expect(await linked(page).textContent()).toContain('Question for the training lab:');
    await go(page, '#/errata?lang=en&entry=x001-sin-natural', 'x001-sin-natural');
    expect(await linked(page).textContent()).toContain('Settled by the training lab:');
    expect(await linked(page).textContent()).not.toContain('Question for the training lab');
    expect(errors).toEqual([]);
  });

  it('an entry opened by a link lands below the sticky filters, at 1280 and 360 px (e004-decay, x000-table-extrapolation)', async () => {
    // the heading's top against the bar's bottom (the bar of the list's own section)
    const gap = async (p: Page) =>
      linked(p).evaluate((el) => {
        const list = (el.getRootNode() as ShadowRoot).host;
        const bar = list.closest('section')!.querySelector('.controls')!;
        return el.querySelector('h4')!.getBoundingClientRect().top - bar.getBoundingClientRect().bottom;
      });
    for (const [width, id] of [
      [1280, 'e004-decay'],
      [360, 'x000-table-extrapolation'],
      [360, 'e004-decay'],
    ] as const) {
      const { page, errors, context } = await open(browser, url(`#/errata?lang=en&entry=${id}`), { width });
      await ready(page);
      await expect.poll(() => linked(page).getAttribute('data-entry')).toBe(id);
      // after the chapter above has laid out (it grew by 700 px at 1280 and left the entry at the bottom)
      await page.waitForTimeout(1500);
      const g = await gap(page);
      expect(g, `${width} ${id}`).toBeGreaterThanOrEqual(0);
      expect(g, `${width} ${id}: at the top, under the bar`).toBeLessThan(80);
      expect(errors).toEqual([]);
      await context.close();
    }
    // a lesson's link, clicked: the bar is stuck at the top by then
    for (const width of [1280, 360]) {
      const { page, errors, context } = await open(browser, url('#/errata?lang=en'), { width });
      await ready(page);
      await page.locator('section#sec-lessons a[href="#/errata?entry=e004-decay"]').click();
      await expect.poll(() => linked(page).getAttribute('data-entry')).toBe('e004-decay');
      await page.waitForTimeout(300);
      const g = await gap(page);
      expect(g, `${width} lesson link`).toBeGreaterThanOrEqual(0);
      expect(g, `${width} lesson link`).toBeLessThan(80);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('the facts table heads its column "expected" (the document states none of them); the deciding table keeps "document"', async () => {
    for (const [lang, doc, expected] of [
      ['en', 'document', 'expected'],
      ['zh', '讲义', '应为'],
    ] as const) {
      const { page, errors, context } = await open(browser, url(`#/errata?lang=${lang}&entry=x002-integer-labels`));
      await ready(page);
      await expect.poll(() => linked(page).locator('table.check.facts').count()).toBe(1);
      const heads = async (sel: string) => (await linked(page).locator(`${sel} thead th`).allTextContents()).map((t) => t.trim());
      expect((await heads('table.check.deciding'))[1]).toBe(doc);
      expect((await heads('table.check.facts'))[1]).toBe(expected);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('the counts table fits its box at 1280 px: no column behind a scroll arrow', async () => {
    for (const lang of ['en', 'zh']) {
      const { page, errors, context } = await open(browser, url(`#/errata?lang=${lang}`), { width: 1280 });
      await ready(page);
      const table = page.locator('#audit-summary');
      await table.scrollIntoViewIfNeeded();
      const [scroll, client] = await table.evaluate((el) => {
        const s = el.shadowRoot!.querySelector('.scroll')!;
        return [s.scrollWidth, s.clientWidth];
      });
      expect(scroll, lang).toBeLessThanOrEqual(client);
      expect(await table.locator('.more-hint').count(), lang).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it("an entry's heading reads with separators: number, title, kind and badge apart on screen and in its text ('002 · 11Integer', 'claimconfirmed')", async () => {
    const { page, errors } = await open(browser, url('#/errata?lang=en&entry=x000-table-extrapolation&show=all'));
    await ready(page);
    await expect.poll(() => linked(page).getAttribute('data-entry')).toBe('x000-table-extrapolation');
    const words = (sel: string) => page.locator(sel).evaluate((el) => (el.textContent ?? '').replace(/\s+/g, ' ').trim());
    expect(await words('posenc-errata-list article.linked h4')).toMatch(/^000 · \d+ "Extrapolation.*" claim confirmed$/);
    expect(await words('#errata-list details[data-entry="x002-integer-labels"] summary')).toMatch(
      /^002 · \d+ Integer.* claim not measured by the lab$/,
    );
    // on screen: the linked heading's parts do not touch
    const apart = await linked(page)
      .locator('h4')
      .evaluate((h) => {
        const r = (s: string) => h.querySelector(s)!.getBoundingClientRect();
        return [r('.title').left - r('.id').right, r('.badge').left - r('.meta').right];
      });
    for (const g of apart) expect(g).toBeGreaterThan(2);
    expect(errors).toEqual([]);
  });

  it("the lengths of the run an entry names are the saved reference run's (3× was missing)", async () => {
    const { page, errors } = await open(browser, url('#/errata?lang=en&entry=x000-table-extrapolation'));
    await ready(page);
    await expect.poll(() => linked(page).locator('p.lab-run').count()).toBe(1);
    const run = await say(page, 'p.lab-run');
    const ref = JSON.parse(readFileSync(resolve(__dirname, '../../../web/data/lab-reference.json'), 'utf8')) as {
      runs: { lengths: number[]; trainLength: number }[];
    };
    const multiples = ref.runs[0].lengths.map((n) => `${n / ref.runs[0].trainLength}L`).join(', ');
    expect(run).toContain(`test lengths ${multiples} ·`);
    expect(errors).toEqual([]);
  });

  it('the opening table\'s "d_model = 512" row is typeset, and its quote row says "lines", not "line(s)"', async () => {
    for (const lang of ['en', 'zh']) {
      const { page, errors, context } = await open(browser, url(`#/errata?lang=${lang}`));
      await ready(page);
      const fig = page.locator('posenc-errata-verdict#failure-table');
      await expect.poll(() => fig.locator('p.verdict').count()).toBe(1);
      const facts = fig.locator('table.check.facts tbody tr');
      const label = facts.first().locator('th');
      expect(await label.locator('posenc-math').count(), lang).toBe(1);
      const plain = await label.evaluate((th) =>
        [...th.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent)
          .join(''),
      );
      expect(plain, lang).not.toContain('_');
      if (lang === 'en')
        expect(((await facts.last().textContent()) ?? '').replace(/\s+/g, ' ')).toContain('The quote is on lines 80, 84 of 004');
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('errata, every entry opened', () => {
  // Text through shadow roots, without formulas (KaTeX) and without code and verbatim quotes.
  async function prose(page: Page): Promise<string[]> {
    return page.locator('posenc-chapter-view').evaluate((root) => {
      const out: string[] = [];
      const skip = (el: Element) =>
        el.matches('.katex, .katex-mathml, math, code, pre, script, style, #references') || el.closest('.katex, math, code, pre') !== null;
      const walk = (node: Node) => {
        if (node instanceof Element) {
          if (skip(node)) return;
          if (node.shadowRoot) walk(node.shadowRoot);
        }
        for (const child of Array.from(node.childNodes)) {
          if (child.nodeType === Node.TEXT_NODE) {
            const t = (child.textContent ?? '').trim();
            if (t) out.push(t);
          } else walk(child);
        }
      };
      walk(root.shadowRoot!);
      return out;
    });
  }

  for (const lang of ['en', 'zh']) {
    it(`${lang}: every formula of every entry typesets (no raw TeX left in the text)`, async () => {
      const { page, errors } = await open(browser, url(`#/errata?lang=${lang}&show=all`));
      await ready(page);
      const details = page.locator('#errata-list details');
      await details.evaluateAll((els) => els.forEach((d) => ((d as HTMLDetailsElement).open = true)));
      await expect.poll(() => page.locator('#errata-list details[data-agrees]').count(), { timeout: 60_000 }).toBe(ENTRIES.length);
      const texts = await prose(page);
      for (const t of texts) expect(t, `${lang}: raw TeX in "${t}"`).not.toMatch(/\$|\\[a-zA-Z]{2,}|[_^]\{/);
      // issue 27-g: "ω_m", "d_model = 512", "max_len" outside math and code; "line(s)"
      expect(
        texts.filter((t) => t.includes('_')),
        lang,
      ).toEqual([]);
      expect(
        texts.filter((t) => /\w\(s\)/.test(t)),
        lang,
      ).toEqual([]);
      expect(errors).toEqual([]);
    });
  }
});
