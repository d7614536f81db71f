import { css, html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';

import '../table/table.js';
import type { TableData } from '../table/table.js';
import { angleAsRead } from '../rope/plane-draw.js';
import { fill } from '../shared/figure.js';
import { l } from '../shared/i18n.js';
import { figureHost, tokens } from '../shared/theme.js';
import { ContextFigure } from './context-figure.js';
import '../plot/plot.js';
import type { PlotAnnotation } from '../plot/plot.js';

/**
 * Each pair's wavelength 2π/θ_i against the two lengths: below L the pair has turned at least once
 * within the training length (green), above L it has not (orange), and those pairs meet angles at
 * L′ that training never showed. A table counts them and gives the slowest pair's angle at L and L′.
 */

/** The words of this figure, zh and en. */
const T = {
  value: l('值', 'value'),
  pairs: l('维度对总数', 'pairs'),
  pairsThatNever: l('训练中没转完一圈的维度对', 'pairs that never completed a turn in training'),
  angleSlowestPair: l('最慢一对在 L = {L} 处的转角', 'angle of the slowest pair at L = {L}'),
  angleSlowestPair2: l('最慢一对在 L′ = {L} 处的转角', 'angle of the slowest pair at L′ = {L}'),
  pairI: l('维度对 i', 'pair i'),
  wavelength: l('波长', 'wavelength'),
  positions: l('个位置', 'positions'),
  afterTurns: l('转满 {n} 圈后再转 {deg}', '{deg} after {n} full turns'),
  afterOneTurn: l('转满 1 圈后再转 {deg}', '{deg} after 1 full turn'),
};

export class PosencContextWavelengths extends ContextFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .row {
        display: block;
      }
    `,
  ];

  @property() caption = '';
  @property() wavelengthLabel = '';
  @property() trainRegion = '';
  @property() extraRegion = '';
  @property() factsCaption = '';

  protected willUpdate(changed: PropertyValues) {
    this.updateFrequencies(changed);
  }

  render() {
    const f = this.f;
    if (!f) return nothing;
    const idx = this.pairAxis();
    const pairs = f.invFreq.length;
    const top = Math.max(f.wavelength[pairs - 1], this.ltarget) * 3;
    // The wavelengths rise to the right: the lines' labels go at the left end, where the curves are
    // low, and the bands are named in the legend (on a phone they covered the curves and each other).
    const annotations: PlotAnnotation[] = [
      { kind: 'y-range', from: 2, to: this.ltrain, label: this.trainRegion, color: 'good', legend: true },
      { kind: 'y-range', from: this.ltrain, to: top, label: this.extraRegion, color: 'warn', legend: true },
      { kind: 'y', at: this.ltrain, label: `L = ${this.ltrain}`, color: 'good', labelAt: 'left' },
      { kind: 'y', at: this.ltarget, label: `L′ = ${this.ltarget}`, color: 'warn', labelAt: 'left' },
    ];
    const words = { afterTurns: this.t(T.afterTurns), afterOneTurn: this.t(T.afterOneTurn) };
    const facts: TableData = {
      caption: this.factsCaption,
      columns: ['', this.t(T.value)],
      stack: true,
      rows: [
        { head: this.t(T.pairs), cells: [String(pairs)] },
        { head: this.t(T.pairsThatNever), cells: [String(f.unseen)] },
        {
          head: fill(this.t(T.angleSlowestPair), { L: this.ltrain }),
          cells: [angleAsRead(f.slowestAtTrain.degrees, f.slowestAtTrain.turns, words, 2)],
        },
        {
          head: fill(this.t(T.angleSlowestPair2), { L: this.ltarget }),
          cells: [angleAsRead(f.slowestAtTarget.degrees, f.slowestAtTarget.turns, words, 2)],
        },
      ],
    };
    return html`<div class="row">
      <posenc-plot
        id="wavelength-lines"
        .series=${[{ label: this.wavelengthLabel, x: idx, y: f.wavelength, points: pairs <= 64, color: 'accent' }]}
        .annotations=${annotations}
        .yRange=${[2, top] as [number, number]}
        y-scale="log"
        caption=${this.caption}
        xLabel=${this.t(T.pairI)}
        yLabel=${this.t(T.wavelength)}
        y-unit=${this.t(T.positions)}
      ></posenc-plot>
      <posenc-table id="unseen" .data=${facts}></posenc-table>
    </div>`;
  }
}
