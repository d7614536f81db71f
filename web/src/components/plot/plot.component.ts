import { css, html, LitElement, nothing, svg } from 'lit';
import { property, state } from 'lit/decorators.js';

import { fmt } from '../shared/format.js';
import { figureHost, tokens } from '../shared/theme.js';

export interface Series {
  label: string;
  x: ArrayLike<number>;
  y: ArrayLike<number>;
  /** A CSS colour; default: the palette in order. */
  color?: string;
  dash?: boolean;
  /** Draw markers instead of a line. */
  points?: boolean;
}

const PALETTE = ['var(--_accent)', 'var(--_accent-2)', 'var(--_good)', 'var(--_warn)', '#8a5cd1', '#0f9fb0'];
const W = 640;

function niceTicks(lo: number, hi: number, n = 5): number[] {
  if (!(hi > lo)) return [lo];
  const step0 = (hi - lo) / n;
  const mag = 10 ** Math.floor(Math.log10(step0));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= step0) ?? step0;
  // Ticks by integer index, at most n + 2 of them: with a span below the float resolution of its
  // values (a ratio of 1 ± 2⁻⁵²), v += step never moved v and the page froze (contexts at factor 1).
  const out: number[] = [];
  const first = Math.ceil(lo / step), last = Math.floor(hi / step + 1e-9);
  for (let k = first; k <= last && out.length <= n + 2; k++) out.push(Number((k * step).toPrecision(12)));
  return out;
}

/**
 * Line and scatter plots in SVG: axes with ticks, a legend, and on hover or with the arrow keys
 * the exact values at the nearest x. Long series are thinned for drawing only (min and max of
 * each pixel column are kept); the readout uses the full data.
 */
