import { html, nothing } from 'lit';

import '../plot/plot.js';
import type { Series } from '../plot/plot.js';
import { grouped } from '../shared/format-sci.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { SinusoidalTableFigure } from './table-figure.js';

/** The sine of a few pairs (fastest, next, a quarter, a half of the way, slowest) along the positions. */

/** The words of this figure, zh and en. */
const T = {
  wavelength: l('波长', 'wavelength'),
};

export class PosencDimensionCurves extends SinusoidalTableFigure {
  render() {
    const m = this.m,
      w = this.waves;
    if (!m || !w) return nothing;
    const D = this.dim;
    const pairs = [0, 1, Math.floor(D / 8), Math.floor(D / 4), D / 2 - 1].filter((v, i, a) => a.indexOf(v) === i);
    const xs = Array.from({ length: m.rows }, (_, i) => i);
    const wl = this.t(T.wavelength);
    const series: Series[] = pairs.map((i) => ({
      label: `i = ${i} (${wl} ${w[i] < 100 ? fmt(w[i], 1) : grouped(w[i])})`,
      x: xs,
      y: xs.map((p) => m.data[p * D + 2 * i]),
    }));
    return html`<posenc-plot
      id="curves"
      .series=${series}
      .yRange=${[-1.05, 1.05]}
      caption=${this.caption}
      xLabel="pos"
      yLabel="PE[pos, 2i] = sin(pos·ωᵢ)"
      .digits=${4}
    ></posenc-plot>`;
  }
}
