import { css, html, LitElement, nothing, svg } from 'lit';
import { property } from 'lit/decorators.js';

import { fmt } from '../shared/format.js';
import { tokens } from '../shared/theme.js';

export interface RotVector {
  label: string;
  x: number;
  y: number;
  /** Rotation applied, radians (counter-clockwise for > 0). */
  angle: number;
  color?: string;
  /** The reader can drag the original vector (or move it with the arrow keys). */
  draggable?: boolean;
}

const COLORS = ['var(--_accent)', 'var(--_accent-2)', 'var(--_good)'];

/**
 * A 2-D plane: each vector drawn before (dashed) and after (solid) its rotation R(angle), with the
 * arc it turned through. Rotated coordinates are given by the caller (computed by the core).
 *
 * @event posenc-vector-change - detail { index, x, y } while a vector is dragged or nudged
 */
export class PosencRotation extends LitElement {
  static styles = [
    tokens,
    css`
      :host {
        display: inline-block;
        max-width: 100%;
      }
      figure {
        margin: 0.6rem 0;
      }
      figcaption {
        font-size: 0.85rem;
        color: var(--_muted);
      }
      svg {
        width: min(100%, var(--posenc-rotation-size, 22rem));
        height: auto;
        display: block;
        touch-action: none;
      }
      .grid {
        stroke: var(--_line);
        fill: none;
      }
      text {
        font-family: var(--_mono);
        font-size: 0.075px;
      }
      .handle {
        cursor: grab;
        fill-opacity: 0.25;
      }
      .handle:focus-visible {
        outline: none;
        stroke: var(--_focus);
        stroke-width: 0.03;
      }
      .coords {
        font-family: var(--_mono);
        font-size: 0.8rem;
      }
    `,
  ];

  @property({ attribute: false }) vectors: RotVector[] = [];
  /** Rotated coordinates [x', y'] per vector, from the core. */
  @property({ attribute: false }) rotated: [number, number][] = [];
  @property() caption = '';
  @property() handleLabel = 'drag to change the vector';
  private dragging = -1;

  private radius(): number {
    const r = Math.max(1, ...this.vectors.map((v) => Math.hypot(v.x, v.y)));
    return r * 1.2;
  }

  private emit(index: number, x: number, y: number) {
    this.dispatchEvent(new CustomEvent('posenc-vector-change', { detail: { index, x, y }, bubbles: true, composed: true }));
  }

  private toPlane(e: PointerEvent, svgEl: SVGSVGElement): [number, number] {
    const r = svgEl.getBoundingClientRect();
    const R = this.radius();
    return [((e.clientX - r.left) / r.width) * 2 * R - R, R - ((e.clientY - r.top) / r.height) * 2 * R];
  }

  render() {
    const R = this.radius();
    const n = (v: number) => v / R; // unit square coordinates
    const arc = (v: RotVector, color: string) => {
      const a0 = Math.atan2(v.y, v.x), r = 0.25;
      const a1 = a0 + v.angle;
      const large = Math.abs(v.angle % (2 * Math.PI)) > Math.PI ? 1 : 0;
      const sweep = v.angle >= 0 ? 0 : 1; // SVG y points down: counter-clockwise is sweep 0
      return svg`<path d=${`M${r * Math.cos(a0)},${-r * Math.sin(a0)} A${r},${r} 0 ${large} ${sweep} ${r * Math.cos(a1)},${-r * Math.sin(a1)}`}
        fill="none" stroke-width="0.012" style=${`stroke:${color}`}></path>`;
    };
    return html`<figure>
      <svg viewBox="-1 -1 2 2" role=${this.vectors.some((v) => v.draggable) ? 'group' : 'img'} aria-label=${this.caption}
        @pointermove=${(e: PointerEvent) => {
          if (this.dragging < 0) return;
          const [x, y] = this.toPlane(e, e.currentTarget as SVGSVGElement);
          this.emit(this.dragging, Number(x.toFixed(3)), Number(y.toFixed(3)));
        }}
        @pointerup=${() => (this.dragging = -1)}
        @pointerleave=${() => (this.dragging = -1)}>
        <circle class="grid" r=${n(1)} stroke-width="0.006"></circle>
        <line class="grid" x1="-1" x2="1" y1="0" y2="0" stroke-width="0.006"></line>
        <line class="grid" x1="0" x2="0" y1="-1" y2="1" stroke-width="0.006"></line>
        ${this.vectors.map((v, i) => {
          const color = v.color ?? COLORS[i % COLORS.length];
          const [rx, ry] = this.rotated[i] ?? [v.x, v.y];
          return svg`
            <line x1="0" y1="0" x2=${n(v.x)} y2=${-n(v.y)} stroke-width="0.014" stroke-dasharray="0.04 0.03" style=${`stroke:${color}`}></line>
            <line x1="0" y1="0" x2=${n(rx)} y2=${-n(ry)} stroke-width="0.022" style=${`stroke:${color}`}></line>
            <circle cx=${n(rx)} cy=${-n(ry)} r="0.025" style=${`fill:${color}`}></circle>
            ${arc(v, color)}
            <text x=${n(rx) + 0.03} y=${-n(ry) - 0.03} style=${`fill:${color}`}>${v.label}′</text>
            <text x=${n(v.x) + 0.03} y=${-n(v.y) + 0.08} style=${`fill:${color}`} opacity="0.7">${v.label}</text>
            ${v.draggable
              ? svg`<circle class="handle" tabindex="0" role="slider" aria-label=${`${v.label}: ${this.handleLabel}`}
                  aria-valuetext=${`(${fmt(v.x, 2)}, ${fmt(v.y, 2)})`}
                  cx=${n(v.x)} cy=${-n(v.y)} r="0.07" style=${`fill:${color}`}
                  @pointerdown=${(e: PointerEvent) => {
                    this.dragging = i;
                    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
                  }}
                  @keydown=${(e: KeyboardEvent) => {
                    const d = 0.05 * R;
                    const mv: Record<string, [number, number]> = { ArrowLeft: [-d, 0], ArrowRight: [d, 0], ArrowUp: [0, d], ArrowDown: [0, -d] };
                    const m = mv[e.key];
                    if (!m) return;
                    e.preventDefault();
                    this.emit(i, Number((v.x + m[0]).toFixed(3)), Number((v.y + m[1]).toFixed(3)));
                  }}></circle>`
              : nothing}`;
        })}
      </svg>
      <figcaption>${this.caption}</figcaption>
      <div class="coords">
        ${this.vectors.map((v, i) => {
          const [rx, ry] = this.rotated[i] ?? [v.x, v.y];
          return html`<div>${v.label} = (${fmt(v.x, 3)}, ${fmt(v.y, 3)}) → ${v.label}′ = (${fmt(rx, 3)}, ${fmt(ry, 3)}), ${fmt((v.angle * 180) / Math.PI, 1)}°</div>`;
        })}
      </div>
    </figure>`;
  }
}
