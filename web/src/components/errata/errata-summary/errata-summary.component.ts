import { css, html } from 'lit';
import { property } from 'lit/decorators.js';

import '../../table/table.js';
import { fill, PosencFigure } from '../../shared/figure.js';
import { l } from '../../shared/i18n.js';
import { figureHost, tokens } from '../../shared/theme.js';
import { DOCS, SEVERITIES, type EntryData } from '../types.js';
import { W } from '../view.js';

/**
 * The audit counted: per document, the errata by severity, the confirmed entries and those
 * waiting for the training lab. With `only = 'new'` it counts only the entries this review added
 * (the closing note). The sentence under the table comes from the chapter, with {total}, {errata},
 * {confirmed}, {waiting} filled in.
 */

/** The words of this figure, zh and en. */
const T = {
  total: l('合计', 'total'),
  errata: l('勘误', 'errata'),
  entries: l('条目', 'entries'),
};

export class PosencErrataSummary extends PosencFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      p {
        margin: 0.4rem 0;
        max-width: 46rem;
      }
    `,
  ];

  @property({ attribute: false }) audit: { entries: readonly EntryData[] } = { entries: [] };
  /** 'all' or 'new'. */
  @property() only = 'all';
  @property() caption = '';
  @property() sentence = '';

  render() {
    const entries = this.audit.entries.filter((e) => this.only !== 'new' || e.added);
    const count = (list: readonly EntryData[]) => [
      ...SEVERITIES.map((s) => list.filter((e) => e.severity === s).length),
      list.filter((e) => e.verdict === 'erratum').length,
      list.filter((e) => e.verdict === 'confirmed').length,
      list.filter((e) => e.verdict === 'waiting-for-lab').length,
      list.filter((e) => e.verdict === 'undecided').length,
      list.length,
    ];
    const rows = [
      ...DOCS.map((d) => ({ head: d, cells: count(entries.filter((e) => e.doc === d)).map(String) })),
      { head: this.t(T.total), cells: count(entries).map(String) },
    ];
    const columns = [
      '',
      ...SEVERITIES.map((s) => this.t(W.severity[s])),
      this.t(T.errata),
      this.t(W.verdictShort.confirmed),
      this.t(W.verdictShort['waiting-for-lab']),
      this.t(W.verdictShort.undecided),
      this.t(T.entries),
    ];
    const [wn, wc, mi, ty, errata, confirmed, waiting, undecided, total] = count(entries);
    return html`<posenc-table id=${this.only === 'new' ? 'audit-added' : 'audit-summary'} .data=${{ caption: this.caption, columns, rows }}></posenc-table>
      ${this.sentence ? html`<p>${fill(this.sentence, { total, errata, confirmed, waiting, undecided, wn, wc, mi, ty })}</p>` : ''}`;
  }
}
