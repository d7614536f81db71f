import { html, nothing } from 'lit';
import { property } from 'lit/decorators.js';

import '../plot/plot.js';
import type { Series } from '../plot/plot.js';
import '../table/table.js';
import { tokenLabel } from '../lab/lab-figure.js';
import type { Since2023Examples } from '../lab/lab-types.js';
import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { sinceStyles } from './since.styles.js';

const T = {
  key: l('键的位置 j', 'key position j'),
  position: l('位置', 'position'),
  counted: l('CoPE 数出的位置 p', "CoPE's counted position p"),
  index: l('词元编号的距离 i − j', 'token distance i − j'),
  token: l('词元', 'token'),
  table: l('数出的位置', 'counted positions'),
};

/**
 * CoPE's counted positions (Golovneva et al. 2024) over one flip-flop sequence: for the last query i
 * of a head, the position p_ij = Σ_{t=j..i} σ(q_i·k_t/√d_h) it gives each earlier key, against the
 * plain token distance i − j. Where the gates fire only on some tokens (say, the writes), the count
 * climbs only at those tokens. The counts are the trained model's own (model.countedPositions, saved by
 * the reference run).
 */
export class PosencSinceCounts extends VisibleFigure {
  static styles = sinceStyles;

  @property({ attribute: false }) examples?: Since2023Examples;
  /** The head and the block, counted from 1 as the caption and the chapter's sliders count them. */
  @property({ type: Number }) head = 1;
  @property({ type: Number }) layer = 1;
  /** {head}, {layer} (from 1) and {n} filled in. */
  @property() caption = '';

  /** Flip-flop's tokens as the task reads them: w, i, r and the bits 0, 1. */
  private label(id: number): string {
    const names: Record<number, string> = { 18: 'w', 19: 'i', 20: 'r', 2: '0', 3: '1' };
    return names[id] ?? tokenLabel(id, this.lang);
  }

  render() {
    const c = this.examples?.counted;
    if (!c) return nothing;
    const n = c.tokens.length,
      head = Math.max(0, Math.min(this.head - 1, c.heads - 1)),
      layer = Math.max(0, Math.min(this.layer - 1, c.layers - 1));
    const row = ((layer * c.heads + head) * n + (n - 1)) * n; // the last query's counts
    const keys = Array.from({ length: n }, (_, j) => j);
    const series: Series[] = [
      { label: this.t(T.counted), x: keys, y: keys.map((j) => c.data[row + j]), color: 'accent', points: true },
      { label: this.t(T.index), x: keys, y: keys.map((j) => n - 1 - j), color: 'muted', dash: true },
    ];
    return html`<posenc-plot
        id="since-counts-plot"
        .series=${series}
        caption=${fill(this.caption, { head: head + 1, layer: layer + 1, n })}
        xLabel=${this.t(T.key)}
        yLabel=${this.t(T.position)}
        digits="2"
        height="260"
      ></posenc-plot>
      <posenc-table
        id="since-counts-table"
        .data=${{
          caption: this.t(T.table),
          columns: [this.t(T.key), ...keys.map(String)],
          rows: [
            { head: this.t(T.token), cells: c.tokens.map((t) => this.label(t)) },
            { head: 'p', cells: keys.map((j) => fmt(c.data[row + j], 2)) },
          ],
        }}
      ></posenc-table>`;
  }
}
