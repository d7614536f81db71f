import { css, html, LitElement } from 'lit';
import { property } from 'lit/decorators.js';

import { tokens } from '../shared/theme.js';

/**
 * A labelled number control: a range slider and a number box that stay in step.
 *
 * @event posenc-input - detail { value, commit }: commit is false while dragging, true on release
 *   or when the number box changes (the page records committed values in history).
 */
export class PosencSlider extends LitElement {
  static styles = [
    tokens,
    css`
      :host {
        display: inline-flex;
        flex-direction: column;
        gap: 0.2rem;
        min-width: 11rem;
        flex: 1 1 11rem;
        max-width: 22rem;
      }
      label {
        font-size: 0.85rem;
        color: var(--_muted);
      }
      .row {
        display: flex;
        align-items: center;
        gap: 0.5rem;
      }
      input[type='range'] {
        flex: 1;
        min-width: 6rem;
        accent-color: var(--_accent);
        height: 1.6rem;
      }
      input[type='number'] {
        width: 5.5rem;
        font: inherit;
        font-family: var(--_mono);
        padding: 0.2rem 0.3rem;
        border: 1px solid var(--_line);
        border-radius: 4px;
        background: var(--_bg);
        color: var(--_fg);
      }
    `,
  ];

  @property() label = '';
  @property({ type: Number }) min = 0;
  @property({ type: Number }) max = 100;
  @property({ type: Number }) step = 1;
  @property({ type: Number }) value = 0;

  private emit(value: number, commit: boolean) {
    if (!Number.isFinite(value)) return;
    const v = Math.min(this.max, Math.max(this.min, value));
    this.value = v;
    this.dispatchEvent(new CustomEvent('posenc-input', { detail: { value: v, commit }, bubbles: true, composed: true }));
  }

  render() {
    return html`<label for="r">${this.label}</label>
      <div class="row">
        <input
          id="r"
          type="range"
          .min=${String(this.min)}
          .max=${String(this.max)}
          .step=${String(this.step)}
          .value=${String(this.value)}
          @input=${(e: Event) => this.emit(Number((e.target as HTMLInputElement).value), false)}
          @change=${(e: Event) => this.emit(Number((e.target as HTMLInputElement).value), true)}
        />
        <input
          type="number"
          aria-label=${this.label}
          .min=${String(this.min)}
          .max=${String(this.max)}
          .step=${String(this.step)}
          .value=${String(this.value)}
          @change=${(e: Event) => this.emit(Number((e.target as HTMLInputElement).value), true)}
        />
      </div>`;
  }
}
