/**
 * Pieces shared by the Errata components: the words of their labels, the styles, and how one
 * entry's quote, correction and check table are drawn.
 */
import { css, html, nothing, type TemplateResult } from 'lit';

import { l, type L10n, type Lang } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import type { CheckResult, CheckRow } from './check-kit.js';
import { encodingName, EVIDENCE_TASKS } from './checks-lab.js';
import { entryNumbers } from './entries.js';
import type { Doc, EntryData, Kind, Severity, Text, Verdict } from './types.js';

const verdictShort = {
  erratum: l('勘误', 'erratum'),
  confirmed: l('已核对', 'confirmed'),
  'waiting-for-lab': l('实验未测', 'not measured by the lab'),
  undecided: l('无法判定', 'undecided'),
} satisfies Record<Verdict, L10n>;

export const W = {
  says: l('讲义原文', 'What the document says'),
  line: l('行', 'line'),
  right: l('正确的是', 'What is right'),
  confirmedRight: l('为什么它是对的', 'Why it is right'),
  known: l('目前知道的', 'What is known'),
  recomputed: l('核心重算', 'Recomputed by the core'),
  facts: l('判定所依据的事实（必须成立）', 'Facts the verdict rests on (must hold)'),
  docValue: l('讲义', 'document'),
  /** A fact's column: what must hold, which the document never states. */
  expected: l('应为', 'expected'),
  core: l('核心', 'core'),
  agrees: l('一致', 'agrees'),
  what: l('检查的内容', 'what is checked'),
  markOpen: l('实验未测', 'not measured'),
  markUndecided: l('无法判定', 'undecided'),
  markYes: l('一致', 'agrees'),
  markNo: l('不一致', 'disagrees'),
  computing: l('正在计算…', 'Computing…'),
  shownIn: l('在章节中实时演示：', 'Shown live in: '),
  linkHere: l('本条链接', 'Link to this entry'),
  source: l('出处：', 'Source: '),
  labQuestion: l('交给训练实验的问题：', 'Question for the training lab: '),
  labSettled: l('由训练实验判定：', 'Settled by the training lab: '),
  labRun: l('参考实验：', 'Reference run: '),
  labNeeds: l('需要的运行：', 'Run it needs: '),
  tasks: l('任务', 'tasks'),
  encodings: l('编码', 'encodings'),
  lengths: l('测试长度', 'test lengths'),
  seeds: l('种子数', 'seeds'),
  verdictIs: l('数字给出的结论：', 'What the numbers say: '),
  failed: l('检查本身出错：', 'The check itself failed: '),
  verdict: {
    erratum: l('讲义在这里有误', 'the document is wrong here'),
    confirmed: l('讲义在这里是对的', 'the document is right here'),
    'waiting-for-lab': l('训练实验没有测这个问题', 'the training lab does not measure this question'),
    undecided: l(
      '训练实验无法判定：差距小于不同种子之间的波动，或者比较的模型全都失败',
      'the training lab cannot tell: a margin is smaller than the spread between seeds, or every model compared fails',
    ),
  } satisfies Record<Verdict, L10n>,
  verdictShort,
  /** A verdict as a category of a count: the summary table's columns and the documents' headings. */
  counted: { ...verdictShort, erratum: l('勘误', 'errata'), 'waiting-for-lab': l('未测', 'not measured') } satisfies Record<Verdict, L10n>,
  severity: {
    'wrong-number': l('数字错误', 'wrong number'),
    'wrong-claim': l('说法错误', 'wrong claim'),
    misleading: l('容易误导', 'misleading'),
    typo: l('笔误与排版', 'typo or typesetting'),
  } satisfies Record<Severity, L10n>,
  kind: {
    table: l('表格', 'table'),
    example: l('算例', 'worked example'),
    code: l('代码', 'code'),
    claim: l('论断', 'claim'),
    notation: l('记号', 'notation'),
    typesetting: l('排版', 'typesetting'),
  } satisfies Record<Kind, L10n>,
  doc: {
    '000': l('000 · 正弦编码与 RoPE 入门', '000 · Position embedding: sinusoidal and RoPE'),
    '001': l('001 · 第 6 章 位置编码数学', '001 · Chapter 6, the mathematics of positional encoding'),
    '002': l('002 · 位置编码（博客文章）', '002 · Positional encoding (a blog post)'),
    '003': l('003 · 加法偏移与乘法调制', '003 · Additive offset, multiplicative modulation'),
    '004': l('004 · Transformer 组件（三）：位置编码', '004 · Transformer components (3): positional encoding'),
  } satisfies Record<Doc, L10n>,
};

