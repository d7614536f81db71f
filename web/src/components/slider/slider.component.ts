import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';

import { fmtExact } from '../shared/format.js';
import { rich } from '../shared/text.js';
import { logGrid, nearestIndex, snapToStep } from './log-grid.js';
import { sliderStyles } from './slider.styles.js';

/**
 * A labelled number control: a range slider and a number box that stay in step.
 *
 * With `scale="log"` the thumb moves in log space over a grid of round values (1, 1.2, 1.5, 2,
 * 2.5, 3, 4, 5, 6, 8 × 10ᵏ, snapped to `step`), for ranges like base 2…100000 or Δ up to 10⁵;
 * the number box takes and shows any exact value. ←/→ move one grid value, PageUp/PageDown about
 * a decade, Home/End the ends.
 *
 * @attr label - what the value is; `$…$` is typeset as in the page's prose (a symbol such as
 *   $n_{max}$ reads as one, not as the identifier n_max), `…` shows code
 * @attr min - smallest value
 * @attr max - largest value
 * @attr step - values are multiples of step (from min in linear mode)
 * @attr value - the current value
 * @attr scale - linear (default) or log
 * @attr unit - shown after the number box, e.g. "tokens"
 * @fires posenc-input - detail { value, commit }: commit is false while dragging, true on release
 *   or when the number box changes (the page records committed values in history).
 * @csspart range - the range input
 * @csspart number - the number box
 */
export class PosencSlider extends LitElement {
  static styles = sliderStyles;

  @property() label = '';
  @property({ type: Number }) min = 0;
  @property({ type: Number }) max = 100;
  @property({ type: Number }) step = 1;
  @property({ type: Number }) value = 0;
  @property() scale: 'linear' | 'log' = 'linear';
  @property() unit = '';

  private grid: number[] = [];

  protected willUpdate(changes: PropertyValues) {
    if (
      this.scale === 'log' &&
      (changes.has('min') || changes.has('max') || changes.has('step') || changes.has('scale') || !this.grid.length)
    ) {
      this.grid = logGrid(this.min, this.max, this.step);
    }
  }

  private emit(value: number, commit: boolean) {
    if (!Number.isFinite(value)) return;
    let v = Math.min(this.max, Math.max(this.min, value));
    if (this.scale === 'log') v = Math.min(this.max, Math.max(this.min, snapToStep(v, this.step)));
    this.value = v;
    this.dispatchEvent(new CustomEvent('posenc-input', { detail: { value: v, commit }, bubbles: true, composed: true }));
  }

  private fromRange(e: Event): number {
    const raw = Number((e.target as HTMLInputElement).value);
    return this.scale === 'log' ? this.grid[Math.round(raw)] : raw;
  }

  /** PageUp/PageDown in log mode: about one decade of the grid (ten values). */
  private onRangeKey(e: KeyboardEvent) {
    if (this.scale !== 'log' || (e.key !== 'PageUp' && e.key !== 'PageDown')) return;
    e.preventDefault();
    const i = nearestIndex(this.grid, this.value);
    const j = Math.max(0, Math.min(this.grid.length - 1, i + (e.key === 'PageUp' ? 10 : -10)));
    this.emit(this.grid[j], true);
  }

  render() {
    const log = this.scale === 'log';
    // Wide enough for the longest value plus Chromium's spin buttons, and no wider.
    const chars = Math.min(12, Math.max(3, String(this.min).length, String(this.max).length, String(this.value).length));
    const shown = `${fmtExact(this.value)}${this.unit ? ` ${this.unit}` : ''}`;
    return html`<label for="r" id="l">${rich(this.label)}</label>
      <div class="row">
        <input
          id="r"
          part="range"
          type="range"
          .min=${log ? '0' : String(this.min)}
          .max=${log ? String(this.grid.length - 1) : String(this.max)}
          .step=${log ? '1' : String(this.step)}
          .value=${log ? String(nearestIndex(this.grid, this.value)) : String(this.value)}
          aria-valuetext=${shown}
          @input=${(e: Event) => this.emit(this.fromRange(e), false)}
          @change=${(e: Event) => this.emit(this.fromRange(e), true)}
          @keydown=${this.onRangeKey}
        />
        <input
          type="number"
          part="number"
          aria-labelledby="l"
          style=${`width:calc(${chars}ch + 1.6em)`}
          .min=${String(this.min)}
          .max=${String(this.max)}
          .step=${log ? 'any' : String(this.step)}
          .value=${String(this.value)}
          @change=${(e: Event) => this.emit(Number((e.target as HTMLInputElement).value), true)}
        />
        ${this.unit ? html`<span class="unit">${this.unit}</span>` : nothing}
      </div>`;
  }
}
