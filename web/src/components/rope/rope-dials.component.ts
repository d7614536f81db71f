import { css, html, nothing, svg, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';

/**
 * One dial per pair of dimensions at position m: the hand points at m·θ_i, printed reduced to
 * (−180°, 180°] with the whole turns it has made before (from analysis.ropeAngles, float64).
 */
export class PosencRopeDials extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.35rem;
      }
      .dial {
        text-align: center;
        font-family: var(--_mono);
        font-size: 0.68rem;
        color: var(--_muted);
        width: 4.6rem;
      }
      .dial .turns {
        color: var(--_accent-2);
      }
      svg {
        width: 3.4rem;
        height: 3.4rem;
      }
      figcaption {
        font-size: 0.85rem;
        color: var(--_muted);
        margin-bottom: 0.3rem;
      }
    `,
  ];

  @property({ type: Number }) dim = 8;
  @property({ type: Number }) base = 10000;
  @property({ type: Number }) m = 2;
  @property() caption = '';
  @property() pairLabel = 'pair';
  @property() turnWord = 'turns';

  @state() private a?: Record<'theta' | 'radians' | 'degrees' | 'turns' | 'cos' | 'sin', Float64Array>;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'dim', 'base', 'm')) return;
    const inv = this.pe.inverseFrequencies({ dim: this.dim, base: this.base }).invFreq;
    this.a = this.pe.analysis.ropeAngles({ invFreq: inv, position: this.m });
  }

  render() {
    const a = this.a;
    if (!a) return nothing;
    return html`<figure>
      <figcaption>${rich(this.caption)}</figcaption>
      <div class="row" role="list">
        ${Array.from(a.degrees, (deg, i) => {
          const turns = a.turns[i];
          // linked formula terms: every plane by its index, the last one also as planeLast (R(mθ_{d/2−1}))
          const term = `plane${i}${i === a.degrees.length - 1 ? ' planeLast' : ''}`;
          return html`<div class="dial" data-term=${term} role="listitem" aria-label=${`${this.pairLabel} ${i}: ${fmt(deg, 1)}°, ${turns} ${this.turnWord}`}>
            <svg viewBox="-1.1 -1.1 2.2 2.2" aria-hidden="true">
              <circle r="1" fill="none" stroke-width="0.06" style="stroke:var(--_line)"></circle>
              <line x1="0" y1="0" x2="0.95" y2="0" stroke-width="0.04" style="stroke:var(--_line)"></line>
              ${svg`<line x1="0" y1="0" x2=${a.cos[i] * 0.9} y2=${-a.sin[i] * 0.9} stroke-width="0.14" stroke-linecap="round" style="stroke:var(--_accent)"></line>`}
            </svg>
            <div>i=${i}</div>
            <div>${fmt(deg, 1)}°</div>
            <div class="turns">${turns ? `${turns > 0 ? '+' : '−'}${Math.abs(turns)} ${Math.abs(turns) === 1 && this.turnWord === 'turns' ? 'turn' : this.turnWord}` : '\u00a0'}</div>
          </div>`;
        })}
      </div>
    </figure>`;
  }
}
