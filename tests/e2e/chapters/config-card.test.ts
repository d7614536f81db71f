// The model card of the Longer contexts chapter in Chromium: every bundled real config.json clicked
// in English and Chinese; the card's scheme and numbers against tests/hf/golden.json (float64
// evaluations of transformers' formulas, rope_reference.py), not against the page's own code;
// Gemma 3's two bases, Qwen2.5-VL's three M-RoPE sections, BERT's learned table with its link,
// bad JSON with its line and column; no English words in the Chinese card; zero console errors.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { axe, launch, open, tableText } from '../browser.js';
import { shown } from './shown-numbers.js';

const hf = join(__dirname, '..', '..', 'hf');
const golden = JSON.parse(readFileSync(join(hf, 'golden.json'), 'utf8')).configs;
const manifest: { file: string; model_id: string }[] = JSON.parse(
  readFileSync(join(hf, '../../web/data/configs', 'manifest.json'), 'utf8'),
).configs;

// teaching.test.ts's list of names allowed in the Chinese page, read from its source (importing the
// file would run its suites here too).
const teaching = readFileSync(join(__dirname, '..', 'teaching.test.ts'), 'utf8');
const namesSource = teaching.slice(teaching.indexOf('LATIN_NAMES = new Set('), teaching.indexOf(".split(' ')")).replace(/\/\/.*$/gm, '');
const LATIN_NAMES = new Set([...namesSource.matchAll(/'([^']*)'/g)].flatMap((m) => m[1].split(' ')).filter(Boolean));

let browser: Browser;
const url = (hash: string) => `${inject('origin')}/dist/page/index.html${hash}`;
/** A number the card shows ("54410.1", "−0.0000", "2.0474×10⁷"), read back. */
const num = (s: string | undefined) => shown(s ?? '');
const sci = num;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const SCHEME: Record<string, string> = {
  rope: 'rope',
  learned_absolute: 'learned',
  relative_buckets: 'relative-buckets',
  alibi: 'alibi',
  sinusoidal: 'sinusoidal',
  none: 'none',
};

/** Pairs whose wavelength 2π/θ exceeds L, and the longest wavelength, from golden's float64 θ. */
function expectedWavelengths(invFreq: number[], lengths: number[]) {
  const wl = invFreq.map((w) => (2 * Math.PI) / w);
  return { longest: Math.max(...wl), beyond: lengths.map((L) => wl.filter((x) => x > L).length), pairs: wl.length };
}

async function panelReady(page: Page) {
  await page.locator('posenc-chapter-view h2').waitFor({ timeout: 30_000 });
  await page.locator('posenc-config-panel select#example').waitFor({ timeout: 30_000 });
}

async function choose(page: Page, id: string, modelId: string) {
  await page.locator('posenc-config-panel select#example').selectOption(id);
  await expect.poll(() => page.locator('posenc-config-panel #config-source code').first().textContent()).toBe(modelId);
  await page.locator('posenc-config-panel #config-scheme').waitFor();
}

/** The card's visible words outside code, inputs and formulas (the zh check of teaching.test.ts). */
function cardWords(page: Page): Promise<string[]> {
  return page.locator('posenc-config-panel').evaluate((host) => {
    const out: string[] = [];
    const walk = (node: Node) => {
      if (node instanceof Element) {
        if (node.matches('code, textarea, script, style, .katex')) return;
        if (node.shadowRoot) walk(node.shadowRoot);
      }
      for (const child of Array.from(node.childNodes)) {
        if (child.nodeType === Node.TEXT_NODE) out.push(child.textContent ?? '');
        else walk(child);
      }
    };
    walk(host.shadowRoot!);
    return out.join(' ').match(/[A-Za-z][A-Za-z0-9_-]*[A-Za-z0-9]/g) ?? [];
  });
}

describe('the model card (paste any config.json)', () => {
  it('bundles at least 20 real configs, every one of tests/hf with its source', async () => {
    const { page, errors } = await open(browser, url('#/contexts?lang=en'));
    await panelReady(page);
    const values = await page
      .locator('posenc-config-panel select#example option')
      .evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
    const ids = manifest.map((e) => e.file.replace(/\.json$/, ''));
    expect(values.filter((v) => v !== 'custom').sort()).toEqual([...ids].sort());
    expect(ids.length).toBeGreaterThanOrEqual(20);
    expect(errors).toEqual([]);
  });

  it("every example, clicked in English and in Chinese, shows its scheme and golden's numbers", async () => {
    const en = await open(browser, url('#/contexts?lang=en'));
    const zh = await open(browser, url('#/contexts?lang=zh'));
    await panelReady(en.page);
    await panelReady(zh.page);
    for (const entry of manifest) {
      const id = entry.file.replace(/\.json$/, '');
      const g = golden[entry.file];
      await choose(en.page, id, entry.model_id);
      await choose(zh.page, id, entry.model_id);
      for (const p of [en.page, zh.page])
        expect(await p.locator('posenc-config-panel #config-scheme').getAttribute('data-scheme'), id).toBe(SCHEME[g.scheme]);
      const rows = await tableText(en.page, 'posenc-config-panel #config-fields');
      // Same numbers in both languages, row for row (the pairing row says its layout in the
      // reader's words before the config's value: compared by that value); and no English words
      // in the Chinese card.
      const pairing = rows.findIndex((r) => r[0] === 'pairing');
      const value = (cell: string, i: number) => (i === pairing ? cell.split(' ').pop() : cell);
      expect(
        (await tableText(zh.page, 'posenc-config-panel #config-fields')).map((r, i) => value(r[1], i)),
        id,
      ).toEqual(rows.map((r, i) => (i === 0 ? '值' : value(r[1], i))));
      const foreign = [...new Set((await cardWords(zh.page)).filter((w) => !LATIN_NAMES.has(w)))];
      expect(foreign, `${id}: Latin words in the Chinese card`).toEqual([]);
      const field = (head: string) => rows.find((r) => r[0] === head)?.[1];
      if (g.scheme !== 'rope') {
        const p = g.parameters;
        if (g.scheme === 'learned_absolute') {
          expect(field('rows of the table (longest input)'), id).toBe(String(p.max_positions));
          expect(field('offset added to positions'), id).toBe(String(p.offset));
        } else if (g.scheme === 'alibi') {
          expect(field('attention heads'), id).toBe(String(p.num_heads));
          expect(num(field('alibi_bias_max')), id).toBe(p.max_bias);
          const slopes = p.slopes as number[];
          for (const [head, want] of [
            ['slope of the first head', slopes[0]],
            ['slope of the last head', slopes[slopes.length - 1]],
          ] as const) {
            expect(Math.abs(num(field(head)) - want) / want, `${id}: ${head}`).toBeLessThan(5e-6);
          }
        } else if (g.scheme === 'relative_buckets') {
          expect(field('relative_attention_num_buckets'), id).toBe(String(p.num_buckets));
          expect(field('relative_attention_max_distance'), id).toBe(String(p.max_distance));
          expect(field('attention heads (one set of biases each)'), id).toBe(String(p.num_heads));
        }
        continue;
      }
      const r = g.rope;
      expect(field('model_type'), id).toBe(r.model_type);
      expect(num(field('head_dim')), id).toBe(r.head_dim);
      expect(num(field('rotary dimension (coordinates turned)')), id).toBe(r.rotary_dim);
      expect(field('pairing'), id).toContain(r.layout);
      const lengths: number[] = [];
      if (r.original_max_position_embeddings && r.original_max_position_embeddings !== r.max_position_embeddings) {
        lengths.push(r.original_max_position_embeddings);
        expect(num(field('original_max_position_embeddings')), id).toBe(r.original_max_position_embeddings);
      }
      // A config without the key (Falcon): the family class's default, which the card says it used.
      let maxPositions = (r.max_position_embeddings ?? null) as number | null;
      if (maxPositions === null) {
        const notes = await en.page.locator('posenc-config-panel #config-notes').textContent();
        expect(notes, id).toMatch(/class defaults for .*max_position_embeddings/);
        maxPositions = num(field('max_position_embeddings'));
      }
      expect(num(field('max_position_embeddings')), id).toBe(maxPositions);
      lengths.push(maxPositions);
      const keys = lengths.length === 2 ? ['original_max_position_embeddings', 'max_position_embeddings'] : ['max_position_embeddings'];
      // [which curve, its frequencies, the lengths it is read against, their config keys]
      const sets: [string, number[], number[], string[]][] = [];
      if (r.per_layer_type) {
        const { sliding_attention: sl, full_attention: gl } = r.per_layer_type;
        // Gemma 3: both bases, never one dropped
        const local = rows.find((x) => x[0].startsWith('base: local layers'));
        const global = rows.find((x) => x[0].startsWith('base: global layers'));
        expect(num(local?.[1]), id).toBe(sl.base);
        expect(num(global?.[1]), id).toBe(gl.base);
        expect(sl.base).not.toBe(gl.base);
        // The local layers look back at most sliding_window positions (read here from the file itself).
        const file = JSON.parse(readFileSync(join(hf, '../../web/data/configs', entry.file), 'utf8'));
        const window = (file.text_config ?? file).sliding_window as number;
        expect(num(field('sliding_window (how far back a local layer attends)')), id).toBe(window);
        sets.push([' (local layers)', sl.inv_freq, [window], ['sliding_window']], [' (global layers)', gl.inv_freq, lengths, keys]);
      } else {
        expect(num(field('rope_theta')), id).toBe(r.base);
        expect(field('rope_type'), id).toBe(r.rope_type);
        expect(num(field('attention factor (multiplies cos and sin)')), id).toBeCloseTo(r.attention_factor, 6);
        if (r.inv_freq_short)
          sets.push(
            [' (short-text frequencies)', r.inv_freq_short, lengths, keys],
            [' (long-text frequencies)', r.inv_freq_long, lengths, keys],
          );
        else sets.push(['', r.inv_freq, lengths, keys]);
      }
      for (const [which, inv, against, names] of sets) {
        const want = expectedWavelengths(inv, against);
        const longest = sci(field(`longest wavelength${which}`));
        // Shown to 6 significant digits below 10⁵, else 5 (2.0474×10⁷): within half the last digit.
        const lastDigit = 10 ** (Math.floor(Math.log10(want.longest)) - (want.longest < 1e5 ? 5 : 4));
        expect(Math.abs(longest - want.longest), `${id}${which}: longest wavelength ${longest} vs ${want.longest}`).toBeLessThanOrEqual(
          0.5 * lastDigit * (1 + 1e-9),
        );
        names.forEach((k, j) => {
          expect(field(`pairs that do not complete a turn${which} within ${k}`), `${id}${which} ${k}`).toBe(
            `${want.beyond[j]} / ${want.pairs}`,
          );
        });
      }
      if (r.mrope_section) expect(field('mrope_section time / height / width'), id).toBe(r.mrope_section.join(' / '));
      if (r.long_from_seq_len) expect(num(field('long-text frequencies from sequence length')), id).toBe(r.long_from_seq_len);
    }
    expect(en.errors).toEqual([]);
    expect(zh.errors).toEqual([]);
  });

  it('Gemma 3 draws both bases, Qwen2.5-VL its three sections, BERT links to the learned chapter', async () => {
    const { page, errors } = await open(browser, url('#/contexts?lang=en'));
    await panelReady(page);
    await choose(page, 'gemma-3-27b-it', 'google/gemma-3-27b-it');
    const legend = () => page.locator('posenc-config-panel #config-wavelengths').evaluate((e) => e.shadowRoot?.textContent ?? '');
    await expect.poll(legend).toContain('local layers');
    expect(await legend()).toContain('global layers');

    await choose(page, 'qwen2.5-vl-7b-instruct', 'Qwen/Qwen2.5-VL-7B-Instruct');
    const parts = await page
      .locator('posenc-config-panel #config-sections .part')
      .evaluateAll((s) => s.map((x) => x.textContent?.replace(/\s+/g, ' ').trim()));
    const [t, h, w] = golden['qwen2.5-vl-7b-instruct.json'].rope.mrope_section as number[];
    expect(parts).toEqual([
      `time · ${t} i = 0–${t - 1}`,
      `height · ${h} i = ${t}–${t + h - 1}`,
      `width · ${w} i = ${t + h}–${t + h + w - 1}`,
    ]);

    await choose(page, 'bert-base-uncased', 'bert-base-uncased');
    expect(await page.locator('posenc-config-panel #config-scheme').textContent()).toContain('learned absolute position table');
    expect(await page.locator('posenc-config-panel #config-link a').getAttribute('href')).toBe('#/learned?lang=en');
    await page.locator('posenc-config-panel #config-link a').click();
    await expect.poll(() => page.locator('posenc-chapter-view h2').textContent(), { timeout: 15_000 }).toContain('Learned');
    expect(errors).toEqual([]);
  });

  it("M-RoPE on the 2-D view: each section's share changes only along its own coordinate, time only with Δt", async () => {
    const { page, errors } = await open(browser, url('#/contexts?lang=en'));
    await panelReady(page);
    await choose(page, 'qwen2.5-vl-7b-instruct', 'Qwen/Qwen2.5-VL-7B-Instruct');
    const view = 'posenc-config-panel posenc-mrope-view';
    // The view draws its maps a frame after it appears, and only once it is on screen.
    await page.locator(view).scrollIntoViewIfNeeded();
    await page.locator(`${view} #mrope-total`).scrollIntoViewIfNeeded();
    /** A map's values, from its "values as a table" (rows: patch rows; the first cell is the row head). */
    const values = async (id: string) => {
      const details = page.locator(`${view} #${id} details`);
      if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator('summary').click();
      await page.locator(`${view} #${id} tbody tr`).first().waitFor();
      const rows = await tableText(page, `${view} #${id} tbody`);
      return rows.map((r) => r.slice(1).map(num));
    };
    const spread = (v: number[]) => Math.max(...v) - Math.min(...v);
    const grid = 12;
    let time = await values('mrope-time');
    const height = await values('mrope-height');
    const width = await values('mrope-width');
    expect(height.length).toBe(grid);
    expect(height[0].length).toBe(grid);
    // Same frame: the time pairs have not turned; height changes down, width across, each only so.
    expect(time.flat().every((v) => v === 0)).toBe(true);
    for (const row of height) expect(spread(row)).toBe(0);
    expect(spread(height.map((r) => r[0]))).toBeGreaterThan(0.1);
    for (let x = 0; x < grid; x++) expect(spread(width.map((r) => r[x]))).toBe(0);
    // Qwen2.5-VL gives width the slowest 24 frequencies: it barely changes across 12 patches.
    expect(spread(width[0])).toBeLessThan(spread(height.map((r) => r[0])) / 10);
    expect(await page.locator(`${view} #mrope-slow-width`).textContent()).toContain('slowest 24 frequencies');
    // The query's own patch: nothing turned.
    const total = await values('mrope-total');
    expect(total[grid / 2][grid / 2]).toBe(0);
    // A key three frames later: the time share moves, the same for every patch; height is unchanged.
    const box = page.locator(`${view} #mrope-dt input[type=number]`);
    await box.fill('3');
    await box.press('Enter');
    await expect.poll(async () => (await values('mrope-time'))[0][0]).not.toBe(0);
    time = await values('mrope-time');
    expect(spread(time.flat())).toBe(0);
    expect(await values('mrope-height')).toEqual(height);
    expect(errors).toEqual([]);
  });

  it('interleaved M-RoPE (a Qwen3-VL-shaped config, pasted): every third pair, and width turns as fast as height', async () => {
    const { page, errors } = await open(browser, url('#/contexts?lang=zh'));
    await panelReady(page);
    const config = {
      model_type: 'qwen3_vl',
      text_config: {
        model_type: 'qwen3_vl_text',
        hidden_size: 4096,
        num_attention_heads: 32,
        head_dim: 128,
        max_position_embeddings: 262144,
        rope_theta: 5000000,
        rope_scaling: { mrope_interleaved: true, mrope_section: [24, 20, 20], rope_type: 'default' },
      },
    };
    await page.locator('posenc-config-panel textarea').fill(JSON.stringify(config, null, 2));
    const legend = page.locator('posenc-config-panel #config-sections .legend');
    await expect.poll(() => legend.textContent()).toMatch(/时间 · 24.*高度 · 20.*宽度 · 20/s);
    // Pairs 0–59 alternate time, height, width; 60–63 are time: 61 runs of one colour.
    expect(await page.locator('posenc-config-panel #config-sections .part').count()).toBe(61);
    const view = 'posenc-config-panel posenc-mrope-view';
    // The view draws its maps a frame after it appears, and only once it is on screen.
    await page.locator(view).scrollIntoViewIfNeeded();
    await page.locator(`${view} #mrope-total`).scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator(`${view} #mrope-summary`).textContent()).toContain('量出来的');
    expect(await page.locator(`${view} #mrope-slow-width`).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("MPT's ALiBi card links to this chapter's ALiBi section and scrolls to it", async () => {
    const { page, errors } = await open(browser, url('#/contexts?lang=zh'));
    await panelReady(page);
    await choose(page, 'mpt-7b-instruct', 'mosaicml/mpt-7b-instruct');
    expect(await page.locator('posenc-config-panel #config-scheme').getAttribute('data-scheme')).toBe('alibi');
    await page.locator('posenc-config-panel #config-link a').click();
    await expect
      .poll(() => page.locator('posenc-chapter-view #sec-alibi').evaluate((e) => Math.abs(e.getBoundingClientRect().top) < 200))
      .toBe(true);
    expect(new URL(page.url()).hash).toBe('#/contexts?lang=zh');
    expect(errors).toEqual([]);
  });

  it('axe finds nothing serious on the card: M-RoPE sections, ALiBi, and the bad-JSON message, light and dark', async () => {
    for (const theme of ['light', 'dark']) {
      const { page, errors } = await open(browser, url('#/contexts?lang=en'));
      await panelReady(page);
      if (theme === 'dark') await page.emulateMedia({ colorScheme: 'dark' });
      await choose(page, 'qwen2.5-vl-7b-instruct', 'Qwen/Qwen2.5-VL-7B-Instruct');
      expect(await axe(page), `${theme}: M-RoPE`).toEqual([]);
      await choose(page, 'mpt-7b-instruct', 'mosaicml/mpt-7b-instruct');
      expect(await axe(page), `${theme}: ALiBi`).toEqual([]);
      await page.locator('posenc-config-panel textarea').fill('{"a": }');
      await page.locator('posenc-config-panel #config-error').waitFor();
      expect(await axe(page), `${theme}: bad JSON`).toEqual([]);
      expect(errors).toEqual([]);
    }
  });

  it('bad JSON shows its line and column in both languages, and the next example still works', async () => {
    for (const lang of ['en', 'zh']) {
      const { page, errors } = await open(browser, url(`#/contexts?lang=${lang}`));
      await panelReady(page);
      await page.locator('posenc-config-panel textarea').fill('{"hidden_size": 4096,\n "rope_theta": }');
      const error = page.locator('posenc-config-panel #config-error');
      await expect.poll(() => error.textContent()).toContain('invalid JSON at line 2, column');
      expect(await error.textContent()).toContain(lang === 'zh' ? '第 2 行' : 'Invalid JSON at line 2');
      await page
        .locator('posenc-config-panel textarea')
        .fill('{"model_type": "llama", "head_dim": 128, "rope_scaling": {"rope_type": "su", "factor": 2}}');
      await expect.poll(() => error.textContent()).toContain('rope_type must be one of');
      await page.locator('posenc-config-panel textarea').fill('[1, 2');
      await expect.poll(() => error.textContent()).toContain('invalid JSON');
      await choose(page, 't5-small', 'google-t5/t5-small');
      expect(await page.locator('posenc-config-panel #config-scheme').getAttribute('data-scheme')).toBe('relative-buckets');
      expect(errors).toEqual([]);
    }
  });
});