export const entryStyles = css`
  .meta {
    font-size: 0.8rem;
    color: var(--_muted);
  }
  .badge {
    display: inline-block;
    font-size: 0.75rem;
    font-weight: 600;
    padding: 0 0.4em;
    border-radius: 3px;
    border: 1px solid currentColor;
    white-space: nowrap;
  }
  .badge.erratum {
    color: var(--_warn);
  }
  .badge.confirmed {
    color: var(--_good);
  }
  .badge.waiting-for-lab,
  .badge.undecided {
    color: var(--_accent);
  }
  .id {
    font-family: var(--_mono);
    font-size: 0.8rem;
    color: var(--_muted);
    background: none;
    padding: 0;
  }
  .label {
    font-weight: 600;
    font-size: 0.88rem;
    margin: 0.6rem 0 0.2rem;
  }
  blockquote {
    margin: 0.2rem 0 0.4rem;
    padding: 0.35rem 0.6rem;
    border-left: 3px solid var(--_line);
    background: var(--_panel);
    border-radius: 0 4px 4px 0;
  }
  blockquote pre {
    margin: 0;
    font-family: var(--_sans);
    font-size: 0.88rem;
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
  .ln {
    color: var(--_muted);
    font-family: var(--_mono);
    font-size: 0.78rem;
    user-select: none;
  }
  p {
    margin: 0.35rem 0;
  }
  .verdict.erratum strong {
    color: var(--_warn);
  }
  .verdict.confirmed strong {
    color: var(--_good);
  }
  .verdict.waiting-for-lab strong,
  .verdict.undecided strong {
    color: var(--_accent);
  }
  a {
    color: var(--_accent);
  }
  table.check {
    border-collapse: collapse;
    width: 100%;
    max-width: 46rem;
    font-size: 0.85rem;
    margin: 0.5rem 0;
  }
  table.check caption {
    text-align: left;
    color: var(--_muted);
    font-size: 0.82rem;
    padding-bottom: 0.2rem;
  }
  table.check th,
  table.check td {
    padding: 0.25rem 0.45rem;
    border-bottom: 1px solid var(--_line);
    vertical-align: top;
    text-align: left;
    overflow-wrap: anywhere;
  }
  table.check thead th {
    background: var(--_panel);
    font-weight: 600;
    overflow-wrap: normal;
    white-space: nowrap;
  }
  table.check tbody th {
    font-weight: 500;
    width: 40%;
  }
  table.check td.mark {
    text-align: center;
    width: 4.5em;
    font-weight: 700;
  }
  table.check tr.no td.mark {
    color: var(--_warn);
  }
  table.check tr.yes td.mark {
    color: var(--_good);
  }
  table.check tr.undecided td.mark,
  table.check tr.pending td.mark {
    color: var(--_accent);
  }
  table.check.facts {
    font-size: 0.8rem;
    color: var(--_muted);
  }
  .sr {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
  }
  @media (max-width: 560px) {
    table.check thead {
      display: none;
    }
    table.check tr {
      display: block;
      border-bottom: 1px solid var(--_line);
      padding: 0.3rem 0;
    }
    table.check th,
    table.check td {
      display: block;
      border: 0;
      width: auto;
      padding: 0.05rem 0.2rem;
    }
    table.check tbody th {
      width: auto;
      font-weight: 600;
    }
    table.check td::before {
      content: attr(data-col) ': ';
      color: var(--_muted);
    }
    table.check td.mark {
      text-align: left;
      width: auto;
    }
  }
  code.cite {
    font-family: inherit;
    background: none;
    padding: 0;
  }
  code {
    font-family: var(--_mono);
    font-size: 0.88em;
    background: var(--_panel);
    padding: 0 0.2em;
    border-radius: 3px;
    overflow-wrap: anywhere;
  }
`;

