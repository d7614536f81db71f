import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, query } from 'lit/decorators.js';

import { type KatexKit, loadedKatex, loadKatex } from './katex-loader.js';
import { mathStyles } from './math.styles.js';
import { statements } from './statements.js';

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
 * Linked terms: a part of the TeX written `\htmlData{term=ID}{…}` is a term. Pointing at it (mouse
 * hover; a tap on a phone pins it, a second tap unpins) lights it and sends `posenc-term` with its
 * id, so the figure beside the formula can light what the term draws (the chapter renderer passes
 * it on as the figures' `highlight`). The terms are also buttons under the formula, named by
 * `terms`: KaTeX's visual copy is hidden from assistive technology, so the keyboard reaches the
 * terms there (focus lights a term, Enter or Space pins it).
 *
 * @attr tex - the TeX source
 * @attr display - block (display) style
 * @csspart formula - the element KaTeX renders into
 * @fires posenc-term - detail { term: string | null }: the term pointed at, or none
 */
export class PosencMath extends LitElement {
  static styles = mathStyles;

  @property() tex = '';
  @property({ type: Boolean, reflect: true }) display = false;
  /** The linked terms, in order, with their names (the buttons under the formula). */
  @property({ attribute: false }) terms: readonly { id: string; label: string }[] = [];
  /** Words before the term buttons. */
  @property() termsLabel = '';

  /** The term under the mouse, the focused button's term, and the term pinned by a tap or a press. */
  private hovered: string | null = null;
  private focused: string | null = null;
  private pinned: string | null = null;
  private lit: string | null = null;

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
    const options = {
      output: 'htmlAndMathml' as const,
      displayMode: this.display,
      throwOnError: true,
      // Chinese words inside formulas are intended: no warnings for text in math mode.
      strict: 'ignore' as const,
      // Only \htmlData, for linked terms: no links, classes, styles or ids from TeX.
      trust: (ctx: { command: string }) => ctx.command === '\\htmlData',
    };
    const parts = this.display ? statements(this.tex) : [this.tex];
    try {
      if (parts.length > 1) {
        // each statement typeset on its own, side by side while they fit (the gap is the \qquad),
        // one under another on a narrow screen
        const boxes = parts.map((tex) => {
          const box = document.createElement('span');
          box.className = 'statement';
          kit.katex.render(tex, box, options);
          return box;
        });
        span.replaceChildren(...boxes);
        span.className = 'formula statements';
      } else {
        kit.katex.render(this.tex, span, options);
        span.className = 'formula';
      }
      span.removeAttribute('title');
      this.showLit();
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

  /** The term now shown: what the pointer or the keyboard is on, else the pinned one. */
  private relight() {
    const now = this.hovered ?? this.focused ?? this.pinned;
    if (now === this.lit) return this.requestUpdate();
    this.lit = now;
    this.showLit();
    this.requestUpdate();
    this.dispatchEvent(new CustomEvent('posenc-term', { detail: { term: now }, bubbles: true, composed: true }));
  }

  private showLit() {
    for (const el of this.holder?.querySelectorAll<HTMLElement>('[data-term]') ?? [])
      el.classList.toggle('lit', el.dataset.term === this.lit);
  }

  private termAt(e: Event): string | null {
    const el = (e.target as Element | null)?.closest?.('[data-term]') as HTMLElement | null;
    return el?.dataset.term ?? null;
  }

  private onOver = (e: PointerEvent) => {
    // A touch "hovers" only for the length of a tap: taps pin instead (onTap).
    if (e.pointerType !== 'mouse' && e.pointerType !== 'pen') return;
    this.hovered = this.termAt(e);
    this.relight();
  };

  private onOut = () => {
    if (this.hovered === null) return;
    this.hovered = null;
    this.relight();
  };

  private onTap = (e: Event) => {
    const term = this.termAt(e);
    if (!term) return;
    this.pinned = this.pinned === term ? null : term;
    this.relight();
  };

  private button(t: { id: string; label: string }) {
    return html`<button
      type="button"
      class=${t.id === this.lit ? 'term lit' : 'term'}
      data-term-button=${t.id}
      aria-pressed=${t.id === this.pinned ? 'true' : 'false'}
      @focus=${() => {
        this.focused = t.id;
        this.relight();
      }}
      @blur=${() => {
        this.focused = null;
        this.relight();
      }}
      @pointerenter=${(e: PointerEvent) => e.pointerType === 'mouse' && ((this.hovered = t.id), this.relight())}
      @pointerleave=${this.onOut}
      @click=${() => {
        this.pinned = this.pinned === t.id ? null : t.id;
        this.relight();
      }}
    >
      ${t.label}
    </button>`;
  }

  render() {
    // KaTeX owns this span's children; the template never binds inside it.
    const linked = this.terms.length > 0;
    return html`<span part="formula" @pointerover=${linked ? this.onOver : nothing} @pointerleave=${linked ? this.onOut : nothing} @click=${linked ? this.onTap : nothing}></span>${
      linked
        ? html`<div class="terms" role="group" aria-label=${this.termsLabel}>
          <span class="terms-label" aria-hidden="true">${this.termsLabel}</span>
          ${this.terms.map((t) => this.button(t))}
        </div>`
        : nothing
    }`;
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
