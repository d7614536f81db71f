import { css, html } from 'lit';
import { property } from 'lit/decorators.js';

import '../../table/table.js';
import { fill, PosencFigure } from '../../shared/figure.js';
import { l } from '../../shared/i18n.js';
import { figureHost, tokens } from '../../shared/theme.js';
import { countEntries } from '../entries.js';
import { DOCS, SEVERITIES, VERDICTS, type EntryData } from '../types.js';
import { W } from '../view.js';

/**
 * The audit counted: per document, the errata by severity, the confirmed entries and those
 * waiting for the training lab or undecided by it. The sentence under the table comes from the
 * chapter, with {total}, {errata}, {confirmed}, {waiting}, {undecided} and the severities filled in.
 */

/** The words of this figure, zh and en. */
const T = {
  total: l('合计', 'total'),
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
  @property() caption = '';
  @property() sentence = '';

  render() {
    const entries = this.audit.entries;
    // severities, then the verdicts (erratum, confirmed, waiting, undecided), then the total
    const count = (list: readonly EntryData[]) => {
      const c = countEntries(list);
      return [...SEVERITIES.map((s) => c.severity[s]), ...VERDICTS.map((v) => c.verdict[v]), c.total];
    };
    const rows = [
      ...DOCS.map((d) => ({ head: d, cells: count(entries.filter((e) => e.doc === d)).map(String) })),
      { head: this.t(T.total), cells: count(entries).map(String) },
    ];
    const columns = ['', ...SEVERITIES.map((s) => this.t(W.severity[s])), ...VERDICTS.map((v) => this.t(W.counted[v])), this.t(T.entries)];
    const [wn, wc, mi, ty, errata, confirmed, waiting, undecided, total] = count(entries);
    return html`<posenc-table id="audit-summary" .data=${{ caption: this.caption, columns, rows, wrapColumns: true }}></posenc-table>
      ${this.sentence ? html`<p>${fill(this.sentence, { total, errata, confirmed, waiting, undecided, wn, wc, mi, ty })}</p>` : ''}`;
  }
}
