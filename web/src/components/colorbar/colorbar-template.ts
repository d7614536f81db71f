/** The colour legend drawn by <posenc-heatmap-view> and <posenc-colorbar>: one shared template. */
import { nothing, svg, type SVGTemplateResult } from 'lit';

import { axis, textWidth, tickCount } from '../figure/scales.js';
import { type ColormapName, cssColor } from '../shared/colormaps.js';

export interface ColorScale {
  lo: number;
  hi: number;
}

export interface ColorbarOptions {
  colormap: ColormapName;
  lo: number;
  hi: number;
  /** Width available, px. */
  width: number;
  /** Title after the bar (what the colour means, with its unit). */
  label?: string;
  /** Draw the swatch for masked cells (−∞ / NaN). */
  masked?: boolean;
  maskedLabel?: string;
}

export const MASKED_CSS = 'rgb(200, 200, 200)';

/** SVG legend: the gradient with d3 ticks under it. Returns the template and its height. */
export function colorbar(o: ColorbarOptions): { template: SVGTemplateResult; width: number; height: number } {
  const maskW = o.masked ? 26 + textWidth(o.maskedLabel ?? '−∞', 11) : 0;
  const barW = Math.max(120, Math.min(280, o.width - 24 - maskW));
  const domain: [number, number] = [Math.min(o.lo, o.hi), Math.max(o.lo, o.hi)];
  // Labels are centred on their ticks: the end ones need half their width of room outside the bar.
  // Fewer ticks until neighbouring labels clear each other (long labels such as −0.0010 on a
  // narrow bar overlapped at the default spacing).
  let count = tickCount(barW, 56);
  let a = axis('linear', domain, [0, barW], { count });
  const crowded = () =>
    a.ticks.some((t, i) => i > 0 && t.at - a.ticks[i - 1].at < (textWidth(t.label, 11) + textWidth(a.ticks[i - 1].label, 11)) / 2 + 6);
  while (count > 2 && crowded()) a = axis('linear', domain, [0, barW], { count: --count });
  const half = (i: number) => (a.ticks.length ? textWidth(a.ticks[i].label, 11) / 2 + 2 : 0);
  const x0 = a.ticks.length ? Math.max(8, half(0) - a.ticks[0].at) : 8;
  const x1 = x0 + barW;
  a = axis('linear', domain, [x0, x1], { count });
  const tail = Math.max(0, (a.ticks[a.ticks.length - 1]?.at ?? x1) + half(a.ticks.length - 1) - x1);
  const stops = Array.from(
    { length: 17 },
    (_, i) => svg`<stop offset=${`${(i / 16) * 100}%`} stop-color=${cssColor(o.colormap, i / 16)}></stop>`,
  );
  const labelY = 40;
  const template = svg`<defs><linearGradient id="posenc-cbar" x1="0" x2="1" y1="0" y2="0">${stops}</linearGradient></defs>
    <rect x=${x0} y="4" width=${barW} height="12" fill="url(#posenc-cbar)" style="stroke:var(--_line)"></rect>
    <g class="axis">
      ${a.ticks.map((t) => svg`<line x1=${t.at} x2=${t.at} y1="16" y2="20"></line><text class="legend-tick" x=${t.at} y="32" text-anchor="middle">${t.label}</text>`)}
    </g>
    ${
      o.masked
        ? svg`<g class="masked"><rect x=${x1 + 16} y="4" width="12" height="12" style=${`fill:${MASKED_CSS};stroke:var(--_line)`}></rect>
          <text class="tick" x=${x1 + 32} y="14">${o.maskedLabel ?? '−∞'}</text></g>`
        : nothing
    }
    ${o.label ? svg`<text class="axis-label" x=${x0} y=${labelY + 8}>${o.label}</text>` : nothing}`;
  return { template, width: x1 + Math.max(maskW, tail) + 8, height: o.label ? labelY + 12 : 38 };
}

/**
 * A colour range shared by several heatmaps whose magnitudes are compared: symmetric ±max|v| for
 * the diverging map, min…max for the sequential one, over every matrix given. (The extent of the
 * data is a drawing choice, like an axis domain, not a measurement shown to the reader.)
 */
export function sharedScale(colormap: ColormapName, ...matrices: { data: ArrayLike<number> }[]): ColorScale {
  let lo = Infinity,
    hi = -Infinity;
  for (const m of matrices) {
    for (let i = 0; i < m.data.length; i++) {
      const v = m.data[i];
      if (!Number.isFinite(v)) continue;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  if (!Number.isFinite(lo)) return { lo: 0, hi: 1 };
  if (colormap === 'diverging') {
    const m = Math.max(Math.abs(lo), Math.abs(hi)) || 1;
    return { lo: -m, hi: m };
  }
  return hi > lo ? { lo, hi } : { lo, hi: lo + 1 };
}
