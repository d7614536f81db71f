import { html, LitElement, nothing, svg, type SVGTemplateResult } from 'lit';
import { property } from 'lit/decorators.js';

import { axis } from '../figure/scales.js';
import { fmt, MINUS } from '../shared/format.js';
import { rotationStyles } from './rotation.styles.js';

export interface RotVector {
  label: string;
  x: number;
  y: number;
  /** Rotation applied, radians (counter-clockwise for > 0). */
  angle: number;
  color?: string;
  /** The reader can drag the original vector (or move it with the arrow keys). */
  draggable?: boolean;
  /** How the turn is written next to its arc, e.g. "mθ" (default: the angle in degrees). */
  turnLabel?: string;
  /** |v| and |v′| from the core: shown in the complex plane to make the preserved length visible. */
  norms?: [number, number];
}

/** The angle between two rotated vectors, drawn as an arc between them with its value. */
export interface RotAngle {
  /** Indices into `vectors`: the arc goes from a′ to b′. */
  a: number;
  b: number;
  /** The angle, radians, as computed by the core (written on the figure in degrees). */
  value: number;
  /** Text before the value; default "∠(a′, b′)". */
  label?: string;
}

const COLORS = ['var(--_accent)', 'var(--_accent-2)', 'var(--_good)'];
const TAU = 2 * Math.PI;

const deg = (rad: number) => `${fmt((rad * 180) / Math.PI, 1)}°`;

/** An SVG arc of radius r from angle a0 through the signed angle d (radians, y up). */
function arcPath(r: number, a0: number, d: number): string {
  const a1 = a0 + d;
  const large = Math.abs(d % TAU) > Math.PI ? 1 : 0;
  const sweep = d >= 0 ? 0 : 1; // SVG y points down: counter-clockwise is sweep 0
  return `M${r * Math.cos(a0)},${-r * Math.sin(a0)} A${r},${r} 0 ${large} ${sweep} ${r * Math.cos(a1)},${-r * Math.sin(a1)}`;
}

/**
 * A 2-D plane: each vector drawn before (dashed) and after (solid) its rotation R(angle), with the
 * arc it turned through, the angle between rotated vectors as a labelled arc, and tick labels on
 * both axes. In the complex plane (plane="complex") the axes are Re and Im, each turn is written
 * as multiplication by e^{iφ}, and the circle through v and v′ shows that the length is kept.
 * Rotated coordinates, angles and lengths are given by the caller (computed by the core).
 *
 * Drag a vector's tip, or focus it and use the arrow keys (Shift: finer steps).
 *
 * @attr caption - text under the figure
 * @attr handleLabel - accessible hint for the draggable tips (attribute `handlelabel`)
 * @attr plane - real (default) or complex
 * @prop {RotVector[]} vectors - the vectors and their turns
 * @prop {[number, number][]} rotated - rotated coordinates [x′, y′] per vector
 * @prop {RotAngle[]} between - angles between rotated vectors to draw
 * @fires posenc-vector-change - detail { index, x, y } while a vector is dragged or nudged
 * @cssproperty --posenc-rotation-size - largest width of the diagram (default 22rem)
 */
export class PosencRotation extends LitElement {
  static styles = rotationStyles;

  @property({ attribute: false }) vectors: RotVector[] = [];
  /** Rotated coordinates [x', y'] per vector, from the core. */
  @property({ attribute: false }) rotated: [number, number][] = [];
  @property({ attribute: false }) between: RotAngle[] = [];
  @property() caption = '';
  @property() handleLabel = 'drag to change the vector';
  @property() plane: 'real' | 'complex' = 'real';
  private dragging = -1;

  private radius(): number {
    const r = Math.max(1, ...this.vectors.map((v) => Math.hypot(v.x, v.y)), ...this.rotated.map(([x, y]) => Math.hypot(x, y)));
    return r * 1.25;
  }

  private emit(index: number, x: number, y: number) {
    this.dispatchEvent(new CustomEvent('posenc-vector-change', { detail: { index, x, y }, bubbles: true, composed: true }));
  }

  private toPlane(e: PointerEvent, svgEl: SVGSVGElement): [number, number] {
    const r = svgEl.getBoundingClientRect();
    const R = this.radius();
    return [((e.clientX - r.left) / r.width) * 2 * R - R, R - ((e.clientY - r.top) / r.height) * 2 * R];
  }

