import { css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';

import '../plot/bars.js';
import type { Bar } from '../plot/bars.js';
import '../table/table.js';
import { labCell, type LabCell } from '../errata/checks-lab.js';
import type { LabReference } from '../errata/check-kit.js';
import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { figureHost, tokens } from '../shared/theme.js';
import { ENCODING_COLORS, LabFigure, STRETCH_NAMES, TASK_NAMES } from './lab-figure.js';

const T = {
  accuracy: l('整句准确率', 'sequence accuracy'),
  model: l('模型', 'model'),
  mean: l('种子平均', 'mean of the seeds'),
  range: l('最低–最高种子', 'lowest–highest seed'),
  random: l('随机位置', 'random positions'),
  undecided: l('无法判定', 'undecided'),
};

/**
 * Models of the saved reference run side by side at one test length (`at` × the training length),
 * mean over `tasks` (default: the chapter's task), each with the range between its seeds. It names
 * the most accurate only when it leads the next by more than the larger of their seed ranges;
 * otherwise the run cannot tell them apart and the answer is 'undecided'. Entries are encodings
 * ('rope'), randomized positions ('rope+random') or stretches ('rope+ntk').
 *
 * @fires posenc-answer - { value: entry | 'undecided' }
 */
export class PosencLabCompare extends LabFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .note {
        font-size: 0.9rem;
        margin: 0.3rem 0 0.6rem;
      }
    `,
  ];

  @property({ attribute: false }) entries: readonly string[] = [];
  /** Tasks to average over; empty: the chapter's task. */
  @property({ attribute: false }) tasks: readonly string[] = [];
  @property({ type: Number }) at = 2;
  /** Caption; {length} and {tasks} filled in. */
  @property() caption = '';
  /** Sentence when one leads; {best}, {acc}, {second}, {gap}, {spread} filled in. */
  @property() answerText = '';
  /** Sentence when none leads by more than the spread; {first}, {second}, {gap}, {spread} filled in. */
  @property() undecidedText = '';

  private lastAnswer = '';

  private name(entry: string): string {
    const [base, variant] = entry.split('+');
    const enc = this.encodingName(base);
    if (!variant) return enc;
    if (variant === 'random') return `${enc} + ${this.t(T.random)}`;
    return this.t(STRETCH_NAMES[variant] ?? l(entry, entry));
  }

  private cells(): { entry: string; cell: LabCell }[] {
    const ref = this.saved?.reference as unknown as LabReference | undefined;
    if (!ref) return [];
    const tasks = this.tasks.length ? this.tasks : [this.task];
    return this.entries
      .map((entry) => ({ entry, cell: labCell(ref, tasks, entry, this.at) }))
      .filter((x): x is { entry: string; cell: LabCell } => x.cell !== undefined);
  }

  /** The leader and the runner-up, and whether the lead exceeds the larger of their seed ranges. */
  private verdict(cells: { entry: string; cell: LabCell }[]) {
    const ranked = [...cells].sort((a, b) => b.cell.mean - a.cell.mean);
    if (ranked.length < 2) return undefined;
    const [first, second] = ranked;
    const gap = first.cell.mean - second.cell.mean;
    const spread = Math.max(first.cell.spread, second.cell.spread);
    return { first, second, gap, spread, decided: gap > spread };
  }

  protected updated(): void {
    const v = this.verdict(this.cells());
    if (!v) return;
    const answer = v.decided ? v.first.entry : 'undecided';
    if (answer !== this.lastAnswer) {
      this.lastAnswer = answer;
      this.emitAnswer(answer);
    }
  }

  render() {
    const cells = this.cells();
    const ref = this.saved?.reference;
    if (!cells.length || !ref) return nothing;
    const L = ref.settings.trainLength;
    const tasks = this.tasks.length ? this.tasks : [this.task];
    const taskNames = tasks.map((k) => this.t(TASK_NAMES[k] ?? l(k, k))).join(this.lang === 'zh' ? '、' : ', ');
    const bars: Bar[] = cells.map(({ entry, cell }) => ({
      label: this.name(entry),
      value: cell.mean,
      color: ENCODING_COLORS[entry.split('+')[0]],
    }));
    const v = this.verdict(cells);
    const sentence = !v
      ? ''
      : v.decided
        ? fill(this.answerText, {
            best: this.name(v.first.entry),
            acc: fmt(v.first.cell.mean, 3),
            second: this.name(v.second.entry),
            gap: fmt(v.gap, 3),
            spread: fmt(v.spread, 3),
          })
        : fill(this.undecidedText, {
            first: this.name(v.first.entry),
            second: this.name(v.second.entry),
            gap: fmt(v.gap, 3),
            spread: fmt(v.spread, 3),
          });
    return html`<posenc-bars
        .bars=${bars}
        caption=${fill(this.caption, { length: Math.round(this.at * L), tasks: taskNames })}
        unit=""
        digits="3"
        value-label=${this.t(T.accuracy)}
        .annotations=${[]}
      ></posenc-bars>
      ${sentence ? html`<p class="note" data-decided=${v?.decided ? 'yes' : 'no'}>${sentence}</p>` : nothing}
      <posenc-table
        .data=${{
          caption: this.t(T.accuracy),
          columns: [this.t(T.model), this.t(T.mean), this.t(T.range)],
          rows: cells.map(({ entry, cell }) => ({
            head: this.name(entry),
            cells: [
              fmt(cell.mean, 3),
              cell.perSeed.length > 1 ? `${fmt(Math.min(...cell.perSeed), 3)}–${fmt(Math.max(...cell.perSeed), 3)}` : '—',
            ],
          })),
        }}
      ></posenc-table>`;
  }
}