export const text = (v: Text, lang: Lang) => (typeof v === 'string' ? v : v[lang]);

/**
 * A check's rows as a table whose cells wrap (labels and values are sentences as often as
 * numbers); on a narrow screen each row becomes a small card with the column names inline.
 */
function table(caption: string, rows: CheckRow[], lang: Lang, kind: 'deciding' | 'facts', pending = false): TemplateResult {
  const cols = [(kind === 'facts' ? W.expected : W.docValue)[lang], W.core[lang], W.agrees[lang]];
  // an undecided row neither agrees nor disagrees: a ✗ beside "undecided" read as a contradiction
  const state = (r: CheckRow) => (pending || r.pending ? 'pending' : r.undecided ? 'undecided' : r.agrees ? 'yes' : 'no');
  const marks = {
    pending: ['…', W.markOpen],
    undecided: ['?', W.markUndecided],
    yes: ['✓', W.markYes],
    no: ['✗', W.markNo],
  } as const;
  return html`<table class=${`check ${kind}`}>
    <caption>
      ${caption}
    </caption>
    <thead>
      <tr>
        <th scope="col"><span class="sr">${W.what[lang]}</span></th>
        ${cols.map((c) => html`<th scope="col">${c}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows.map(
        (r) => html`<tr class=${state(r)}>
          <th scope="row">${rich(text(r.label, lang))}</th>
          <td data-col=${cols[0]}>${rich(text(r.doc, lang))}</td>
          <td data-col=${cols[1]}>${rich(text(r.computed, lang))}</td>
          <td data-col=${cols[2]} class="mark">
            <span aria-hidden="true">${marks[state(r)][0]}</span><span class="sr">${marks[state(r)][1][lang]}</span>
          </td>
        </tr>`,
      )}
    </tbody>
  </table>`;
}

/** The quote, verbatim, with its line numbers (and, on the English page, its translation). */
export function quoteView(e: EntryData, lang: Lang): TemplateResult {
  return html`<div class="label">${W.says[lang]}${rich(lang === 'zh' ? `（${e.doc}，${e.location.zh}）` : ` (${e.doc}, ${e.location.en})`)}</div>
    ${lang === 'en' ? html`<p class="translation">${rich(e.says)}</p>` : nothing}
    <blockquote lang="zh-CN">
      <pre>${e.quote.map((q, k) => html`${k ? '\n' : ''}<span class="ln">${W.line[lang]} ${q.line}  </span>${q.text}`)}</pre>
    </blockquote>`;
}

/** The check's tables and the verdict the numbers give. */
export function resultView(e: EntryData, r: CheckResult | undefined, lang: Lang): TemplateResult {
  if (!r) return html`<p class="meta" role="status">${W.computing[lang]}</p>`;
  const deciding = r.rows.filter((x) => !x.context);
  const facts = r.rows.filter((x) => x.context);
  return html`${table(W.recomputed[lang], deciding, lang, 'deciding', r.verdict === 'waiting-for-lab')} ${facts.length ? table(W.facts[lang], facts, lang, 'facts') : nothing}
    <p class=${`verdict ${r.verdict}`} data-verdict=${r.verdict}>
      ${W.verdictIs[lang]}<strong>${W.verdict[r.verdict][lang]}</strong>${r.error ? html` — ${W.failed[lang]}<code>${r.error}</code>` : nothing}
    </p>`;
}

const numbered = new WeakMap<readonly EntryData[], Map<string, string>>();
/** An entry's number ("001 · 7"), what the page shows in place of its id. */
export function entryNumber(entries: readonly EntryData[], id: string): string {
  let m = numbered.get(entries);
  if (!m) numbered.set(entries, (m = entryNumbers(entries)));
  return m.get(id) ?? id;
}

const REF = /`([ecx]00\d-[a-z0-9-]+)`/;

/**
 * An entry's prose, with the other entries it names (`e004-rel-code-limit`) as links showing their
 * title and number instead of the id.
 */
export function prose(text: string, lang: Lang, entries: readonly EntryData[]): TemplateResult {
  const parts = text.split(new RegExp(REF.source, 'g'));
  return html`${parts.map((p, i) => {
    if (i % 2 === 0) return rich(p);
    const target = entries.find((x) => x.id === p);
    if (!target) return rich(`\`${p}\``);
    return html`<a class="ref" href=${`#/errata?entry=${p}&lang=${lang}`}>${entryNumber(entries, p)} ${rich(target.title[lang])}</a>`;
  })}`;
}

/** Identifiers in words ("integer" on the Chinese page was English code); one without a name stays code. */
const names = (name: (id: string) => L10n, ids: readonly string[], lang: Lang) =>
  rich(ids.map((id) => name(id)[lang]).join(lang === 'zh' ? '、' : ', '));
const taskName = (id: string) => EVIDENCE_TASKS[id] ?? l(`\`${id}\``, `\`${id}\``);

