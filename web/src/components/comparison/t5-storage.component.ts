import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../table/table.js';
import type { TableData } from '../table/table.js';
import { fill } from '../shared/figure.js';
import { LazyFigure } from '../shared/lazy-figure.js';
import { figureHost, tokens } from '../shared/theme.js';
import { comparisonStyles } from './comparison.styles.js';

type Layout = ReturnType<Analysis['t5Layout']>;

/**
 * How many bias numbers T5 keeps per head for a sequence of `length` tokens, against the two counts
 * a reader might expect: one per (query, key) pair, one per offset. From the core (t5Layout).
 *
 * @fires posenc-answer - 'pairs' | 'offsets' | 'buckets': what T5 stores one number for.
 */
export class PosencT5Storage extends LazyFigure {
  static styles = [tokens, figureHost, comparisonStyles];

  @property({ type: Number }) length = 2048;
  @property({ type: Number }) buckets = 32;
  @property() caption = '';
  /** Row heads; {n} is filled in. */
  @property() pairsHead = '';
  @property() offsetsHead = '';
  @property() bucketsHead = '';
  /** Beside the bucket count: how many some offset reaches ({used}). */
  @property() usedNote = '';
  /** Under the table when some bucket stays empty: {unused}, the bucket numbers. */
  @property() emptyNote = '';
  /**
   * Under the table instead when the one empty bucket is the first of the positive half: T5 files
   * offset 0 with the keys before the query. {used}, {buckets}, {unused}, and the halves'
   * ranges {lastLow} (0–{lastLow}) and {half}–{last}.
   */
  @property() plusZeroNote = '';

  @state() private layout?: Layout;

  protected willUpdate(changed: PropertyValues) {
    if (!this.due(changed, 'length', 'buckets')) return;
    this.layout = this.pe.analysis.t5Layout({ span: this.length, numBuckets: this.buckets });
    this.computed();
  }

  protected answered() {
    const t = this.layout;
    if (!t) return;
    this.emitAnswer(t.distinct === t.pairs ? 'pairs' : t.distinct === t.offsets.length ? 'offsets' : 'buckets');
  }

  /** Why fewer buckets are reached than T5 has, from the buckets the offsets fall in ('' if all are). */
  private empty(t: Layout): string {
    const reached = new Set(t.buckets);
    const unused = Array.from({ length: this.buckets }, (_, b) => b).filter((b) => !reached.has(b));
    if (!unused.length) return '';
    const half = this.buckets / 2;
    const v = { used: t.distinct, buckets: this.buckets, unused: unused.join(', '), lastLow: half - 1, half, last: this.buckets - 1 };
    return unused.length === 1 && unused[0] === half ? fill(this.plusZeroNote, v) : fill(this.emptyNote, v);
  }

  render() {
    const t = this.layout;
    if (!t) return nothing;
    const v = { n: this.length };
    const data: TableData = {
      caption: fill(this.caption, v),
      columns: ['', ''],
      // three facts with one number each: on a phone the label stands over its number, which was
      // cut at the right edge ("4,194,…") beside a label that took most of the width
      stack: true,
      rows: [
        { head: fill(this.pairsHead, v), cells: [t.pairs.toLocaleString('en-US')] },
        { head: fill(this.offsetsHead, v), cells: [t.offsets.length.toLocaleString('en-US')] },
        {
          head: fill(this.bucketsHead, v),
          cells: [html`<strong id="t5-stored">${this.buckets}</strong> · ${fill(this.usedNote, { used: t.distinct })}`],
        },
      ],
    };
    const empty = this.empty(t);
    return html`<posenc-table id="t5-storage" .data=${data}></posenc-table>${empty ? html`<p class="note" id="t5-empty">${empty}</p>` : nothing}`;
  }
}
