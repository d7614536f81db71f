import katex from 'katex';
import { css, LitElement } from 'lit';
import { property } from 'lit/decorators.js';

/**
 * A formula, typeset by KaTeX as MathML: the browser draws it natively, so no fonts or stylesheet
 * have to reach inside shadow roots or be fetched from anywhere.
 *
 * @attr tex - the TeX source
 * @attr display - block (display) style
 */
export class PosencMath extends LitElement {
  static styles = css`
    :host {
      display: inline;
    }
    /* Long inline formulas may not push the page wider than a phone: they scroll in place. */
    :host(:not([display])) {
      display: inline-block;
      max-width: 100%;
      overflow-x: auto;
      overflow-y: hidden;
      vertical-align: bottom;
    }
    :host([display]) {
      display: block;
      margin: 0.6em 0;
      overflow-x: auto;
      overflow-y: hidden;
      text-align: center;
    }
    math {
      font-size: 1.08em;
    }
    .error {
      color: var(--posenc-warn, #b25d00);
      font-family: monospace;
    }
  `;

  @property() tex = '';
  @property({ type: Boolean, reflect: true }) display = false;

  private resize = new ResizeObserver(() => this.markScrollable());

  connectedCallback() {
    super.connectedCallback();
    this.resize.observe(this);
  }

  disconnectedCallback() {
    this.resize.disconnect();
    super.disconnectedCallback();
  }

  /** A formula wider than its box scrolls, so it must be reachable with the keyboard. */
  private markScrollable() {
    const scrolls = this.scrollWidth > this.clientWidth + 1;
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

  protected updated() {
    const root = this.renderRoot as ShadowRoot;
    const holder = document.createElement('span');
    try {
      katex.render(this.tex, holder, { output: 'mathml', displayMode: this.display, throwOnError: true, strict: 'ignore' });
    } catch (e) {
      holder.className = 'error';
      holder.textContent = this.tex;
      holder.title = (e as Error).message;
    }
    root.querySelector('span')?.remove();
    root.append(holder);
    this.markScrollable();
  }

  render() {
    return null;
  }
}
