// The lab chapter: the saved reference run is on the page at once (its numbers, the predict verdict
// computed from them); training in web workers shows progress, can be cancelled, and replaces the
// figures with the reader's run (accuracy per length, attention maps whose rows are distributions);
// the default experiment (the six encodings ticked at first, 3000 steps) finishes and the page keeps drawing frames (a
// hang detector with bounds of minutes and seconds; its wall time is measured by npm run bench).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import examples from '../../../web/data/lab-reference-examples.json';
import reference from '../../../web/data/lab-reference.json';
import { launch, open, tableText } from '../browser.js';
import { labelBoxes, setParam } from './helpers.js';

let browser: Browser;
const url = (hash = '') => `${inject('origin')}/dist/page/index.html${hash}`;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function reveal(page: Page, id: string, choice: string) {
  const predict = page.locator(`posenc-predict#${id}`);
  await predict.locator(`input[value="${choice}"]`).check();
  await predict.locator('button.reveal').click();
  return predict;
}

/** The accuracy table, shown (its question answered) and scrolled to. */
async function accuracyTable(page: Page) {
  await reveal(page, 'predict-best', 'rope');
  const table = page.locator('#lab-accuracy-table');
  await table.locator('tbody tr').first().waitFor();
  await table.scrollIntoViewIfNeeded();
  return table;
}

async function onlyEncodings(page: Page, keep: string[]) {
  for (const e of ['none', 'sinusoidal', 'learned', 't5', 'alibi', 'rope']) {
    const box = page.locator(`#lab-enc-${e}`);
    if ((await box.isChecked()) !== keep.includes(e)) await box.click();
  }
}

