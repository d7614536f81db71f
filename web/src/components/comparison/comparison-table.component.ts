import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';

import '../table/table.js';
import type { TableData } from '../table/table.js';
import type { LabReference } from '../errata/check-kit.js';
import { labBeyondTable, labCell, labCellWords, labLengths } from '../errata/checks-lab.js';
import { TASK_NAMES } from '../lab/lab-names.js';
import { fill } from '../shared/figure.js';
import { LazyFigure } from '../shared/lazy-figure.js';
import { l } from '../shared/i18n.js';
import { pctOrRounding } from '../shared/sci.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import { comparisonStyles } from './comparison.styles.js';
import { measures, type Measures } from './measures.js';

/** Below this relative spread a matrix counts as a function of j − i (float64 rounding is ~1e-16). */
const FLAT = 1e-9;

/**
 * The seeds' comparison table, every measurable cell measured by the core at the reader's n, d and
 * n_max (comparisonMeasures); extrapolation cannot be measured without training, so its row carries
 * the training chapter's saved reference run (`lab`): each encoding's accuracy at `labAt` × the
 * training length over `labTasks`, with the seeds' range, and a note under the table says so and
 * links to that chapter. Columns: sinusoidal, learned, T5, RoPE. Under the table, one plain
 * sentence per encoding, put together from the same measurements.
 *
 * @fires posenc-answer - for which encodings the score still depends on j − i alone through the
 *   projections: 't5-rope', 'rope', 'all', 'none', or 'other'
 */

/** The words of this figure, zh and en. */
const T = {
  /** Inside the cell's own parenthesis ("yes (0 up to rounding)"), so no second one opens. */
  rounding: l('舍入误差内为 0', '0 up to rounding'),
  sinusoidal: l('正弦', 'sinusoidal'),
  learned: l('可学习', 'learned'),
  beyondTable: l('无法运行：位置表没有这么多行', 'cannot run: its table has no rows that far'),
  notTrained: l('「训练与外推」没有训练这种编码', 'not trained in Train and extrapolate'),
};

/** The lab's names of the table's four columns. */
const LAB_ENCODINGS = ['sinusoidal', 'learned', 't5', 'rope'];

export class PosencComparisonTable extends LazyFigure {
  static styles = [tokens, figureHost, comparisonStyles];

  @property({ type: Number }) n = 32;
  @property({ type: Number }) dim = 16;
  @property({ type: Number }) nMax = 64;
  /** {n}, {d}. */
  @property() caption = '';
  @property() parametersHead = '';
  @property() entersHead = '';
  @property() aloneHead = '';
  @property() projectedHead = '';
  @property() lengthHead = '';
  /** {nmax}. */
  @property() definedHead = '';
  @property() extrapolationHead = '';
  /** Cell words. {count} for the T5 parameters. */
  @property() perHead = '';
  @property() entersAdded = '';
  @property() entersBias = '';
  @property() entersTurn = '';
  @property() yes = '';
  @property() no = '';
  /** {change}. */
  @property() lengthChanged = '';
  @property() lengthKept = '';
  @property() lengthNone = '';
  /** The link to the training chapter, where the saved run is missing (an element on its own). */
  @property() measuredIn = '';
  @property() labHref = '#/lab';
  /** The training chapter's saved reference run (web/data/lab-reference.json). */
  @property({ attribute: false }) lab?: LabReference;
  /** The tasks the extrapolation row averages over, and the multiple of the training length. */
  @property({ attribute: false }) labTasks: readonly string[] = ['copy', 'offset', 'recall'];
  @property({ type: Number }) labAt = 2;
  /**
   * The note under the table on the extrapolation row: {lab} (the link, `labLink`), {train}, {length},
   * {at}, {tasks}.
   */
  @property() labNote = '';
  @property() labLink = '';
  /**
   * The plain verdicts: `verdictLine` per encoding ({name} {relative} {defined}), `relativeBoth`
   * (j − i alone, projections or not), `relativeAlone` (alone only), `relativeNone`; `definedYes`,
   * `definedNo` ({nmax}).
   */
  @property() verdictLine = '';
  @property() relativeBoth = '';
  @property() relativeAlone = '';
  @property() relativeNone = '';
  @property() definedYes = '';
  @property() definedNo = '';

  @state() private m?: Measures;

  protected willUpdate(changed: PropertyValues) {
    if (!this.due(changed, 'n', 'dim', 'nMax')) return;
    this.m = measures(this.pe, { n: this.n, dim: this.dim, nMax: this.nMax });
    this.computed();
  }

  protected answered() {
    const m = this.m;
    if (!m) return;
    const flat = [0, 1, 2, 3].filter((k) => m.spreadProjected[k] < FLAT);
    const key = flat.join(',');
    this.emitAnswer(key === '2,3' ? 't5-rope' : key === '3' ? 'rope' : key === '0,1,2,3' ? 'all' : key === '' ? 'none' : 'other');
  }

  /** A word, then its measurement in parentheses of the reader's language: "yes (84 %)", "是（84 %）". */
  private paren(text: string): string {
    return this.lang === 'zh' ? `（${text}）` : ` (${text})`;
  }

  private verdict(spread: number): TemplateResult {
    const flat = spread < FLAT;
    return html`<span class=${flat ? 'yes' : 'no'} data-spread=${spread}>${flat ? this.yes : this.no}</span>${this.paren(
      pctOrRounding(spread, this.t(T.rounding)),
    )}`;
  }

