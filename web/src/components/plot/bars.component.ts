import { css, html, LitElement, svg } from 'lit';
import { property } from 'lit/decorators.js';

import { fmt } from '../shared/format.js';
import { tokens } from '../shared/theme.js';

export interface Bar {
  label: string;
  value: number;
}

/** Horizontal bars with their values written out (a chart that is also readable as text). */
export class PosencBars extends LitElement {
  static styles = [
    tokens,
    css`
      :host {
        display: block;
        max-width: 40rem;
        margin: 0.6rem 0;
      }
      figcaption {
        font-size: 0.85rem;
        color: var(--_muted);
      }
      svg {
        width: 100%;
        height: auto;
      }
      text {
        font-size: 12px;
        font-family: var(--_mono);
        fill: var(--_fg);
      }
    `,
  ];

  @property({ attribute: false }) bars: Bar[] = [];
  @property() caption = '';
  @property() unit = '×';

  render() {
    const max = Math.max(1, ...this.bars.map((b) => b.value));
    const rowH = 24, W = 600, left = 260;
    return html`<figure>
      <figcaption>${this.caption}</figcaption>
      <svg viewBox=${`0 0 ${W} ${this.bars.length * rowH + 4}`} role="img" aria-label=${`${this.caption}: ${this.bars.map((b) => `${b.label} ${fmt(b.value, 1)}${this.unit}`).join('; ')}`}>
        ${this.bars.map((b, i) => {
          const w = ((W - left - 60) * b.value) / max;
          return svg`<text x=${left - 6} y=${i * rowH + 16} text-anchor="end">${b.label}</text>
            <rect x=${left} y=${i * rowH + 4} width=${Math.max(1, w)} height=${rowH - 8} rx="3" style="fill:var(--_accent)"></rect>
            <text x=${left + w + 6} y=${i * rowH + 16}>${fmt(b.value, 1)}${this.unit}</text>`;
        })}
      </svg>
    </figure>`;
  }
}
