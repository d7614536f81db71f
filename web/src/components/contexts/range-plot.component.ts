import { css, html, LitElement, nothing, svg, type PropertyValues, type SVGTemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';

import { WidthController } from '../figure/width.js';
import { fmt } from '../shared/format.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';

/** A line (or, with y2, a band between y and y2 per column: an envelope). */
export interface RangeSeries {
  label: string;
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  /** Upper edge of a band: the series is drawn as a vertical bar from y to y2 at each x. */
  y2?: ArrayLike<number>;
  color?: string;
  dash?: boolean;
  points?: boolean;
  /** Thin line (reference curves). */
  thin?: boolean;
}

/** A shaded stretch of an axis: the training range, the extrapolation range, a band of pairs. */
export interface Region {
  from: number;
  to: number;
  label: string;
  tone: 'train' | 'extra' | 'note';
  axis?: 'x' | 'y';
}

/** A labelled line across the plot at x (vertical) or y (horizontal), or a point at (x, y). */
export interface Marker {
  x?: number;
  y?: number;
  label: string;
  tone?: 'train' | 'extra' | 'note' | 'focus';
}

const PALETTE = ['var(--_accent)', 'var(--_accent-2)', 'var(--_good)', '#8a5cd1', 'var(--_warn)', '#0f9fb0'];
const TONE: Record<string, string> = {
  train: 'var(--_good)',
  extra: 'var(--_warn)',
  note: '#8a5cd1',
  focus: 'var(--_focus)',
};
/** Width drawn before the host is measured (and the widest a laptop's column gives it, 46rem). */
const W_DEFAULT = 640;
const W_MAX = 736;
const W_MIN = 240;

interface Geometry {
  /** viewBox width: the host's width in CSS px, so one unit is one pixel and text keeps its size */
  W: number;
  x0: number;
  x1: number;
  m: { l: number; r: number; t: number; b: number };
  pw: number;
  ph: number;
  H: number;
  tx: (v: number) => number;
  sx: (v: number) => number;
  regionShapes: unknown[];
  markerShapes: unknown[];
  lines: unknown[];
  axes: unknown;
  legend: unknown;
}

function linearTicks(lo: number, hi: number, n = 5): number[] {
  if (!(hi > lo)) return [lo];
  const step0 = (hi - lo) / n;
  const mag = 10 ** Math.floor(Math.log10(step0));
  const step = [1, 2, 2.5, 5, 10].map((k) => k * mag).find((s) => s >= step0) ?? step0;
  const out: number[] = [];
  // By integer index and bounded: a span below the resolution of its values cannot loop.
  for (let k = Math.ceil(lo / step); k * step <= hi + step * 1e-9 && out.length <= n + 2; k++) out.push(Number((k * step).toPrecision(12)));
  return out;
}

function logTicks(lo: number, hi: number, most = 7): number[] {
  const out: number[] = [];
  const a = Math.floor(Math.log10(lo)),
    b = Math.ceil(Math.log10(hi));
  const every = Math.max(1, Math.ceil((b - a) / most));
  for (let e = a; e <= b; e += every) {
    const v = 10 ** e;
    if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) out.push(v);
  }
  if (out.length < 2) {
    for (const v of [lo, hi]) if (!out.includes(v)) out.push(v);
    out.sort((x, y) => x - y);
  }
  return out;
}

/** Tick text: 131072 → 131k, 0.001 → 0.001, 2 → 2. */
export function tickText(v: number): string {
  const a = Math.abs(v);
  let s: string;
  if (a >= 1e6) s = `${Number((v / 1e6).toPrecision(3))}M`;
  else if (a >= 1e4) s = `${Number((v / 1e3).toPrecision(3))}k`;
  else if (a === 0) s = '0';
  else if (a < 1e-3) s = v.toExponential(0);
  else s = String(Number(v.toPrecision(3)));
  return s.replace(/-/g, '\u2212');
}

/**
 * A plot for long ranges: linear or log axes with units, shaded regions (training and extrapolation
 * ranges, bands of pairs), labelled marker lines, bands (min–max envelopes per pixel column), and
 * on hover or with the arrow keys the values at the cursor. The owner may give `readout`, which
 * returns the exact values at an x (computed by the core), instead of the nearest drawn points.
 *
 * @fires posenc-hover - { x } when the cursor moves (the owner may compute exact values there)
 */
