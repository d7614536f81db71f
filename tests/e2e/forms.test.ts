// Every form the page ships in, with the same interactions: the served page (dist/page), the
// one-file page from file:// with the network blocked (dist/posenc.html), embed=1 in an iframe of a
// course page, and <posenc-chapter> from the elements bundle on a plain page. Each chapter's main
// interaction (a slider step, a predict-then-reveal, training in the lab, a benchmark run) runs in
// each form and is checked against values computed here; every form ends with zero console errors.
// The one-file page also runs the lab's default experiment (six encodings × 3000 steps, with a
// cancel first) and a Speed run with a cancel, and leaves screenshots of both chapters in en and zh.
// Where no worker can start (a policy without worker-src blob:), the lab and the benchmark say so
// and run on the main thread.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import reference from '../../web/data/lab-reference.json';
import { chapters } from '../../web/src/chapters/index.js';
import { LAB_FLOOR } from '../../web/src/components/errata/checks-lab.js';
import recorded from '../../web/src/chapters/data/speed-recorded.json';
import { launch, open, SCREENSHOTS, tableText } from './browser.js';

const repo = resolve(__dirname, '../..');
const num = (s: string) => Number(s.replace(/\u2212/g, '-').replace(/,/g, ''));

/** Where a chapter's elements are found: a page, or the frame of the embed form. */
interface Root {
  locator(selector: string): Locator;
}

interface Form {
  page: Page;
  context: BrowserContext;
  errors: string[];
  /** Shows chapter `id` in English and returns where its elements are. */
  show(id: string): Promise<Root>;
}

type FormName = 'served' | 'file' | 'embed' | 'element';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Waits until the chapter view shows chapter `id` (its English title in the h2). */
async function shown(root: Root, id: string): Promise<Root> {
  const title = chapters.find((c) => c.id === id)!.title.en;
  await expect.poll(() => root.locator('posenc-chapter-view h2').first().textContent(), { timeout: 60_000 }).toContain(title);
  return root;
}

/** The page itself (served or from disk): chapters by their deep link, in the same document. */
function pageForm(form: Omit<Form, 'show'>): Form {
  return {
    ...form,
    async show(id) {
      await form.page.evaluate((h) => (location.hash = h), `#/${id}?lang=en`);
      return shown(form.page, id);
    },
  };
}

