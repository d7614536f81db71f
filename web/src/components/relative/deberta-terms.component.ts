import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../colorbar/colorbar.js';
import '../heatmap/heatmap-view.js';
import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { LazyFigure } from '../shared/lazy-figure.js';
import { l } from '../shared/i18n.js';
import { fillHtml, pctOrRounding } from '../shared/sci.js';
import { figureHost, tokens } from '../shared/theme.js';
import { relativeStyles } from './relative.styles.js';

type View = ReturnType<Analysis['debertaView']>;
const TERMS = ['c2c', 'c2p', 'p2c', 'total'] as const;

/**
 * DeBERTa's disentangled attention (analysis.debertaView): content-to-content, content-to-position
 * and position-to-content on one colour scale with their total, and the relative-distance bucket
 * δ(i, j) of every query and key. Each heatmap is marked for the formula's linked terms (c2c, c2p,
 * p2c, total, delta). What the core measured of the bucket structure is said under them.
 */

/** The words of this figure, zh and en. */
const T = {
  queryI: l('查询 i', 'query i'),
  keyJ: l('键 j', 'key j'),
  valuesAsTable: l('以表格显示数值', 'Values as a table'),
  rounding: l('舍入误差', 'rounding'),
};

export class PosencDebertaTerms extends LazyFigure {
  static styles = [tokens, figureHost, relativeStyles];

  @property({ type: Number }) n = 12;
  @property({ type: Number }) dim = 8;
  @property({ type: Number }) k = 4;
  @property({ type: Number }) seed = 2;
  /** Captions of the four score heatmaps and the bucket map ({k}, {buckets} are filled in). */
  @property() c2cLabel = '';
  @property() c2pLabel = '';
  @property() p2cLabel = '';
  @property() totalLabel = '';
  @property() bucketLabel = '';
  /** The one colour legend's title ({n}: the score maps it colours; the bucket map has its own). */
  @property() scaleNote = '';
  /** {rowSpread}, {colSpread}, {c2pColumn}, {distinct}, {buckets}, {k}: when some row puts two keys in one bucket. */
  @property() summary = '';
  /** {distinct}, {buckets}, {k}: when no row does (n ≤ k, nothing clipped). */
  @property() summaryNoShare = '';

  @state() private v?: View;

  protected willUpdate(changed: PropertyValues) {
    if (!this.due(changed, 'n', 'dim', 'k', 'seed')) return;
    this.v = this.pe.analysis.debertaView({ n: this.n, dim: this.dim, k: this.k, seed: this.seed });
    this.computed();
  }

  render() {
    const v = this.v;
    if (!v) return nothing;
    const s = v.sharedScale || 1;
    const scale = { lo: -s, hi: s };
    const labels = [this.c2cLabel, this.c2pLabel, this.p2cLabel, this.totalLabel];
    const words = { k: this.k, buckets: 2 * this.k };
    const rounding = this.t(T.rounding);
    const heat = (id: string, term: string, caption: string, m: View['c2c'], sequential = false) =>
      html`<posenc-heatmap-view
        id=${id}
        data-term=${term}
        .matrix=${m}
        caption=${caption}
        rowAxis=${this.t(T.queryI)}
        colAxis=${this.t(T.keyJ)}
        colormap=${sequential ? 'sequential' : 'diverging'}
        .scale=${sequential ? { lo: 0, hi: 2 * this.k - 1 } : scale}
        ?hide-legend=${!sequential}
        .size=${180}
        tableLabel=${this.t(T.valuesAsTable)}
      ></posenc-heatmap-view>`;
    return html`<posenc-colorbar id="deberta-scale" colormap="diverging" .scale=${scale} label=${fill(this.scaleNote, { n: TERMS.length })}></posenc-colorbar>
      <div class="row">
        ${TERMS.map((t, i) => heat(`deberta-${t}`, t, fill(labels[i], { rms: i < 3 ? fmt(v.rms[i], 2) : '' }), v[t]))}
        ${heat('deberta-buckets', 'delta', fill(this.bucketLabel, words), v.buckets, true)}
      </div>
      <p
        class="note"
        data-claim="deberta-buckets"
        data-row-spread=${v.c2pBucketSpread}
        data-col-spread=${v.p2cBucketSpread}
        data-c2p-column=${v.c2pColumnSpread}
        data-distinct=${v.distinctBuckets}
        data-residual=${v.sumResidual}
        data-most=${v.mostInOneBucket}
        data-verdict=${v.mostInOneBucket > 1 ? 'shared' : 'own'}
      >
        ${fillHtml(v.mostInOneBucket > 1 ? this.summary : this.summaryNoShare, {
          ...words,
          rowSpread: { text: pctOrRounding(v.c2pBucketSpread, rounding), value: v.c2pBucketSpread, id: 'deberta-row-spread' },
          colSpread: { text: pctOrRounding(v.p2cBucketSpread, rounding), value: v.p2cBucketSpread, id: 'deberta-col-spread' },
          c2pColumn: { text: pctOrRounding(v.c2pColumnSpread, rounding), value: v.c2pColumnSpread, id: 'deberta-c2p-column' },
          distinct: { text: String(v.distinctBuckets), value: v.distinctBuckets, id: 'deberta-distinct' },
        })}
      </p>`;
  }
}
