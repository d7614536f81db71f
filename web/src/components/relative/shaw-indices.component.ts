import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../heatmap/heatmap-view.js';
import { fill } from '../shared/figure.js';
import { LazyFigure } from '../shared/lazy-figure.js';
import { l } from '../shared/i18n.js';
import { fillHtml } from '../shared/sci.js';
import { figureHost, tokens } from '../shared/theme.js';
import { relativeStyles } from './relative.styles.js';

type Rows = ReturnType<Analysis['shawRows']>;

/**
 * Shaw et al.'s clipped lookup: the index clip(j − i, −k, k) + k of the relative vector each (i, j)
 * uses, and how many rows of the table a sequence of n and of 4n tokens touches. From the core.
 *
 * @fires posenc-answer - { value: 'yes' | 'no' }: does a sequence four times longer use more rows?
 */

/** The words of this figure, zh and en. */
const T = {
  queryI: l('查询 i', 'query i'),
  keyJ: l('键 j', 'key j'),
  valuesAsTable: l('以表格显示数值', 'Values as a table'),
};

export class PosencShawIndices extends LazyFigure {
  static styles = [tokens, figureHost, relativeStyles];

  @property({ type: Number }) n = 16;
  @property({ type: Number }) k = 3;
  @property() caption = '';
  /** Label of the band |j − i| ≤ k (each offset its own vector); {k}. */
  @property() bandLabel = '';
  /** {n}, {used}, {rows}, {n4}, {used4}. */
  @property() summary = '';

  @state() private r?: Rows;

  protected willUpdate(changed: PropertyValues) {
    if (!this.due(changed, 'n', 'k')) return;
    this.r = this.pe.analysis.shawRows({ n: this.n, k: this.k });
    this.computed();
  }

  protected answered() {
    if (this.r) this.emitAnswer(this.r.rowsUsed4n > this.r.rowsUsed ? 'yes' : 'no');
  }

  render() {
    const r = this.r;
    if (!r) return nothing;
    return html`<posenc-heatmap-view
        id="shaw"
        .matrix=${r.indices}
        caption=${this.caption}
        rowAxis=${this.t(T.queryI)}
        colAxis=${this.t(T.keyJ)}
        colormap="sequential"
        .annotations=${[{ kind: 'diagonal', offset: -this.k, to: this.k, label: fill(this.bandLabel, { k: this.k }), color: 'accent2' }]}
        .digits=${0}
        .size=${256}
        tableLabel=${this.t(T.valuesAsTable)}
      ></posenc-heatmap-view>
      <p class="note" role="status">
        ${fillHtml(this.summary, {
          n: this.n,
          n4: { text: String(r.length4n), value: r.length4n },
          rows: { text: String(r.tableRows), value: r.tableRows },
          used: { text: String(r.rowsUsed), value: r.rowsUsed, id: 'shaw-used' },
          used4: { text: String(r.rowsUsed4n), value: r.rowsUsed4n, id: 'shaw-used-4n' },
        })}
      </p>`;
  }
}
