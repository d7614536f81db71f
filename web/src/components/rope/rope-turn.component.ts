import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { ShownAngle } from '../../lib/internal-types.js';
import { fill, PosencFigure } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import { ANGLE_COLOR, Plane, planeStyles, Q_COLOR } from './plane-draw.js';

/**
 * One vector turned by one angle (seed 004's 90° and 30° examples): before (dashed), after (solid),
 * the arc with its value, and which way it turned, from the sign of x × x′ (computed by the core).
 */
export class PosencRopeTurn extends PosencFigure {
  static styles = [
    tokens,
    figureHost,
    planeStyles,
    css`
      :host {
        display: inline-block;
        vertical-align: top;
        margin-right: 1.5rem;
        --posenc-plane-size: 13rem;
      }
      figcaption,
      .facts {
        font-size: 0.85rem;
      }
      .facts {
        font-family: var(--_mono);
      }
    `,
  ];

  @property({ attribute: false }) vector: readonly number[] = [1, 0];
  @property({ type: Number }) angle = 90;
  @property() caption = '';
  @property() name = 'v';
  /** Sentence for x × x′ > 0 / < 0; {cross} is filled in. */
  @property() ccw = '';
  @property() cw = '';

  @state() private r?: { rotated: Float64Array; angle: ShownAngle; cross: number };

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'vector', 'angle')) return;
    this.r = this.pe.analysis.ropeTurn({ x: this.vector, angleDeg: this.angle });
  }

  render() {
    const r = this.r;
    if (!r) return nothing;
    const pl = new Plane(1.3);
    const [x, y] = this.vector;
    const from = Math.atan2(y, x);
    return html`<figure>
      <svg class="plane" viewBox="-1 -1 2 2" role="img" aria-label=${this.caption}>
        ${pl.grid()} ${pl.arrow(x, y, Q_COLOR, { dash: true, label: this.name, labelDy: 0.09 })}
        ${pl.arc(from, (r.angle.degrees * Math.PI) / 180, 0.32, ANGLE_COLOR, `${fmt(r.angle.degrees, 0)}°`, { width: 0.018, labelR: 0.45 })}
        ${pl.arrow(r.rotated[0], r.rotated[1], Q_COLOR, { label: `${this.name}′`, width: 0.028 })}
      </svg>
      <figcaption>${rich(this.caption)}</figcaption>
      <div class="facts">
        ${this.name} = (${fmt(x, 2)}, ${fmt(y, 2)}) → ${this.name}′ = (${fmt(r.rotated[0], 4)}, ${fmt(r.rotated[1], 4)})
      </div>
      <div class="facts">${fill(r.cross > 0 ? this.ccw : this.cw, { cross: fmt(r.cross, 3) })}</div>
    </figure>`;
  }
}
