import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import { PosencFigure } from '../../shared/figure.js';
import type { L10n } from '../../shared/i18n.js';
import { rich } from '../../shared/text.js';
import { figureHost, tokens } from '../../shared/theme.js';
import type { CheckResult } from '../check-kit.js';
import { checkEntry } from '../run.js';
import type { EntryData } from '../types.js';
import { badges, entryNumber, entryStyles, quoteView, resultView, rightView } from '../view.js';

/**
 * One entry of the audit, shown in full and recomputed by the core: the document's words, the
 * check's rows and the verdict they give. Inside a predict-then-reveal question it reports whether
 * the document is right ('right'), wrong ('wrong'), waiting for the lab ('waiting') or undecided by it
 * ('undecided': a margin smaller than the spread between the lab's seeds).
 *
 * @fires posenc-answer - { value: 'right' | 'wrong' | 'waiting' | 'undecided' }
 */
export class PosencErrataVerdict extends PosencFigure {
  static styles = [
    tokens,
    figureHost,
    entryStyles,
    css`
      h4 {
        margin: 0.2rem 0 0.3rem;
        font-size: 1rem;
      }
    `,
  ];

  @property({ attribute: false }) audit: { entries: readonly EntryData[] } = { entries: [] };
  @property({ attribute: false }) chapters: Record<string, L10n> = {};
  @property() entry = '';
  /** Without the quote and the correction: only the recomputation. */
  @property({ type: Boolean }) compact = false;

  @state() private result?: CheckResult;

  private get data(): EntryData | undefined {
    return this.audit.entries.find((e) => e.id === this.entry);
  }

  protected willUpdate(changed: PropertyValues<this>) {
    if (!this.changedAny(changed, 'entry', 'audit')) return;
    const e = this.data;
    this.result = undefined;
    if (e) {
      void checkEntry(e).then((r) => {
        if (this.data?.id !== e.id) return;
        this.result = r;
        this.emitAnswer(
          r.verdict === 'confirmed' ? 'right' : r.verdict === 'erratum' ? 'wrong' : r.verdict === 'undecided' ? 'undecided' : 'waiting',
        );
      });
    }
  }

  render() {
    const e = this.data;
    if (!e) return nothing;
    const lang = this.lang;
    return html`<div data-entry=${e.id} data-verdict=${this.result?.verdict ?? nothing}>
      <h4><span class="id">${entryNumber(this.audit.entries, e.id)}</span> ${rich(e.title[lang])} ${badges(e, lang)}</h4>
      ${this.compact ? nothing : quoteView(e, lang)} ${resultView(e, this.result, lang)} ${this.compact ? nothing : rightView(e, lang, this.chapters, this.audit.entries)}
    </div>`;
  }
}