const FORMS: Record<FormName, () => Promise<Form>> = {
  async served() {
    return pageForm(await open(browser, `${inject('origin')}/dist/page/index.html#/why?lang=en`));
  },
  async file() {
    // Offline: nothing but the file itself (and what it makes: data:, blob:) may load.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const requests: string[] = [];
    await context.route('**/*', (route) => {
      const u = route.request().url();
      if (/^(file|data|blob):/.test(u)) return route.continue();
      requests.push(u);
      return route.abort();
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    // Anything the one file asks of the network is an error here.
    page.on('requestfailed', (r) => !/^(file|data|blob):/.test(r.url()) && errors.push(`network request: ${r.url()}`));
    await page.goto(`file://${join(repo, 'dist/posenc.html')}#/why?lang=en`);
    expect(requests).toEqual([]);
    return pageForm({ page, context, errors });
  },
  async embed() {
    const { page, errors, context } = await open(browser, `${inject('origin')}/fixtures/iframe.html`);
    const frame = page.frameLocator('#pe');
    return {
      page,
      context,
      errors,
      async show(id) {
        await page.locator('#pe').evaluate((f, h) => f.setAttribute('src', `/dist/page/index.html${h}`), `#/${id}?lang=en&embed=1`);
        await shown(frame, id);
        expect(await frame.locator('header').count(), 'no page chrome in embed mode').toBe(0);
        return frame;
      },
    };
  },
  async element() {
    const { page, errors, context } = await open(browser, `${inject('origin')}/fixtures/chapter-element.html`);
    return {
      page,
      context,
      errors,
      async show(id) {
        await page.locator('#chapter').evaluate((el, name) => el.setAttribute('name', name), id);
        return shown(page, id);
      },
    };
  },
};

/**
 * What a reader sees with `selector` scrolled to the top of the window (the sections out of sight
 * are not painted, content-visibility: auto, so a full-page picture would be blank there).
 */
async function picture(page: Page, root: Root, selector: string, name: string) {
  await root
    .locator(selector)
    .first()
    .evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(300); // let the figures that came into view repaint (not asserted)
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

// --- the interactions ------------------------------------------------------------------------------

/** Picks a choice of a predict-then-reveal block, reveals, and checks the verdict against `answer`. */
async function predict(root: Root, id: string, guess: string, answer: string) {
  const p = root.locator(`posenc-predict#${id}`);
  await p.scrollIntoViewIfNeeded();
  await p.locator(`input[value="${guess}"]`).check();
  await p.locator('button.reveal').click();
  // (the figure a verdict reveals may hold verdicts of its own: Errata's entries)
  const verdict = p.locator('p.verdict[data-answer]').first();
  await expect.poll(() => verdict.getAttribute('data-answer'), { timeout: 30_000 }).toBe(answer);
  expect(await verdict.getAttribute('data-guess')).toBe(guess);
  expect(await verdict.locator('strong').getAttribute('class')).toBe(guess === answer ? 'right' : 'wrong');
}

/**
 * Sets a control of the chapter as a reader does: its select, or its slider's number box; with
 * `near`, the control of the section that holds that figure.
 */
async function step(root: Root, param: string, value: number | string, near?: string) {
  const scope = near
    ? root.locator('posenc-chapter-view section').filter({ has: root.locator(near) })
    : root.locator('posenc-chapter-view');
  const select = scope.locator(`select[data-param="${param}"]`);
  if (await select.count()) {
    await select.first().selectOption(String(value));
    return;
  }
  const box = scope.locator(`posenc-slider[data-param="${param}"] input[type=number]`).first();
  await box.fill(String(value));
  await box.press('Enter');
}

/** A figure's table as the reader sees it: scrolled to (figures out of sight wait until then). */
async function look(root: Root, selector: string): Promise<string[][]> {
  await root.locator(selector).first().scrollIntoViewIfNeeded();
  return tableText(root as Page, selector);
}

/** Polls a status attribute until it leaves the running states, then returns it. */
async function settled(get: () => Promise<string | null>, timeout: number): Promise<string | null> {
  let last: string | null = null;
  await expect
    .poll(
      async () => {
        last = await get();
        return last === 'done' || last === 'failed' || last === 'cancelled';
      },
      { timeout, interval: 500 },
    )
    .toBe(true);
  return last;
}

async function onlyEncodings(root: Root, keep: string[]) {
  for (const e of ['none', 'sinusoidal', 'learned', 't5', 'alibi', 'rope']) {
    const box = root.locator(`#lab-enc-${e}`);
    if ((await box.isChecked()) !== keep.includes(e)) await box.click();
  }
}

/**
 * The accuracy table of the run on show: encoding → accuracies, each in [0, 1] (the learned table
 * has no row past its length: those cells say so, in either language, and count as NaN).
 */
async function accuracies(root: Root): Promise<Map<string, number[]>> {
  const rows = await look(root, '#lab-accuracy-table tbody');
  const out = new Map<string, number[]>();
  const L = reference.settings.trainLength;
  for (const r of rows) {
    const cells = r.slice(1);
    expect(cells.length, r[0]).toBe(reference.settings.lengths.length);
    const acc = cells.map((c, i) => {
      if (c === 'no row' || c === '没有这一行') {
        expect(reference.settings.lengths[i], `${r[0]}: "${c}" within the training length`).toBeGreaterThan(L);
        return NaN;
      }
      const a = num(c);
      expect(a >= 0 && a <= 1, `${r[0]}: accuracy "${c}" at ${reference.settings.lengths[i]}`).toBe(true);
      return a;
    });
    expect(acc.filter(Number.isFinite).length, r[0]).toBeGreaterThan(0);
    out.set(r[0], acc);
  }
  return out;
}

const labStatus = async (root: Root) => (await root.locator('posenc-lab-runner .status').first().textContent())?.trim();

/**
 * Clicks Train and waits until the progress bar (max = models × steps) has moved past `past`; a
 * run that fails first (e.g. "failed: worker error") fails here with the page's own words.
 */
async function trainStarts(root: Root, o: { models: number; steps: number; past: number }) {
  await root.locator('#lab-train').click();
  const progress = root.locator('#lab-progress');
  const failed = root.locator('#lab-status[data-phase="failed"]');
  await expect
    .poll(
      async () =>
        (await failed.count()) > 0 ||
        ((await progress.count()) > 0 &&
          Number(await progress.getAttribute('max')) === o.models * o.steps &&
          Number(await progress.getAttribute('value')) > o.past),
      { timeout: 60_000 },
    )
    .toBe(true);
  expect(await failed.count(), await labStatus(root)).toBe(0);
}

/** Trains the models a reader picked and waits for the run to end; returns its wall time in s. */
async function train(root: Root, o: { models: number; steps: number; timeout: number }): Promise<number> {
  await trainStarts(root, { ...o, past: -1 });
  const phase = await settled(() => root.locator('#lab-status').getAttribute('data-phase'), o.timeout);
  expect(phase, await labStatus(root)).toBe('done');
  const seconds = Number(await root.locator('#lab-status').getAttribute('data-seconds'));
  expect(seconds).toBeGreaterThan(0);
  return seconds;
}

const LAB_KEYS: Record<string, string> = {
  'none (NoPE)': 'none',
  sinusoidal: 'sinusoidal',
  'learned table': 'learned',
  'T5 bias': 't5',
  ALiBi: 'alibi',
  RoPE: 'rope',
};

/**
 * After a run: the predict-then-reveal "which encoding is best at twice the training length"
 * reveals the accuracy figure, which now shows the reader's run; its answer is the encoding with
 * the highest accuracy at 2L in the run's own table. Returns the table.
 */
async function revealRun(root: Root): Promise<Map<string, number[]>> {
  const p = root.locator('posenc-predict#predict-best');
  await p.scrollIntoViewIfNeeded();
  // the run trained RoPE, so RoPE is offered whenever the list has narrowed to the run's models
  // ("none (NoPE)" was picked here before: gone once the run's choices arrive, a race CI lost)
  await p.locator('input[value="rope"]').check();
  await p.locator('button.reveal').click();
  await expect.poll(() => root.locator('#lab-accuracy posenc-plot').getAttribute('caption')).toContain('your run');
  const acc = await accuracies(root);
  const k = reference.settings.lengths.indexOf(2 * reference.settings.trainLength);
  const best = Math.max(...[...acc.values()].map((a) => (Number.isFinite(a[k]) ? a[k] : -1)));
  const answer = await p.locator('p.verdict[data-answer]').getAttribute('data-answer');
  if (answer === 'no-winner') {
    expect(best, 'no encoding works at 2L: every model under the floor').toBeLessThan(LAB_FLOOR);
    return acc;
  }
  const label = Object.keys(LAB_KEYS).find((x) => LAB_KEYS[x] === answer)!;
  expect(acc.get(label)?.[k], `the answer ${answer} has the best accuracy at 2L`).toBe(best);
  return acc;
}

/** The lab with one small model (RoPE on the offset task, 200 steps) and its predict-then-reveal. */
async function smallLab(root: Root, o: { onPage?: boolean } = {}) {
  await root.locator('#lab-train').waitFor();
  await step(root, 'task', 'offset');
  await step(root, 'steps', 200);
  await expect.poll(() => root.locator('#lab-train').textContent()).toContain('200 steps');
  await onlyEncodings(root, ['rope']);
  await train(root, { models: 1, steps: 200, timeout: 180_000 });
  expect([...(await revealRun(root)).keys()]).toEqual(['RoPE']);
  expect(await root.locator('#lab-no-worker').count()).toBe(o.onPage ? 1 : 0);
}

/** The Speed chapter's run: progress, then a table whose every time is a positive number. */
async function speedRun(root: Root, o: { cancelFirst?: boolean; onPage?: boolean } = {}) {
  const runner = root.locator('posenc-speed-runner');
  const status = runner.locator('.status');
  if (o.cancelFirst) {
    await runner.locator('#run').click();
    const progress = runner.locator('progress');
    await expect
      .poll(async () => (await status.getAttribute('data-phase')) === 'failed' || Number(await progress.getAttribute('value')) > 0, {
        timeout: 60_000,
      })
      .toBe(true);
    expect(await status.getAttribute('data-phase'), (await status.textContent())?.trim()).toBe('running');
    await runner.locator('#cancel').click();
    await expect.poll(() => status.getAttribute('data-phase')).toBe('cancelled');
    expect(await status.textContent()).toContain('Cancelled');
  }
  await runner.locator('#run').click();
  await expect.poll(() => runner.locator('progress').count()).toBe(1);
  const phase = await settled(() => status.getAttribute('data-phase'), 240_000);
  expect(phase, (await status.textContent())?.trim()).toBe('done');
  const rows = (await look(root, '#speed-results')).slice(1);
  // rope ×2, sinusoidal, cos/sin cache, scores: JavaScript, scalar wasm, SIMD wasm, two ratios
  expect(rows.map((r) => r[0])).toEqual(expect.arrayContaining(['rope [128,8,64] interleaved', 'sinusoidal [1024,512]']));
  expect(rows.length).toBeGreaterThanOrEqual(5);
  for (const r of rows) {
    const [js, scalar, simd] = r.slice(1, 4).map(num);
    for (const ms of [js, scalar, simd]) expect(Number.isFinite(ms) && ms > 0, `${r[0]}: ${r.join(' | ')}`).toBe(true);
    expect(num(r[4].replace('×', '')), `${r[0]}: SIMD / JavaScript`).toBeGreaterThan(0);
  }
  expect(await runner.locator('#speed-no-worker').count()).toBe(o.onPage ? 1 : 0);
}

// Each chapter's main interaction, from the chapter's defaults (<posenc-chapter> takes no deep link).
const recordedRope = recorded.rows.filter((r) => r.platform === 'chromium' && r.case === 'rope [128,8,64] interleaved');
const recordedSpeedup =
  recordedRope.find((r) => r.variant === 'js')!.medianMs / recordedRope.find((r) => r.variant === 'wasm-simd')!.medianMs;
const popcount = (x: number) => x.toString(2).replace(/0/g, '').length;

/** A chapter's parameter defaults (what every form starts from), read from the chapter's data. */
async function defaults(id: string): Promise<Record<string, number | string>> {
  const c = await chapters.find((x) => x.id === id)!.load();
  return Object.fromEntries(c.params.map((p) => [p.id, p.default as number | string]));
}

const INTERACTIONS: Record<string, (root: Root, form: FormName) => Promise<void>> = {
  // adding the encoding changes "dog"'s output vector
  why: (root) => predict(root, 'predict-pe', 'same', 'changed'),
  // 7 → 8 in binary flips every bit of 0111
  history: (root) => predict(root, 'predict-bits', '1', String(popcount(7 ^ 8))),
  // slider: d_model 8 → 4 gives the frequencies 10000^(−2i/4) = 1, 0.01
  sinusoidal: async (root) => {
    const row = async () => (await look(root, '#freq'))[1].slice(1).map(num);
    expect(await row()).toEqual([0, 1, 2, 3].map((i) => 10000 ** (-(2 * i) / 8)));
    await step(root, 'd', 4, '#freq');
    await expect.poll(row).toEqual([0, 1].map((i) => 10000 ** (-(2 * i) / 4)));
  },
  // with the causal mask the first half's outputs do not move; without it they do
  scores: async (root) => predict(root, 'predict-leak', 'yes', (await defaults('scores')).mask === 'on' ? 'no' : 'yes'),
  // every position finds a row only if the sequence is no longer than the table
  learned: async (root) => {
    const d = await defaults('learned');
    await predict(root, 'predict-beyond', 'yes', Number(d.len) <= Number(d.nmax) ? 'yes' : 'no');
  },
  // Shaw's table clipped at k: a 4× longer sequence uses more rows only while n − 1 < k
  relative: async (root) => {
    const d = await defaults('relative');
    await predict(root, 'predict-shaw', 'yes', Number(d.n) - 1 < Number(d.k) ? 'yes' : 'no');
  },
  // slider: m 2 → 3 turns the first pair of q = [1, 2, 3, 4] by 3 rad
  rope: async (root) => {
    const first = async () => num((await look(root, '#worked'))[1][2]);
    expect(await first()).toBeCloseTo(Math.cos(2) - 2 * Math.sin(2), 4);
    await step(root, 'm', 3, '#worked');
    await expect.poll(first).toBeCloseTo(Math.cos(3) - 2 * Math.sin(3), 4);
    await predict(root, 'predict-shift', 'changes', 'same');
  },
  modulation: (root) => predict(root, 'predict-query', 'both', 'additive'),
  comparison: (root) => predict(root, 'predict-storage', 'pairs', 'buckets'),
  contexts: (root) => predict(root, 'predict-unseen', 'none', 'some'),
  errata: (root) => predict(root, 'predict-order', 'right', 'wrong'),
  // slider: xPos's B 6 → 24 moves the slowest-decaying plane's factor at distance 24 from ζ₀^4 to ζ₀^1
  since2023: async (root) => {
    const zeta0 = 0.4 / 1.4; // plane 0: (2·0/d_h + 0.4)/1.4
    const at24 = () =>
      root
        .locator('posenc-since-xpos#since-xpos posenc-plot')
        .evaluate((el) => (el as unknown as { series: { x: ArrayLike<number>; y: ArrayLike<number> }[] }).series[0].y[24]);
    await root.locator('posenc-since-xpos#since-xpos').scrollIntoViewIfNeeded();
    await expect.poll(at24).toBeCloseTo(zeta0 ** (24 / 6), 12);
    await step(root, 'B', 24);
    await expect.poll(at24).toBeCloseTo(zeta0 ** (24 / 24), 12);
  },
  lab: (root) => smallLab(root),
  speed: async (root) => {
    const band = recordedSpeedup < 2 ? 'under2' : recordedSpeedup <= 10 ? '2to10' : 'over10';
    await predict(root, 'predict-speedup', band === 'under2' ? 'over10' : 'under2', band);
    await speedRun(root);
  },
};

it('every chapter of the registry has an interaction here', () => {
  expect(Object.keys(INTERACTIONS).sort()).toEqual(chapters.map((c) => c.id).sort());
});

for (const name of ['served', 'file', 'embed', 'element'] as const) {
  describe(`${name}: every chapter's main interaction`, () => {
    let form: Form;
    beforeAll(async () => {
      form = await FORMS[name]();
    });
    afterAll(async () => {
      await form?.context.close();
    });

    for (const c of chapters) {
      it(`${c.id}`, async () => {
        const root = await form.show(c.id);
        await INTERACTIONS[c.id](root, name);
        expect(form.errors).toEqual([]);
      }, 300_000);
    }
  });
}

describe('the one-file page from disk: the default experiment and the benchmark', () => {
  let form: Form;
  beforeAll(async () => {
    form = await FORMS.file();
  });
  afterAll(async () => {
    await form?.context.close();
  });

  it('the lab: a run of all six is cancelled; the default experiment then finishes in workers and replaces the figures', async () => {
    const root = await form.show('lab');
    await root.locator('#lab-train').waitFor();
    await expect.poll(() => root.locator('#lab-train').textContent()).toContain('Train 6 models in this browser (3000 steps each)');
    // cancel a run of all six once it has moved
    await trainStarts(root, { models: 6, steps: 3000, past: 0 });
    const progress = root.locator('#lab-progress');
    await root.locator('#lab-cancel').click();
    await expect.poll(() => root.locator('#lab-status').getAttribute('data-phase')).toBe('cancelled');
    expect(await progress.count()).toBe(0);
    // the default experiment, to the end
    const seconds = await train(root, { models: 6, steps: 3000, timeout: 600_000 });
    console.log(`lab default experiment, one-file page from file://: ${seconds.toFixed(1)} s`);
    expect(await root.locator('#lab-status').textContent()).toContain('(background threads, Web Workers: 2)');
    expect(await root.locator('#lab-no-worker').count()).toBe(0);
    const acc = await revealRun(root);
    expect([...acc.keys()].sort()).toEqual(Object.keys(LAB_KEYS).sort());
    // attention maps of the reader's models: every query row a distribution over keys j ≤ i
    // (the saved run's maps are there before, rounded to 4 digits: wait for the reader's)
    await root.locator('posenc-lab-attention#lab-attention').scrollIntoViewIfNeeded();
    const grid = root.locator(`#lab-attention-${reference.settings.trainLength}`);
    await expect.poll(() => grid.getAttribute('data-source')).toBe('reader');
    const maps = grid.locator('posenc-heatmap-view');
    expect(await maps.count()).toBe(reference.settings.options.nHeads);
    const m = await maps.first().evaluate((el) => {
      const x = (el as unknown as { matrix: { rows: number; data: ArrayLike<number> } }).matrix;
      return { rows: x.rows, data: Array.from(x.data) };
    });
    expect(m.rows).toBe(reference.settings.trainLength);
    for (let i = 0; i < m.rows; i++) {
      const row = m.data.slice(i * m.rows, (i + 1) * m.rows);
      expect(row.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 4);
      for (let j = i + 1; j < m.rows; j++) expect(row[j]).toBe(0);
    }
    await picture(form.page, root, 'posenc-lab-runner', 'file-lab-runner-after-run-en');
    await picture(form.page, root, 'posenc-predict#predict-best', 'file-lab-accuracy-after-run-en');
    // the same run in Chinese (the language switch keeps the reader's run)
    await form.page.evaluate(() => (location.hash = '#/lab?lang=zh'));
    await root.locator('posenc-lab-runner').scrollIntoViewIfNeeded();
    await expect.poll(() => root.locator('#lab-status').textContent()).toContain('个 Web Worker');
    await expect.poll(async () => (await accuracies(root)).size).toBe(6);
    await picture(form.page, root, 'posenc-lab-runner', 'file-lab-runner-after-run-zh');
    await picture(form.page, root, 'posenc-predict#predict-best', 'file-lab-accuracy-after-run-zh');
    expect(form.errors).toEqual([]);
  }, 700_000);

  it('Speed: a run is cancelled, then one runs to the end in a worker', async () => {
    const root = await form.show('speed');
    await speedRun(root, { cancelFirst: true });
    await picture(form.page, root, 'posenc-speed-runner', 'file-speed-after-run-en');
    // Chinese: switched in place, the table stays (its case names now in Chinese)
    await form.page.evaluate(() => (location.hash = '#/speed?lang=zh'));
    await expect.poll(async () => (await tableText(root as Page, '#speed-results'))[1]?.[0]).toContain('RoPE');
    await picture(form.page, root, 'posenc-speed-runner', 'file-speed-after-run-zh');
    expect(form.errors).toEqual([]);
  }, 600_000);
});

describe('where no worker can start (a policy without worker-src blob:)', () => {
  it('the lab and the benchmark say so and run on the main thread', async () => {
    const { page, errors, context } = await open(browser, `${inject('origin')}/csp/dist/page/index.html#/lab?lang=en`);
    const lab = await shown(page, 'lab');
    await smallLab(lab, { onPage: true });
    expect(await page.locator('#lab-no-worker').textContent()).toContain("the page's Content-Security-Policy does not allow blob: workers");
    expect(await page.locator('#lab-status').textContent()).toContain("on the page's main thread");
    await picture(page, page, 'posenc-lab-runner', 'csp-lab-on-main-thread-en');
    await page.evaluate(() => (location.hash = '#/speed?lang=en'));
    const speed = await shown(page, 'speed');
    await speedRun(speed, { onPage: true });
    expect(await page.locator('#speed-no-worker').textContent()).toContain('Content-Security-Policy');
    await picture(page, page, 'posenc-speed-runner', 'csp-speed-on-main-thread-en');
    // The browser's own report of each refused worker, and nothing else.
    expect(errors.length).toBeGreaterThan(0);
    expect(
      errors.filter((e) => !/^Creating a worker from 'blob:.*violates the following Content Security Policy directive/.test(e)),
    ).toEqual([]);
    await context.close();
  }, 600_000);
});
