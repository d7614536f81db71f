/**
 * KaTeX's CSS and fonts, in the lazily loaded chunk (only a page that shows a formula gets here).
 *
 * The fonts are declared on the document (document.fonts), not in the shadow roots: Chromium
 * ignores @font-face inside a shadow root, but faces in the document's FontFaceSet are used by
 * every shadow tree. The rest of KaTeX's CSS is one constructed stylesheet adopted by each
 * <posenc-math>. The URLs are Vite asset URLs: files next to the page's chunks, or data: URLs in
 * the one-file page and the elements bundle. A data: URL is decoded and handed to FontFace as
 * bytes, so a strict Content-Security-Policy (font-src 'self') does not block it.
 */
import katexCss from 'katex/dist/katex.min.css?raw';
import ams_r from 'katex/dist/fonts/KaTeX_AMS-Regular.woff2?url';
import caligraphic_bold from 'katex/dist/fonts/KaTeX_Caligraphic-Bold.woff2?url';
import caligraphic_r from 'katex/dist/fonts/KaTeX_Caligraphic-Regular.woff2?url';
import fraktur_bold from 'katex/dist/fonts/KaTeX_Fraktur-Bold.woff2?url';
import fraktur_r from 'katex/dist/fonts/KaTeX_Fraktur-Regular.woff2?url';
import main_bold from 'katex/dist/fonts/KaTeX_Main-Bold.woff2?url';
import main_bolditalic from 'katex/dist/fonts/KaTeX_Main-BoldItalic.woff2?url';
import main_italic from 'katex/dist/fonts/KaTeX_Main-Italic.woff2?url';
import main_r from 'katex/dist/fonts/KaTeX_Main-Regular.woff2?url';
import math_bolditalic from 'katex/dist/fonts/KaTeX_Math-BoldItalic.woff2?url';
import math_italic from 'katex/dist/fonts/KaTeX_Math-Italic.woff2?url';
import sansserif_bold from 'katex/dist/fonts/KaTeX_SansSerif-Bold.woff2?url';
import sansserif_italic from 'katex/dist/fonts/KaTeX_SansSerif-Italic.woff2?url';
import sansserif_r from 'katex/dist/fonts/KaTeX_SansSerif-Regular.woff2?url';
import script_r from 'katex/dist/fonts/KaTeX_Script-Regular.woff2?url';
import size1_r from 'katex/dist/fonts/KaTeX_Size1-Regular.woff2?url';
import size2_r from 'katex/dist/fonts/KaTeX_Size2-Regular.woff2?url';
import size3_r from 'katex/dist/fonts/KaTeX_Size3-Regular.woff2?url';
import size4_r from 'katex/dist/fonts/KaTeX_Size4-Regular.woff2?url';
import typewriter_r from 'katex/dist/fonts/KaTeX_Typewriter-Regular.woff2?url';

const URLS: Record<string, string> = {
  'KaTeX_AMS-Regular': ams_r,
  'KaTeX_Caligraphic-Bold': caligraphic_bold,
  'KaTeX_Caligraphic-Regular': caligraphic_r,
  'KaTeX_Fraktur-Bold': fraktur_bold,
  'KaTeX_Fraktur-Regular': fraktur_r,
  'KaTeX_Main-Bold': main_bold,
  'KaTeX_Main-BoldItalic': main_bolditalic,
  'KaTeX_Main-Italic': main_italic,
  'KaTeX_Main-Regular': main_r,
  'KaTeX_Math-BoldItalic': math_bolditalic,
  'KaTeX_Math-Italic': math_italic,
  'KaTeX_SansSerif-Bold': sansserif_bold,
  'KaTeX_SansSerif-Italic': sansserif_italic,
  'KaTeX_SansSerif-Regular': sansserif_r,
  'KaTeX_Script-Regular': script_r,
  'KaTeX_Size1-Regular': size1_r,
  'KaTeX_Size2-Regular': size2_r,
  'KaTeX_Size3-Regular': size3_r,
  'KaTeX_Size4-Regular': size4_r,
  'KaTeX_Typewriter-Regular': typewriter_r,
};

const FACE = /@font-face\s*\{([^}]*)\}/g;

function descriptor(body: string, name: string): string | undefined {
  return new RegExp(`${name}:\\s*([^;]+)`).exec(body)?.[1].trim();
}

function bytes(dataUrl: string): ArrayBuffer {
  const bin = atob(dataUrl.slice(dataUrl.indexOf(',') + 1));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out.buffer;
}

/** KaTeX's stylesheet without its @font-face rules (their relative URLs would not resolve). */
export const sheet = new CSSStyleSheet();
sheet.replaceSync(katexCss.replace(FACE, ''));

let installed = false;

/** Adds the faces KaTeX's CSS declares to document.fonts, once, with the bundled files. */
export function installFonts(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  for (const m of katexCss.matchAll(FACE)) {
    const body = m[1];
    const family = descriptor(body, 'font-family');
    const file = /KaTeX_[\w-]+(?=\.woff2)/.exec(body)?.[0];
    const url = file ? URLS[file] : undefined;
    if (!family || !url) continue;
    const desc: FontFaceDescriptors = {
      style: descriptor(body, 'font-style') ?? 'normal',
      weight: descriptor(body, 'font-weight') ?? '400',
      // As KaTeX itself: invisible text for a moment beats formulas drawn in a wrong font.
      display: 'block',
    };
    const face = url.startsWith('data:')
      ? new FontFace(family, bytes(url), desc)
      : new FontFace(family, `url("${url}") format("woff2")`, desc);
    document.fonts.add(face);
  }
}