  /** Arrowhead at (x, y) pointing away from the origin, in unit-square coordinates. */
  private head(x: number, y: number, color: string): SVGTemplateResult | typeof nothing {
    const len = Math.hypot(x, y);
    if (len < 0.04) return nothing;
    const ux = x / len,
      uy = y / len,
      s = 0.06;
    const p = [
      [x, -y],
      [x - s * ux + 0.5 * s * uy, -(y - s * uy - 0.5 * s * ux)],
      [x - s * ux - 0.5 * s * uy, -(y - s * uy + 0.5 * s * ux)],
    ];
    return svg`<polygon points=${p.map((q) => q.join(',')).join(' ')} style=${`fill:${color}`}></polygon>`;
  }

  /** A vector's name just beyond its tip, on the side away from the origin. */
  private tipLabel(x: number, y: number, text: string, color: string, opacity: number) {
    const len = Math.hypot(x, y) || 1;
    const ux = x / len,
      uy = y / len;
    return svg`<text class="halo" x=${x + ux * 0.09} y=${-(y + uy * 0.09) + 0.025} text-anchor=${ux >= 0.3 ? 'start' : ux <= -0.3 ? 'end' : 'middle'}
      style=${`fill:${color}`} opacity=${opacity}>${text}</text>`;
  }

  private axes(R: number) {
    const complex = this.plane === 'complex';
    const a = axis('linear', [-R, R], [-1, 1], { count: 4 });
    const ticks = a.ticks.filter((t) => t.value !== 0 && Math.abs(t.at) < 0.92);
    return svg`
      <circle class="grid" r=${1 / R} stroke-width="0.006" stroke-dasharray="0.02 0.02"></circle>
      <line class="axis-line" x1="-1" x2="1" y1="0" y2="0" stroke-width="0.006"></line>
      <line class="axis-line" x1="0" x2="0" y1="-1" y2="1" stroke-width="0.006"></line>
      ${ticks.map(
        (t) => svg`<line class="axis-line" x1=${t.at} x2=${t.at} y1="-0.015" y2="0.015" stroke-width="0.006"></line>
        <text class="tick" x=${t.at} y="0.075" text-anchor="middle">${t.label}</text>
        <line class="axis-line" y1=${-t.at} y2=${-t.at} x1="-0.015" x2="0.015" stroke-width="0.006"></line>
        <text class="tick" x="-0.03" y=${-t.at + 0.02} text-anchor="end">${complex ? `${t.label}i` : t.label}</text>`,
      )}
      <text class="axis-name" x="0.99" y="0.08" text-anchor="end">${complex ? 'Re' : 'x'}</text>
      <text class="axis-name" x="-0.03" y="-0.94" text-anchor="end">${complex ? 'Im' : 'y'}</text>`;
  }

  private complexText(x: number, y: number): string {
    return `${fmt(x, 3)} ${y < 0 ? MINUS : '+'} ${fmt(Math.abs(y), 3)}i`;
  }

