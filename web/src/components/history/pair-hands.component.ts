import { css, html, nothing, type PropertyValues, svg } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import type { Matrix } from '../../lib/types.js';
import '../heatmap/heatmap-view.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import { sci } from '../shared/format-sci.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';

type Hands = ReturnType<Analysis['pairHands']>;

const sub = (i: number) =>
  String(i)
    .split('')
    .map((d) => '₀₁₂₃₄₅₆₇₈₉'[Number(d)])
    .join('');

/**
 * Every (sin, cos) pair of PE(pos) as a clock hand: drawn with PE[2i] = sin across and
 * PE[2i+1] = cos up, pair i starts at 12 o'clock at pos 0 and turns clockwise by ω_i per position.
 * With k > 0 the hand at pos (dashed) and at pos + k (solid) are joined by the arc kω_i: the shift
 * PE(pos+k) = M_k·PE(pos) is one rotation per pair. Optionally M_k itself as a heatmap.
 */

/** The words of this figure, zh and en. */
const T = {
  turnedK: l('转过的角度 kω', 'turned by kω'),
  outputDim: l('输出维', 'output dim'),
  inputDim: l('输入维', 'input dim'),
  valuesAsTable: l('以表格显示数值', 'Values as a table'),
};

export class PosencPairHands extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      figure {
        margin: 0;
      }
      figcaption {
        font-size: 0.85rem;
        color: var(--_muted);
        margin-bottom: 0.3rem;
      }
      .dials {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 0.6rem;
      }
      .dial {
        width: 6.2rem;
        text-align: center;
        font-family: var(--_mono);
        font-size: 0.7rem;
        color: var(--_muted);
      }
      .dials.small .dial {
        width: 4.6rem;
      }
      svg {
        width: 100%;
        height: auto;
        display: block;
      }
      .turn {
        color: var(--_warn);
      }
      .key {
        display: flex;
        flex-wrap: wrap;
        gap: 0.2rem 1rem;
        font-size: 0.8rem;
        margin-top: 0.3rem;
      }
      .key span::before {
        content: '';
        display: inline-block;
        width: 1.4rem;
        height: 0;
        border-top: 3px solid var(--c);
        vertical-align: middle;
        margin-right: 0.3rem;
      }
      .key .dashed::before {
        border-top-style: dashed;
      }
      .matrix {
        margin-top: 0.6rem;
      }
    `,
  ];

  @property({ type: Number }) pos = 0;
  @property({ type: Number }) k = 0;
  @property({ type: Number }) dim = 8;
  @property({ type: Number }) base = 10000;
  @property() caption = '';
  /** Sentence under the dials; {pos} {k} {err} {gap} filled. */
  @property() sentence = '';
  /** Also show M_k (exact, block-diagonal, from the core) as a heatmap. */
  @property({ type: Boolean }) matrix = false;
  @property() matrixCaption = '';

  @state() private hands?: Hands;
  @state() private omegas?: Float64Array;
  @state() private mk?: Matrix<Float64Array>;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'pos', 'k', 'dim', 'base', 'matrix')) return;
    this.hands = this.pe.analysis.pairHands({ pos: this.pos, k: this.k, dim: this.dim, base: this.base });
    if (this.changedAny(changed, 'dim', 'base')) this.omegas = this.pe.inverseFrequencies({ dim: this.dim, base: this.base }).invFreq;
    // M_k on (sin, cos) pairs is R(−kω_i) per pair: the block-diagonal rotation of RoPE at position −k.
    if (this.matrix && this.changedAny(changed, 'k', 'dim', 'base', 'matrix')) {
      this.mk = this.pe.rotationMatrix({ dim: this.dim, position: -this.k, base: this.base });
    }
  }

  private dial(i: number) {
    const h = this.hands!,
      w = this.omegas![i];
    const x0 = h.at[2 * i],
      y0 = h.at[2 * i + 1],
      x1 = h.shifted[2 * i],
      y1 = h.shifted[2 * i + 1];
    const shift = this.k !== 0;
    const r = 0.5;
    const a0 = (h.angleDeg[i] * Math.PI) / 180,
      a1 = (h.shiftedDeg[i] * Math.PI) / 180;
    const turn = h.turnDeg[i],
      whole = Math.floor(Math.abs(h.turns[i]));
    const rest = ((turn % 360) + 360) % 360;
    // Clockwise on screen is SVG's positive sweep (y points down).
    const arc = `M${r * Math.sin(a0)},${-r * Math.cos(a0)} A${r},${r} 0 ${rest > 180 ? 1 : 0} 1 ${r * Math.sin(a1)},${-r * Math.cos(a1)}`;
    const label = `i = ${i}, ω${sub(i)} = ${fmt(w, w >= 0.01 ? 3 : 6)}`;
    return html`<div class="dial" role="img" aria-label=${`${label}; ${fmt(h.shiftedDeg[i], 1)}°`}>
      <svg viewBox="-1.25 -1.3 2.5 2.55">
        <circle r="1" fill="none" stroke-width="0.05" style="stroke:var(--_line)"></circle>
        <line x1="0" y1="-1" x2="0" y2="-1.18" stroke-width="0.06" style="stroke:var(--_muted)"></line>
        ${
          shift
            ? svg`<line x1="0" y1="0" x2=${x0} y2=${-y0} stroke-width="0.07" stroke-dasharray="0.12 0.08" style="stroke:var(--_muted)"></line>
              ${whole > 0 ? svg`<circle r=${r} fill="none" stroke-width="0.05" stroke-dasharray="0.06 0.06" style="stroke:var(--_warn)"></circle>` : nothing}
              ${rest > 0.05 ? svg`<path d=${arc} fill="none" stroke-width="0.07" style="stroke:var(--_warn)"></path>` : nothing}`
            : nothing
        }
        <line x1="0" y1="0" x2=${x1} y2=${-y1} stroke-width="0.1" stroke-linecap="round" style="stroke:var(--_accent)"></line>
        <circle cx=${x1} cy=${-y1} r="0.09" style="fill:var(--_accent)"><title>(${fmt(x1, 4)}, ${fmt(y1, 4)})</title></circle>
      </svg>
      <div>i = ${i}</div>
      <div>${fmt(h.shiftedDeg[i], 1)}°</div>
      ${shift ? html`<div class="turn">+${whole > 0 ? `${whole}×360° + ` : ''}${fmt(rest, 1)}°</div>` : nothing}
    </div>`;
  }

  render() {
    const h = this.hands;
    if (!h || !this.omegas) return nothing;
    const half = this.dim / 2;
    const shift = this.k !== 0;
    const values = { pos: this.pos, k: this.k, to: this.pos + this.k, err: sci(h.rotationError) };
    return html`<figure>
      <figcaption>${fill(this.caption, values)}</figcaption>
      <div class=${half > 8 ? 'dials small' : 'dials'}>${Array.from({ length: half }, (_, i) => this.dial(i))}</div>
      <div class="key">
        ${shift ? html`<span class="dashed" style="--c:var(--_muted)">PE(${this.pos})</span>` : nothing}
        <span style="--c:var(--_accent)">PE(${this.pos + this.k})</span>
        ${shift ? html`<span style="--c:var(--_warn)">${this.t(T.turnedK)}</span>` : nothing}
      </div>
      ${this.sentence ? html`<p id="hands-status" data-error=${h.rotationError}>${rich(fill(this.sentence, values))}</p>` : nothing}
      ${
        this.matrix && this.mk
          ? html`<div class="matrix">
            <posenc-heatmap-view
              id="mk"
              .matrix=${this.mk}
              caption=${fill(this.matrixCaption, values)}
              rowAxis=${this.t(T.outputDim)}
              colAxis=${this.t(T.inputDim)}
              colormap="diverging"
              .lo=${-1}
              .hi=${1}
              .size=${200}
              tableLabel=${this.t(T.valuesAsTable)}
            ></posenc-heatmap-view>
          </div>`
          : nothing
      }
    </figure>`;
  }
}
