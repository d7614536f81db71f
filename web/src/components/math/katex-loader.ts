/**
 * KaTeX on demand: the first formula on a page imports KaTeX, its stylesheet and its fonts (one
 * lazily loaded chunk); a page or embedded element that shows no formula downloads none of it.
 */
import type katexModule from 'katex';

export type Katex = typeof katexModule;

export interface KatexKit {
  katex: Katex;
  sheet: CSSStyleSheet;
}

let kit: KatexKit | undefined;
let loading: Promise<KatexKit> | undefined;

export function loadKatex(): Promise<KatexKit> {
  loading ??= Promise.all([import('katex'), import('./katex-assets.js')]).then(([k, assets]) => {
    assets.installFonts();
    kit = { katex: k.default, sheet: assets.sheet };
    return kit;
  });
  return loading;
}

/** The loaded kit, if a formula already asked for it (synchronous rendering after the first). */
export function loadedKatex(): KatexKit | undefined {
  return kit;
}

let typesetReady: Promise<void> | undefined;
let typesetDone = false;

/**
 * KaTeX loaded and its two everyday faces (Main, Math italic) ready, or `timeoutMs` passed: a
 * chapter waits for this before its first render, so no formula changes size under the reader's
 * pointer afterwards (TeX source first, typeset later, moved the radio buttons below a question).
 */
export function mathReady(timeoutMs = 4000): Promise<void> {
  typesetReady ??= Promise.race([
    loadKatex().then(async () => {
      if (typeof document === 'undefined' || !document.fonts) return;
      await Promise.all([document.fonts.load('16px KaTeX_Main'), document.fonts.load('italic 16px KaTeX_Math')]);
    }),
    new Promise<void>((r) => setTimeout(r, timeoutMs)),
  ])
    .catch(() => undefined)
    .then(() => {
      typesetDone = true;
    });
  return typesetReady;
}

/** Has mathReady() settled? */
export const mathIsReady = (): boolean => typesetDone;
