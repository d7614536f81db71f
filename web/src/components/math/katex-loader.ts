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