export class PosencRangePlot extends LitElement {
  static styles = [
    tokens,
    figureHost,
    css`
      :host {
        max-width: min(100%, 46rem);
      }
      figure {
        margin: 0;
      }
      figcaption {
        font-size: 0.85rem;
        color: var(--_muted);
        margin-bottom: 0.2rem;
      }
      svg {
        width: 100%;
        height: auto;
        display: block;
        overflow: visible;
        touch-action: none;
      }
      svg:focus-visible {
        outline: 3px solid var(--_focus);
      }
      .axis {
        stroke: var(--_muted);
      }
      .grid {
        stroke: var(--_line);
        stroke-dasharray: 2 3;
        opacity: 0.7;
      }
      text {
        fill: var(--_muted);
        font-size: 12px;
        font-family: var(--_mono);
      }
      text.region {
        font-family: var(--_sans);
        font-size: 11.5px;
        font-weight: 600;
      }
      text.marker {
        font-family: var(--_sans);
        font-size: 11.5px;
      }
      .legend {
        display: flex;
        flex-wrap: wrap;
        gap: 0.3rem 1rem;
        font-size: 0.8rem;
        margin-top: 0.2rem;
      }
      .swatch {
        display: inline-block;
        width: 1.2rem;
        height: 0.3rem;
        vertical-align: middle;
        margin-right: 0.3rem;
      }
      .swatch.region {
        height: 0.8rem;
        opacity: 0.35;
      }
      .readout {
        font-family: var(--_mono);
        font-size: 0.8rem;
        min-height: 1.3em;
        white-space: pre-wrap;
      }
      .busy {
        font-size: 0.78rem;
        color: var(--_muted);
      }
      progress {
        width: 8rem;
        height: 0.6rem;
        vertical-align: middle;
      }
    `,
  ];

  @property({ attribute: false }) series: RangeSeries[] = [];
  @property({ attribute: false }) regions: Region[] = [];
  @property({ attribute: false }) markers: Marker[] = [];
  @property() caption = '';
  @property() xLabel = 'x';
  @property() yLabel = 'y';
  @property({ type: Number }) height = 260;
  @property({ type: Boolean }) logX = false;
  @property({ type: Boolean }) logY = false;
  @property({ attribute: false }) xRange?: [number, number];
  @property({ attribute: false }) yRange?: [number, number];
  @property({ type: Number }) digits = 4;
  /** Exact values at x, from the owner (the core); default: the nearest drawn point of each series. */
  @property({ attribute: false }) readout?: (x: number) => string;
  /** 0 … 1 while the owner is still computing (the previous picture stays); undefined when done. */
  @property({ type: Number }) progress?: number;
  @property() progressLabel = '';
  /** Where region labels go: along the top (default) or the bottom of the plot. */
  @property() regionLabels: 'top' | 'bottom' = 'top';

  @state() private hoverX?: number;
  /** Everything drawn from the data, rebuilt only when the data, the axes or the width change (not on hover or progress). */
  private geo?: Geometry;
  /**
   * The SVG is drawn at the host's width: a fixed 640-unit viewBox squeezed into a phone's 334 px
   * shrank its 12 px text to about 6 px.
   */
  private size = new WidthController(this);
  private laidOutAt = -1;

  protected willUpdate(changed: PropertyValues) {
    if (
      !this.geo ||
      this.laidOutAt !== this.size.width ||
      this.changedAny(
        changed,
        'series',
        'regions',
        'markers',
        'xRange',
        'yRange',
        'logX',
        'logY',
        'height',
        'regionLabels',
        'xLabel',
        'yLabel',
      )
    ) {
      this.geo = this.geometry();
      this.laidOutAt = this.size.width;
      if (this.hoverX !== undefined && (this.hoverX < this.geo.x0 || this.hoverX > this.geo.x1)) this.hoverX = undefined;
    }
  }

  private changedAny(changed: PropertyValues, ...keys: string[]): boolean {
    return keys.some((k) => changed.has(k));
  }

  private xBounds(): [number, number] {
    if (this.xRange) return this.xRange;
    let x0 = Infinity,
      x1 = -Infinity;
    for (const s of this.series) {
      for (let i = 0; i < s.x.length; i++) {
        const x = s.x[i];
        if (!Number.isFinite(x) || (this.logX && x <= 0)) continue;
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
      }
    }
    if (!Number.isFinite(x0)) return this.logX ? [1, 10] : [0, 1];
    if (x1 === x0) return this.logX ? [x0 / 2, x0 * 2] : [x0 - 1, x1 + 1];
    return [x0, x1];
  }

