import { html, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import '../plot/bars.js';
import { fmt } from '../shared/format.js';
import { fill, PosencFigure } from '../shared/figure.js';
import { l } from '../shared/i18n.js';
import '../table/table.js';
import { caseLabel, isComparison } from './bench-cases.js';

interface RecordedRow {
  case: string;
  variant: string;
  medianMs: number;
  platform: string;
}

export interface Recorded {
  machine: { date: string; cpu: string; cores: number };
  rows: RecordedRow[];
}

/**
 * The benchmark as recorded by `npm run bench` on the development machine: JS, scalar wasm and SIMD
 * wasm per case on one platform, with SIMD's speed-up over JS as bars.
 *
 * @fires posenc-answer - the speed-up band of the RoPE [128, 8, 64] case: 'under2' | '2to10' | 'over10'
 */

/** The words of this figure, zh and en. */
const T = {
  case: l('用例', 'case'),
  jsMs: l('JavaScript（毫秒）', 'JS ms'),
  scalarWasmMs: l('标量 wasm（毫秒）', 'scalar wasm ms'),
  simdWasmMs: l('SIMD wasm（毫秒）', 'SIMD wasm ms'),
  speedUpSimd: l('SIMD wasm 相对惯用 JavaScript 的加速比', 'Speed-up of SIMD wasm over idiomatic JavaScript'),
};

export class PosencSpeedRecorded extends PosencFigure {
  @property({ attribute: false }) recorded?: Recorded;
  @property() platform = 'chromium';
  /** Caption; {date}, {cpu} and {cores} are filled in. */
  @property() caption = '';

  @state() private cases: { id: string; js: number; scalar: number; simd: number }[] = [];

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'recorded', 'platform') || !this.recorded) return;
    const rows = this.recorded.rows.filter((r) => r.platform === this.platform);
    const get = (c: string, v: string) => rows.find((r) => r.case === c && r.variant === v)?.medianMs ?? NaN;
    this.cases = [...new Set(rows.map((r) => r.case))]
      .filter((c) => isComparison(rows.filter((r) => r.case === c).map((r) => r.variant)))
      .map((id) => ({ id, js: get(id, 'js'), scalar: get(id, 'wasm-scalar'), simd: get(id, 'wasm-simd') }));
  }

  protected updated(changed: PropertyValues) {
    if (!changed.has('recorded') && !changed.has('platform')) return;
    const rope = this.cases.find((c) => c.id.startsWith('rope [128,8,64]'));
    if (!rope) return;
    const speedup = rope.js / rope.simd;
    this.emitAnswer(speedup < 2 ? 'under2' : speedup <= 10 ? '2to10' : 'over10');
  }

  render() {
    if (!this.recorded) return null;
    const m = this.recorded.machine;
    return html`<posenc-table
        id="speed-reference"
        .data=${{
          caption: fill(this.caption, { date: m.date.slice(0, 10), cpu: m.cpu, cores: m.cores }),
          columns: [this.t(T.case), this.t(T.jsMs), this.t(T.scalarWasmMs), this.t(T.simdWasmMs), 'SIMD / JavaScript'],
          rows: this.cases.map((c) => ({
            head: caseLabel(c.id, this.lang),
            cells: [fmt(c.js, 3), fmt(c.scalar, 3), fmt(c.simd, 3), `${fmt(c.js / c.simd, 1)}×`],
          })),
        }}
      ></posenc-table>
      <posenc-bars
        id="speed-reference-bars"
        caption=${this.t(T.speedUpSimd)}
        .bars=${this.cases.map((c) => ({ label: caseLabel(c.id, this.lang), value: c.js / c.simd }))}
      ></posenc-bars>`;
  }
}
