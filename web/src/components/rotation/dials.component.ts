import { html, LitElement, svg } from 'lit';
import { property } from 'lit/decorators.js';

import { fmt } from '../shared/format.js';
import { dialsStyles } from './dials.styles.js';

/** Tick marks at 0°, 90°, 180°, 270° (0° longer: where every hand starts at m = 0). */
const QUADRANTS = [0, 1, 2, 3].map(
  (k) => svg`<line x1=${Math.cos((k * Math.PI) / 2) * (k ? 0.8 : 0.7)} y1=${-Math.sin((k * Math.PI) / 2) * (k ? 0.8 : 0.7)}
    x2=${Math.cos((k * Math.PI) / 2)} y2=${-Math.sin((k * Math.PI) / 2)} stroke-width="0.06" style="stroke:var(--_muted)"></line>`,
);

/**
 * One dial per frequency pair: the hand points at the pair's angle m·θ_i. At the same m the fast
 * pairs have spun many turns and the slow ones barely moved, which is the whole idea of the
 * frequency ladder. Each dial's angle is also written under it (and is its accessible name).
 *
 * @attr label - what one dial is, e.g. "pair"
 * @prop {ArrayLike<number>} angles - angle of each pair, radians
 */
export class PosencDials extends LitElement {
  static styles = dialsStyles;

  /** Angle of each pair, radians. */
  @property({ attribute: false }) angles: ArrayLike<number> = [];
  @property() label = 'pair';

  render() {
    return html`<div class="row" role="list">
      ${Array.from(this.angles, (a, i) => {
        const deg = ((((a * 180) / Math.PI) % 360) + 360) % 360;
        return html`<div class="dial" role="listitem" aria-label=${`${this.label} ${i}: ${fmt(deg, 1)}°`}>
          <svg viewBox="-1.1 -1.1 2.2 2.2" aria-hidden="true">
            <circle r="1" fill="none" stroke-width="0.06" style="stroke:var(--_line)"></circle>
            ${QUADRANTS}
            ${svg`<line x1="0" y1="0" x2=${Math.cos(a) * 0.9} y2=${-Math.sin(a) * 0.9} stroke-width="0.14" stroke-linecap="round" style="stroke:var(--_accent)"></line>`}
          </svg>
          <div>i=${i}</div>
          <div>${fmt(deg, 1)}°</div>
        </div>`;
      })}
    </div>`;
  }
}