  private yBounds(): [number, number] {
    if (this.yRange) return this.yRange;
    let y0 = Infinity,
      y1 = -Infinity;
    const take = (y: number) => {
      if (!Number.isFinite(y) || (this.logY && y <= 0)) return;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    };
    for (const s of this.series) {
      for (let i = 0; i < s.y.length; i++) take(s.y[i]);
      if (s.y2) for (let i = 0; i < s.y2.length; i++) take(s.y2[i]);
    }
    for (const m of this.markers) if (m.y !== undefined) take(m.y);
    if (!Number.isFinite(y0)) return this.logY ? [1, 10] : [0, 1];
    // A span far below the size of the values is a flat line: give it room instead of magnifying rounding.
    const tiny = y1 - y0 <= 1e-9 * Math.max(Math.abs(y0), Math.abs(y1));
    if (tiny) return this.logY ? [y0 / 2, y1 * 2] : [y0 - Math.max(1, Math.abs(y0)) * 0.5, y1 + Math.max(1, Math.abs(y1)) * 0.5];
    if (this.logY) return [y0 / 1.15, y1 * 1.15];
    const pad = (y1 - y0) * 0.05;
    return [y0 - pad, y1 + pad];
  }

  private pathOf(s: RangeSeries, sx: (v: number) => number, sy: (v: number) => number, W: number): string {
    const n = s.x.length;
    const out: string[] = [];
    let pen = false;
    const ok = (i: number) =>
      Number.isFinite(s.x[i]) && Number.isFinite(s.y[i]) && (!this.logY || s.y[i] > 0) && (!this.logX || s.x[i] > 0);
    if (s.y2) {
      for (let i = 0; i < n; i++) {
        if (!ok(i) || !Number.isFinite(s.y2[i])) continue;
        const px = sx(s.x[i]).toFixed(1);
        out.push(`M${px},${sy(s.y[i]).toFixed(1)}V${Math.min(sy(s.y2[i]), sy(s.y[i]) - 0.8).toFixed(1)}`);
      }
      return out.join('');
    }
    if (n > 2 * W) {
      // at most one min–max segment per pixel column, for drawing only
      let col = -1,
        mn = 0,
        mx = 0;
      const flush = () => {
        if (col < 0) return;
        out.push(`${pen ? 'L' : 'M'}${col},${mn.toFixed(1)}L${col},${mx.toFixed(1)}`);
        pen = true;
      };
      for (let i = 0; i < n; i++) {
        if (!ok(i)) {
          flush();
          col = -1;
          pen = false;
          continue;
        }
        const px = Math.round(sx(s.x[i])),
          py = sy(s.y[i]);
        if (px !== col) {
          flush();
          col = px;
          mn = py;
          mx = py;
        } else {
          mn = Math.min(mn, py);
          mx = Math.max(mx, py);
        }
      }
      flush();
      return out.join('');
    }
    for (let i = 0; i < n; i++) {
      if (!ok(i)) {
        pen = false;
        continue;
      }
      out.push(`${pen ? 'L' : 'M'}${sx(s.x[i]).toFixed(1)},${sy(s.y[i]).toFixed(1)}`);
      pen = true;
    }
    return out.join('');
  }

  private nearest(s: RangeSeries, x: number): number {
    let best = -1,
      bd = Infinity;
    for (let i = 0; i < s.x.length; i++) {
      const d = Math.abs(s.x[i] - x);
      if (d < bd && Number.isFinite(s.y[i])) {
        bd = d;
        best = i;
      }
    }
    return best;
  }

  private defaultReadout(x: number): string {
    return this.series
      .map((s) => {
        const i = this.nearest(s, x);
        if (i < 0) return '';
        const y = s.y2 ? `${fmt(s.y[i], this.digits)} … ${fmt(s.y2[i], this.digits)}` : fmt(s.y[i], this.digits);
        return `${s.label}: (${fmt(s.x[i], Number.isInteger(s.x[i]) ? 0 : 3)}, ${y})`;
      })
      .filter(Boolean)
      .join('   ');
  }

  private setHover(x: number) {
    this.hoverX = x;
    this.dispatchEvent(new CustomEvent('posenc-hover', { detail: { x } }));
  }

