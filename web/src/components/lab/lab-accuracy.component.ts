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
import { ENCODING_COLORS, ENCODINGS, LabFigure, STRETCH_NAMES, TASK_NAMES } from './lab-figure.js';

const T = {
  length: l('测试序列长度', 'test length'),
  tokens: l('词元', 'tokens'),
  accuracy: l('整句准确率', 'sequence accuracy'),
  trained: l('训练长度以内', 'trained lengths'),
  beyond: l('可学习表：此后没有行', 'learned table: no row past here'),
  noRow: l('没有这一行', 'no row'),
  encoding: l('编码', 'encoding'),
  lengthCol: l('长度', 'length'),
};

/**
 * Sequence accuracy against test length for every encoding (or, with `variant="stretch"`, for the
 * RoPE model unstretched and stretched by PI, NTK and YaRN), with the training region shaded and
 * the learned table's last row marked; the same numbers in a table below. In a predict-then-reveal
 * block it reports which encoding is most accurate at `at` × the training length.
 *
 * @fires posenc-answer - { value: encoding }: the most accurate encoding at at·L_train
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

  private lastAnswer = '';

  private curves(): {
    key: string;
    label: string;
    color: string;
    accuracy: ArrayLike<number>;
    token: ArrayLike<number>;
    beyond?: ArrayLike<boolean>;
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
    return ENCODINGS.filter((e) => run.encodings[e]?.state === 'done').map((e) => ({
      key: e,
      label: this.encodingName(e),
      color: ENCODING_COLORS[e],
      accuracy: run.encodings[e].accuracy,
      token: run.encodings[e].tokenAccuracy,
      beyond: run.encodings[e].beyondTable,
    }));
  }

  protected updated(): void {
    const run = this.run;
    if (!run || this.variant !== 'encodings') return;
    const k = run.lengths.indexOf(Math.round(this.at * run.trainLength));
    if (k < 0) return;
    let best = '',
      acc = -1;
    for (const c of this.curves()) {
      const v = c.beyond?.[k] ? -1 : c.accuracy[k];
      if (v > acc) [best, acc] = [c.key, v];
    }
    if (best && best !== this.lastAnswer) {
      this.lastAnswer = best;
      this.emitAnswer(best);
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
    }));
    const annotations: PlotAnnotation[] = [{ kind: 'x-range', from: run.lengths[0], to: L, label: this.t(T.trained), color: 'good' }];
    const learned = curves.find((c) => c.key === 'learned');
    if (learned && Array.from(learned.beyond ?? []).some(Boolean))
      annotations.push({ kind: 'x', at: L, label: this.t(T.beyond), color: 'warn' });
    const k = run.lengths.indexOf(Math.round(this.at * L));
    let best = '',
      acc = -1;
    for (const c of curves) {
      const v = k < 0 || c.beyond?.[k] ? -1 : c.accuracy[k];
      if (v > acc) [best, acc] = [c.label, v];
    }
    return html`<posenc-plot
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
      ${this.answerText && k >= 0 && best ? html`<p class="note" id=${this.variant === 'stretch' ? 'lab-stretch-best' : 'lab-accuracy-best'}>${fill(this.answerText, { best, acc: fmt(acc, 3), length: run.lengths[k] })}</p>` : nothing}
      <posenc-table
        id=${this.variant === 'stretch' ? 'lab-stretch-table' : 'lab-accuracy-table'}
        .data=${{
          caption: this.t(T.accuracy),
          columns: [this.t(T.encoding), ...run.lengths.map((n) => `${n}`)],
          rows: curves.map((c) => ({
            head: c.label,
            cells: Array.from(run.lengths, (_, i) => (c.beyond?.[i] ? this.t(T.noRow) : fmt(c.accuracy[i], 3))),
          })),
        }}
      ></posenc-table>`;
  }
}
