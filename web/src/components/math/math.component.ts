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

  protected createRenderRoot() {
    return this.attachShadow({ mode: 'open' });
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
  }

  render() {
    return null;
  }
}
