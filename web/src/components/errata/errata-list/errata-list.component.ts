import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';

import { PosencFigure } from '../../shared/figure.js';
import { l, type L10n } from '../../shared/i18n.js';
import { scrollAndPin } from '../../shared/scroll-pin.js';
import { rich } from '../../shared/text.js';
import { tokens } from '../../shared/theme.js';
import type { CheckResult } from '../check-kit.js';
import { cachedResult, checkEntry } from '../run.js';
import { countEntries } from '../entries.js';
import { DOCS, SEVERITIES, VERDICTS, type Doc, type EntryData } from '../types.js';
import { badges, entryNumber, entryStyles, quoteView, resultView, rightView, W } from '../view.js';

type Bucket = EntryData['severity'] | 'confirmed' | 'waiting-for-lab' | 'undecided';
const BUCKETS: Bucket[] = [...SEVERITIES, 'confirmed', 'waiting-for-lab', 'undecided'];

const words = {
  shown: l('显示 {n} / {total} 条', 'Showing {n} of {total} entries'),
  linked: l('链接到的条目', 'Linked entry'),
  none: l('没有符合筛选条件的条目。', 'No entry matches these filters.'),
  count: l('{n} 条{what}', '{n} {what}'),
  open: l('展开后由核心重算', 'Open an entry to recompute it with the core'),
};

const fillIn = (s: string, v: Record<string, number | string>) => s.replace(/\{(\w+)\}/g, (_, k: string) => String(v[k] ?? ''));

/**
 * The audit, entry by entry, grouped by document and then by severity (errata, worst first),
 * then the confirmed entries and those waiting for the training lab. Entries are collapsed; an
 * entry's check runs on the core when it is opened (and the linked one, #/errata?entry=<id>, opens
 * by itself), so the list stays cheap with well over a hundred entries.
 */
export class PosencErrataList extends PosencFigure {
  static styles = [
    tokens,
    entryStyles,
    css`
      :host {
        display: block;
      }
      .bar {
        font-size: 0.85rem;
        color: var(--_muted);
        margin: 0.4rem 0;
      }
      section.doc {
        content-visibility: auto;
        contain-intrinsic-size: auto 600px;
        margin: 1.2rem 0;
      }
      h4 {
        margin: 0.6rem 0 0.2rem;
        font-size: 1.05rem;
      }
      h4 .counts {
        font-weight: 400;
        font-size: 0.82rem;
        color: var(--_muted);
        margin-left: 0.4rem;
      }
      h5 {
        margin: 0.7rem 0 0.2rem;
        font-size: 0.9rem;
        color: var(--_muted);
      }
      [hidden] {
        display: none !important;
      }
      details,
      article {
        border: 1px solid var(--_line);
        border-left: 4px solid var(--_line);
        border-radius: 6px;
        margin: 0.35rem 0;
        max-width: 52rem;
        background: var(--_bg);
      }
      /* Showing every entry at once laid out ~150 of them in one frame (8.6 ms of layout): entries
         out of sight skip layout and paint until scrolled to (2.4rem: a summary line). */
      details {
        content-visibility: auto;
        contain-intrinsic-size: auto 2.4rem;
      }
      details[data-verdict='erratum'],
      article[data-verdict='erratum'] {
        border-left-color: var(--_warn);
      }
      details[data-verdict='confirmed'],
      article[data-verdict='confirmed'] {
        border-left-color: var(--_good);
      }
      details[data-verdict='waiting-for-lab'],
      article[data-verdict='waiting-for-lab'],
      details[data-verdict='undecided'],
      article[data-verdict='undecided'] {
        border-left-color: var(--_accent);
      }
      summary {
        cursor: pointer;
        padding: 0.35rem 0.6rem;
        display: flex;
        flex-wrap: wrap;
        align-items: baseline;
        gap: 0.2rem 0.5rem;
      }
      summary .title {
        flex: 1 1 16rem;
        min-width: 0;
      }
      .body {
        padding: 0 0.8rem 0.6rem;
        min-width: 0;
      }
      article {
        padding: 0.4rem 0.8rem 0.6rem;
      }
      .linked {
        box-shadow: 0 0 0 3px var(--_focus);
      }
      /* The filters' bar sticks over the top of the list: a linked entry lands below it, not under
         it (its title and verdict were hidden). The chapter gives the bar's height. */
      article,
      details {
        scroll-margin-top: calc(var(--posenc-sticky-top, 0px) + 0.6rem);
      }
      article h4 {
        margin-top: 0.2rem;
      }
    `,
  ];

  /** The audit's entries, as { entries } (a figure property must be an object). */
  @property({ attribute: false }) audit: { entries: readonly EntryData[] } = { entries: [] };
  /** Chapter id → title, for the links back. */
  @property({ attribute: false }) chapters: Record<string, L10n> = {};
  @property() doc = 'all';
  /** 'all', a severity, 'errata' (every erratum), 'confirmed', 'waiting-for-lab' or 'undecided'. */
  @property() show = 'errata';
  /** The linked entry: opened, highlighted and scrolled to. */
  @property() entry = '';

  @state() private open = new Set<string>();
  private scrolled = '';

