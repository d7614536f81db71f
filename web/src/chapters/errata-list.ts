/** Renders the audit (errata-audit.ts): each entry's words, the computation, and its live check. */
import { css, html, LitElement, nothing } from 'lit';
import { property } from 'lit/decorators.js';

import { l, type Lang } from '../components/shared/i18n.js';
import { posenc } from '../components/shared/pe.js';
import { tokens } from '../components/shared/theme.js';
import '../components/table/table.js';
import { AUDIT, type AuditEntry, type Check } from './errata-audit.js';

const T = {
  says: l('讲义：', 'The document: '),
  right: l('计算：', 'Computed: '),
  check: l('重算', 'Recomputed'),
  doc: l('讲义中的值', 'document'),
  computed: l('核心计算', 'core'),
  agrees: l('一致', 'agrees'),
  source: l('来源：', 'Source: '),
  walk: l('在章节中：', 'Walked through in: '),
  confirmed: l('已核对', 'confirmed'),
  linked: l('链接到的条目', 'Linked entry'),
  severity: {
    'wrong-number': l('数字错误', 'wrong number'),
    'wrong-claim': l('说法错误', 'wrong claim'),
    misleading: l('容易误导', 'misleading'),
    typo: l('笔误', 'typo'),
  },
  kind: { table: l('表格', 'table'), example: l('算例', 'worked example'), code: l('代码', 'code'), claim: l('论断', 'claim') },
};

export class PosencErrataList extends LitElement {
  static styles = [
    tokens,
    css`
      :host {
        display: block;
      }
      article {
        border: 1px solid var(--_line);
        border-left: 5px solid var(--_good);
        border-radius: 8px;
        padding: 0.6rem 0.9rem;
        margin: 0.9rem 0;
        max-width: 52rem;
      }
      article.erratum {
        border-left-color: var(--_warn);
      }
      article.linked {
        box-shadow: 0 0 0 3px var(--_focus);
      }
      h4 {
        margin: 0.1rem 0 0.4rem;
        font-size: 1.02rem;
      }
      .meta {
        font-size: 0.8rem;
        color: var(--_muted);
        display: flex;
        flex-wrap: wrap;
        gap: 0.3rem 0.8rem;
      }
      .badge {
        font-weight: 600;
        color: var(--_warn);
      }
      .badge.ok {
        color: var(--_good);
      }
      p {
        margin: 0.35rem 0;
      }
      a {
        color: var(--_accent);
      }
    `,
  ];

  @property() lang: Lang = 'en';
  @property() doc = 'all';
  @property() show = 'errata';
  @property() entry = '';

  private one(e: AuditEntry, linked = false) {
    const t = (s: { zh: string; en: string }) => s[this.lang];
    let check: Check;
    try {
      check = e.check(posenc());
    } catch (err) {
      check = { rows: [{ label: 'error', doc: '', computed: (err as Error).message, agrees: false }], agrees: false };
    }
    const erratum = e.verdict === 'erratum';
    const text = (v: string | { zh: string; en: string }) => (typeof v === 'string' ? v : t(v));
    return html`<article class=${`${erratum ? 'erratum' : 'ok'} ${linked ? 'linked' : ''}`} data-entry=${e.id} data-verdict=${e.verdict} data-agrees=${String(check.agrees)}>
      <div class="meta">
        <span>${e.doc} ${typeof e.location === 'string' ? e.location : t(e.location)}</span><span>${t(T.kind[e.kind])}</span>
        <span class=${erratum ? 'badge' : 'badge ok'}>${erratum && e.severity ? t(T.severity[e.severity]) : t(T.confirmed)}</span>
      </div>
      <h4>${t(e.title)}</h4>
      <p><strong>${t(T.says)}</strong>${t(e.says)}</p>
      <p><strong>${t(T.right)}</strong>${t(e.right)}</p>
      ${e.computable === false && e.source ? html`<p class="meta">${t(T.source)}${e.source}</p>` : nothing}
      <posenc-table
        .data=${{
          caption: t(T.check),
          columns: ['', t(T.doc), t(T.computed), t(T.agrees)],
          rows: check.rows.map((r) => ({ head: text(r.label), cells: [text(r.doc), text(r.computed), r.agrees ? '✓' : '✗'] })),
        }}
      ></posenc-table>
      <p class="meta">${t(T.walk)}<a href=${`#/${e.chapter}?lang=${this.lang}`}>${e.chapter}</a></p>
    </article>`;
  }

  render() {
    const t = (s: { zh: string; en: string }) => s[this.lang];
    const linked = AUDIT.find((e) => e.id === this.entry);
    const list = AUDIT.filter((e) => (this.doc === 'all' || e.doc === this.doc) && (this.show === 'all' || e.verdict === 'erratum'));
    return html`${linked ? html`<p><strong>${t(T.linked)}</strong></p>${this.one(linked, true)}` : nothing}
      ${list.filter((e) => e !== linked).map((e) => this.one(e))}`;
  }
}

if (!customElements.get('posenc-errata-list')) customElements.define('posenc-errata-list', PosencErrataList);