  /** The extrapolation cell of column k: the saved run's accuracy, or why there is none. */
  private labCellAt(k: number): TemplateResult {
    const ref = this.lab;
    // The table's cells do not wrap; these sentences would widen their column past a laptop's
    // screen. Inline: the cell is drawn in the table's shadow root, out of this element's styles.
    const wrap = 'white-space:normal;display:inline-block;max-width:9rem;text-align:left';
    if (!ref) return html`<a class="lab" href=${this.labHref} style=${wrap}>${this.measuredIn}</a>`;
    const enc = LAB_ENCODINGS[k];
    if (labBeyondTable(ref, this.labTasks, enc, this.labAt))
      return html`<span class="lab-cell" style=${wrap} data-encoding=${enc} data-beyond-table="">${this.t(T.beyondTable)}</span>`;
    const c = labCell(ref, this.labTasks, enc, this.labAt);
    if (!c) return html`<span class="lab-cell" style=${wrap} data-encoding=${enc} data-untrained="">${this.t(T.notTrained)}</span>`;
    // the seeds' range stays on one line: "0.54–" at a line's end read as a number cut off
    const words = this.t(labCellWords(c));
    const cut = words.lastIndexOf(' ') + 1;
    return html`<span class="lab-cell" style=${wrap} data-encoding=${enc} data-mean=${c.mean} data-seeds=${JSON.stringify(c.perSeed)}
      >${words.slice(0, cut)}<span style="white-space:nowrap">${words.slice(cut)}</span></span
    >`;
  }

  /** Under the table: where the extrapolation row's numbers come from, with the link to the chapter. */
  private labNoteLine() {
    const ref = this.lab;
    if (!ref || !this.labNote) return nothing;
    const lengths = LAB_ENCODINGS.map((e) => labLengths(ref, this.labTasks, e, this.labAt)).find((x) => x);
    if (!lengths) return nothing;
    const tasks = new Intl.ListFormat(this.lang === 'zh' ? 'zh' : 'en', { type: 'conjunction' }).format(
      this.labTasks.map((k) => this.t(TASK_NAMES[k] ?? l(k, k))),
    );
    const [before, after = ''] = fill(this.labNote, { train: lengths.train, length: lengths.at, at: this.labAt, tasks }).split('{lab}');
    return html`<p id="lab-note" class="note">${rich(before)}<a class="lab" href=${this.labHref}>${this.labLink}</a>${rich(after)}</p>`;
  }

  render() {
    const m = this.m;
    if (!m) return nothing;
    const four = [0, 1, 2, 3];
    const length = (k: number) =>
      Number.isNaN(m.lengthChange[k])
        ? this.lengthNone
        : m.lengthChange[k] < FLAT
          ? `${this.lengthKept}${this.paren(pctOrRounding(m.lengthChange[k], this.t(T.rounding)))}`
          : fill(this.lengthChanged, { change: pctOrRounding(m.lengthChange[k], this.t(T.rounding)) });
    const data: TableData = {
      caption: fill(this.caption, { n: this.n, d: this.dim }),
      columns: ['', this.t(T.sinusoidal), this.t(T.learned), 'T5', 'RoPE'],
      wrapHeads: true,
      // on a phone only the kept-in-view question column fitted, and the four encodings hid behind
      // a sideways scroll: there each row becomes a card of four cells named by their encoding
      cards: true,
      rows: [
        {
          head: this.parametersHead,
          cells: [
            String(m.parameters[0]),
            String(m.parameters[1]),
            fill(this.perHead, { count: m.parameters[2] }),
            String(m.parameters[3]),
          ],
        },
        { head: this.entersHead, cells: [this.entersAdded, this.entersAdded, this.entersBias, this.entersTurn] },
        { head: this.aloneHead, cells: four.map((k) => this.verdict(m.spreadAlone[k])) },
        { head: this.projectedHead, cells: four.map((k) => this.verdict(m.spreadProjected[k])) },
        { head: this.lengthHead, cells: four.map(length) },
        {
          head: rich(fill(this.definedHead, { nmax: this.nMax })), // $n_{max}$ typeset, not the code's n_max
          cells: m.definedAtNMax.map((d) => html`<span class=${d ? 'yes' : 'no'}>${d ? '✓' : '✗'}</span>`),
        },
        {
          head: fill(this.extrapolationHead, { at: this.labAt }),
          cells: four.map((k) => this.labCellAt(k)),
        },
      ],
    };
    const names = [this.t(T.sinusoidal), this.t(T.learned), 'T5', 'RoPE'];
    const relative = (k: number) =>
      m.spreadAlone[k] < FLAT && m.spreadProjected[k] < FLAT
        ? this.relativeBoth
        : m.spreadAlone[k] < FLAT
          ? this.relativeAlone
          : this.relativeNone;
    return html`<posenc-table id="measured" .data=${data}></posenc-table>
      ${this.labNoteLine()}
      ${
        this.verdictLine
          ? html`<ul id="comparison-verdicts" data-claim="comparison-verdicts">
            ${four.map(
              (k) =>
                html`<li data-column=${k} data-alone=${m.spreadAlone[k]} data-projected=${m.spreadProjected[k]} data-defined=${m.definedAtNMax[k] ? 'yes' : 'no'}>
                  ${rich(fill(this.verdictLine, { name: names[k], relative: relative(k), defined: fill(m.definedAtNMax[k] ? this.definedYes : this.definedNo, { nmax: this.nMax }) }))}
                </li>`,
            )}
          </ul>`
          : nothing
      }`;
  }
}
