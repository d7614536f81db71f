import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';

import { fill } from '../shared/figure.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { ContextFigure } from './context-figure.js';
import '../plot/plot.js';
import type { PlotAnnotation } from '../plot/plot.js';

/**
 * How far each pair turns by L and by L′ (turns = length·θ_i/2π, log scale). Pairs below one turn
 * at L have been trained on only part of their circle; between L and L′ they reach angles that
 * training never showed (shaded). Answers "how many pairs meet unseen angles?".
 *
 * @fires posenc-answer - 'none' | 'some' | 'all'
 */

/** The words of this figure, zh and en. */
const T = {
  pairI: l('维度对 i', 'pair i'),
  turnsMade: l('转过的圈数', 'turns made'),
};

export class PosencContextTurns extends ContextFigure {
  @property() caption = '';
  @property() trainLabel = '';
  @property() targetLabel = '';
  @property() oneTurn = '';
  @property() unseenRegion = '';
  /** {unseen}, {pairs} are filled in. */
  @property() summary = '';

  protected willUpdate(changed: PropertyValues) {
    this.updateFrequencies(changed);
  }

  protected updated(changed: PropertyValues) {
    const f = this.f;
    if (!f || !this.changedAny(changed, 'dim', 'base', 'ltrain', 'ltarget')) return;
    const meets = f.needsScaling ? f.unseen : 0;
    this.emitAnswer(meets === 0 ? 'none' : meets === f.invFreq.length ? 'all' : 'some');
  }

  render() {
    const f = this.f;
    if (!f) return nothing;
    const idx = this.pairAxis();
    const pairs = f.invFreq.length;
    const annotations: PlotAnnotation[] = [
      ...(f.needsScaling && f.unseen > 0
        ? [{ kind: 'x-range' as const, from: f.firstUnseen - 0.5, to: pairs - 0.5, label: this.unseenRegion, color: 'warn' }]
        : []),
      { kind: 'y', at: 1, label: this.oneTurn, color: 'accent2' },
    ];
    return html`<posenc-plot
        id="turns"
        .series=${[
          { label: this.trainLabel, x: idx, y: f.seenTurns, color: 'good' },
          { label: this.targetLabel, x: idx, y: f.targetTurns, color: 'warn' },
        ]}
        .annotations=${annotations}
        .xRange=${[-0.5, pairs - 0.5] as [number, number]}
        y-scale="log"
        caption=${this.caption}
        xLabel=${this.t(T.pairI)}
        yLabel=${this.t(T.turnsMade)}
      ></posenc-plot>
      <p id="turns-summary">${rich(fill(this.summary, { unseen: f.needsScaling ? f.unseen : 0, pairs }))}</p>`;
  }
}
