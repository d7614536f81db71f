import { html, nothing } from 'lit';

import '../heatmap/heatmap-view.js';
import type { HeatmapAnnotation } from '../heatmap/heatmap-view.js';
import { fmt } from '../shared/format.js';
import { grouped } from '../shared/format-sci.js';
import { l } from '../shared/i18n.js';
import { SinusoidalTableFigure } from './table-figure.js';

/**
 * The whole encoding PE[pos, dimension] as a heatmap (float32 from the SIMD kernel: enough to
 * draw), colour fixed to −1 … 1. Columns on the left are the fast pairs, on the right the slow ones.
 */

/** The words of this figure, zh and en. */
const T = {
  wavelength: l('波长', 'wavelength'),
  dimension: l('维度', 'dimension'),
  valuesAsTable: l('以表格显示数值', 'Values as a table'),
};

export class PosencPeHeatmap extends SinusoidalTableFigure {
  render() {
    if (!this.m || !this.waves) return nothing;
    const w = this.waves,
      last = w.length - 1,
      rows = this.m.rows;
    const wl = this.t(T.wavelength);
    const ann: HeatmapAnnotation[] = [
      { kind: 'rect', row0: 0, col0: 0, row1: rows - 1, col1: 1, label: `i = 0, ${wl} ${fmt(w[0], 2)}`, color: 'accent' },
      {
        kind: 'rect',
        row0: 0,
        col0: 2 * last,
        row1: rows - 1,
        col1: 2 * last + 1,
        label: `i = ${last}, ${wl} ${grouped(w[last])}`,
        color: 'accent2',
      },
    ];
    return html`<posenc-heatmap-view
      .annotations=${ann}
      id="pe-heatmap"
      .matrix=${this.m}
      caption=${this.caption}
      rowAxis="pos"
      colAxis=${this.t(T.dimension)}
      colormap="diverging"
      .lo=${-1}
      .hi=${1}
      .size=${420}
      tableLabel=${this.t(T.valuesAsTable)}
    ></posenc-heatmap-view>`;
  }
}
