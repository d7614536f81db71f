import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../plot/plot.js';
import type { PlotAnnotation, Series } from '../plot/plot.js';
import '../table/table.js';
import type { TableData } from '../table/table.js';
import { fill } from '../shared/figure.js';
import { LazyFigure } from '../shared/lazy-figure.js';
import { MINUS } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { fillHtml } from '../shared/sci.js';
import { figureHost, tokens } from '../shared/theme.js';
import { relativeStyles } from './relative.styles.js';

type Layout = ReturnType<Analysis['t5Layout']>;
const signed = (v: number) => (v > 0 ? `+${v}` : v < 0 ? `${MINUS}${-v}` : '0');

/**
 * T5's buckets against the offset j − i: a staircase, one step per offset near 0 and logarithmic
 * steps beyond, flat past max_distance; markers at ±max_exact and ±max_distance; the offsets each
 * bucket covers as a table. From the core (t5Layout, transformers' _relative_position_bucket).
 */

/** The words of this figure, zh and en. */
const T = {
  bucket: l('桶号', 'bucket'),
  offsetJI: l('偏移 j − i（键减查询）', 'offset j − i (key minus query)'),
  bucket2: l('桶', 'bucket'),
};

export class PosencT5Buckets extends LazyFigure {
  static styles = [tokens, figureHost, relativeStyles];

  @property({ type: Number }) span = 256;
  @property({ type: Number }) buckets = 32;
  @property({ type: Number }) maxDistance = 128;
  /** 'bi' or 'causal'. */
  @property() direction = 'bi';
  @property() caption = '';
  /** Marker labels: {exact} (max_exact); {at} (the signed offset of the marker). */
  @property() exactLabel = '';
  @property() farLabel = '';
  /** {distinct}, {buckets}, {offsets}, {exact}, {maxdist}, {span}. */
  @property() summary = '';
  @property() spansLabel = '';
  @property() spansCaption = '';

  @state() private layout?: Layout;

  protected willUpdate(changed: PropertyValues) {
    if (!this.due(changed, 'span', 'buckets', 'maxDistance', 'direction')) return;
    this.layout = this.pe.analysis.t5Layout({
      span: this.span,
      numBuckets: this.buckets,
      maxDistance: this.maxDistance,
      bidirectional: this.direction === 'bi',
    });
    this.computed();
  }

  render() {
    const t = this.layout;
    if (!t) return nothing;
    const top = this.buckets - 1;
    const first = t.offsets[0],
      last = t.offsets[t.offsets.length - 1];
    // Causal buckets only see keys before the query (j − i < 0); bidirectional ones both sides.
    const bi = this.direction === 'bi';
    const series: Series[] = [{ label: this.t(T.bucket), x: t.offsets, y: t.buckets, color: 'var(--_accent)' }];
    const exact = Math.min(t.maxExact - 1, last);
    const marks: PlotAnnotation[] = [
      {
        kind: 'x-range',
        from: Math.max(first, -(t.maxExact - 1)),
        to: bi ? exact : 0,
        label: fill(this.exactLabel, { exact: t.maxExact }),
        color: 'good',
      },
      ...(bi ? [1, -1] : [-1])
        .map((side) => side * t.maxDistance)
        .filter((x) => x >= first && x <= last)
        .map((x): PlotAnnotation => ({ kind: 'x', at: x, label: fill(this.farLabel, { at: signed(x) }), color: 'accent2' })),
    ];
    const rows: TableData['rows'] = [];
    t.bucketLo.forEach((lo, b) => {
      if (Number.isNaN(lo)) return;
      const hi = t.bucketHi[b];
      rows.push({ head: String(b), cells: [lo === hi ? signed(lo) : `${signed(lo)} … ${signed(hi)}`] });
    });
    return html`<posenc-plot
        id="t5"
        .series=${series}
        .annotations=${marks}
        caption=${this.caption}
        xLabel=${this.t(T.offsetJI)}
        yLabel=${this.t(T.bucket)}
        .yRange=${[0, top]}
        .digits=${0}
        .height=${250}
      ></posenc-plot>
      <p class="note" role="status" data-claim="t5-buckets" data-distinct=${t.distinct} data-offsets=${t.offsets.length} data-buckets=${this.buckets}>
        ${fillHtml(this.summary, {
          distinct: { text: String(t.distinct), value: t.distinct, id: 't5-distinct' },
          buckets: this.buckets,
          offsets: { text: String(t.offsets.length), value: t.offsets.length },
          exact: t.maxExact,
          maxdist: t.maxDistance,
        })}
      </p>
      <details>
        <summary>${this.spansLabel}</summary>
        <posenc-table
          id="t5-spans"
          .data=${{ caption: this.spansCaption, columns: [this.t(T.bucket2), 'j − i'], rows }}
        ></posenc-table>
      </details>`;
  }
}