/**
 * The lab question's heading and the run under it. A question the lab decided is "settled"; one it
 * cannot decide, or does not measure, is still a question. The run of a question the lab does not
 * measure does not exist: it is the run the question needs, not a "reference run".
 */
function labView(e: EntryData, lab: NonNullable<EntryData['lab']>, lang: Lang): TemplateResult {
  const decided = e.verdict === 'erratum' || e.verdict === 'confirmed';
  const run = lab.run;
  return html`<p><strong>${(decided ? W.labSettled : W.labQuestion)[lang]}</strong>${rich(lab.question[lang])}</p>
    <p class="meta lab-run">
      ${(e.verdict === 'waiting-for-lab' ? W.labNeeds : W.labRun)[lang]}${W.tasks[lang]} ${names(taskName, run.tasks, lang)} · ${W.encodings[lang]}
      ${names(encodingName, run.encodings, lang)} · ${W.lengths[lang]} ${run.lengths.map((x) => `${x}L`).join(lang === 'zh' ? '、' : ', ')} · ${W.seeds[lang]}
      ${run.seeds}
    </p>`;
}

/** What is right, the lab question if the entry waits for one, and the links. */
export function rightView(e: EntryData, lang: Lang, chapters: Record<string, L10n>, entries: readonly EntryData[] = []): TemplateResult {
  const href = `#/${e.chapter}?${e.link ? `${e.link}&` : ''}lang=${lang}`;
  // an open question has no "right" yet: what is known so far
  const head = e.verdict === 'confirmed' ? W.confirmedRight : e.verdict === 'erratum' ? W.right : W.known;
  return html`<div class="label">${head[lang]}</div>
    <p>${prose(e.right[lang], lang, entries)}</p>
    ${e.lab ? labView(e, e.lab, lang) : nothing}
    ${e.source ? html`<p class="meta">${W.source[lang]}<code class="cite">${e.source}</code></p>` : nothing}
    <p class="meta">
      ${W.shownIn[lang]}<a href=${href}>${chapters[e.chapter]?.[lang] ?? e.chapter}</a> ·
      <a href=${`#/errata?entry=${e.id}&lang=${lang}`}>${W.linkHere[lang]}</a>
    </p>`;
}

/** An entry's badge: its severity if it is an erratum, else its verdict. */
export function badges(e: EntryData, lang: Lang): TemplateResult {
  return html`<span class=${`badge ${e.verdict}`}>${e.severity ? W.severity[e.severity][lang] : W.verdictShort[e.verdict][lang]}</span>`;
}
