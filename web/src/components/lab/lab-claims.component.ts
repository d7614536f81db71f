import { css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';

import { labDecision, labEvidence, labFloorNote, labMissing, labUndecidedWhy } from '../errata/checks-lab.js';
import type { LabReference } from '../errata/check-kit.js';
import type { EntryData, LabQuestion } from '../errata/types.js';
import { fill } from '../shared/figure.js';
import { l, type L10n } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import { LabFigure, session, TASK_NAMES } from './lab-figure.js';
import type { LabRunData } from './lab-store.js';

/** A claim to test against a run: who makes it, what it says, and the rule that decides it. */
export interface LabClaim {
  id: string;
  source: L10n;
  /** The claim, as its source words it. */
  text: L10n;
  /** The question the run answers (the Errata entry's), shown under the claim. */
  asked?: L10n;
  question: Pick<LabQuestion, 'decide' | 'run'>;
}

const T = {
  claim: l('说法', 'claim'),
  source: l('出处', 'source'),
  saved: l('参考运行（种子 1–3）', 'reference run (seeds 1–3)'),
  reader: l('你的运行：{task}', 'your run: {task}'),
  supports: l('支持这一说法', 'supports the claim'),
  contradicts: l('与这一说法相反', 'contradicts the claim'),
  undecided: l('无法判定', 'undecided'),
  notTrained: l('你的运行里没有', 'not in your run'),
  missing: l(
    '这条说法要比较的 {names} 不在你的运行里：勾选后再训练。',
    'The claim compares {names}, which your run did not train: tick and train.',
  ),
  /** The accuracies a claim compares are means over its tasks: said, so they are not read as the table's one task. */
  tasks: l('取这些任务的平均', 'mean over the tasks'),
  link: l('勘误条目', 'errata entry'),
  /** The reader's column counted like the reference run's (one seed: its undecided are the floor and unlearned rules, or missing models). */
  readerCount: l(
    '你的运行（{task}）：支持 {supported} 条，反驳 {contradicted} 条，{undecided} 条无法判定，{missing} 条要比较的编码你没有训练（共 {total} 条）。',
    'Your run ({task}): supports {supported}, contradicts {contradicted}, cannot decide {undecided}, and {missing} compare encodings it did not train (of {total}).',
  ),
};

type Verdict = 'supported' | 'contradicted' | 'undecided' | 'missing';

/** What a run says of a claim, as its cell and the tallies under the table count it. */
function verdictOf(ref: LabReference, c: LabClaim, tasks?: readonly string[]): Verdict {
  const d = labDecision(ref, c.question, tasks);
  if (!d) return labMissing(ref, c.question, tasks).length ? 'missing' : 'undecided';
  return d.undecided ? 'undecided' : d.holds === c.question.decide.claims ? 'supported' : 'contradicted';
}

/** A run of the page as the errata checks read it (accuracy per length; 0 where beyond the table). */
function asReference(run: LabRunData): LabReference {
  return {
    runs: Object.entries(run.encodings)
      .filter(([, e]) => e.state === 'done')
      .map(([encoding, e]) => ({
        task: run.task,
        encoding,
        trainLength: run.trainLength,
        lengths: run.lengths,
        accuracy: Array.from(e.accuracy),
        beyondTable: Array.from(e.beyondTable),
        spread: e.spread ? Array.from(e.spread) : undefined,
      })),
  };
}

/**
 * Claims about extrapolation (the seed documents' — the Errata chapter's lab entries, by id — or a
 * paper's) with the verdict a run gives them: the saved reference run over the tasks each claim
 * names, and the reader's latest run on its one task. Each verdict is the Errata chapter's own
 * decision rule (labDecision) applied to the run's accuracies; the cells it compared are shown.
 */
export class PosencLabClaims extends LabFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .wrap {
        overflow-x: auto;
      }
      table {
        border-collapse: collapse;
        font-size: 0.85rem;
        width: 100%;
      }
      th,
      td {
        border-bottom: 1px solid var(--_line);
        padding: 0.35rem 0.4rem;
        text-align: left;
        vertical-align: top;
      }
      th:first-child,
      td:first-child {
        position: sticky;
        left: 0;
        background: var(--_bg);
        min-width: 9rem;
      }
      .v {
        font-weight: 600;
        white-space: nowrap;
      }
      .v.yes {
        color: var(--_good);
      }
      .v.no {
        color: var(--_accent-2);
      }
      .why {
        display: block;
        font-size: 0.8rem;
      }
      .shown {
        display: block;
        font-size: 0.75rem;
        color: var(--_muted);
        overflow-wrap: anywhere;
      }
      @media (max-width: 40rem) {
        table,
        tbody,
        tr,
        td {
          display: block;
        }
        thead {
          display: none;
        }
        td {
          border-bottom: none;
          padding: 0.15rem 0.2rem;
        }
        tr {
          border-bottom: 1px solid var(--_line);
          padding: 0.3rem 0;
        }
        th:first-child,
        td:first-child {
          position: static;
          min-width: 0;
          font-weight: 600;
        }
        td[data-column]::before {
          content: attr(data-column);
          color: var(--_muted);
          font-size: 0.8rem;
        }
      }
      .asked {
        display: block;
        font-weight: 400;
        font-size: 0.78rem;
        color: var(--_muted);
        margin-top: 0.2rem;
      }
      .count {
        font-size: 0.9rem;
        margin: 0.4rem 0;
      }
    `,
  ];

  /** The audit's entries (the Errata chapter's data), as { entries }. */
  @property({ attribute: false }) audit?: { entries: readonly EntryData[] };
  /** Which entries to show (ids of lab questions). */
  @property({ attribute: false }) ids: readonly string[] = [];
  /** Further claims (e.g. a paper's), as { items }. */
  @property({ attribute: false }) claims?: { items: readonly LabClaim[] };
  /** Sentence under the table; {supported}, {contradicted}, {total} (reference run) filled in. */
  @property() summary = '';

  private items(): LabClaim[] {
    const fromAudit = (this.audit?.entries ?? [])
      .filter((e) => e.lab && this.ids.includes(e.id))
      .map((e) => ({
        id: e.id,
        source: { zh: `${e.doc} ${e.location.zh}`, en: `${e.doc} ${e.location.en}` },
        text: e.title,
        asked: e.lab!.question,
        question: e.lab!,
      }));
    return [...fromAudit, ...(this.claims?.items ?? [])];
  }

  private cell(ref: LabReference | undefined, c: LabClaim, column: string, tasks?: readonly string[]) {
    if (!ref) return html`<td></td>`;
    const d = labDecision(ref, c.question, tasks);
    if (!d) {
      // a reader's run of a few models: say which ones the claim needs, not a bare "undecided"
      const missing = labMissing(ref, c.question, tasks);
      const names = missing.map((m) => this.t(m)).join(this.lang === 'zh' ? '、' : ', ');
      return html`<td data-column=${column + (this.lang === 'zh' ? '：' : ': ')} data-verdict="undecided" data-missing=${missing.length}>
        <span class="v">${this.t(missing.length ? T.notTrained : T.undecided)}</span>${
          missing.length ? html`<span class="why">${fill(this.t(T.missing), { names })}</span>` : nothing
        }
      </td>`;
    }
    column += this.lang === 'zh' ? '：' : ': ';
    // the cells compared, in the reader's words and language, each number labelled
    const e = labEvidence(ref, c.question, tasks);
    const shown = html`<span class="shown">${e ? rich(this.t(e)) : nothing}</span>`;
    if (d.undecided) {
      // a margin smaller than the spread between seeds: no winner is named
      const why = labUndecidedWhy(ref, c.question, tasks);
      return html`<td data-column=${column} data-verdict="undecided">
        <span class="v">${this.t(T.undecided)}</span>${why ? html`<span class="why">${rich(this.t(why))}</span>` : nothing}${shown}
      </td>`;
    }
    const agrees = d.holds === c.question.decide.claims;
    // lengths where both fail are left out of the verdict: the cell says so beside it
    const floor = labFloorNote(ref, c.question, tasks);
    return html`<td data-column=${column} data-verdict=${agrees ? 'supports' : 'contradicts'}>
      <span class=${agrees ? 'v yes' : 'v no'}>${this.t(agrees ? T.supports : T.contradicts)}</span>${
        floor ? html`<span class="why floor">${rich(this.t(floor))}</span>` : nothing
      }${shown}
    </td>`;
  }

  render() {
    const saved = this.saved?.reference;
    const reader = session.reader(this.task);
    const readerDone = reader && Object.values(reader.encodings).some((e) => e.state === 'done') ? reader : undefined;
    const readerRef = readerDone ? asReference(readerDone) : undefined;
    const items = this.items();
    const verdicts = saved ? items.map((c) => verdictOf(saved, c)) : [];
    const taskName = this.t(TASK_NAMES[this.task] ?? l(this.task, this.task));
    const mine = readerRef ? items.map((c) => verdictOf(readerRef, c, [this.task])) : [];
    const tally = (v: Verdict) => mine.filter((m) => m === v).length;
    return html`<div class="wrap">
        <table id=${this.claims ? 'lab-paper-claims' : 'lab-claims'}>
          <thead>
            <tr>
              <th>${this.t(T.claim)}</th>
              <th>${this.t(T.source)}</th>
              <th>${this.t(T.saved)}</th>
              ${readerRef ? html`<th>${fill(this.t(T.reader), { task: taskName })}</th>` : nothing}
            </tr>
          </thead>
          <tbody>
            ${items.map(
              (c) =>
                html`<tr data-claim-id=${c.id}>
                  <td>${rich(this.t(c.text))}${c.asked ? html`<span class="asked">${rich(this.t(c.asked))}</span>` : nothing}</td>
                  <td>
                    ${this.audit && this.ids.includes(c.id) ? html`<a href=${`#/errata?entry=${c.id}`}>${this.t(c.source)}</a>` : this.t(c.source)}
                    <span class="shown"
                      >${this.t(T.tasks)}${this.lang === 'zh' ? '：' : ': '}${c.question.run.tasks.map((k) => this.t(TASK_NAMES[k] ?? l(k, k))).join(this.lang === 'zh' ? '、' : ', ')}</span
                    >
                  </td>
                  ${this.cell(saved, c, this.t(T.saved))}
                  ${readerRef ? this.cell(readerRef, c, fill(this.t(T.reader), { task: taskName }), [this.task]) : nothing}
                </tr>`,
            )}
          </tbody>
        </table>
      </div>
      ${
        this.summary && saved
          ? html`<p class="count" id=${this.claims ? 'lab-paper-summary' : 'lab-claims-summary'}>
              ${fill(this.summary, {
                supported: verdicts.filter((v) => v === 'supported').length,
                contradicted: verdicts.filter((v) => v === 'contradicted').length,
                undecided: verdicts.filter((v) => v === 'undecided' || v === 'missing').length,
                total: items.length,
              })}
            </p>`
          : nothing
      }${
        this.summary && readerRef
          ? html`<p class="count" id=${this.claims ? 'lab-paper-reader-summary' : 'lab-claims-reader-summary'}>
              ${fill(this.t(T.readerCount), {
                task: taskName,
                supported: tally('supported'),
                contradicted: tally('contradicted'),
                undecided: tally('undecided'),
                missing: tally('missing'),
                total: items.length,
              })}
            </p>`
          : nothing
      }`;
  }
}
