import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../plot/plot.js';
import '../table/table.js';
import type { TableData } from '../table/table.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import { sci } from '../shared/format-sci.js';
import type { PlotAnnotation as Annotation } from '../plot/plot.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';

type Profile = ReturnType<Analysis['dotProfile']>;

const START = 37;

/**
 * The dot product of two encodings Δ apart, from the formula Σ cos(Δωₘ) and measured on the table
 * from two starting positions (0 and 37): one curve, because it depends on Δ only, and not a
 * falling one. The first rise is marked. A table of the measured facts (norms, p₀·p₁, p₀·p₂).
 *
 * @fires posenc-answer - { value: 'yes' | 'no' }: does the dot product keep falling as Δ grows?
 */

/** The words of this figure, zh and en. */
const T = {
  risesAgainAfter: l('从这里回升', 'rises again after'),
  offset: l('位置差 Δ', 'offset Δ'),
  value: l('值', 'value'),
  smallestLargestP: l('‖p(pos)‖ 的最小值 / 最大值', 'smallest / largest ‖p(pos)‖'),
  anySinCos: l('任一对 (sin, cos) 的模与 1 之差', 'any (sin, cos) pair’s norm minus 1'),
  formulaCos: l('公式 Σ cos(Δωₘ)', 'formula Σ cos(Δωₘ)'),
  dotProduct: l('点积', 'dot product'),
};

export class PosencDotProfile extends VisibleFigure {
  static styles = [tokens, figureHost];

  @property({ type: Number }) dim = 8;
  @property({ type: Number }) base = 10000;
  @property({ type: Number }) maxOffset = 100;
  @property() caption = '';
  /** {rises} {first} {max} {err} filled. */
  @property() sentence = '';
  /** The sentence when the dot product never rises over the range shown ({max}, {err}). */
  @property() sentenceNoRise = '';
  @property({ type: Boolean }) facts = false;
  @property() factsCaption = '';

  @state() private p?: Profile;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'dim', 'base', 'maxOffset')) return;
    this.p = this.pe.analysis.dotProfile({ dim: this.dim, base: this.base, maxOffset: this.maxOffset, starts: [0, START] });
  }

  protected updated(changed: PropertyValues) {
    if (this.p && this.changedAny(changed, 'dim', 'base', 'maxOffset')) this.emitAnswer(this.p.rises > 0 ? 'no' : 'yes');
    super.updated(changed);
  }

  render() {
    const p = this.p;
    if (!p) return nothing;
    const xs = Array.from(p.formula, (_, i) => i);
    const ann: Annotation[] = [{ kind: 'y', at: 0, label: '0', color: 'muted' }];
    if (p.firstRise >= 0) {
      ann.push({
        kind: 'point',
        x: p.firstRise,
        y: p.formula[p.firstRise],
        label: `${this.t(T.risesAgainAfter)} Δ = ${p.firstRise}`,
        color: 'warn',
      });
    }
    const values = { rises: p.rises, first: p.firstRise, max: this.maxOffset, err: sci(p.measuredError) };
    const dots = this.t(T.offset);
    const facts: TableData = {
      caption: this.factsCaption,
      columns: ['', this.t(T.value)],
      rows: [
        { head: '√(d/2)', cells: [fmt(p.normExpected, 6)] },
        {
          head: this.t(T.smallestLargestP),
          cells: [`${fmt(p.normMin, 6)} / ${fmt(p.normMax, 6)}`],
        },
        { head: this.t(T.anySinCos), cells: [sci(p.pairNormError)] },
        { head: 'p₀·p₁', cells: [fmt(p.formula[1], 4)] },
        { head: 'p₀·p₂', cells: [fmt(p.formula[2], 4)] },
      ],
    };
    return html`<posenc-plot
        id="dot-delta"
        .series=${[
          { label: this.t(T.formulaCos), x: xs, y: p.formula },
          { label: 'p(0)·p(Δ)', x: xs, y: p.measured[0], dash: true },
          { label: 'p(37)·p(37+Δ)', x: xs, y: p.measured[1], points: xs.length <= 60 },
        ]}
        .annotations=${ann}
        caption=${this.caption}
        xLabel=${dots}
        yLabel=${this.t(T.dotProduct)}
        .digits=${4}
      ></posenc-plot>
      <p id="dot-status" data-claim="dot-rises" data-rises=${p.rises} data-first-rise=${p.firstRise}>${rich(fill(p.rises > 0 || !this.sentenceNoRise ? this.sentence : this.sentenceNoRise, values))}</p>
      ${this.facts ? html`<posenc-table id="geometry-facts" .data=${facts}></posenc-table>` : nothing}`;
  }
}
