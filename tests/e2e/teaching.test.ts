// Every chapter teaches: it opens with its question, has at least one predict-then-reveal question,
// ends with 2–4 takeaways and its references, in both languages. Its rendered text (through every
// shadow root) shows no raw TeX, and the Chinese page no English words beyond a short list of names
// (the references too: only a cited title stays as published, in <cite>). Its header says once what
// the numbered teaching documents are; no control label shows a raw identifier such as n_max.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { chapters } from '../../web/src/chapters/index.js';
import { launch, open } from './browser.js';

/** Chapters still being rewritten as narrated data (the list only shrinks). */
const PENDING = new Set<string>([]);

/** Names, units and identifiers that stay in Latin letters in Chinese text. */
export const LATIN_NAMES = new Set(
  (
    'RoPE ALiBi BERT GPT GPT-2 GPT-J GPT-NeoX NeoX T5 YaRN NTK PI Llama LLaMA Mistral Qwen Gemma Phi DeepSeek Falcon ' +
    'Transformer Transformer-XL XL RoFormer Hugging Face PyTorch TensorFlow JavaScript WebAssembly wasm SIMD ' +
    'softmax sin cos exp log max min argmax KaTeX NoPE PCA BLOOM MPT OPT Shaw Press Su Vaswani Dai Raffel Kazemnejad ' +
    // authors the chapters cite by name
    'RoBERTa Yedidia Wang Chen Devlin Sinha ' +
    // DeBERTa (Relative PE) and its first author
    'DeBERTa He ' +
    'NeurIPS ICLR ACL NAACL arXiv config json rope_scaling rope_type rope_theta base d_model n_max head_dim Node Chromium MiB Web Worker TeX Markdown ' +
    // rope_scaling keys of Hugging Face configs (identifiers, as the slider labels name them)
    'beta_fast beta_slow low_freq_factor high_freq_factor ' +
    // config.json context lengths, and model and scheme names of the model card's examples (Longer contexts)
    'max_position_embeddings original_max_position_embeddings sliding_window M-RoPE LongRoPE Devstral DeepSeek-V3 ' +
    // encodings since 2023, their authors, the models and benchmarks their papers name (Since 2023)
    'xPos p-RoPE Kerple FIRE CoPE iRoPE MLP Flip-Flop Sun Barbero Chi Li Golovneva Ruoss Liu Gu Dao Mamba Meta Scout Wiki FlanV2'
  ).split(' '),
);

let browser: Browser;
const url = (hash: string) => `${inject('origin')}/dist/page/index.html${hash}`;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/** Visible text of the chapter, through shadow roots, without formulas, code and number cells. */
/** Formulas still waiting for KaTeX (it loads lazily) show their source; wait until none is left. */
async function mathTypeset(page: Page) {
  await expect
    .poll(() =>
      page.locator('posenc-chapter-view').evaluate((root) => {
        let pending = 0;
        const walk = (node: Node) => {
          if (node instanceof Element) {
            if (node.localName === 'posenc-math' && node.shadowRoot?.querySelector('.pending')) pending += 1;
            if (node.shadowRoot) walk(node.shadowRoot);
          }
          for (const child of Array.from(node.childNodes)) walk(child);
        };
        walk(root.shadowRoot!);
        return pending;
      }),
    )
    .toBe(0);
}