  render() {
    const R = this.radius();
    const n = (v: number) => v / R; // unit square coordinates
    const complex = this.plane === 'complex';
    const interactive = this.vectors.some((v) => v.draggable);
    const angleLabels = this.between.map(
      (b) => `${b.label ?? `∠(${this.vectors[b.a]?.label}′, ${this.vectors[b.b]?.label}′)`} = ${deg(b.value)}`,
    );
    return html`<figure>
      <svg
        viewBox="-1 -1 2 2"
        role=${interactive ? 'group' : 'img'}
        aria-label=${[this.caption, ...angleLabels].filter(Boolean).join('; ')}
        @pointermove=${(e: PointerEvent) => {
          if (this.dragging < 0) return;
          const [x, y] = this.toPlane(e, e.currentTarget as SVGSVGElement);
          this.emit(this.dragging, Number(x.toFixed(3)), Number(y.toFixed(3)));
        }}
        @pointerup=${() => (this.dragging = -1)}
        @pointercancel=${() => (this.dragging = -1)}
      >
        ${this.axes(R)}
        ${this.vectors.map((v, i) => {
          const color = v.color ?? COLORS[i % COLORS.length];
          const [rx, ry] = this.rotated[i] ?? [v.x, v.y];
          const a0 = Math.atan2(v.y, v.x),
            r = 0.2 + 0.06 * i;
          const mid = a0 + v.angle / 2;
          const turn = v.turnLabel ?? deg(v.angle);
          const len = Math.hypot(v.x, v.y);
          return svg`
            ${complex ? svg`<circle r=${n(len)} fill="none" stroke-width="0.008" stroke-dasharray="0.01 0.02" style=${`stroke:${color}`} opacity="0.7"></circle>` : nothing}
            <line x1="0" y1="0" x2=${n(v.x)} y2=${-n(v.y)} stroke-width="0.014" stroke-dasharray="0.04 0.03" style=${`stroke:${color}`}></line>
            <line x1="0" y1="0" x2=${n(rx)} y2=${-n(ry)} stroke-width="0.022" style=${`stroke:${color}`}></line>
            ${this.head(n(rx), n(ry), color)}
            <path d=${arcPath(r, a0, v.angle)} fill="none" stroke-width="0.012" style=${`stroke:${color}`}></path>
            ${
              Math.abs(v.angle) > 0.05
                ? svg`<text class="halo turn" x=${(r + 0.04) * Math.cos(mid)} y=${-(r + 0.04) * Math.sin(mid) + 0.02} text-anchor=${Math.cos(mid) >= 0 ? 'start' : 'end'} style=${`fill:${color}`}>${
                    complex ? svg`×e<tspan dy="-0.035" font-size="0.055">i·${turn}</tspan>` : turn
                  }</text>`
                : nothing
            }
            ${this.tipLabel(n(rx), n(ry), `${v.label}′`, color, 1)}
            ${this.tipLabel(n(v.x), n(v.y), v.label, color, 0.8)}
            ${
              v.draggable
                ? svg`<circle class="handle" tabindex="0" role="slider" aria-label=${`${v.label}: ${this.handleLabel}`}
                  aria-valuetext=${`(${fmt(v.x, 2)}, ${fmt(v.y, 2)})`}
                  cx=${n(v.x)} cy=${-n(v.y)} r="0.07" style=${`fill:${color}`}
                  @pointerdown=${(e: PointerEvent) => {
                    this.dragging = i;
                    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
                  }}
                  @keydown=${(e: KeyboardEvent) => {
                    const d = (e.shiftKey ? 0.01 : 0.05) * R;
                    const mv: Record<string, [number, number]> = {
                      ArrowLeft: [-d, 0],
                      ArrowRight: [d, 0],
                      ArrowUp: [0, d],
                      ArrowDown: [0, -d],
                    };
                    const m = mv[e.key];
                    if (!m) return;
                    e.preventDefault();
                    this.emit(i, Number((v.x + m[0]).toFixed(3)), Number((v.y + m[1]).toFixed(3)));
                  }}></circle>`
                : nothing
            }`;
        })}
        ${this.between.map((b, k) => {
          const pa = this.rotated[b.a],
            pb = this.rotated[b.b];
          if (!pa || !pb) return nothing;
          const a0 = Math.atan2(pa[1], pa[0]);
          let d = Math.atan2(pb[1], pb[0]) - a0;
          d = ((((d + Math.PI) % TAU) + TAU) % TAU) - Math.PI; // the shorter way round, as drawn
          const r = 0.45 + 0.08 * k,
            mid = a0 + d / 2;
          return svg`<g class="angle" data-index=${k} aria-label=${angleLabels[k]}>
            <path d=${arcPath(r, a0, d)} fill="none" stroke-width="0.014" style="stroke:var(--_fg)"></path>
            <text class="halo" x=${(r + 0.05) * Math.cos(mid)} y=${-(r + 0.05) * Math.sin(mid) + 0.025}
              text-anchor=${Math.cos(mid) >= 0 ? 'start' : 'end'} style="fill:var(--_fg)">${deg(b.value)}</text>
          </g>`;
        })}
      </svg>
      <figcaption>${this.caption}</figcaption>
      <div class="coords">
        ${this.vectors.map((v, i) => {
          const [rx, ry] = this.rotated[i] ?? [v.x, v.y];
          if (complex) {
            return html`<div>
              ${v.label} = ${this.complexText(v.x, v.y)} → ${v.label}′ = ${this.complexText(rx, ry)},
              ×e^(i·${v.turnLabel ?? deg(v.angle)})${
                v.norms ? html`; |${v.label}| = ${fmt(v.norms[0], 3)}, |${v.label}′| = ${fmt(v.norms[1], 3)}` : nothing
              }
            </div>`;
          }
          return html`<div>
            ${v.label} = (${fmt(v.x, 3)}, ${fmt(v.y, 3)}) → ${v.label}′ = (${fmt(rx, 3)}, ${fmt(ry, 3)}),
            ${fmt((v.angle * 180) / Math.PI, 1)}°
          </div>`;
        })}
        ${angleLabels.map((t) => html`<div>${t}</div>`)}
      </div>
    </figure>`;
  }
}
