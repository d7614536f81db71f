import { css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';

import '../plot/plot.js';
import type { PlotAnnotation, Series } from '../plot/plot.js';
import '../table/table.js';
import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { figureHost, tokens } from '../shared/theme.js';
import { PALETTE } from '../figure/figure.styles.js';
import { LAB_FLOOR, labCell } from '../errata/checks-lab.js';
import type { LabReference } from '../errata/check-kit.js';
import { ENCODING_COLORS, ENCODING_DASHED, ENCODINGS, LabFigure, STRETCH_NAMES, TASK_NAMES } from './lab-figure.js';

const T = {
  length: l('测试序列长度', 'test length'),
  tokens: l('词元', 'tokens'),
  accuracy: l('整句准确率', 'sequence accuracy'),
  trained: l('训练长度以内', 'trained lengths'),
  unseen: l('训练中没见过的长度', 'lengths never seen in training'),
  beyond: l('可学习表：此后没有行', 'learned table: no row past here'),
  noRow: l('没有这一行', 'no row'),
  encoding: l('编码', 'encoding'),
  lengthCol: l('长度', 'length'),
  training: l(
    '训练还在进行：标了步数的模型，是它在那一步的权重上测出的准确率（每长度 64 道题），训练结束前会随之更新。',
    'Training is still running: a model marked with a step is measured on its weights at that step (64 sequences per length), and redrawn as it learns.',
  ),
};

/**
 * Sequence accuracy against test length for every encoding (or, with `variant="stretch"`, for the
 * RoPE model unstretched and stretched by PI, NTK and YaRN), with the training region shaded and
 * the learned table's last row marked; the same numbers in a table below. In a predict-then-reveal
 * block it reports which encoding is most accurate at `at` × the training length; on the saved
 * run (three seeds) only when it leads the runner-up by more than the larger of their seed ranges,
 * otherwise 'undecided'. A reader's run has one seed and no spread: its best is reported as is.
 *
 * @fires posenc-answer - { value: encoding | 'undecided' }: the most accurate encoding at at·L_train
 */
export class PosencLabAccuracy extends LabFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .note {
        font-size: 0.85rem;
        color: var(--_muted);
        margin: 0.2rem 0 0.6rem;
      }
    `,
  ];

  @property() variant: 'encodings' | 'stretch' = 'encodings';
  /** Caption; {run} and {task} are filled in. */
  @property() caption = '';
  /** The predict question's length, as a multiple of the training length. */
  @property({ type: Number }) at = 2;
  /** Sentence under the plot when the answer is reported; {best}, {acc}, {length} filled in. */
  @property() answerText = '';
  /** Sentence when the saved run's leader is within the seeds' spread; {best}, {second}, {gap}, {spread}, {length} filled in. */
  @property() undecidedText = '';
  /** Sentence when every model fails at that length (the best under LAB_FLOOR); {best}, {acc}, {length}, {floor} filled in. */
  @property() noneText = '';

  private lastAnswer = '';
  private lastOffered = '';

  private curves(): {
    key: string;
    label: string;
    color: string;
    accuracy: ArrayLike<number>;
    token: ArrayLike<number>;
    beyond?: ArrayLike<boolean>;
    dash?: boolean;
    checkpoint?: number;
  }[] {
    const run = this.run;
    if (!run) return [];
    if (this.variant === 'stretch') {
      const rope = run.encodings.rope;
      if (rope?.state !== 'done') return [];
      const out = [
        { key: 'none', label: this.t(STRETCH_NAMES.none), color: ENCODING_COLORS.rope, accuracy: rope.accuracy, token: rope.tokenAccuracy },
      ];
      (['pi', 'ntk', 'yarn'] as const).forEach((s, i) => {
        const r = rope.stretched?.[s];
        if (r)
          out.push({
            key: s,
            label: this.t(STRETCH_NAMES[s]),
            color: PALETTE[(i + 1) % PALETTE.length],
            accuracy: r.accuracy,
            token: r.tokenAccuracy,
          });
      });
      return out;
    }
    // a model still training is drawn from its latest checkpoint, its step in its label
    const shown = (e: string) => run.encodings[e]?.state === 'done' || run.encodings[e]?.checkpoint !== undefined;
    return ENCODINGS.filter(shown).map((e) => ({
      key: e,
      label: this.atStep(run, e) ? `${this.encodingName(e)} · ${this.atStep(run, e)}` : this.encodingName(e),
      checkpoint: run.encodings[e].state === 'done' ? undefined : run.encodings[e].checkpoint,
      color: ENCODING_COLORS[e],
      dash: ENCODING_DASHED[e],
      accuracy: run.encodings[e].accuracy,
      token: run.encodings[e].tokenAccuracy,
      beyond: run.encodings[e].beyondTable,
    }));
  }

  /**
   * The most accurate encoding at at·L_train, or undefined; on the saved run, with the runner-up and
   * whether the lead exceeds the larger of their seed ranges (labCell: mean and spread of the seeds).
   */
  private best():
    | {
        key: string;
        label: string;
        acc: number;
        length: number;
        second?: string;
        gap?: number;
        spread?: number;
        decided: boolean;
        /** Every model fails there: the leader of zeros is no winner (the claims' floor). */
        none?: boolean;
      }
    | undefined {
    const run = this.run;
    if (!run) return undefined;
    const k = run.lengths.indexOf(Math.round(this.at * run.trainLength));
    if (k < 0) return undefined;
    const ranked = this.curves()
      .map((c) => ({ c, v: c.beyond?.[k] ? -1 : c.accuracy[k] }))
      .sort((a, b) => b.v - a.v);
    if (!ranked.length) return undefined;
    const [first, second] = ranked;
    const out = { key: first.c.key, label: first.c.label, acc: first.v, length: run.lengths[k], decided: true };
    if (first.v < LAB_FLOOR) return { ...out, decided: false, none: true };
    const ref = this.saved?.reference as unknown as LabReference | undefined;
    if (run.source !== 'saved' || this.variant !== 'encodings' || !second || !ref) return out;
    const [a, b] = [labCell(ref, [run.task], first.c.key, this.at), labCell(ref, [run.task], second.c.key, this.at)];
    if (!a || !b || a.perSeed.length < 2) return out;
    const gap = first.v - second.v,
      spread = Math.max(a.spread, b.spread);
    return { ...out, second: second.c.label, gap, spread, decided: gap > spread };
  }

  protected updated(): void {
    if (this.variant !== 'encodings') return;
    // the question offers what this run can answer: its models, and "too close to call" only where
    // seeds give a spread to be within (the saved run's three; a reader's run has one)
    const offered = this.curves().map((c) => c.key);
    if (this.run?.source === 'saved') offered.push('undecided');
    offered.push('no-winner');
    const key = offered.join(' ');
    if (key !== this.lastOffered) {
      this.lastOffered = key;
      this.emitChoices(offered);
    }
    const b = this.best();
    if (!b) return;
    const answer = b.none ? 'no-winner' : b.decided ? b.key : 'undecided';
    if (answer !== this.lastAnswer) {
      this.lastAnswer = answer;
      this.emitAnswer(answer);
    }
  }

  render() {
    const run = this.run;
    if (!run) return nothing;
    const curves = this.curves();
    const L = run.trainLength;
    const series: Series[] = curves.map((c) => ({
      label: c.label,
      x: run.lengths,
      // past the learned table there is no model to ask: no point is drawn
      y: Array.from(run.lengths, (_, i) => (c.beyond?.[i] ? NaN : c.accuracy[i])),
      color: c.color,
      dash: c.dash,
    }));
    const annotations: PlotAnnotation[] = [{ kind: 'x-range', from: run.lengths[0], to: L, label: this.t(T.trained), color: 'good' }];
    // the reason the curves fall: past L every length is one the model never saw in training
    const longest = run.lengths[run.lengths.length - 1];
    if (longest > L) annotations.push({ kind: 'x-range', from: L, to: longest, label: this.t(T.unseen), color: 'warn' });
    const learned = curves.find((c) => c.key === 'learned');
    if (learned && Array.from(learned.beyond ?? []).some(Boolean))
      // in the learned table's own colour: the line belongs to its curve
      annotations.push({ kind: 'x', at: L, label: this.t(T.beyond), color: ENCODING_COLORS.learned });
    const b = this.best();
    const training = curves.filter((c) => c.checkpoint !== undefined);
    return html`${
      training.length
        ? html`<p
            class="note"
            id=${this.variant === 'stretch' ? 'lab-stretch-progress' : 'lab-accuracy-progress'}
            data-checkpoints=${training.map((c) => `${c.key}:${c.checkpoint}`).join(' ')}
            data-steps=${run.steps}
          >
            ${this.t(T.training)}
          </p>`
        : nothing
    }<posenc-plot
        id=${this.variant === 'stretch' ? 'lab-stretch-plot' : 'lab-accuracy-plot'}
        .series=${series}
        .annotations=${annotations}
        caption=${fill(this.caption, { run: this.runLabel(run), task: this.t(TASK_NAMES[run.task] ?? { zh: run.task, en: run.task }) })}
        xLabel=${this.t(T.length)}
        x-unit=${this.t(T.tokens)}
        yLabel=${this.t(T.accuracy)}
        .yRange=${[0, 1] as [number, number]}
        .xTicks=${run.lengths}
        digits="3"
        height="280"
      ></posenc-plot>
      ${
        this.answerText && b
          ? html`<p class="note" id=${this.variant === 'stretch' ? 'lab-stretch-best' : 'lab-accuracy-best'} data-decided=${b.none ? 'none' : b.decided ? 'yes' : 'no'}>
              ${
                b.none && this.noneText
                  ? fill(this.noneText, { best: b.label, acc: fmt(b.acc, 3), length: b.length, floor: `${Math.round(LAB_FLOOR * 100)}%` })
                  : b.decided || !this.undecidedText
                    ? fill(this.answerText, { best: b.label, acc: fmt(b.acc, 3), length: b.length })
                    : fill(this.undecidedText, {
                        best: b.label,
                        second: b.second ?? '',
                        gap: fmt(b.gap ?? 0, 3),
                        spread: fmt(b.spread ?? 0, 3),
                        length: b.length,
                      })
              }
            </p>`
          : nothing
      }
      <posenc-table
        id=${this.variant === 'stretch' ? 'lab-stretch-table' : 'lab-accuracy-table'}
        .data=${{
          caption: this.t(T.accuracy),
          columns: [this.t(T.encoding), ...run.lengths.map((n) => `${n}`)],
          // on a phone each encoding's accuracies wrap under its name, each labelled with its length
          cards: true,
          cardLabels: run.lengths.map((n) => `${n} ${this.t(T.tokens)}`),
          rows: curves.map((c) => ({
            head: c.label,
            // "no row" is a number's absence, set like one (right-aligned, one line), not a text column
            cells: Array.from(run.lengths, (_, i) =>
              c.beyond?.[i] ? html`<span class="absent" data-absent="no-row">${this.t(T.noRow)}</span>` : fmt(c.accuracy[i], 3),
            ),
          })),
        }}
      ></posenc-table>`;
  }
}