describe('lab', () => {
  it('shows the saved reference run at once: its accuracies, and the predict verdict computed from them', async () => {
    const { page, errors } = await open(browser, url('#/lab?lang=en'));
    await page.locator('posenc-lab-runner #lab-loss').waitFor();
    const runs = reference.runs.filter((r) => r.task === 'recall');
    const k = runs[0].lengths.indexOf(2 * reference.settings.trainLength);
    // the best at 2×, unless its lead over the runner-up is within the larger of their seed ranges
    const [first, second] = [...runs].sort((a, b) => b.accuracy[k] - a.accuracy[k]);
    const range = (r: (typeof runs)[number]) => {
      const v = r.bySeed.map((s) => s[k] ?? 0);
      return Math.max(...v) - Math.min(...v);
    };
    const best = first.accuracy[k] - second.accuracy[k] > Math.max(range(first), range(second)) ? first.encoding : 'undecided';
    // the question offers the saved run's models, and "too close to call" (it has three seeds)
    const offered = (p: Page) =>
      p.locator('posenc-predict#predict-best input[type=radio]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
    await expect.poll(() => offered(page)).toEqual([...reference.settings.encodings, 'undecided', 'no-winner']);
    const predict = await reveal(page, 'predict-best', 'sinusoidal');
    await expect.poll(() => predict.locator('.verdict').getAttribute('data-answer')).toBe(best);
    const rows = await tableText(page, '#lab-accuracy-table tbody');
    expect(rows.length).toBe(reference.settings.encodings.length);
    const rope = rows.find((r) => r[0] === 'RoPE')!;
    const ropeRun = runs.find((r) => r.encoding === 'rope')!;
    ropeRun.lengths.forEach((n, i) => expect(Number(rope[i + 1]), `RoPE at ${n}`).toBeCloseTo(ropeRun.accuracy[i], 3));
    expect(rows.find((r) => r[0] === 'learned table')!.slice(-1)[0]).toBe('no row');
    // The seeds' claims get verdicts from the run
    const verdicts = await page
      .locator('#lab-claims td[data-verdict]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict')));
    expect(verdicts.length).toBe(11);
    expect(verdicts.every((v) => v === 'supports' || v === 'contradicts' || v === 'undecided')).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a reader who does not want to guess skips the question and sees the figure, with the computed answer alone', async () => {
    const { page, errors } = await open(browser, url('#/lab?lang=en'));
    const predict = page.locator('posenc-predict#predict-best');
    await predict.scrollIntoViewIfNeeded();
    expect(await page.locator('#lab-accuracy-plot').isVisible()).toBe(false);
    await predict.locator('button.skip').click();
    await expect.poll(() => page.locator('#lab-accuracy-plot').isVisible()).toBe(true);
    const verdict = predict.locator('p.verdict');
    await expect.poll(() => verdict.getAttribute('data-answer')).not.toBe('');
    expect(await verdict.getAttribute('data-guess')).toBe('');
    const text = (await verdict.textContent())!.replace(/\s+/g, ' ');
    expect(text).toContain('Computed at the current parameters:');
    expect(text).not.toContain('Your guess');
    expect(text).not.toMatch(/Right\.|Not what the computation shows/);
    expect(errors).toEqual([]);
  });

  it('trains in workers: progress, cancel, then one small model whose plot and attention maps show real numbers', async () => {
    const { page, errors } = await open(browser, url('#/lab?lang=en&task=offset&enc=rope&steps=200'));
    await page.locator('#lab-train').waitFor();
    // cancel a run of all six
    await page.locator('#lab-train').click();
    const progress = page.locator('#lab-progress');
    await progress.waitFor();
    await expect.poll(async () => Number(await progress.getAttribute('value')), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(Number(await progress.getAttribute('max'))).toBe(6 * 200);
    await page.locator('#lab-cancel').click();
    await expect.poll(() => page.locator('#lab-status').getAttribute('data-phase')).toBe('cancelled');
    expect(await progress.count()).toBe(0);
    // then one model
    await onlyEncodings(page, ['rope']);
    await page.locator('#lab-train').click();
    await expect.poll(() => page.locator('#lab-status').getAttribute('data-phase'), { timeout: 90_000 }).toBe('done');
    // issue 27: after a one-seed run of one model the question offered all twelve encodings and
    // "within the seeds' spread"; it offers what the run can answer
    await page.locator('posenc-predict#predict-best').scrollIntoViewIfNeeded();
    await expect
      .poll(() =>
        page.locator('posenc-predict#predict-best input[type=radio]').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
      )
      .toEqual(['rope', 'no-winner']);
    const predict = await reveal(page, 'predict-best', 'rope');
    await expect.poll(() => predict.locator('.verdict').getAttribute('data-answer')).toBe('rope');
    const rows = await tableText(page, '#lab-accuracy-table tbody');
    expect(rows.map((r) => r[0])).toEqual(['RoPE']);
    const acc = rows[0].slice(1).map(Number);
    expect(acc.length).toBe(reference.settings.lengths.length);
    for (const a of acc) expect(a >= 0 && a <= 1, String(a)).toBe(true);
    // attention maps of the reader's model: every query row a distribution over keys j ≤ i
    // (seen where a reader sees them: figures out of sight keep their last picture until scrolled to)
    const maps = page.locator('#lab-attention posenc-heatmap-view');
    await page.locator('posenc-lab-attention#lab-attention').scrollIntoViewIfNeeded();
    await expect.poll(() => maps.count()).toBe(2 * 2);
    const data = await maps.first().evaluate((el) => {
      const m = (el as unknown as { matrix: { rows: number; cols: number; data: ArrayLike<number> } }).matrix;
      return { rows: m.rows, data: Array.from(m.data) };
    });
    expect(data.rows).toBe(reference.settings.trainLength);
    for (let i = 0; i < data.rows; i++) {
      const row = data.data.slice(i * data.rows, (i + 1) * data.rows);
      expect(row.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 4);
      for (let j = i + 1; j < data.rows; j++) expect(row[j]).toBe(0);
    }
    const caption = await page.locator('#lab-accuracy posenc-plot').getAttribute('caption');
    expect(caption).toContain('your run');
    // a claim about an encoding this run did not train names it, instead of a bare "undecided"
    // (a figure out of sight keeps its last picture: scrolled to, as a reader would)
    await page.locator('posenc-lab-claims#lab-claims').scrollIntoViewIfNeeded();
    const limited = page.locator('#lab-claims tr[data-claim-id="x000-sin-limited"] td[data-verdict]').nth(1);
    await expect.poll(() => limited.getAttribute('data-missing')).toBe('1');
    const said = ((await limited.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(said).toContain('not in your run');
    expect(said).toContain('The claim compares sinusoidal, which your run did not train');
    expect(errors).toEqual([]);
  });

  it('the default experiment (six encodings, 3000 steps each) finishes in two workers, and the page never freezes', async () => {
    const { page, errors } = await open(browser, url('#/lab?lang=en'));
    await page.locator('#lab-train').waitFor();
    // the page never freezes: the longest gap between two animation frames while the workers train
    await page.evaluate(() => {
      const w = window as unknown as { labGap: number; labLast: number; labOn: boolean };
      w.labGap = 0;
      w.labOn = true;
      w.labLast = performance.now();
      const tick = (t: number) => {
        w.labGap = Math.max(w.labGap, t - w.labLast);
        w.labLast = t;
        if (w.labOn) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.locator('#lab-train').click();
    await expect.poll(() => page.locator('#lab-status').getAttribute('data-phase'), { timeout: 180_000, interval: 1000 }).toBe('done');
    const seconds = Number(await page.locator('#lab-status').getAttribute('data-seconds'));
    const gap = await page.evaluate(() => {
      const w = window as unknown as { labGap: number; labOn: boolean };
      w.labOn = false;
      return w.labGap;
    });
    console.log(`lab default experiment in Chromium: ${seconds.toFixed(1)} s; longest gap between frames ${gap.toFixed(0)} ms`);
    expect(seconds).toBeGreaterThan(0);
    // a freeze, not a frame budget: gaps of 0.2–0.9 s were seen with the 2 cores shared (load 7–13)
    expect(gap).toBeLessThan(10_000);
    expect(errors).toEqual([]);
  }, 200_000);

  // Issue 27, defect 4: at 1280 px the 48-token column was off screen with no cue, columns were
  // about 240 px wide and the "no row" cells were set as a text column (left-aligned, wrapping).
  it('at 360 px the accuracy table reads one encoding at a time: every cell on screen, labelled with its length (issue 27: columns past the edge)', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { page, errors, context } = await open(browser, url(`#/lab?lang=${lang}`), { width: 360 });
      const table = await accuracyTable(page);
      const m = await table.evaluate((el) => {
        const root = el.shadowRoot!;
        const scroll = root.querySelector<HTMLElement>('.scroll')!;
        return {
          scrolls: scroll.scrollWidth - scroll.clientWidth > 2,
          viewport: window.innerWidth,
          cells: Array.from(root.querySelectorAll('tbody td')).map((td) => {
            const r = td.getBoundingClientRect();
            return {
              left: r.left,
              right: r.right,
              card: td.getAttribute('data-card') ?? '',
              before: getComputedStyle(td, '::before').content,
            };
          }),
        };
      });
      expect(m.scrolls, lang).toBe(false);
      const lengths = reference.runs[0].lengths;
      expect(m.cells.length).toBe(reference.settings.encodings.length * lengths.length);
      m.cells.forEach((c, i) => {
        expect(c.right, `${lang} cell ${i} on screen`).toBeLessThanOrEqual(m.viewport);
        expect(c.left).toBeGreaterThanOrEqual(0);
        expect(c.card.startsWith(`${lengths[i % lengths.length]} `), `${lang}: ${c.card}`).toBe(true);
        expect(c.before, `${lang}: the label is drawn`).toContain(String(lengths[i % lengths.length]));
      });
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('the accuracy table fits or says it scrolls, keeps number-width columns, and sets "no row" like a number', async () => {
    for (const width of [1280]) {
      const { page, errors, context } = await open(browser, url('#/lab?lang=en'), { width });
      const table = await accuracyTable(page);
      const m = await table.evaluate((el) => {
        const root = el.shadowRoot!;
        const scroll = root.querySelector<HTMLElement>('.scroll')!;
        const heads = Array.from(root.querySelectorAll('thead th')).map((th) => th.getBoundingClientRect());
        const hint = root.querySelector<HTMLElement>('.more-hint');
        const rows = Array.from(root.querySelectorAll('tbody tr')).map((tr) => tr.getBoundingClientRect().height);
        const absent = Array.from(root.querySelectorAll('td:has(.absent)')).map((td) => {
          const s = getComputedStyle(td);
          const span = td.querySelector('.absent')!.getBoundingClientRect();
          const cell = td.getBoundingClientRect();
          return { align: s.textAlign, wrap: s.whiteSpace, gapRight: cell.right - span.right, pad: parseFloat(s.paddingRight) };
        });
        return {
          hidden: scroll.scrollWidth - scroll.clientWidth - scroll.scrollLeft > 2,
          hint: hint ? hint.getBoundingClientRect() : undefined,
          frameMore: root.querySelector('.frame')!.classList.contains('more'),
          right: scroll.getBoundingClientRect().right,
          heads,
          rows,
          absent,
          viewport: window.innerWidth,
        };
      });
      const last = m.heads[m.heads.length - 1];
      // either the last length's column is on screen, or a visible cue says the table scrolls
      if (m.hidden) {
        expect(m.frameMore, `${width}px: columns hidden past the edge, no fade`).toBe(true);
        expect(m.hint, `${width}px: columns hidden past the edge, no arrow`).toBeDefined();
        expect(m.hint!.right).toBeLessThanOrEqual(m.viewport);
        expect(m.hint!.width).toBeGreaterThan(0);
      } else {
        expect(last.right, `${width}px: the last column is on screen`).toBeLessThanOrEqual(Math.min(m.right, m.viewport) + 1);
      }
      // length columns are as wide as a number needs, not ~240 px
      for (const h of m.heads.slice(1)) expect(h.width, `${width}px: a length column`).toBeLessThan(110);
      // "no row" sits where the numbers sit: right-aligned on one line, rows as tall as the others
      expect(m.absent.length).toBeGreaterThan(0);
      for (const a of m.absent) {
        expect(a.align).toBe('right');
        expect(a.wrap).toBe('nowrap');
        expect(Math.abs(a.gapRight - a.pad)).toBeLessThan(1.5);
      }
      expect(Math.max(...m.rows) - Math.min(...m.rows), `${width}px: row heights`).toBeLessThan(1.5);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  // Issue 27, defect 5: the evidence was internal ids ("none 0.21 / alibi 0.23", "recall learned 18:
  // no row"), in English on the zh page, and one row showed 18 numbers without labels.
  it("the claims tables write their evidence in the reader's words and language, every number labelled", async () => {
    for (const lang of ['zh', 'en'] as const) {
      const { page, errors, context } = await open(browser, url(`#/lab?lang=${lang}`));
      for (const table of ['#lab-claims', '#lab-paper-claims']) {
        await page.locator(`${table} td[data-verdict]`).first().waitFor();
        const shown = await page
          .locator(`${table} td[data-verdict] .shown`)
          .evaluateAll((els) => els.map((e) => (e.textContent ?? '').trim()));
        expect(shown.length, table).toBeGreaterThan(0);
        for (const s of shown) {
          expect(s, `${lang} ${table}`).not.toBe('');
          // no "2L:", "a / b", "no row" as code
          expect(s, `${lang} ${table}`).not.toMatch(/\d+(\.\d+)?L\b|\s\/\s/);
          // every number labelled: never a list of three numbers with only separators between them
          expect(s, `${lang} ${table}`).not.toMatch(/\d(\.\d+)?\s*[,，;；]\s*\d+(\.\d+)?\s*[,，;；]\s*\d/);
          if (lang === 'zh') {
            // no internal ids (an encoding or task id as a word), no English words
            expect(s.replace(/\b(NoPE|RoPE|ALiBi|T5|xPos|p-RoPE|Kerple|FIRE|CoPE|iRoPE|Flip-Flop|PI|NTK|YaRN)\b/g, ''), table).not.toMatch(
              /[A-Za-z]{2,}/,
            );
          }
        }
      }
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('a claim RoPE wins up to 2× is "supports", and the cell says why 4×, where both fail, did not count; past its table the learned model has "no row", not 0.000', async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { page, errors, context } = await open(browser, url(`#/lab?lang=${lang}`));
      const row = page.locator('#lab-claims tr[data-claim-id="x000-table-extrapolation"]');
      await row.locator('td[data-verdict]').first().waitFor();
      expect(await row.locator('td[data-verdict]').first().getAttribute('data-verdict')).toBe('supports');
      const floor = ((await row.locator('.why.floor').textContent()) ?? '').replace(/\s+/g, ' ');
      // RoPE's and the sinusoidal encoding's mean at 4× over copy, offset and recall, recomputed
      const at4 = (enc: string) => {
        const runs = reference.runs.filter((r) => r.encoding === enc && ['copy', 'offset', 'recall'].includes(r.task));
        return runs.reduce((a, r) => a + r.accuracy[r.lengths.indexOf(4 * r.trainLength)], 0) / runs.length;
      };
      expect(floor).toContain(at4('rope').toFixed(3));
      expect(floor).toContain(lang === 'en' ? 'both fail (under 5% on every seed)' : '都失败（每个种子的准确率都低于 5%）');
      const shown = await page.locator('#lab-claims td[data-verdict] .shown').evaluateAll((els) => els.map((e) => e.textContent ?? ''));
      const learned = lang === 'en' ? 'learned table' : '可学习表';
      expect(shown.join(' ')).not.toMatch(new RegExp(`${learned} 0\\.0+(?![\\d（(])`));
      expect(shown.join(' ')).toContain(
        lang === 'en'
          ? 'learned table: no row for these positions, the model cannot run (counted as 0)'
          : '可学习表：表里没有这些位置的行，模型无法运行（记为 0）',
      );
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  // Issue 27, defect 6: "no row past here" and "trained lengths" were drawn over each other, and the
  // learned table's three heatmaps each had their own colour scale.
  it("the accuracy plot's labels do not overlap (zh and en, 1280 and 360 px)", async () => {
    for (const [lang, width] of [
      ['zh', 1280],
      ['en', 1280],
      ['zh', 360],
      ['en', 360],
    ] as const) {
      const { page, errors, context } = await open(browser, url(`#/lab?lang=${lang}`), { width });
      await reveal(page, 'predict-best', 'rope');
      const plot = page.locator('#lab-accuracy-plot');
      await plot.scrollIntoViewIfNeeded();
      await plot.locator('g.annotation text').first().waitFor();
      const boxes = await labelBoxes(plot);
      expect(boxes.length, `${lang} ${width}px`).toBeGreaterThanOrEqual(3);
      // the reason the curves fall is on the figure: the lengths past L, never seen in training
      const bands = await plot.evaluate((el) =>
        (el as unknown as { annotations: { kind: string; from: number; to: number }[] }).annotations
          .filter((a) => a.kind === 'x-range')
          .map((a) => [a.from, a.to]),
      );
      const lengths = reference.settings.lengths;
      expect(bands).toEqual([
        [lengths[0], reference.settings.trainLength],
        [reference.settings.trainLength, lengths[lengths.length - 1]],
      ]);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          // apart by at least 2 px (boxes that merely touch read as one line of two labels)
          const overlap = a.x0 < b.x1 + 2 && b.x0 < a.x1 + 2 && a.y0 < b.y1 + 2 && b.y0 < a.y1 + 2;
          expect(overlap, `${lang} ${width}px: "${a.text}" and "${b.text}"`).toBe(false);
        }
      // nor any value-axis tick label ("训练长度以内" sat on "1.0" at 360 px)
      const ticks = await plot.locator('text.y-tick').evaluateAll((ts) =>
        ts.map((t) => {
          const b = t.getBoundingClientRect();
          return { text: t.textContent ?? '', x0: b.left, x1: b.right, y0: b.top, y1: b.bottom };
        }),
      );
      expect(ticks.length).toBeGreaterThan(2);
      for (const a of boxes)
        for (const b of ticks) {
          const overlap = a.x0 < b.x1 + 2 && b.x0 < a.x1 + 2 && a.y0 < b.y1 && b.y0 < a.y1;
          expect(overlap, `${lang} ${width}px: "${a.text}" and the tick "${b.text}"`).toBe(false);
        }

      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('the learned table before and after training and the sinusoids are drawn on one colour scale', async () => {
    const { page, errors } = await open(browser, url('#/lab?lang=zh'));
    const predict = await reveal(page, 'predict-waves', 'waves');
    const maps = predict.locator('posenc-lab-table posenc-heatmap-view');
    await expect.poll(() => maps.count()).toBe(3);
    await predict.locator('posenc-lab-table').scrollIntoViewIfNeeded();
    const scales = await maps.evaluateAll((els) =>
      els.map((el) => {
        const h = el as unknown as { range: [number, number]; matrix: { data: ArrayLike<number> } };
        const d = Array.from(h.matrix.data);
        return { range: [...h.range], min: Math.min(...d), max: Math.max(...d) };
      }),
    );
    // one domain for the three, covering every value of every map
    for (const s of scales) expect(s.range).toEqual(scales[0].range);
    const [lo, hi] = scales[0].range;
    for (const s of scales) expect(s.min >= lo && s.max <= hi).toBe(true);
    expect(await predict.locator('posenc-lab-table posenc-colorbar').count()).toBe(1);
    expect(errors).toEqual([]);
  });

  // Issue 27, behaviour in the figures: attention maps mark the key the model should attend to.
  it('each attention map outlines, on every scored query row, the key holding its answer (recall: the value after the same key), and the rows of unseen positions', async () => {
    const { page, errors } = await open(browser, url('#/lab?lang=zh&enc=rope'));
    await page.locator('posenc-lab-attention#lab-attention').scrollIntoViewIfNeeded();
    expect(examples.task).toBe('recall');
    for (const [n, input] of Object.entries(examples.inputs)) {
      const grid = page.locator(`#lab-attention-${n}`);
      await grid.waitFor();
      const { tokens, targets } = input;
      // written out for recall: at a query key after <sep>, the value right after that key among the pairs
      const sep = tokens.indexOf(1);
      const want = targets.map((t, i) => (t < 0 ? -1 : tokens.indexOf(tokens[i]) + 1));
      want.forEach((j, i) => {
        if (j < 0) return;
        expect(j, `${n}: row ${i}`).toBeLessThan(sep);
        expect(tokens[j]).toBe(targets[i]);
      });
      expect((await grid.getAttribute('data-sources'))!.split(' ').map(Number), `${n} tokens`).toEqual(want);
      // drawn: one outlined cell per scored row, at that key, on every head's map
      const cells = await grid
        .locator('posenc-heatmap-view')
        .evaluateAll((els) =>
          els.map((el) =>
            (el as unknown as { annotations: { kind: string; row: number; col: number }[] }).annotations
              .filter((a) => a.kind === 'cell')
              .map((a) => [a.row, a.col]),
          ),
        );
      const marked = want.flatMap((j, i) => (j < 0 ? [] : [[i, j]]));
      expect(marked.length).toBeGreaterThan(0);
      for (const c of cells) expect(c).toEqual(marked);
      // the reasons on the figure: past the training length, the rows of unseen positions are outlined
      // and labelled; no two labels over a map touch (zh, whose boxes are the tallest)
      const maps = await grid.locator('posenc-heatmap-view').evaluateAll((els) =>
        els.map((el) => ({
          rects: (el as unknown as { annotations: { kind: string; row0: number; row1: number }[] }).annotations
            .filter((a) => a.kind === 'rect')
            .map((a) => [a.row0, a.row1]),
          labels: Array.from(el.shadowRoot!.querySelectorAll('g.annotation text')).map((t) => {
            const b = t.getBoundingClientRect();
            return { text: t.textContent ?? '', x0: b.left, x1: b.right, y0: b.top, y1: b.bottom };
          }),
        })),
      );
      const L = reference.settings.trainLength;
      for (const m of maps) {
        expect(m.rects, `${n} tokens`).toEqual(
          Number(n) > L
            ? [
                [0, L - 1],
                [L, Number(n) - 1],
              ]
            : [],
        );
        for (let a = 0; a < m.labels.length; a++)
          for (let b = a + 1; b < m.labels.length; b++) {
            const [p, q] = [m.labels[a], m.labels[b]];
            const touch = p.x0 < q.x1 + 2 && q.x0 < p.x1 + 2 && p.y0 < q.y1 + 2 && q.y0 < p.y1 + 2;
            expect(touch, `${n}: "${p.text}" and "${q.text}"`).toBe(false);
          }
      }
    }
    expect(errors).toEqual([]);
  });

  it("ALiBi's slopes are drawn on its attention maps: the line where the bias lowers a score by 1, and what each head's bias does over the input", async () => {
    const { page, errors } = await open(browser, url('#/lab?lang=en&enc=alibi'));
    const figure = page.locator('posenc-lab-attention#lab-attention');
    await figure.scrollIntoViewIfNeeded();
    const H = 2;
    // the paper's slopes for a power-of-two H (Press et al. §3): 2^(−8(h+1)/H)
    const slopes = Array.from({ length: H }, (_, h) => 2 ** ((-8 * (h + 1)) / H));
    const note = page.locator('#lab-attention-slopes');
    await note.waitFor();
    expect((await note.getAttribute('data-slopes'))!.split(' ').map(Number)).toEqual(slopes);
    const lengths = Object.keys(examples.inputs).map(Number);
    const n = Math.max(...lengths);
    const text = ((await note.textContent()) ?? '').replace(/\s+/g, ' ');
    slopes.forEach((m, h) => {
      const d = 1 / m;
      expect(text).toContain(`Head ${h + 1}: slope m = 1/${d}.`);
      if (d > n - 1) {
        const bias = -m * (n - 1);
        expect(text).toContain(`at most ${bias.toFixed(2).replace('-', '−')} (a weight times ${Math.exp(bias).toFixed(2)})`);
      } else expect(text).toContain(`A key ${d} positions back has its score lowered by 1`);
    });
    for (const len of lengths) {
      const heads = page.locator(`#lab-attention-${len} posenc-heatmap-view`);
      await expect.poll(() => heads.count()).toBe(H);
      for (let h = 0; h < H; h++) {
        const paths = await heads
          .nth(h)
          .evaluate((el) =>
            (el as unknown as { annotations: { kind: string; points?: number[][] }[] }).annotations
              .filter((a) => a.kind === 'path')
              .map((a) => a.points),
          );
        const d = 1 / slopes[h];
        // inside the map only: at 12 tokens no key is 16 back
        expect(paths, `${len} tokens, head ${h + 1}`).toEqual(
          d <= len - 1
            ? [
                [
                  [d, 0],
                  [len - 1, len - 1 - d],
                ],
              ]
            : [],
        );
        if (paths.length) expect(await heads.nth(h).locator('g.annotation[data-kind=path]').count()).toBe(1);
      }
    }
    // another encoding has no slopes to draw
    await setParam(page, 'enc', 't5');
    await expect.poll(() => note.count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

// Issue 27, behaviour in the figures: accuracy and attention update while training runs, not only at
// the end; and the playground (a sequence the reader types, for a model of their own run).
describe('lab, while training and after', () => {
  it('where every model of a run fails at 2× the training length, no encoding is named best (issue 27: "Best at 24 tokens: T5 bias, 0.000")', async () => {
    const { page, errors } = await open(browser, url('#/lab?lang=en&task=copy&steps=50'));
    await page.locator('#lab-train').waitFor();
    await onlyEncodings(page, ['t5', 'rope']);
    await page.locator('#lab-train').click();
    await expect.poll(() => page.locator('#lab-status').getAttribute('data-phase'), { timeout: 90_000 }).toBe('done');
    const predict = page.locator('posenc-predict#predict-best');
    await predict.scrollIntoViewIfNeeded();
    await expect.poll(() => predict.locator('input[value="no-winner"]').count()).toBe(1);
    await predict.locator('input[value="rope"]').check();
    await predict.locator('button.reveal').click();
    const rows = await tableText(page, '#lab-accuracy-table tbody');
    const k = reference.settings.lengths.indexOf(2 * reference.settings.trainLength);
    const at2 = rows.map((r) => Number(r[k + 1]));
    // 50 steps of copy with seed 1: neither model gets a sequence right at 24 tokens
    expect(Math.max(...at2)).toBeLessThan(0.05);
    await expect.poll(() => predict.locator('.verdict').getAttribute('data-answer')).toBe('no-winner');
    const sentence = ((await page.locator('#lab-accuracy-best').textContent()) ?? '').replace(/\s+/g, ' ');
    expect(sentence).toContain('At 24 tokens no encoding works');
    expect(sentence).not.toContain('Best at');
    // no leader of zeros is named (the highest of ties at 0.000 is an arbitrary pick)
    expect(sentence).not.toMatch(/the best,|T5 bias|RoPE/);
    expect(errors).toEqual([]);
  });

  it('while a model trains, the accuracy figure and the attention maps show it at intermediate steps, labelled, with valid numbers', async () => {
    const steps = 600;
    // a tall window: both figures in sight, so both redraw at every checkpoint (figures out of sight wait)
    const { page, errors } = await open(browser, url(`#/lab?lang=en&task=recall&enc=rope&steps=${steps}`), { height: 5000 });
    await page.locator('#lab-train').waitFor();
    await onlyEncodings(page, ['rope']);
    await reveal(page, 'predict-best', 'rope');
    const acc = await page.locator('posenc-lab-accuracy#lab-accuracy').elementHandle();
    const att = await page.locator('posenc-lab-attention#lab-attention').elementHandle();
    // every frame, what the two figures show, kept whenever their step changes
    await page.evaluate(
      ([a, b]) => {
        const w = window as unknown as { labSnaps: unknown[]; labOn: boolean };
        w.labSnaps = [];
        w.labOn = true;
        let last = '';
        const tick = () => {
          const progress = a!.shadowRoot!.querySelector('#lab-accuracy-progress');
          const plot = a!.shadowRoot!.querySelector('posenc-plot') as unknown as {
            series: { label: string; y: ArrayLike<number> }[];
          } | null;
          const grid = b!.shadowRoot!.querySelector(`#lab-attention-12`);
          const map = grid?.querySelector('posenc-heatmap-view') as unknown as { matrix: { rows: number; data: ArrayLike<number> } } | null;
          const snap = {
            accStep: progress?.getAttribute('data-checkpoints') ?? '',
            labels: plot ? plot.series.map((s) => s.label) : [],
            accuracy: plot ? plot.series.flatMap((s) => Array.from(s.y)) : [],
            attStep: grid?.getAttribute('data-step') ?? '',
            rows: map?.matrix.rows ?? 0,
            matrix: map ? Array.from(map.matrix.data) : [],
          };
          const key = `${snap.accStep}|${snap.attStep}`;
          if (key !== last) {
            last = key;
            w.labSnaps.push(snap);
          }
          if (w.labOn) requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      },
      [acc, att],
    );
    await page.locator('#lab-train').click();
    await expect.poll(() => page.locator('#lab-status').getAttribute('data-phase'), { timeout: 90_000 }).toBe('done');
    await page.waitForTimeout(300);
    type Snap = { accStep: string; labels: string[]; accuracy: number[]; attStep: string; rows: number; matrix: number[] };
    const snaps = (await page.evaluate(() => {
      const w = window as unknown as { labSnaps: unknown[]; labOn: boolean };
      w.labOn = false;
      return w.labSnaps;
    })) as Snap[];
    // the accuracy figure at a step before the end: labelled with it, accuracies in [0, 1]
    const during = snaps.filter((s) => /^rope:\d+$/.test(s.accStep));
    expect(during.length, JSON.stringify(snaps.map((s) => [s.accStep, s.attStep]))).toBeGreaterThan(0);
    for (const s of during) {
      const step = Number(s.accStep.split(':')[1]);
      expect(step > 0 && step < steps, String(step)).toBe(true);
      expect(s.labels).toEqual([`RoPE · in training, at step ${step} of ${steps}`]);
      expect(s.accuracy.length).toBe(reference.settings.lengths.length);
      for (const v of s.accuracy) expect(v >= 0 && v <= 1, String(v)).toBe(true);
    }
    // the attention maps at a step before the end: each query row a distribution over keys j ≤ i
    const maps = snaps.filter((s) => /^\d+$/.test(s.attStep));
    expect(maps.length).toBeGreaterThan(0);
    for (const s of maps) {
      expect(Number(s.attStep) > 0 && Number(s.attStep) < steps).toBe(true);
      expect(s.rows).toBe(reference.settings.trainLength);
      for (let i = 0; i < s.rows; i++) {
        const row = s.matrix.slice(i * s.rows, (i + 1) * s.rows);
        expect(row.reduce((x, v) => x + v, 0)).toBeCloseTo(1, 4);
        for (let j = i + 1; j < s.rows; j++) expect(row[j]).toBe(0);
      }
    }
    // done: the marks are gone, the figures show the final model
    const end = snaps[snaps.length - 1];
    expect(end.accStep).toBe('');
    expect(end.attStep).toBe('done');
    expect(end.labels).toEqual(['RoPE']);
    expect(await page.locator('#lab-attention-progress').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("the playground: before training it says the saved run has no weights; after, the reader's sequence gets the core's answers and attention, each answer marked against the task's rule, and bad input a message", async () => {
    for (const lang of ['en', 'zh'] as const) {
      const { page, errors } = await open(browser, url(`#/lab?lang=${lang}&task=recall&enc=rope&steps=200`));
      const note = page.locator('#lab-play-note');
      await page.locator('posenc-lab-playground#lab-playground').scrollIntoViewIfNeeded();
      await expect.poll(() => note.getAttribute('data-state')).toBe('saved');
      expect(await note.textContent()).toContain(lang === 'en' ? 'not the weights' : '没有存模型的权重');
      await onlyEncodings(page, ['rope']);
      await page.locator('#lab-train').click();
      await expect.poll(() => page.locator('#lab-status').getAttribute('data-phase'), { timeout: 90_000 }).toBe('done');
      await page.locator('posenc-lab-playground#lab-playground').scrollIntoViewIfNeeded();
      const input = page.locator('#lab-play-input');
      await input.waitFor({ timeout: 30_000 });
      // the example input at the training length, as the page writes tokens
      const L = reference.settings.trainLength;
      expect((await input.inputValue()).split(' ').length).toBe(L);
      // the reader's own sequence: answers shown are the argmax of the core's logits, attention rows sum to 1
      const check = async (n: number) => {
        const got = await page.locator('posenc-lab-playground#lab-playground').evaluate((el) => {
          const o = (
            el as unknown as {
              outcome: {
                kind: string;
                tokens: number[];
                answers: ArrayLike<number>;
                logits: ArrayLike<number>;
                attention: ArrayLike<number>;
                layers: number;
                heads: number;
              };
            }
          ).outcome;
          const shown = Array.from(el.shadowRoot!.querySelectorAll('#lab-play-answers [data-answer]')).map((c) =>
            Number(c.getAttribute('data-answer')),
          );
          return { ...o, answers: Array.from(o.answers), logits: Array.from(o.logits), attention: Array.from(o.attention), shown };
        });
        expect(got.kind).toBe('ok');
        expect(got.tokens.length).toBe(n);
        const V = got.logits.length / n;
        expect(V).toBe(50);
        const argmax = Array.from({ length: n }, (_, t) => {
          const row = got.logits.slice(t * V, (t + 1) * V);
          return row.indexOf(Math.max(...row));
        });
        expect(got.shown).toEqual(argmax);
        expect(got.answers).toEqual(argmax);
        for (let b = 0; b < got.layers * got.heads; b++)
          for (let i = 0; i < n; i++) {
            const row = got.attention.slice(b * n * n + i * n, b * n * n + (i + 1) * n);
            expect(row.reduce((x, v) => x + v, 0)).toBeCloseTo(1, 4);
            for (let j = i + 1; j < n; j++) expect(row[j]).toBe(0);
          }
        expect(await page.locator('#lab-play-attention posenc-heatmap-view').count()).toBe(got.heads);
      };
      await input.fill('<bos> K3 b K7 c <sep> K7 c K3');
      await check(9);
      // the task's rule on the reader's sequence, written out for recall: a key after <sep> asks for
      // the value after it among the pairs; each answer marked right or wrong, its key outlined
      const rule = async (text: string, want: number[], sources: number[]) => {
        await input.fill(text);
        const cells = page.locator('#lab-play-answers [data-target]');
        await expect.poll(() => cells.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-target'))))).toEqual(want);
        const marks = await cells.evaluateAll((els) =>
          els.map((e) => [e.getAttribute('data-scored'), Number(e.getAttribute('data-answer'))] as const),
        );
        let right = 0;
        marks.forEach(([mark, answer], i) => {
          expect(mark, `${text}: position ${i}`).toBe(want[i] < 0 ? '' : answer === want[i] ? 'right' : 'wrong');
          if (mark === 'right') right++;
        });
        const score = page.locator('#lab-play-score');
        expect(Number(await score.getAttribute('data-scored'))).toBe(want.filter((w) => w >= 0).length);
        expect(Number(await score.getAttribute('data-right'))).toBe(right);
        const outlined = await page
          .locator('#lab-play-attention posenc-heatmap-view')
          .evaluateAll((els) =>
            els.map((el) =>
              (el as unknown as { annotations: { kind: string; row: number; col: number }[] }).annotations
                .filter((a) => a.kind === 'cell')
                .map((a) => [a.row, a.col]),
            ),
          );
        for (const o of outlined) expect(o).toEqual(sources.flatMap((j, i) => (j < 0 ? [] : [[i, j]])));
      };
      const [b, c] = [3, 4]; // the symbols b and c (docs/LAB.md: a … p are 2 … 17)
      await rule('<bos> K3 b K7 c <sep> K7 c K3', [-1, -1, -1, -1, -1, -1, c, -1, b], [-1, -1, -1, -1, -1, -1, 4, -1, 2]);
      // the reader swaps the queries: the answers asked follow them
      await rule('<bos> K3 b K7 c <sep> K3 c K7', [-1, -1, -1, -1, -1, -1, b, -1, c], [-1, -1, -1, -1, -1, -1, 2, -1, 4]);
      // a key never paired asks nothing
      await rule('<bos> K3 b K7 c <sep> K9', [-1, -1, -1, -1, -1, -1, -1], [-1, -1, -1, -1, -1, -1, -1]);
      await input.fill('<bos> K3 b K7 c <sep> K7 c K3');
      if (lang === 'zh') {
        // no English in the zh playground: its text beside the reader's own input (token names are a … p, K₀ …)
        const text = await page.locator('posenc-lab-playground#lab-playground').evaluate((el) => {
          const out: string[] = [];
          const walk = (n: Node) => {
            if (n instanceof Element && n.matches('textarea')) return;
            if (n instanceof Element && n.shadowRoot) walk(n.shadowRoot);
            for (const c of Array.from(n.childNodes)) {
              if (c.nodeType === Node.TEXT_NODE) out.push(c.textContent ?? '');
              else walk(c);
            }
          };
          walk(el.shadowRoot!);
          return out.join(' ');
        });
        const words = [...new Set(text.match(/[A-Za-z][A-Za-z0-9_-]*[A-Za-z0-9]/g) ?? [])];
        expect(words).toEqual(['RoPE']);
      }
      // an unknown token: a message naming it, in the page's language; no answers
      await input.fill('<bos> K3 b K7 zz <sep> K7');
      const error = page.locator('#lab-play-error');
      await expect.poll(() => error.textContent()).toContain('zz');
      expect(await error.textContent()).toContain(lang === 'en' ? 'not in the vocabulary' : '不在词表里');
      expect(await page.locator('#lab-play-answers').count()).toBe(0);
      // too long: past the longest test length
      const longest = reference.settings.lengths[reference.settings.lengths.length - 1];
      await input.fill(['<bos>', ...Array.from({ length: longest }, () => 'a')].join(' '));
      await expect.poll(() => error.textContent()).toContain(String(longest + 1));
      expect(await error.textContent()).toContain(lang === 'en' ? 'at most' : '最多');
      // the next valid edit works, written in the page's zh labels too; past the training length
      await input.fill(['⟨始⟩', ...Array.from({ length: 2 * L - 1 }, (_, i) => (i % 2 ? 'b' : `K${i % 5}`))].join(' '));
      await check(2 * L);
      expect(await error.count()).toBe(0);
      expect(errors).toEqual([]);
    }
  }, 240_000);
});
