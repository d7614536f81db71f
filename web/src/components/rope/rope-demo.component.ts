import { css, html, nothing, svg, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Matrix } from '../../lib/types.js';
import '../table/table.js';
import type { TableData } from '../table/table.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fill } from '../shared/figure.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import { Plane, planeStyles, sub } from './plane-draw.js';

type Demo = Record<'q' | 'k' | 'qRot' | 'kRot' | 'scores' | 'weights' | 'output' | 'dots' | 'claimed' | 'sinTerm', Matrix<Float64Array>>;

const Q_COLORS = ['#e74c3c', '#a93226', '#ff7f50'];
const K_COLORS = ['#3498db', '#1f618d', '#17a589'];

/**
 * Seed 004's demo code recomputed by the core (analysis.ropeDemo) and drawn as the seed's own plot
 * does: each token's Q and K before (dashed) and after (solid) its turn, then the attention weights
 * it prints, and 004's formula Q′ᵢ·K′ⱼ = cos(θᵢ − θⱼ)(Qᵢ·Kⱼ) against the true dot product.
 */

/** The words of this figure, zh and en. */
const T = {
  actualQK: l('实际 Q′ᵢ·K′ⱼ', 'actual Q′ᵢ·K′ⱼ'),
  n004SFormula: l('004 的式子', "004's formula"),
  sineTermIt: l('漏掉的正弦项', 'the sine term it drops'),
  tokenI: l('词 {i}', 'token {i}'),
  dimC: l('第 {c} 维', 'dim {c}'),
};

export class PosencRopeDemo extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    planeStyles,
    css`
      .row {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 1.5rem;
        align-items: flex-start;
        --posenc-plane-size: 19rem;
      }
      .tables {
        display: flex;
        flex-wrap: wrap;
        gap: 0 1.5rem;
      }
      figcaption {
        font-size: 0.85rem;
        color: var(--_muted);
      }
    `,
  ];

  /** Row-major {rows, cols, data}, as 004's code lists them. */
  @property({ attribute: false }) tokens?: Matrix;
  @property({ attribute: false }) wq?: Matrix;
  @property({ attribute: false }) wk?: Matrix;
  @property({ attribute: false }) anglesDeg: readonly number[] = [];
  @property() caption = '';
  @property() weightsCaption = '';
  @property() outputCaption = '';
  @property() claimCaption = '';

  @state() private d?: Demo;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'tokens', 'wq', 'wk', 'anglesDeg') || !this.tokens || !this.wq || !this.wk) return;
    this.d = this.pe.analysis.ropeDemo({ tokens: this.tokens, wq: this.wq, wk: this.wk, anglesDeg: this.anglesDeg });
  }

  render() {
    const d = this.d;
    if (!d) return nothing;
    const n = d.q.rows;
    const at = (m: Matrix, r: number, c: number) => m.data[r * m.cols + c];
    let extent = 1;
    for (const m of [d.q, d.k]) for (const v of m.data) extent = Math.max(extent, Math.abs(v));
    const pl = new Plane(extent * 1.2);
    const name = (i: number) => fill(this.t(T.tokenI), { i });
    const matrixTable = (m: Matrix, caption: string, id: string, col: (c: number) => string): TableData => ({
      caption,
      columns: ['', ...Array.from({ length: m.cols }, (_, c) => col(c))],
      rows: Array.from({ length: m.rows }, (_, r) => ({ head: name(r), cells: Array.from(m.data.subarray(r * m.cols, (r + 1) * m.cols)) })),
      digits: 4,
    });
    const claim: TableData = {
      caption: this.claimCaption,
      columns: ['', this.t(T.actualQK), this.t(T.n004SFormula), this.t(T.sineTermIt)],
      rows: Array.from({ length: n * n }, (_, t) => {
        const i = Math.floor(t / n),
          j = t % n;
        return { head: `Q′${sub(i)}·K′${sub(j)}`, cells: [at(d.dots, i, j), at(d.claimed, i, j), at(d.sinTerm, i, j)] };
      }),
      digits: 4,
    };
    return html`<div class="row">
        <figure>
          <svg class="plane" viewBox="-1 -1 2 2" role="img" aria-label=${this.caption}>
            ${pl.grid('x', 'y', false)}
            ${Array.from(
              { length: n },
              (_, i) => svg`
              ${pl.arrow(at(d.q, i, 0), at(d.q, i, 1), Q_COLORS[i % 3], { dash: true })}
              ${pl.arrow(at(d.k, i, 0), at(d.k, i, 1), K_COLORS[i % 3], { dash: true })}
              ${pl.arrow(at(d.qRot, i, 0), at(d.qRot, i, 1), Q_COLORS[i % 3], { label: `Q${sub(i)} (${this.anglesDeg[i]}°)`, width: 0.022 })}
              ${pl.arrow(at(d.kRot, i, 0), at(d.kRot, i, 1), K_COLORS[i % 3], { label: `K${sub(i)} (${this.anglesDeg[i]}°)`, width: 0.018 })}`,
            )}
          </svg>
          <figcaption>${rich(this.caption)}</figcaption>
        </figure>
        <div class="tables">
          <posenc-table id="demo-weights" .data=${matrixTable(d.weights, this.weightsCaption, 'demo-weights', (c) => name(c))}></posenc-table>
          <posenc-table id="demo-output" .data=${matrixTable(d.output, this.outputCaption, 'demo-output', (c) => fill(this.t(T.dimC), { c }))}></posenc-table>
        </div>
      </div>
      <posenc-table id="demo-claim" .data=${claim}></posenc-table>`;
  }
}