  private geometry(): Geometry {
    const W = Math.max(W_MIN, Math.min(W_MAX, this.size.width || W_DEFAULT));
    const H = this.height,
      m = { l: 58, r: 14, t: 14, b: 38 };
    const [x0, x1] = this.xBounds();
    const [y0, y1] = this.yBounds();
    const pw = W - m.l - m.r,
      ph = H - m.t - m.b;
    const tx = (v: number) => (this.logX ? Math.log10(v) : v);
    const ty = (v: number) => (this.logY ? Math.log10(Math.max(v, 1e-300)) : v);
    const sx = (v: number) => m.l + ((tx(v) - tx(x0)) / (tx(x1) - tx(x0))) * pw;
    const sy = (v: number) => m.t + ph - ((ty(v) - ty(y0)) / (ty(y1) - ty(y0))) * ph;
    const clampX = (v: number) => Math.min(m.l + pw, Math.max(m.l, sx(v)));
    const clampY = (v: number) => Math.min(m.t + ph, Math.max(m.t, sy(v)));
    // about one x label per 60 px ("131k" and its gap), so a narrow plot's labels do not collide
    const xCount = Math.max(2, Math.min(7, Math.floor(pw / 60)));
    const xt = this.logX ? logTicks(x0, x1, xCount) : linearTicks(x0, x1, Math.min(5, xCount));
    const yt = this.logY ? logTicks(y0, y1) : linearTicks(y0, y1);
    const color = (s: RangeSeries, i: number) => s.color ?? PALETTE[i % PALETTE.length];
    const regionShapes: SVGTemplateResult[] = this.regions.map((r) => {
      const c = TONE[r.tone];
      if (r.axis === 'y') {
        const ya = clampY(r.to),
          yb = clampY(r.from);
        if (yb - ya < 0.5) return svg``;
        return svg`<rect x=${m.l} y=${ya} width=${pw} height=${yb - ya} style=${`fill:${c}`} opacity="0.13"></rect>
          <text class="region" x=${m.l + pw - 4} y=${ya + 13} text-anchor="end" style=${`fill:${c}`}>${r.label}</text>`;
      }
      const xa = clampX(r.from),
        xb = clampX(r.to);
      if (xb - xa < 0.5) return svg``;
      const ly = this.regionLabels === 'top' ? m.t + 12 : m.t + ph - 6;
      const label =
        xb - xa > 40
          ? svg`<text class="region" x=${(xa + xb) / 2} y=${ly} text-anchor="middle" style=${`fill:${c}`}>${r.label}</text>`
          : nothing;
      return svg`<rect x=${xa} y=${m.t} width=${xb - xa} height=${ph} style=${`fill:${c}`} opacity="0.13"></rect>${label}`;
    });
    const markerShapes = this.markers.map((mk) => {
      const c = TONE[mk.tone ?? 'note'];
      if (mk.x !== undefined && mk.y !== undefined) {
        if (mk.x < x0 || mk.x > x1) return nothing;
        const cx = sx(mk.x),
          cy = clampY(mk.y);
        return svg`<circle cx=${cx} cy=${cy} r="4.5" style=${`fill:${c}`} stroke="var(--_bg)" stroke-width="1.5"></circle>
          <text class="marker" x=${cx + (cx > m.l + pw * 0.75 ? -7 : 7)} y=${cy - 7} text-anchor=${cx > m.l + pw * 0.75 ? 'end' : 'start'} style=${`fill:${c}`}>${mk.label}</text>`;
      }
      if (mk.x !== undefined) {
        if (mk.x < x0 || mk.x > x1) return nothing;
        const px = sx(mk.x);
        return svg`<line x1=${px} x2=${px} y1=${m.t} y2=${m.t + ph} stroke-width="1.5" stroke-dasharray="5 3" style=${`stroke:${c}`}></line>
          <text class="marker" x=${px + (px > m.l + pw * 0.8 ? -4 : 4)} y=${m.t + ph - 6} text-anchor=${px > m.l + pw * 0.8 ? 'end' : 'start'} style=${`fill:${c}`}>${mk.label}</text>`;
      }
      if (mk.y !== undefined) {
        if (mk.y < y0 || mk.y > y1) return nothing;
        const py = sy(mk.y);
        return svg`<line x1=${m.l} x2=${m.l + pw} y1=${py} y2=${py} stroke-width="1.5" stroke-dasharray="5 3" style=${`stroke:${c}`}></line>
          <text class="marker" x=${m.l + 4} y=${py - 4} style=${`fill:${c}`}>${mk.label}</text>`;
      }
      return nothing;
    });
    const lines = this.series.map((s, i) =>
      s.points
        ? svg`${Array.from({ length: s.x.length }, (_, k) =>
            Number.isFinite(s.y[k]) && (!this.logY || s.y[k] > 0)
              ? svg`<circle cx=${sx(s.x[k])} cy=${sy(s.y[k])} r="3" style=${`fill:${color(s, i)}`}></circle>`
              : nothing,
          )}`
        : svg`<path d=${this.pathOf(s, sx, sy, W)} fill="none" stroke-width=${s.y2 ? 1.6 : s.thin ? 1.2 : 2} style=${`stroke:${color(s, i)}`}
            stroke-dasharray=${s.dash ? '6 4' : 'none'} opacity=${s.y2 ? 0.85 : 1}></path>`,
    );
    const axes = svg`
      ${yt.map(
        (v) => svg`<line class="grid" x1=${m.l} x2=${m.l + pw} y1=${sy(v)} y2=${sy(v)}></line>
        <text x=${m.l - 6} y=${sy(v) + 4} text-anchor="end">${tickText(v)}</text>`,
      )}
      ${xt.map(
        (v) => svg`<line class="grid" x1=${sx(v)} x2=${sx(v)} y1=${m.t + ph} y2=${m.t + ph + 4}></line>
        <text x=${sx(v)} y=${m.t + ph + 17} text-anchor="middle">${tickText(v)}</text>`,
      )}
      <line class="axis" x1=${m.l} x2=${m.l + pw} y1=${m.t + ph} y2=${m.t + ph}></line>
      <line class="axis" x1=${m.l} x2=${m.l} y1=${m.t} y2=${m.t + ph}></line>
      ${!this.logY && y0 < 0 && y1 > 0 ? svg`<line class="axis" opacity="0.5" x1=${m.l} x2=${m.l + pw} y1=${sy(0)} y2=${sy(0)}></line>` : nothing}
      <text x=${m.l + pw / 2} y=${H - 3} text-anchor="middle">${this.xLabel}</text>
      <text x=${12} y=${m.t + ph / 2} text-anchor="middle" transform=${`rotate(-90 12 ${m.t + ph / 2})`}>${this.yLabel}</text>`;
    const legend = html`${this.series.map((s, i) => (s.label ? html`<span><span class="swatch" style=${`background:${color(s, i)}`}></span>${s.label}</span>` : nothing))}
      ${this.regions.map((r) => html`<span><span class="swatch region" style=${`background:${TONE[r.tone]}`}></span>${r.label}</span>`)}`;
    return { W, x0, x1, m, pw, ph, H, tx, sx, regionShapes, markerShapes, lines, axes, legend };
  }

