import { html, LitElement, type PropertyValues } from 'lit';
import { property, query } from 'lit/decorators.js';

import { type KatexKit, loadedKatex, loadKatex } from './katex-loader.js';
import { mathStyles } from './math.styles.js';

/**
 * A formula typeset by KaTeX as HTML with KaTeX's own fonts, so it looks the same in every
 * browser and inside shadow roots; KaTeX's MathML copy sits beside it for screen readers.
 * KaTeX, its CSS and its fonts load on first use (one lazy chunk, never from another host); until
 * then the TeX source is shown.
 *
 * Inline formulas wrap after relations and operators like running text; one that still cannot
 * fit (or a display formula wider than its box) scrolls inside itself, with shadows at the edges
 * that have more, and becomes focusable so the keyboard can scroll it.
 *
 * @attr tex - the TeX source
 * @attr display - block (display) style
 * @csspart formula - the element KaTeX renders into
 */
export class PosencMath extends LitElement {
  static styles = mathStyles;

  @property() tex = '';
  @property({ type: Boolean, reflect: true }) display = false;

  @query('span') private holder?: HTMLSpanElement;
  private drawn = '';
  private resize = new ResizeObserver(() => fitAll([this]));

  connectedCallback() {
    super.connectedCallback();
    // An inline host has no box of its own to observe: its paragraph's width is what matters.
    this.resize.observe(this.parentElement ?? this);
    if (!loadedKatex()) {
      loadKatex().then(
        () => this.requestUpdate(),
        (e: Error) => this.holder && (this.holder.title = `KaTeX failed to load: ${e.message}`),
      );
    }
  }

  disconnectedCallback() {
    this.resize.disconnect();
    super.disconnectedCallback();
  }

  /** For an inline formula: is an unbreakable piece wider than its paragraph? (reads layout only) */
  measureWide(): boolean | undefined {
    const span = this.holder;
    if (!span || this.display) return undefined;
    const avail = (this.parentElement ?? this).clientWidth;
    let widest = 0;
    for (const b of span.querySelectorAll<HTMLElement>('.katex-html > .base')) widest = Math.max(widest, b.getBoundingClientRect().width);
    return avail > 0 && widest > avail;
  }

  /** Does the formula scroll inside itself? (reads layout only) */
  measureScroll(): boolean {
    return this.scrollWidth > this.clientWidth + 1 && (this.display || this.hasAttribute('wide'));
  }

  /** A scrolling formula is a focusable region, so the keyboard can scroll it (writes only). */
  markScroll(scrolls: boolean) {
    if (scrolls && !this.hasAttribute('tabindex')) {
      this.setAttribute('tabindex', '0');
      this.setAttribute('role', 'region');
      this.setAttribute('aria-label', this.tex);
    } else if (!scrolls && this.getAttribute('tabindex') === '0') {
      this.removeAttribute('tabindex');
      this.removeAttribute('role');
      this.removeAttribute('aria-label');
    }
  }

  private typeset(kit: KatexKit, span: HTMLSpanElement) {
    const root = this.renderRoot as ShadowRoot;
    if (!root.adoptedStyleSheets.includes(kit.sheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, kit.sheet];
    try {
      kit.katex.render(this.tex, span, {
        output: 'htmlAndMathml',
        displayMode: this.display,
        throwOnError: true,
        // Chinese words inside formulas are intended: no warnings for text in math mode.
        strict: 'ignore',
        trust: false,
      });
      span.className = 'formula';
      span.removeAttribute('title');
    } catch (e) {
      span.className = 'error';
      span.textContent = this.tex;
      span.title = (e as Error).message;
    }
  }

  protected updated(changes: PropertyValues) {
    super.updated(changes);
    const span = this.holder;
    if (!span) return;
    const kit = loadedKatex();
    const key = `${this.display}|${this.tex}`;
    if (!kit) {
      span.className = 'pending';
      span.textContent = this.tex;
      return;
    }
    if (key === this.drawn) return;
    this.drawn = key;
    this.typeset(kit, span);
    scheduleFit(this);
  }

  render() {
    // KaTeX owns this span's children; the template never binds inside it.
    return html`<span part="formula"></span>`;
  }
}

/**
 * Formulas typeset in one update are fitted together at the start of the next frame: all reads,
 * then all writes. Fitting each right after typesetting read layout in the middle of the update,
 * once per formula, each read after the previous one's writes: a slider step whose prose holds a
 * few live formulas spent ~4 ms in forced layouts (RoPE chapter, largest distance; BENCHMARKS.md).
 */
const waiting = new Set<PosencMath>();

function scheduleFit(m: PosencMath) {
  if (waiting.size === 0) requestAnimationFrame(fitWaiting);
  waiting.add(m);
}

function fitWaiting() {
  const all = [...waiting].filter((m) => m.isConnected);
  waiting.clear();
  fitAll(all);
}

/** Switches each formula to a scroll box only when some unbreakable piece is wider than the line. */
function fitAll(all: PosencMath[]) {
  const wide = all.map((m) => m.measureWide());
  all.forEach((m, i) => wide[i] !== undefined && m.toggleAttribute('wide', wide[i]));
  const scrolls = all.map((m) => m.measureScroll());
  all.forEach((m, i) => m.markScroll(scrolls[i]));
}
