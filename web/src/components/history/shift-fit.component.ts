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

type Prediction = ReturnType<Analysis['shiftPrediction']>;

/** Above this relative residual, no linear map reproduces the shift. */
export const EXACT = 1e-9;

/**
 * The best linear map M_k (least squares over positions 0 … 63) put to work: for the dimension it
 * misses most, the true PE(pos+k) and Mₖ·PE(pos) over the positions. With sines only the two
 * curves part (no linear map exists); with sin+cos pairs they coincide. A table compares both
 * feature sets.
 *
 * @fires posenc-answer - { value: 'yes' | 'no' }: does a linear map reproduce the shift exactly?
 */

/** The words of this figure, zh and en. */
const T = {
  true: l('真值', 'true'),
  off: l('差', 'off by'),
  errorBestLinear: l('最好的线性映射 Mₖ 的误差（64 个位置）', 'Error of the best linear map Mₖ (64 positions)'),
  encoding: l('编码', 'encoding'),
  relativeResidual: l('相对残差', 'relative residual'),
  largestError: l('最大绝对误差', 'largest error'),
  sinOnly: l('只有 sin', 'sin only'),
  predicted: l('预测', 'predicted'),
  valueThatDimension: l('该维的值', 'value of that dimension'),
};

export class PosencShiftFit extends VisibleFigure {
  static styles = [tokens, figureHost];

  @property({ type: Number }) k = 1;
  @property({ type: Number }) dim = 8;
  @property({ type: Number }) base = 10000;
  /** Which encoding is plotted. */
  @property() features: 'sin' | 'sincos' = 'sin';
  @property() caption = '';
  /** Sentence when no linear map works / when one does; {col} {err} {res} {k} {ca} {cb} {closest} filled. */
  @property() failText = '';
  @property() exactText = '';
  /** Show the table comparing both encodings. */
  @property({ type: Boolean }) table = false;

  @state() private sin?: Prediction;
  @state() private both?: Prediction;

  private static readonly N = 64;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'k', 'dim', 'base')) return;
    const a = this.pe.analysis;
    const o = { k: this.k, dim: this.dim, base: this.base, n: PosencShiftFit.N };
    this.sin = a.shiftPrediction({ ...o, features: 'sin' });
    this.both = a.shiftPrediction({ ...o, features: 'sincos' });
  }

  private get shown(): Prediction | undefined {
    return this.features === 'sin' ? this.sin : this.both;
  }

  protected updated(changed: PropertyValues) {
    const p = this.shown;
    if (p && this.changedAny(changed, 'k', 'dim', 'base', 'features')) this.emitAnswer(p.relativeResidual < EXACT ? 'yes' : 'no');
    super.updated(changed);
  }

  /** Column name at argument `arg`: sin(pos·ω₂) for sine-only column 2; sin/cos of the pair for sin+cos. */
  private colName(c: number, arg = 'pos'): string {
    const sub = (i: number) =>
      String(i)
        .split('')
        .map((d) => '₀₁₂₃₄₅₆₇₈₉'[Number(d)])
        .join('');
    if (this.features === 'sin') return `sin(${arg}·ω${sub(c)})`;
    return `${c % 2 ? 'cos' : 'sin'}(${arg}·ω${sub(Math.floor(c / 2))})`;
  }

  render() {
    const p = this.shown;
    if (!p || !this.sin || !this.both) return nothing;
    // sin+cos: the sine of the pair the sine-only map misses most (every column is exact anyway).
    const c = this.features === 'sin' ? p.worstColumn : 2 * this.sin.worstColumn,
      n = p.target.rows,
      cols = p.target.cols;
    const xs = Array.from({ length: n }, (_, i) => i);
    const target = xs.map((r) => p.target.data[r * cols + c]);
    const predicted = xs.map((r) => p.predicted.data[r * cols + c]);
    const worstPos = this.features === 'sin' ? p.worstPosition : 0;
    const exact = p.relativeResidual < EXACT;
    const name = this.colName(c);
    const ann: Annotation[] = exact
      ? []
      : [
          { kind: 'point', x: worstPos, y: target[worstPos], label: this.t(T.true), color: 'accent' },
          {
            kind: 'point',
            x: worstPos,
            y: predicted[worstPos],
            label: `${this.t(T.off)} ${fmt(p.columnError[c], 3)}`,
            color: 'warn',
          },
        ];
    const values = {
      col: name,
      err: sci(p.columnError[c], 3),
      res: sci(p.relativeResidual, 3),
      k: this.k,
      ca: p.closestA,
      cb: p.closestB,
      closest: fmt(p.closestDistance, 4),
    };
    const tableData: TableData = {
      caption: this.t(T.errorBestLinear),
      columns: [this.t(T.encoding), this.t(T.relativeResidual), this.t(T.largestError)],
      rows: [
        { head: this.t(T.sinOnly), cells: [sci(this.sin.relativeResidual, 3), sci(Math.max(...this.sin.columnError), 3)] },
        { head: 'sin + cos', cells: [sci(this.both.relativeResidual, 3), sci(Math.max(...this.both.columnError), 3)] },
      ],
    };
    return html`<posenc-plot
        .series=${[
          { label: `${this.t(T.true)} ${this.colName(c, '(pos+k)')}`, x: xs, y: target },
          { label: `${this.t(T.predicted)} Mₖ·PE(pos)`, x: xs, y: predicted, dash: true, color: 'var(--_warn)' },
        ]}
        .annotations=${ann}
        .yRange=${[-1.15, 1.15]}
        caption=${fill(this.caption, values)}
        xLabel="pos"
        yLabel=${this.t(T.valueThatDimension)}
        .digits=${4}
      ></posenc-plot>
      <p class="status" data-claim="shift-fit" data-verdict=${exact ? 'exact' : 'fail'} data-residual=${p.relativeResidual}>${rich(fill(exact ? this.exactText : this.failText, values))}</p>
      ${this.table ? html`<posenc-table id="linear-fit" .data=${tableData}></posenc-table>` : nothing}`;
  }
}
