import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import type { Matrix } from '../../lib/types.js';
import '../plot/plot.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import type { PlotAnnotation as Annotation } from '../plot/plot.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';

const WINDOW = 16;

/**
 * Binary codes of the positions around a chosen step pos → pos+1: a bit table whose two rows of
 * the step are highlighted and whose flipped bits are outlined, a column with how many bits flip
 * from the row above, and the distance between neighbouring codes over every step.
 *
 * @fires posenc-answer - { value: how many bits flip at the step: '1' … '4', or '5+' }
 */

/** The words of this figure, zh and en. */
const T = {
  flipsFromAbove: l('比上一行翻转', 'flips from above'),
  oneBitFlips: l('只翻 1 位', 'one bit flips'),
  stepPosPos: l('步 pos → pos+1', 'step pos → pos+1'),
  euclideanDistance: l('欧氏距离', 'Euclidean distance'),
};

export class PosencBinarySteps extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .wrap {
        display: flex;
        flex-direction: column;
        gap: 0.6rem;
      }
      .scroll {
        overflow-x: auto;
        max-width: 100%;
      }
      table {
        border-collapse: collapse;
        font-family: var(--_mono);
        font-size: 0.85rem;
        font-variant-numeric: tabular-nums;
      }
      caption {
        text-align: left;
        font-family: var(--_sans);
        color: var(--_muted);
        font-size: 0.85rem;
        padding-bottom: 0.3rem;
      }
      th,
      td {
        padding: 0.12rem 0.5rem;
        text-align: center;
        border-bottom: 1px solid var(--_line);
      }
      thead th {
        background: var(--_panel);
        font-family: var(--_sans);
        font-weight: 600;
      }
      tbody th {
        color: var(--_muted);
        font-weight: 500;
        text-align: right;
      }
      td.bit1 {
        background: color-mix(in srgb, var(--_accent) 22%, transparent);
      }
      tr.step {
        background: color-mix(in srgb, var(--_warn) 12%, transparent);
      }
      td.flip {
        outline: 2px solid var(--_warn);
        outline-offset: -2px;
        font-weight: 700;
      }
      td.flips {
        color: var(--_muted);
        text-align: left;
      }
      tr.step td.flips {
        color: var(--_warn);
        font-weight: 700;
      }
      .plot {
        min-width: 0;
        max-width: 40rem;
      }
    `,
  ];

  @property({ type: Number }) bits = 4;
  @property({ type: Number }) step = 7;
  @property() caption = '';
  @property() plotCaption = '';
  /** Sentence; {from} {to} {flips} {min} {max} filled. */
  @property() sentence = '';

  @state() private codes?: Matrix<Float64Array>;
  @state() private first = 0;
  @state() private r?: ReturnType<Analysis['binarySteps']>;

  /** The step, kept inside this number of bits. */
  private get at(): number {
    return Math.min(this.step, 2 ** this.bits - 2);
  }

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'bits', 'step')) return;
    const a = this.pe.analysis;
    const total = 2 ** this.bits;
    this.first = Math.max(0, Math.min(this.at - (WINDOW / 2 - 1), total - WINDOW));
    const all = a.binaryEncoding({ n: Math.min(total, this.first + WINDOW), bits: this.bits });
    this.codes = { rows: all.rows - this.first, cols: all.cols, data: all.data.subarray(this.first * all.cols) };
    this.r = a.binarySteps({ bits: this.bits, step: this.at });
  }

  protected updated(changed: PropertyValues) {
    if (this.r && this.changedAny(changed, 'bits', 'step')) this.emitAnswer(this.r.stepFlips >= 5 ? '5+' : String(this.r.stepFlips));
    super.updated(changed);
  }

  render() {
    const m = this.codes,
      r = this.r;
    if (!m || !r) return nothing;
    const at = this.at;
    const flipped = new Set(Array.from(r.flippedColumns));
    const fromAbove = this.t(T.flipsFromAbove);
    const steps = Array.from({ length: r.flips.length }, (_, i) => i);
    const ann: Annotation[] = [
      { kind: 'point', x: at, y: r.distance[at], label: `${at} → ${at + 1}: ${fmt(r.distance[at], 3)}`, color: 'warn' },
      { kind: 'y', at: 1, label: this.t(T.oneBitFlips), color: 'good' },
    ];
    return html`<div class="wrap">
        <div class="scroll" role="region" tabindex="0" aria-label=${this.caption}>
          <table id="binary">
            <caption>${this.caption}</caption>
            <thead>
              <tr>
                <th scope="col">pos</th>
                ${Array.from({ length: m.cols }, (_, c) => html`<th scope="col">d=${this.bits - 1 - c}</th>`)}
                <th scope="col">${fromAbove}</th>
              </tr>
            </thead>
            <tbody>
              ${Array.from({ length: m.rows }, (_, i) => {
                const pos = this.first + i;
                const inStep = pos === at || pos === at + 1;
                return html`<tr class=${inStep ? 'step' : ''} data-pos=${pos}>
                  <th scope="row">${pos}</th>
                  ${Array.from({ length: m.cols }, (_, c) => {
                    const bit = m.data[i * m.cols + c];
                    const cls = [bit ? 'bit1' : '', inStep && flipped.has(c) ? 'flip' : ''].join(' ');
                    return html`<td class=${cls}>${fmt(bit, 0)}</td>`;
                  })}
                  <td class="flips">${pos > 0 ? `+${fmt(r.flips[pos - 1], 0)}` : ''}</td>
                </tr>`;
              })}
            </tbody>
          </table>
        </div>
        <div class="plot">
          <posenc-plot
            id="binary-jumps"
            .series=${[{ label: '‖PE(pos+1) − PE(pos)‖', x: steps, y: r.distance, points: true }]}
            .annotations=${ann}
            caption=${this.plotCaption}
            xLabel=${this.t(T.stepPosPos)}
            yLabel=${this.t(T.euclideanDistance)}
            .yRange=${[0, Math.max(2, r.largest ** 0.5) * 1.1]}
            .digits=${3}
          ></posenc-plot>
        </div>
      </div>
      <p id="binary-status" data-flips=${r.stepFlips}>
        ${rich(fill(this.sentence, { from: at, to: at + 1, flips: r.stepFlips, min: r.smallest, max: r.largest }))}
      </p>`;
  }
}