  protected willUpdate(changed: PropertyValues<this>) {
    if (changed.has('entry') && this.entry) {
      const e = this.audit.entries.find((x) => x.id === this.entry);
      if (e) this.openEntry(e);
    }
  }

  protected updated() {
    if (this.entry && this.scrolled !== this.entry) {
      const el = this.renderRoot.querySelector('article.linked');
      if (el) {
        this.scrolled = this.entry;
        scrollAndPin(el);
      }
    }
  }

  private openEntry(e: EntryData) {
    if (!this.open.has(e.id)) this.open = new Set([...this.open, e.id]);
    if (!cachedResult(e.id)) void checkEntry(e).then(() => this.requestUpdate());
  }

  private onToggle(e: EntryData, ev: Event) {
    if ((ev.target as HTMLDetailsElement).open) this.openEntry(e);
  }

  private bucket(e: EntryData): Bucket {
    return e.verdict === 'erratum' ? e.severity : e.verdict;
  }

  private visible(e: EntryData): boolean {
    if (this.doc !== 'all' && e.doc !== this.doc) return false;
    if (this.show === 'all') return true;
    if (this.show === 'errata') return e.verdict === 'erratum';
    return this.bucket(e) === this.show;
  }

  private body(e: EntryData, r: CheckResult | undefined) {
    const lang = this.lang;
    return html`${quoteView(e, lang)} ${resultView(e, r, lang)} ${rightView(e, lang, this.chapters, this.audit.entries)}`;
  }

  private summaryLine(e: EntryData) {
    const lang = this.lang;
    // spaces between the parts: the flex line of a summary drops them, the linked entry's heading
    // and a screen reader need them ("000 · 17Extrapolation…", "claimconfirmed")
    return html`<span class="id">${entryNumber(this.audit.entries, e.id)}</span> <span class="title">${rich(e.title[lang])}</span>
      <span class="meta">${W.kind[e.kind][lang]}</span> ${badges(e, lang)}`;
  }

  private item(e: EntryData, visible: boolean) {
    const r = cachedResult(e.id);
    const open = this.open.has(e.id);
    return html`<details
      data-entry=${e.id}
      data-verdict=${e.verdict}
      data-agrees=${r ? String(r.agrees) : nothing}
      ?hidden=${!visible}
      ?open=${open}
      @toggle=${(ev: Event) => this.onToggle(e, ev)}
    >
      <summary>${guard([e, this.lang], () => this.summaryLine(e))}</summary>
      ${open ? html`<div class="body">${this.body(e, r)}</div>` : nothing}
    </details>`;
  }

  /**
   * A document's entries, all of them in the DOM: a filter only hides and shows (changing one
   * re-renders no entry, so it stays within a frame with well over a hundred entries; each summary
   * line is built once per language, guard()).
   */
  private group(doc: Doc, visible: ReadonlySet<string>) {
    const all = this.audit.entries.filter((e) => e.doc === doc);
    const shown = all.filter((e) => visible.has(e.id)).length;
    // Errata and confirmed always; the lab's two verdicts only where a document has some.
    const counted = countEntries(all).verdict;
    const counts = VERDICTS.filter((v) => counted[v] > 0 || v === 'erratum' || v === 'confirmed')
      .map((v) => fillIn(this.t(words.count), { n: counted[v], what: this.t(W.counted[v]) }))
      .join(' · ');
    return html`<section class="doc" data-doc=${doc} aria-labelledby=${`doc-${doc}`} ?hidden=${shown === 0}>
      <h4 id=${`doc-${doc}`}>${W.doc[doc][this.lang]}<span class="counts">${counts}</span></h4>
      ${BUCKETS.map((b) => {
        const inBucket = all.filter((e) => this.bucket(e) === b);
        if (!inBucket.length) return nothing;
        const n = inBucket.filter((e) => visible.has(e.id)).length;
        const name = b === 'confirmed' || b === 'waiting-for-lab' || b === 'undecided' ? W.verdictShort[b] : W.severity[b!];
        return html`<h5 ?hidden=${n === 0}>${this.t(name)} (${n})</h5>
          ${repeat(
            inBucket,
            (e) => e.id,
            (e) => this.item(e, visible.has(e.id)),
          )}`;
      })}
    </section>`;
  }

  render() {
    const entries = this.audit.entries;
    const list = entries.filter((e) => this.visible(e));
    const visible = new Set(list.map((e) => e.id));
    const linked = entries.find((e) => e.id === this.entry);
    return html`${
      linked
        ? html`<article class="linked" data-entry=${linked.id} data-verdict=${linked.verdict} data-agrees=${cachedResult(linked.id) ? String(cachedResult(linked.id)!.agrees) : nothing}>
            <div class="meta">${this.t(words.linked)}</div>
            <h4>${this.summaryLine(linked)}</h4>
            ${this.body(linked, cachedResult(linked.id))}
          </article>`
        : nothing
    }
      <p class="bar" role="status">${fillIn(this.t(words.shown), { n: list.length, total: entries.length })} · ${this.t(words.open)}</p>
      ${DOCS.map((d) => this.group(d, visible))} ${list.length ? nothing : html`<p>${this.t(words.none)}</p>`}`;
  }
}
