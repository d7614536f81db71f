/**
 * Drawing helpers for the RoPE figures' 2-D planes (SVG, y up). Positions come from the core; these
 * only place strokes: a plane of half-width `extent` data units maps onto the viewBox −1 … 1.
 * An arrow or arc given a `term` is marked data-term, so a formula's linked term lights it.
 */
import { css, nothing, svg, type SVGTemplateResult } from 'lit';

import { fmt } from '../shared/format.js';

export const Q_COLOR = 'var(--_accent)';
export const K_COLOR = 'var(--_accent-2)';
export const ANGLE_COLOR = 'var(--_good)';

export const planeStyles = css`
  svg.plane {
    width: min(100%, var(--posenc-plane-size, 20rem));
    height: auto;
    display: block;
    touch-action: none;
    overflow: visible;
  }
  svg.plane .grid {
    stroke: var(--_line);
    fill: none;
    stroke-width: 0.006;
  }
  svg.plane text {
    font-family: var(--_mono);
    font-size: var(--posenc-plane-font, 0.072px);
  }
  svg.plane text.small {
    font-size: calc(var(--posenc-plane-font, 0.072px) * 0.83);
    fill: var(--_muted);
  }
  svg.plane .handle {
    cursor: grab;
    fill-opacity: 0.22;
  }
  svg.plane .handle:focus-visible {
    outline: none;
    stroke: var(--_focus);
    stroke-width: 0.03;
  }
`;

export class Plane {
  constructor(readonly extent: number) {}
  x(v: number): number {
    return v / this.extent;
  }
  y(v: number): number {
    return -v / this.extent;
  }

  /** Axes, the unit circle (when it fits) and the extent written at the end of the x axis. */
  grid(axisX = 'x', axisY = 'y', unit = true): SVGTemplateResult {
    const r = 1 / this.extent;
    return svg`
      <line class="grid" x1="-1" x2="1" y1="0" y2="0"></line>
      <line class="grid" x1="0" x2="0" y1="-1" y2="1"></line>
      ${unit && r < 1 ? svg`<circle class="grid" r=${r} stroke-dasharray="0.02 0.02"></circle>` : nothing}
      <text class="small" x="0.97" y="-0.03" text-anchor="end">${axisX}</text>
      <text class="small" x="0.03" y="-0.94">${axisY}</text>
      <text class="small" x="0.97" y="0.08" text-anchor="end">${fmt(this.extent, 1)}</text>`;
  }

  /** An arrow from the origin to (x, y). */
  arrow(
    x: number,
    y: number,
    color: string,
    o: { dash?: boolean; width?: number; label?: string; labelDy?: number; term?: string } = {},
  ): SVGTemplateResult {
    const px = this.x(x),
      py = this.y(y);
    const len = Math.hypot(px, py);
    const w = o.width ?? 0.02;
    let head: SVGTemplateResult | typeof nothing = nothing;
    if (len > 0.05) {
      const ux = px / len,
        uy = py / len,
        h = 0.06;
      const bx = px - ux * h,
        by = py - uy * h;
      head = svg`<path d=${`M${px},${py}L${bx - uy * h * 0.5},${by + ux * h * 0.5}L${bx + uy * h * 0.5},${by - ux * h * 0.5}Z`}
        style=${`fill:${color}`} opacity=${o.dash ? 0.55 : 1}></path>`;
    }
    const end = len > 0.05 ? 1 - 0.05 / len : 1;
    return svg`<g data-term=${o.term ?? nothing}><line x1="0" y1="0" x2=${px * end} y2=${py * end} stroke-width=${w} stroke-dasharray=${o.dash ? '0.035 0.025' : 'none'}
        style=${`stroke:${color}`} opacity=${o.dash ? 0.6 : 1}></line>${head}
      ${
        o.label
          ? svg`<text x=${px + (px >= 0 ? 0.03 : -0.03)} y=${py + (o.labelDy ?? (py > 0 ? 0.08 : -0.03))}
        text-anchor=${px >= 0 ? 'start' : 'end'} style=${`fill:${color}`}>${o.label}</text>`
          : nothing
      }</g>`;
  }

