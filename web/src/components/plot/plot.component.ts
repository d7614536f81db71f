import { html, LitElement, nothing, type PropertyValues, svg, type SVGTemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';

import { describe, type PlotAnnotation } from '../figure/annotations.js';
import { PALETTE, toneColor } from '../figure/figure.styles.js';
import { LabelRows } from '../figure/labels.js';
import { axis, type AxisModel, type ScaleKind, textWidth, tickCount } from '../figure/scales.js';
import { WidthController } from '../figure/width.js';
import { fmt, fmtExact } from '../shared/format.js';
import { finiteFor, seriesPath, type SeriesPath } from './path.js';
import { Occupancy } from './occupancy.js';
import { annotationLayer } from './plot-annotations.js';
import { plotStyles } from './plot.styles.js';

export type { PlotAnnotation } from '../figure/annotations.js';

export interface Series {
  label: string;
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  /** A CSS colour or a tone (accent, accent2, good, warn, muted); default: the palette in order. */
  color?: string;
  dash?: boolean;
  /** Draw markers instead of a line. */
  points?: boolean;
}

interface Layout {
  W: number;
  H: number;
  m: { l: number; r: number; t: number; b: number };
  x: AxisModel;
  y: AxisModel;
  /** SVG paths per line series (undefined for point series). */
  paths: (SeriesPath | undefined)[];
  /** Whether each series' x values never decrease (binary search for the readout). */
  sorted: boolean[];
  /** Extra room at the top of the plot area for the label rows of vertical annotations. */
  labelRows: number;
  /** Where the lines are (only when a point carries a label): for placing that label. */
  occupancy?: Occupancy;
}

// Height of one row of annotation labels, px: a 12 px line of Chinese sets a box about 17 px tall
// (15 px rows let "可学习表：此后没有行" and "训练长度以内" touch, issue 27).
const ROW = 18;

/**
 * Line and scatter plots in SVG: linear or log axes with d3 ticks, axis labels with units, a
 * legend, annotations drawn on the figure (reference lines, shaded ranges, marked points, notes;
 * a shaded range may be named in the legend instead)
 * and, on hover or focus, the exact values at the nearest x. The SVG is drawn at the element's
 * own width, so labels keep their size on a phone. Long series are drawn as the band between each
 * pixel column's min and max (path.ts), for drawing only; the readout uses the full data. A dashed
 * series too dense for its dashes to show is drawn as a thin line over the others.
 *
 * Keyboard: focus the plot, ←/→ move the readout (Shift: one data point), Home/End jump to the ends.
 *
 * @attr caption - text above the figure
 * @attr xLabel - x axis title (attribute `xlabel`)
 * @attr yLabel - y axis title (attribute `ylabel`)
 * @attr x-unit - unit appended to the x title, e.g. "tokens"
 * @attr y-unit - unit appended to the y title
 * @attr x-scale - linear (default) or log
 * @attr y-scale - linear (default) or log
 * @attr height - height in CSS pixels (default 260)
 * @attr equal - same scale on both axes (spirals, rotations)
 * @attr digits - fixed decimals for y in the readout (default: exact, 6 significant digits)
 * @prop {Series[]} series - the data
 * @prop {PlotAnnotation[]} annotations - marks drawn on the figure
 * @prop {[number, number]} xRange - x domain instead of the data's extent
 * @prop {[number, number]} yRange - y domain instead of the data's extent (rounded to ticks)
 * @prop {number[]} xTicks - explicit x tick values
 * @prop {number[]} yTicks - explicit y tick values
 * @csspart svg - the chart
 * @csspart readout - the line with the exact values
 * @cssproperty --posenc-series-5 - fifth series colour
 * @cssproperty --posenc-series-6 - sixth series colour
 */
export class PosencPlot extends LitElement {
  static styles = plotStyles;

  @property({ attribute: false }) series: Series[] = [];
  @property({ attribute: false }) annotations: PlotAnnotation[] = [];
  @property() caption = '';
  @property() xLabel = 'x';
  @property() yLabel = 'y';
  @property({ attribute: 'x-unit' }) xUnit = '';
  @property({ attribute: 'y-unit' }) yUnit = '';
  @property({ attribute: 'x-scale' }) xScale: ScaleKind = 'linear';
  @property({ attribute: 'y-scale' }) yScale: ScaleKind = 'linear';
  @property({ type: Number }) height = 260;
  @property({ type: Boolean }) equal = false;
  @property({ attribute: false }) xRange?: [number, number];
  @property({ attribute: false }) yRange?: [number, number];
  @property({ attribute: false }) xTicks?: number[];
  @property({ attribute: false }) yTicks?: number[];
  @property({ type: Number }) digits?: number;

  /** The x (data space) the readout is at. */
  @state() private cursor?: number;
  private size = new WidthController(this);
  private layout?: Layout;
  private laidOutAt = -1;

  private bounds() {
    let x0 = Infinity,
      x1 = -Infinity,
      y0 = Infinity,
      y1 = -Infinity;
    for (const s of this.series) {
      const n = Math.min(s.x.length, s.y.length);
      for (let i = 0; i < n; i++) {
        const x = s.x[i],
          y = s.y[i];
        if (!finiteFor(this.xScale, x) || !finiteFor(this.yScale, y)) continue;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
    if (!Number.isFinite(x0)) [x0, x1, y0, y1] = this.xScale === 'log' ? [1, 10, 1, 10] : [0, 1, 0, 1];
    if (this.xRange) [x0, x1] = this.xRange;
    if (this.yRange) [y0, y1] = this.yRange;
    else if (this.yScale === 'linear' && y1 === y0) [y0, y1] = [y0 - 1, y1 + 1];
    return { x0, x1, y0, y1 };
  }

  private computeLayout(): Layout {
    const W = Math.max(240, Math.min(1200, this.size.width || 640));
    const H = Math.max(160, this.height);
    let { x0, x1, y0, y1 } = this.bounds();
    // Room above the plot for the labels of vertical marks (more rows continue inside the plot).
    const rowsGuess = Math.min(2, this.annotations.filter((a) => (a.kind === 'x' || a.kind === 'x-range') && a.label).length);
    const m = { l: 0, r: 14, t: 8 + rowsGuess * ROW, b: 20 + (this.xLabel ? 20 : 0) };
    let ph = H - m.t - m.b;
    // Powers of ten are short labels: a log axis can afford one per ~24 px.
    let y = axis(this.yScale, [y0, y1], [m.t + ph, m.t], {
      count: tickCount(ph, this.yScale === 'log' ? 24 : 42),
      nice: !this.yRange,
      values: this.yTicks,
    });
    m.l = 10 + (this.yLabel ? 18 : 0) + Math.max(...y.ticks.map((t) => textWidth(t.label)), 12);
    let pw = W - m.l - m.r;
    if (this.equal) {
      const span = Math.max(x1 - x0, y1 - y0);
      const cx = (x0 + x1) / 2,
        cy = (y0 + y1) / 2;
      const side = Math.min(pw, ph);
      [x0, x1, y0, y1] = [cx - span / 2, cx + span / 2, cy - span / 2, cy + span / 2];
      pw = ph = side;
      y = axis('linear', [y0, y1], [m.t + ph, m.t], { count: tickCount(ph, 42) });
    }
    let count = tickCount(pw, 80);
    let x = axis(this.xScale, [x0, x1], [m.l, m.l + pw], { count, values: this.xTicks });
    // Long labels (large numbers, 10ⁿ) may not fit at this count: fewer ticks until they do.
    while (count > 2 && !this.xTicks && x.ticks.reduce((w, t) => w + textWidth(t.label) + 12, 0) > pw) {
      count--;
      x = axis(this.xScale, [x0, x1], [m.l, m.l + pw], { count });
    }
    // The last x label is centred on the axis end: make room for its right half.
    const last = x.ticks[x.ticks.length - 1];
    const spill = last ? last.at + textWidth(last.label) / 2 - (W - 2) : 0;
    if (spill > 0) {
      m.r += spill;
      pw -= spill;
      x = axis(this.xScale, [x0, x1], [m.l, m.l + pw], { count, values: this.xTicks });
    }
    // A dashed series drawn as an envelope is a thin one (its dashes could not show there).
    const paths = this.series.map((s) => (s.points ? undefined : seriesPath(s, x, y, pw, s.dash ? 1 : 2)));
    const sorted = this.series.map((s) => {
      for (let i = 1; i < s.x.length; i++) if (!(s.x[i] >= s.x[i - 1])) return false;
      return true;
    });
    let occupancy: Occupancy | undefined;
    if (this.annotations.some((a) => a.kind === 'point' && a.label)) {
      occupancy = new Occupancy(W, m.t + ph + m.b);
      for (const s of this.series) occupancy.addSeries(s, x, y);
    }
    return { W, H: m.t + ph + m.b, m, x, y, paths, sorted, labelRows: rowsGuess, occupancy };
  }

  protected willUpdate(changes: PropertyValues) {
    // The readout moving re-renders only the cursor layer: the paths are reused as they are.
    const cursorOnly = [...changes.keys()].every((k) => k === 'cursor');
    if (!this.layout || !cursorOnly || this.laidOutAt !== this.size.width) {
      this.layout = this.computeLayout();
      this.laidOutAt = this.size.width;
    }
  }

  /** Index of the point of series k nearest to data x (in pixels, so log axes behave). */
  private nearest(k: number, xv: number): number {
    const s = this.series[k],
      L = this.layout!;
    const n = Math.min(s.x.length, s.y.length);
    const target = L.x.map(xv);
    if (L.sorted[k] && n > 0) {
      let lo = 0,
        hi = n - 1;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (s.x[mid] < xv) lo = mid;
        else hi = mid;
      }
      return Math.abs(L.x.map(s.x[lo]) - target) <= Math.abs(L.x.map(s.x[hi]) - target) ? lo : hi;
    }
    let best = -1,
      bd = Infinity;
    for (let i = 0; i < n; i++) {
      const d = Math.abs(L.x.map(s.x[i]) - target);
      if (d < bd) {
        bd = d;
        best = i;
      }
    }
    return best;
  }

  /** The series the keyboard steps through: the first with data. */
  private lead(): number {
    return this.series.findIndex((s) => Math.min(s.x.length, s.y.length) > 0);
  }

  private onKey(e: KeyboardEvent) {
    const L = this.layout,
      k = this.lead();
    if (!L || k < 0) return;
    const s = this.series[k];
    const [x0, x1] = L.x.domain;
    const cur = this.cursor ?? x0;
    let next: number;
    if (e.key === 'Home') next = x0;
    else if (e.key === 'End') next = x1;
    else if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
      const dir = e.key === 'ArrowRight' ? 1 : -1;
      const i = this.nearest(k, cur);
      if (e.shiftKey) {
        next = s.x[Math.max(0, Math.min(s.x.length - 1, i + dir))];
      } else {
        // One fiftieth of the axis, landing on a data point, and never standing still.
        const px = L.x.map(cur) + (dir * (L.x.range[1] - L.x.range[0])) / 50;
        const j = this.nearest(k, L.x.invert(px));
        next = j === i && L.sorted[k] ? s.x[Math.max(0, Math.min(s.x.length - 1, i + dir))] : s.x[j];
      }
      next = Math.max(x0, Math.min(x1, next));
    } else if (e.key === 'Escape') {
      this.cursor = undefined;
      return;
    } else return;
    e.preventDefault();
    this.cursor = next;
  }

  private onPointer(e: PointerEvent) {
    const L = this.layout;
    if (!L) return;
    const r = (e.currentTarget as SVGSVGElement).getBoundingClientRect();
    const px = ((e.clientX - r.left) / r.width) * L.W;
    const [a, b] = L.x.range;
    if (px < a - 8 || px > b + 8) return;
    this.cursor = L.x.invert(Math.max(a, Math.min(b, px)));
  }

  /** A line series: its filled envelope when thinned, else its stroke (thin instead of dashed when dense). */
  private linePaths(p: SeriesPath, s: Series, i: number) {
    const color = this.color(s, i);
    if (p.band) return svg`<path d=${p.band} stroke="none" style=${`fill:${color}`}></path>`;
    const thin = s.dash && p.dense;
    return svg`<path d=${p.line} fill="none" stroke-width=${thin ? 1 : 2} stroke-linejoin=${p.dense ? 'bevel' : 'round'} style=${`stroke:${color}`} stroke-dasharray=${s.dash && !thin ? '6 4' : 'none'}></path>`;
  }

  private axisTitle(label: string, unit: string) {
    return unit ? `${label} (${unit})` : label;
  }

  private color(s: Series, i: number) {
    return toneColor(s.color, PALETTE[i % PALETTE.length]);
  }

  private readout(L: Layout): { text: string; marks: SVGTemplateResult | typeof nothing } {
    const hx = this.cursor;
    if (hx === undefined) return { text: '', marks: nothing };
    const parts: string[] = [];
    const dots: SVGTemplateResult[] = [];
    let guide = NaN;
    this.series.forEach((s, k) => {
      if (!Math.min(s.x.length, s.y.length)) return;
      const i = this.nearest(k, hx);
      if (i < 0) return;
      const xv = s.x[i],
        yv = s.y[i];
      const fy = this.digits === undefined ? fmtExact(yv) : fmt(yv, this.digits);
      parts.push(`${s.label}: (${fmtExact(xv)}, ${fy})`);
      if (Number.isNaN(guide) && finiteFor(L.x.kind, xv)) guide = L.x.map(xv);
      if (finiteFor(L.x.kind, xv) && finiteFor(L.y.kind, yv)) {
        const py = L.y.map(yv);
        if (py >= L.m.t - 1 && py <= L.y.range[0] + 1)
          dots.push(svg`<circle cx=${L.x.map(xv)} cy=${py} r="4" style=${`fill:${this.color(s, k)}`}></circle>`);
      }
    });
    const marks = svg`<g class="hover" aria-hidden="true">
      ${Number.isNaN(guide) ? nothing : svg`<line x1=${guide} x2=${guide} y1=${L.m.t} y2=${L.y.range[0]}></line>`}${dots}</g>`;
    return { text: parts.join('   '), marks };
  }

  render() {
    const L = this.layout!;
    const { W, H, m, x, y } = L;
    const bottom = y.range[0],
      left = x.range[0],
      right = x.range[1];
    const { text, marks } = this.readout(L);
    // One set of label rows for all marks, so range labels and line labels avoid each other.
    const rows = new LabelRows();
    const notes = this.annotations.map((a) => describe(a, fmtExact)).filter((d) => d.trim());
    // Shaded ranges named in the legend rather than on the figure.
    const bands = this.annotations.filter((a) => (a.kind === 'x-range' || a.kind === 'y-range') && a.legend && a.label);
    const label = [this.caption, this.series.map((s) => s.label).join(', '), notes.join('; ')].filter(Boolean).join('. ');
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
        @pointermove=${this.onPointer}
        @pointerdown=${this.onPointer}
        @keydown=${this.onKey}
        @focus=${() => {
          const k = this.lead();
          if (this.cursor === undefined && k >= 0) this.cursor = this.series[k].x[0];
        }}
      >
        <g class="grid">${y.ticks.map((t) => svg`<line x1=${left} x2=${right} y1=${t.at} y2=${t.at}></line>`)}</g>
        ${annotationLayer(L, this.annotations, false, rows)}
        <g class="axis">
          <line x1=${left} x2=${right} y1=${bottom} y2=${bottom}></line>
          <line x1=${left} x2=${left} y1=${m.t} y2=${bottom}></line>
          ${
            y.kind === 'linear' && y.domain[0] < 0 && y.domain[1] > 0
              ? svg`<line x1=${left} x2=${right} y1=${y.map(0)} y2=${y.map(0)} opacity="0.6"></line>`
              : nothing
          }
          ${x.ticks.map(
            (t) => svg`<line x1=${t.at} x2=${t.at} y1=${bottom} y2=${bottom + 5}></line>
            <text class="x-tick" x=${t.at} y=${bottom + 17} text-anchor="middle">${t.label}</text>`,
          )}
          ${x.minor.map((px) => svg`<line x1=${px} x2=${px} y1=${bottom} y2=${bottom + 3}></line>`)}
          ${y.ticks.map(
            (t) => svg`<line x1=${left - 5} x2=${left} y1=${t.at} y2=${t.at}></line>
            <text class="y-tick" x=${left - 8} y=${t.at + 4} text-anchor="end">${t.label}</text>`,
          )}
          ${y.minor.map((py) => svg`<line x1=${left - 3} x2=${left} y1=${py} y2=${py}></line>`)}
        </g>
        ${this.xLabel ? svg`<text class="axis-label" x=${(left + right) / 2} y=${H - 5} text-anchor="middle">${this.axisTitle(this.xLabel, this.xUnit)}</text>` : nothing}
        ${
          this.yLabel
            ? svg`<text class="axis-label" x="13" y=${(m.t + bottom) / 2} text-anchor="middle" transform=${`rotate(-90 13 ${(m.t + bottom) / 2})`}>${this.axisTitle(this.yLabel, this.yUnit)}</text>`
            : nothing
        }
        <g class="series">
          ${this.series.map((s, i) =>
            s.points
              ? svg`<g style=${`fill:${this.color(s, i)}`}>${Array.from({ length: Math.min(s.x.length, s.y.length) }, (_, k) =>
                  finiteFor(x.kind, s.x[k]) && finiteFor(y.kind, s.y[k])
                    ? svg`<circle cx=${x.map(s.x[k])} cy=${y.map(s.y[k])} r="3"></circle>`
                    : nothing,
                )}</g>`
              : this.linePaths(L.paths[i]!, s, i),
          )}
        </g>
        ${annotationLayer(L, this.annotations, true, rows)} ${marks}
      </svg>
      ${
        this.series.length > 1 || this.series.some((s) => s.label) || bands.length
          ? html`<div class="legend">
            ${this.series.map(
              (s, i) =>
                html`<span><span class=${s.points ? 'swatch dot' : s.dash ? (this.layout?.paths[i]?.dense ? 'swatch thin' : 'swatch dash') : 'swatch'} style=${`background-color:${this.color(s, i)}`}></span>${s.label}</span>`,
            )}
            ${bands.map(
              (a) =>
                html`<span class="band-key"><span class="swatch band" style=${`background-color:${toneColor(a.color, 'var(--_muted)')}`}></span>${a.label}</span>`,
            )}
          </div>`
          : nothing
      }
      <div class="readout" part="readout" aria-live="polite">${text}</div>
    </figure>`;
  }
}