export class PosencPlot extends LitElement {
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
        stroke: var(--_line);
      }
      .grid {
        stroke: var(--_line);
        stroke-dasharray: 2 3;
        opacity: 0.6;
      }
      text {
        fill: var(--_muted);
        font-size: 12px;
        font-family: var(--_mono);
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
        height: 0.25rem;
        vertical-align: middle;
        margin-right: 0.3rem;
      }
      .readout {
        font-family: var(--_mono);
        font-size: 0.8rem;
        min-height: 1.3em;
      }
    `,
  ];

  @property({ attribute: false }) series: Series[] = [];
  @property() caption = '';
  @property() xLabel = 'x';
  @property() yLabel = 'y';
  @property({ type: Number }) height = 260;
  /** Same scale on both axes (spirals, rotations). */
  @property({ type: Boolean }) equal = false;
  @property({ attribute: false }) yRange?: [number, number];
  @property({ type: Number }) digits = 4;

  @state() private hoverX?: number;

  private bounds() {
    let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
    for (const s of this.series) {
      for (let i = 0; i < s.x.length; i++) {
        const x = s.x[i], y = s.y[i];
        if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
        x0 = Math.min(x0, x); x1 = Math.max(x1, x);
        y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      }
    }
    if (!Number.isFinite(x0)) [x0, x1, y0, y1] = [0, 1, 0, 1];
    if (this.yRange) [y0, y1] = this.yRange;
    if (x1 === x0) x1 = x0 + 1;
    if (y1 === y0) [y0, y1] = [y0 - 1, y1 + 1];
    const pad = (y1 - y0) * 0.05;
    return { x0, x1, y0: this.yRange ? y0 : y0 - pad, y1: this.yRange ? y1 : y1 + pad };
  }

  private path(s: Series, sx: (v: number) => number, sy: (v: number) => number): string {
    const n = s.x.length;
    const out: string[] = [];
    // Thinning for drawing: at most ~2 points per horizontal pixel (first/min/max/last per column).
    if (n > 2 * W) {
      let col = -1, mn = 0, mx = 0;
      for (let i = 0; i < n; i++) {
        const px = Math.round(sx(s.x[i])), py = sy(s.y[i]);
        if (px !== col) {
          if (col >= 0) out.push(`L${col},${mn}L${col},${mx}`);
          col = px; mn = py; mx = py;
        } else {
          mn = Math.min(mn, py); mx = Math.max(mx, py);
        }
      }
      out.push(`L${col},${mn}L${col},${mx}`);
      return 'M' + out.join('').slice(1);
    }
    for (let i = 0; i < n; i++) out.push(`${i ? 'L' : 'M'}${sx(s.x[i]).toFixed(1)},${sy(s.y[i]).toFixed(1)}`);
    return out.join('');
  }

  private nearest(s: Series, x: number): number {
    let best = 0, bd = Infinity;
    for (let i = 0; i < s.x.length; i++) {
      const d = Math.abs(s.x[i] - x);
      if (d < bd) { bd = d; best = i; }
    }
    return best;
  }

  render() {
    const H = this.height, m = { l: 56, r: 12, t: 10, b: 36 };
    let { x0, x1, y0, y1 } = this.bounds();
    let pw = W - m.l - m.r, ph = H - m.t - m.b;
    if (this.equal) {
      const span = Math.max(x1 - x0, y1 - y0);
      const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
      const side = Math.min(pw, ph);
      [x0, x1, y0, y1] = [cx - span / 2, cx + span / 2, cy - span / 2, cy + span / 2];
      pw = ph = side;
    }
    const sx = (v: number) => m.l + ((v - x0) / (x1 - x0)) * pw;
    const sy = (v: number) => m.t + ph - ((v - y0) / (y1 - y0)) * ph;
    const xt = niceTicks(x0, x1), yt = niceTicks(y0, y1);
    const color = (s: Series, i: number) => s.color ?? PALETTE[i % PALETTE.length];
    const hx = this.hoverX;
    const readout = hx === undefined ? '' : this.series
      .map((s) => {
        if (!s.x.length) return '';
        const i = this.nearest(s, hx);
        return `${s.label}: (${fmt(s.x[i], 3)}, ${fmt(s.y[i], this.digits)})`;
      })
      .filter(Boolean)
      .join('   ');
    const move = (e: PointerEvent) => {
      const r = (e.currentTarget as SVGSVGElement).getBoundingClientRect();
      const px = ((e.clientX - r.left) / r.width) * W;
      this.hoverX = x0 + ((px - m.l) / pw) * (x1 - x0);
    };
    const key = (e: KeyboardEvent) => {
      const step = (x1 - x0) / 50;
      if (e.key === 'ArrowRight') this.hoverX = Math.min(x1, (this.hoverX ?? x0) + step);
      else if (e.key === 'ArrowLeft') this.hoverX = Math.max(x0, (this.hoverX ?? x0) - step);
      else return;
      e.preventDefault();
    };
    return html`<figure>
      <figcaption>${this.caption}</figcaption>
      <svg viewBox=${`0 0 ${W} ${H}`} role="img" tabindex="0" aria-label=${`${this.caption}. ${this.series.map((s) => s.label).join(', ')}`}
        @pointermove=${move} @keydown=${key}>
        ${yt.map((v) => svg`<line class="grid" x1=${m.l} x2=${m.l + pw} y1=${sy(v)} y2=${sy(v)}></line>
          <text x=${m.l - 6} y=${sy(v) + 4} text-anchor="end">${fmt(v, Math.abs(v) < 10 && v % 1 ? 2 : 0)}</text>`)}
        ${xt.map((v) => svg`<text x=${sx(v)} y=${m.t + ph + 16} text-anchor="middle">${fmt(v, Math.abs(v) < 10 && v % 1 ? 2 : 0)}</text>`)}
        <line class="axis" x1=${m.l} x2=${m.l + pw} y1=${m.t + ph} y2=${m.t + ph}></line>
        <line class="axis" x1=${m.l} x2=${m.l} y1=${m.t} y2=${m.t + ph}></line>
        ${y0 < 0 && y1 > 0 ? svg`<line class="axis" x1=${m.l} x2=${m.l + pw} y1=${sy(0)} y2=${sy(0)}></line>` : nothing}
        <text x=${m.l + pw / 2} y=${H - 4} text-anchor="middle">${this.xLabel}</text>
        <text x=${12} y=${m.t + ph / 2} text-anchor="middle" transform=${`rotate(-90 12 ${m.t + ph / 2})`}>${this.yLabel}</text>
        ${this.series.map((s, i) =>
          s.points
            ? Array.from({ length: s.x.length }, (_, k) => svg`<circle cx=${sx(s.x[k])} cy=${sy(s.y[k])} r="3" style=${`fill:${color(s, i)}`}></circle>`)
            : svg`<path d=${this.path(s, sx, sy)} fill="none" stroke-width="2" style=${`stroke:${color(s, i)}`} stroke-dasharray=${s.dash ? '6 4' : 'none'}></path>`,
        )}
        ${hx !== undefined && hx >= x0 && hx <= x1 ? svg`<line class="axis" x1=${sx(hx)} x2=${sx(hx)} y1=${m.t} y2=${m.t + ph}></line>` : nothing}
      </svg>
      <div class="legend">
        ${this.series.map((s, i) => html`<span><span class="swatch" style=${`background:${color(s, i)}`}></span>${s.label}</span>`)}
      </div>
      <div class="readout" aria-live="polite">${readout}</div>
    </figure>`;
  }
}
