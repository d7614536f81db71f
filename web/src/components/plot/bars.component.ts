import { html, LitElement, nothing, type PropertyValues, svg } from 'lit';
import { property, state } from 'lit/decorators.js';

import { describe, type PlotAnnotation } from '../figure/annotations.js';
import { toneColor } from '../figure/figure.styles.js';
import { axis, type AxisModel, type ScaleKind, textWidth, tickCount } from '../figure/scales.js';
import { WidthController } from '../figure/width.js';
import { fmt, fmtExact } from '../shared/format.js';
import { barsStyles } from './bars.styles.js';

export interface Bar {
  label: string;
  value: number;
  /** A tone (accent, accent2, good, warn, muted) or CSS colour; default accent. */
  color?: string;
}

interface Layout {
  W: number;
  H: number;
  /** Labels above the bars (narrow screens) instead of in a column on the left. */
  stacked: boolean;
  left: number;
  rowH: number;
  top: number;
  x: AxisModel;
  base: number;
}

/**
 * Horizontal bars with their values written out (a chart that is also readable as text), on a
 * linear or log value axis with d3 ticks, reference lines and shaded ranges on the value axis, and
 * the exact value of the bar under the pointer or keyboard cursor (↑/↓). Below 480 px the labels
 * move above their bars.
 *
 * @attr caption - text above the chart
 * @attr unit - appended to each value (default "×")
 * @attr digits - decimals of the values written at the bars (default 1; the readout is exact)
 * @attr value-label - title of the value axis
 * @attr value-scale - linear (default) or log
 * @prop {Bar[]} bars - the data
 * @prop {PlotAnnotation[]} annotations - `x` (reference line) and `x-range` marks on the value axis
 * @csspart svg - the chart
 * @csspart readout - the exact value line
 */
export class PosencBars extends LitElement {
  static styles = barsStyles;

  @property({ attribute: false }) bars: Bar[] = [];
  @property({ attribute: false }) annotations: PlotAnnotation[] = [];
  @property() caption = '';
  @property() unit = '×';
  @property({ type: Number }) digits = 1;
  @property({ attribute: 'value-label' }) valueLabel = '';
  @property({ attribute: 'value-scale' }) valueScale: ScaleKind = 'linear';

  @state() private active?: number;
  private size = new WidthController(this);
  private layout?: Layout;
  private laidOutAt = -1;

  private valueText(v: number) {
    return `${fmt(v, this.digits)}${this.unit}`;
  }

  private computeLayout(): Layout {
    const W = Math.max(240, Math.min(900, this.size.width || 600));
    const stacked = W < 480;
    const labelW = Math.max(...this.bars.map((b) => textWidth(b.label, 12.5)), 0);
    const valueW = Math.max(...this.bars.map((b) => textWidth(this.valueText(b.value))), 20);
    const left = stacked ? 4 : Math.min(W * 0.42, labelW + 12);
    const rowH = stacked ? 40 : 26;
    const top = this.annotations.some((a) => a.label && (a.kind === 'x' || a.kind === 'x-range')) ? 18 : 4;
    const right = W - valueW - 10;
    const vals = this.bars.map((b) => b.value).filter((v) => Number.isFinite(v) && (this.valueScale === 'linear' || v > 0));
    let lo = Math.min(...vals),
      hi = Math.max(...vals);
    for (const a of this.annotations) if (a.kind === 'x') [lo, hi] = [Math.min(lo, a.at), Math.max(hi, a.at)];
    if (!vals.length) [lo, hi] = [0, 1];
    let x: AxisModel;
    if (this.valueScale === 'log') {
      x = axis('log', [Math.min(lo, 1) / 1.2, hi], [left, right], { count: tickCount(right - left, 70), nice: true });
    } else {
      x = axis('linear', [Math.min(0, lo), Math.max(0, hi)], [left, right], { count: tickCount(right - left, 70), nice: true });
    }
    const base = this.valueScale === 'log' ? x.range[0] : x.map(0);
    const H = top + this.bars.length * rowH + 26 + (this.valueLabel ? 18 : 0);
    return { W, H, stacked, left, rowH, top, x, base };
  }

  protected willUpdate(changes: PropertyValues) {
    const cursorOnly = [...changes.keys()].every((k) => k === 'active');
    if (!this.layout || !cursorOnly || this.laidOutAt !== this.size.width) {
      this.layout = this.computeLayout();
      this.laidOutAt = this.size.width;
    }
    if (this.active !== undefined && this.active >= this.bars.length) this.active = undefined;
  }