  render() {
    const g = this.geo!;
    const { W, x0, x1, m, pw, ph, H, tx, sx } = g;
    const hx = this.hoverX;
    const readout = hx === undefined ? '' : this.readout ? this.readout(hx) : this.defaultReadout(hx);
    const fromPx = (px: number) => {
      const t = (px - m.l) / pw;
      const v = tx(x0) + t * (tx(x1) - tx(x0));
      return Math.min(x1, Math.max(x0, this.logX ? 10 ** v : v));
    };
    const move = (e: PointerEvent) => {
      const r = (e.currentTarget as SVGSVGElement).getBoundingClientRect();
      this.setHover(fromPx(((e.clientX - r.left) / r.width) * W));
    };
    const key = (e: KeyboardEvent) => {
      const cur = hx === undefined ? m.l : sx(hx);
      const moves: Record<string, number> = { ArrowRight: cur + pw / 50, ArrowLeft: cur - pw / 50, Home: m.l, End: m.l + pw };
      if (!(e.key in moves)) return;
      e.preventDefault();
      this.setHover(fromPx(Math.min(m.l + pw, Math.max(m.l, moves[e.key]))));
    };
    const busy = this.progress !== undefined && this.progress < 1;
    return html`<figure>
      <figcaption>${rich(this.caption)}</figcaption>
      <svg viewBox=${`0 0 ${W} ${H}`} role="img" tabindex="0" aria-label=${`${this.caption}. ${this.series.map((s) => s.label).join(', ')}`}
        @pointermove=${move} @keydown=${key}>
        ${g.regionShapes}${g.axes}${g.lines}${g.markerShapes}
        ${hx !== undefined ? svg`<line class="axis" x1=${sx(hx)} x2=${sx(hx)} y1=${m.t} y2=${m.t + ph}></line>` : nothing}
      </svg>
      <div class="legend">
        ${g.legend}
        ${busy ? html`<span class="busy" role="status"><progress max="1" value=${this.progress ?? 0}></progress> ${this.progressLabel}</span>` : nothing}
      </div>
      <div class="readout" aria-live="polite">${readout}</div>
    </figure>`;
  }
}