  /**
   * An arc of radius r (viewBox units) from direction `from` (radians) through `sweep` radians,
   * counter-clockwise for sweep > 0, with an arrowhead and a label at its middle.
   */
  arc(
    from: number,
    sweep: number,
    r: number,
    color: string,
    label = '',
    o: { width?: number; labelR?: number; term?: string } = {},
  ): SVGTemplateResult {
    if (!Number.isFinite(sweep) || Math.abs(sweep) < 1e-9) return svg``;
    const a1 = from + sweep;
    const p = (a: number, rr = r) => [rr * Math.cos(a), -rr * Math.sin(a)];
    const [x0, y0] = p(from),
      [x1, y1] = p(a1);
    const large = Math.abs(sweep) > Math.PI ? 1 : 0;
    const sweepFlag = sweep > 0 ? 0 : 1;
    // arrowhead: tangent at the end
    const t = sweep > 0 ? a1 + Math.PI / 2 : a1 - Math.PI / 2;
    const tx = Math.cos(t),
      ty = -Math.sin(t),
      h = 0.045;
    const nx = Math.cos(a1),
      ny = -Math.sin(a1);
    const head = `M${x1},${y1}L${x1 - tx * h + nx * h * 0.45},${y1 - ty * h + ny * h * 0.45}L${x1 - tx * h - nx * h * 0.45},${y1 - ty * h - ny * h * 0.45}Z`;
    const mid = from + sweep / 2;
    const [lx, ly] = p(mid, o.labelR ?? r + 0.09);
    return svg`<g data-term=${o.term ?? nothing}><path d=${`M${x0},${y0}A${r},${r} 0 ${large} ${sweepFlag} ${x1},${y1}`} fill="none" stroke-width=${o.width ?? 0.013} style=${`stroke:${color}`}></path>
      <path d=${head} style=${`fill:${color}`}></path>
      ${label ? svg`<text x=${lx} y=${ly + 0.025} text-anchor="middle" style=${`fill:${color}`} font-weight="600">${label}</text>` : nothing}</g>`;
  }
}

const SUB = '₀₁₂₃₄₅₆₇₈₉';
/** 12 → "₁₂": indices written as subscripts (q₀, θ₃), not as Latin words. */
export function sub(n: number): string {
  return String(n)
    .replace(/\d/g, (c) => SUB[Number(c)])
    .replace('-', '₋');
}

/** "60°" or "60° + 2 turns" / "60° + 2 圈", from the core's reduced angle. */
export function angleText(degrees: number, turns: number, turnWord: string, digits = 1): string {
  const d = `${fmt(degrees, digits)}°`;
  if (!turns) return d;
  const word = Math.abs(turns) === 1 && turnWord === 'turns' ? 'turn' : turnWord;
  return `${d} ${turns > 0 ? '+' : '\u2212'} ${Math.abs(turns)} ${word}`;
}

/**
 * An angle of 0° or more as a reader reads it, from the core's reduced angle (degrees in
 * (−180°, 180°] plus whole turns, which printed "−143.19° + 1 turn" for 216.81°): the angle within
 * [0°, 360°), and the full turns made before it, if any. `words.afterTurns` places {deg} and {n};
 * `words.afterOneTurn` is the singular, with {deg}.
 */
export function angleAsRead(degrees: number, turns: number, words: { afterTurns: string; afterOneTurn: string }, digits = 1): string {
  let deg = degrees < 0 ? degrees + 360 : degrees;
  let full = degrees < 0 ? turns - 1 : turns;
  // 359.999° printed at two decimals would read "360.00°": that is the next full turn
  if (fmt(deg, digits) === fmt(360, digits)) {
    deg = 0;
    full += 1;
  }
  const d = `${fmt(deg, digits)}°`;
  if (full <= 0) return d;
  return (full === 1 ? words.afterOneTurn : words.afterTurns).replace('{deg}', d).replace('{n}', String(full));
}