  private onKey(e: KeyboardEvent) {
    const n = this.bars.length;
    if (!n) return;
    const i = this.active ?? -1;
    const next = { ArrowDown: i + 1, ArrowRight: i + 1, ArrowUp: i - 1, ArrowLeft: i - 1, Home: 0, End: n - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    this.active = Math.max(0, Math.min(n - 1, next));
  }

  /** A label centred over x, moved inward when it would run past either edge. */
  private topLabel(x: number, y: number, label: string, W: number) {
    const w = textWidth(label);
    const left = Math.max(2, Math.min(W - 2 - w, x - w / 2));
    return svg`<text x=${left} y=${y} text-anchor="start">${label}</text>`;
  }

  render() {
    const L = this.layout!;
    const { W, H, x, rowH, top, base, stacked } = L;
    const axisY = top + this.bars.length * rowH + 4;
    const a = this.active !== undefined ? this.bars[this.active] : undefined;
    const notes = this.annotations.map((n) => describe(n, fmtExact));
    const label = [this.caption, ...this.bars.map((b) => `${b.label} ${this.valueText(b.value)}`), ...notes].filter(Boolean).join('; ');
    return html`<figure>
      ${this.caption ? html`<figcaption>${this.caption}</figcaption>` : nothing}
      <svg
        class="chart"
        part="svg"
        width=${W}
        height=${H}
        viewBox=${`0 0 ${W} ${H}`}
        role="img"
        tabindex="0"
        aria-label=${label}
        @keydown=${this.onKey}
        @focus=${() => (this.active ??= 0)}
      >
        ${this.annotations.map((n, i) => {
          if (n.kind === 'x-range') {
            const p0 = x.map(Math.max(x.domain[0], Math.min(n.from, n.to))),
              p1 = x.map(Math.min(x.domain[1], Math.max(n.from, n.to)));
            return svg`<g class="annotation" data-kind="x-range" data-index=${i} aria-label=${describe(n, fmtExact)}>
              <rect class="band" x=${p0} width=${Math.max(1, p1 - p0)} y=${top} height=${axisY - top} style=${`fill:${toneColor(n.color, 'var(--_muted)')}`}></rect>
              ${n.label ? this.topLabel((p0 + p1) / 2, top - 5, n.label, W) : nothing}</g>`;
          }
          return nothing;
        })}
        <g class="grid">${x.ticks.map((t) => svg`<line x1=${t.at} x2=${t.at} y1=${top} y2=${axisY}></line>`)}</g>
        ${this.bars.map((b, i) => {
          const y = top + i * rowH;
          const ok = Number.isFinite(b.value) && (this.valueScale === 'linear' || b.value > 0);
          const end = ok ? x.map(b.value) : base;
          const barY = stacked ? y + 18 : y + 4;
          const barH = stacked ? rowH - 22 : rowH - 8;
          const x0 = Math.min(base, end),
            w = Math.max(1, Math.abs(end - base));
          return svg`<g class="bar" data-index=${i}>
            <rect class=${`row-hit${i === this.active ? ' active' : ''}`} x="0" y=${y} width=${W} height=${rowH}
              @pointerenter=${() => (this.active = i)} @pointerdown=${() => (this.active = i)}></rect>
            <text class="bar-label" x=${stacked ? 4 : L.left - 8} y=${stacked ? y + 13 : y + rowH / 2 + 4} text-anchor=${stacked ? 'start' : 'end'}>${b.label}</text>
            <rect x=${x0} y=${barY} width=${w} height=${barH} rx="2" style=${`fill:${toneColor(b.color, 'var(--_accent)')}`} pointer-events="none"></rect>
            <text class="bar-value" x=${Math.max(end, base) + 5} y=${barY + barH / 2 + 4} pointer-events="none">${this.valueText(b.value)}</text>
          </g>`;
        })}
        <g class="axis">
          <line x1=${x.range[0]} x2=${x.range[1]} y1=${axisY} y2=${axisY}></line>
          ${this.valueScale === 'linear' && x.domain[0] < 0 ? svg`<line x1=${base} x2=${base} y1=${top} y2=${axisY}></line>` : nothing}
          ${x.ticks.map(
            (t) => svg`<line x1=${t.at} x2=${t.at} y1=${axisY} y2=${axisY + 4}></line>
            <text class="x-tick" x=${t.at} y=${axisY + 16} text-anchor="middle">${t.label}</text>`,
          )}
          ${x.minor.map((px) => svg`<line x1=${px} x2=${px} y1=${axisY} y2=${axisY + 3}></line>`)}
        </g>
        ${this.valueLabel ? svg`<text class="axis-label" x=${(x.range[0] + x.range[1]) / 2} y=${H - 4} text-anchor="middle">${this.valueLabel}</text>` : nothing}
        ${this.annotations.map((n, i) => {
          if (n.kind !== 'x' || !(n.at >= x.domain[0] && n.at <= x.domain[1])) return nothing;
          const px = x.map(n.at);
          return svg`<g class="annotation" data-kind="x" data-index=${i} aria-label=${describe(n, fmtExact)}>
            <line class="ref" x1=${px} x2=${px} y1=${top - 2} y2=${axisY} style=${`stroke:${toneColor(n.color, 'var(--_fg)')}`}></line>
            ${n.label ? this.topLabel(px, top - 5, n.label, W) : nothing}</g>`;
        })}
      </svg>
      <div class="readout" part="readout" aria-live="polite">${a ? `${a.label}: ${fmtExact(a.value)}${this.unit}` : ''}</div>
    </figure>`;
  }
}
