import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../heatmap/heatmap-view.js';
import type { HeatmapAnnotation } from '../heatmap/heatmap-view.js';
import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { grouped } from '../shared/format-sci.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { SinusoidalTableFigure } from './table-figure.js';

/**
 * The whole encoding PE[pos, dimension] as a heatmap (float32 from the SIMD kernel: enough to
 * draw), colour fixed to −1 … 1. Columns on the left are the fast pairs, on the right the slow ones.
 * The columns stretch so a tall table is still wide enough to read. A dashed line marks where each
 * pair's hand completes its first quarter turn (pos = λᵢ/4, analysis.heatmapTurns): the curved
 * edge the picture shows, explained under it with the pairs that never get there in these rows.
 */

/** The words of this figure, zh and en. */
const T = {
  wavelength: l('波长', 'wavelength'),
  dimension: l('维度', 'dimension'),
  valuesAsTable: l('以表格显示数值', 'Values as a table'),
};

export class PosencPeHeatmap extends SinusoidalTableFigure {
  /** Label of the dashed quarter-turn line. */
  @property() quarterLabel = '';
  /**
   * The sentence under the heatmap: `stillText` when some pairs never finish a quarter turn within
   * the rows, `allTurnText` when every pair does; {n} {still} {first} {firstDim} {pairs} filled.
   */
  @property() stillText = '';
  @property() allTurnText = '';

  @state() private turns?: ReturnType<Analysis['heatmapTurns']>;

  protected willUpdate(changed: PropertyValues) {
    super.willUpdate(changed);
    if (this.changedAny(changed, 'positions', 'dim', 'base'))
      this.turns = this.pe.analysis.heatmapTurns({ dim: this.dim, base: this.base, positions: this.positions });
  }

  render() {
    if (!this.m || !this.waves || !this.turns) return nothing;
    const w = this.waves,
      last = w.length - 1,
      rows = this.m.rows,
      h = this.turns;
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
      // through the sin column of each pair: where sin(pos·ωᵢ) first reaches 1
      { kind: 'path', points: Array.from(h.quarter, (q, i) => [q, 2 * i] as [number, number]), label: this.quarterLabel, color: 'fg' },
    ];
    const values = { n: rows, still: h.still, first: h.firstStill, firstDim: 2 * h.firstStill, pairs: w.length };
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
        fill-width
        tableLabel=${this.t(T.valuesAsTable)}
      ></posenc-heatmap-view>
      <p id="pe-heatmap-note" data-claim="heatmap-turns" data-still=${h.still} data-first=${h.firstStill}>
        ${rich(fill(h.still > 0 ? this.stillText : this.allTurnText, values))}
      </p>`;
  }
}