async function proseText(page: Page): Promise<string[]> {
  await mathTypeset(page);
  return page.locator('posenc-chapter-view').evaluate((root) => {
    const out: string[] = [];
    // A cited title (<cite>) is quoted as published; the words around it are the page's own.
    const skip = (el: Element) =>
      el.matches('.katex, .katex-mathml, math, code, pre, cite, script, style, textarea') ||
      el.closest('.katex, math, code, pre, cite') !== null;
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

/** The visible text of every control's label (sliders, selects, the folded bar), without math and code. */
async function controlLabels(page: Page): Promise<string[]> {
  await mathTypeset(page);
  return page.locator('posenc-chapter-view').evaluate((root) => {
    const text = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (!(node instanceof Element) || node.matches('.katex-mathml, code, select, input, style')) return '';
      return [...(node.shadowRoot ? [node.shadowRoot] : []), ...Array.from(node.childNodes)].map(text).join('');
    };
    const labels = [...root.shadowRoot!.querySelectorAll('.controls label.choice, .controls .values')].map(text);
    for (const slider of root.shadowRoot!.querySelectorAll('.controls posenc-slider')) {
      labels.push(...[...slider.shadowRoot!.querySelectorAll('label')].map(text));
    }
    return labels.map((t) => t.trim());
  });
}

// The numbered documents' old name, as English prose used it (a random seed is still a seed).
const SEED_DOCUMENTS = /\bseed documents?\b|\bseeds? 00\d|\bbeyond the seeds\b|\bthe seeds (say|claim|pair)\b|\bscrape/i;

// TeX that did not render: a dollar sign, a backslash command, a braced sub- or superscript.
const TEX = /\$|\\[a-zA-Z]{2,}|[_^]\{/;

for (const entry of chapters) {
  describe(entry.id, () => {
    it.skipIf(PENDING.has(entry.id))(
      'opens with its question, asks a predict-then-reveal question, ends with takeaways and references',
      async () => {
        for (const lang of ['en', 'zh']) {
          const { page, context } = await open(browser, url(`#/${entry.id}?lang=${lang}`));
          await page.locator('posenc-chapter-view #question').waitFor();
          expect(await page.locator('posenc-chapter-view posenc-predict').count(), lang).toBeGreaterThan(0);
          const takeaways = await page.locator('posenc-chapter-view #takeaways li').count();
          expect(takeaways, lang).toBeGreaterThanOrEqual(2);
          expect(takeaways, lang).toBeLessThanOrEqual(4);
          expect(await page.locator('posenc-chapter-view #references li').count(), lang).toBeGreaterThan(0);
          await context.close();
        }
      },
    );

    it.skipIf(PENDING.has(entry.id))('shows no raw TeX, and no English words in the Chinese text', async () => {
      for (const lang of ['en', 'zh']) {
        const { page, context } = await open(browser, url(`#/${entry.id}?lang=${lang}`));
        await page.locator('posenc-chapter-view h2').waitFor();
        const texts = await proseText(page);
        expect(texts.length).toBeGreaterThan(5);
        for (const t of texts) expect(t, `${lang}: raw TeX in "${t}"`).not.toMatch(TEX);
        if (lang === 'en') for (const t of texts) expect(t, `"${t}"`).not.toMatch(SEED_DOCUMENTS);
        if (lang === 'zh') {
          const words = texts.flatMap((t) => t.match(/[A-Za-z][A-Za-z0-9_-]*[A-Za-z0-9]/g) ?? []);
          // Notation is not English: sin0, cos3 (column heads), PE, pos.
          const foreign = [...new Set(words.filter((w) => !LATIN_NAMES.has(w) && !/^(sin|cos|PE|pos|dim)\d*$/.test(w)))];
          expect(foreign, 'Latin words in the Chinese page').toEqual([]);
        }
        await context.close();
      }
    });

    it('says once, in the header, what the numbered teaching documents are, with a link to the Errata chapter that lists them', async () => {
      for (const lang of ['en', 'zh']) {
        const { page, context } = await open(browser, url(`#/${entry.id}?lang=${lang}`));
        await page.locator('posenc-chapter-view h2').waitFor();
        const about = page.locator('posenc-chapter-view .seeds .about');
        expect(await about.count(), lang).toBe(1);
        expect(await page.locator('posenc-chapter-view article > .seeds .about a').getAttribute('href'), lang).toMatch(/^#\/errata\b/);
        expect((await about.textContent())?.trim().length, lang).toBeGreaterThan(10);
        await context.close();
      }
    });

    it('no control label shows an identifier with an underscore (n_max is typeset as a subscript)', async () => {
      for (const lang of ['en', 'zh']) {
        const { page, context } = await open(browser, url(`#/${entry.id}?lang=${lang}`));
        await page.locator('posenc-chapter-view h2').waitFor();
        const labels = await controlLabels(page);
        for (const t of labels) expect(t, `${lang}: "${t}"`).not.toContain('_');
        await context.close();
      }
    });
  });
}
