import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../plot/plot.js';
import type { Series } from '../plot/plot.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import type { PlotAnnotation as Annotation } from '../plot/plot.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';

type Shape = ReturnType<Analysis['pcaShape']>;

const QUARTERS = ['#2f62d8', '#0f9fb0', '#1e8a4c', '#b25d00'];

/**
 * The encodings of positions 0 … n−1 projected on their first two principal components, drawn in
 * order (each quarter of the positions in its own colour, first, middle and last marked), with
 * the share of variance the two components hold and how far the curve turns around its centre.
 */

/** The words of this figure, zh and en. */
const T = {
  positions: l('位置', 'positions'),
  firstPrincipalComponent: l('第一主成分', 'first principal component'),
  secondPrincipalComponent: l('第二主成分', 'second principal component'),
};

export class PosencPcaShape extends VisibleFigure {
  static styles = [tokens, figureHost];

  @property({ type: Number }) positions = 256;
  @property({ type: Number }) dim = 64;
  @property({ type: Number }) base = 10000;
  @property() caption = '';
  /**
   * The sentence the numbers make true, one per shape the core finds (analysis.pcaShape): `arch`
   * (turns < 0.9), `loop` (0.9 ≤ turns < 1.5), `coil` (more); {e1} {e2} {e12} {swept} {turns} {gap}
   * {step} {n} {d} filled.
   */
  @property() arch = '';
  @property() loop = '';
  @property() coil = '';

  @state() private s?: Shape;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'positions', 'dim', 'base')) return;
    this.s = this.pe.analysis.pcaShape(this.pe.sinusoidal({ positions: this.positions, dim: this.dim, base: this.base, precision: 64 }));
  }

  render() {
    const s = this.s;
    if (!s) return nothing;
    const n = s.coords.rows;
    const x = (r: number) => s.coords.data[2 * r],
      y = (r: number) => s.coords.data[2 * r + 1];
    const cut = [0, Math.floor(n / 4), Math.floor(n / 2), Math.floor((3 * n) / 4), n - 1];
    const range = this.t(T.positions);
    const series: Series[] = QUARTERS.map((color, q) => {
      const idx = Array.from({ length: cut[q + 1] - cut[q] + 1 }, (_, i) => cut[q] + i);
      return { label: `${range} ${cut[q]}–${cut[q + 1]}`, x: idx.map(x), y: idx.map(y), color };
    });
    const mid = cut[2];
    const ann: Annotation[] = [
      { kind: 'point', x: x(0), y: y(0), label: 'p₀', color: 'fg' },
      {
        kind: 'point',
        x: x(mid),
        y: y(mid),
        label: `p${String(mid)
          .split('')
          .map((d) => '₀₁₂₃₄₅₆₇₈₉'[Number(d)])
          .join('')}`,
        color: 'fg',
      },
      {
        kind: 'point',
        x: x(n - 1),
        y: y(n - 1),
        label: `p${String(n - 1)
          .split('')
          .map((d) => '₀₁₂₃₄₅₆₇₈₉'[Number(d)])
          .join('')}`,
        color: 'fg',
      },
    ];
    const e1 = s.explained[0] * 100,
      e2 = s.explained[1] * 100;
    const values = {
      e1: fmt(e1, 1),
      e2: fmt(e2, 1),
      e12: fmt(e1 + e2, 1),
      swept: fmt(Math.abs(s.sweptDeg), 0),
      turns: fmt(s.turns, 1),
      gap: fmt(s.endGap, 2),
      step: fmt(s.meanStep, 2),
      n,
      d: this.dim,
    };
    const sentence = s.shape === 'arch' ? this.arch : s.shape === 'loop' ? this.loop : this.coil;
    return html`<posenc-plot
        id="pca"
        .series=${series}
        .annotations=${ann}
        equal
        .height=${380}
        caption=${this.caption}
        xLabel=${this.t(T.firstPrincipalComponent)}
        yLabel=${this.t(T.secondPrincipalComponent)}
        .digits=${3}
      ></posenc-plot>
      <p
        id="pca-status"
        data-claim="pca"
        data-verdict=${s.shape}
        data-e1=${s.explained[0]}
        data-e2=${s.explained[1]}
        data-swept=${s.sweptDeg}
        data-gap=${s.endGap}
      >
        ${rich(fill(sentence, values))}
      </p>`;
  }
}
