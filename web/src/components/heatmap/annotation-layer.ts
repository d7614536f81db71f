/** Marks on a heatmap (rows, columns, cells, blocks, diagonal bands) as an SVG layer over the canvas. */
import { nothing, svg, type SVGTemplateResult } from 'lit';

import { toneColor } from '../figure/figure.styles.js';
import { LabelRows } from '../figure/labels.js';
import { textWidth } from '../figure/scales.js';
import { describeCell, type HeatmapAnnotation } from './annotations.js';

/** What the layer needs of the heatmap's layout: cell size, grid size, margins, shape. */
export interface GridFrame {
  /** Column width and row height, px (equal unless the grid stretches its columns). */
  cw: number;
  ch: number;
  gw: number;
  gh: number;
  m: { l: number; r: number; t: number; b: number };
  rows: number;
  cols: number;
  /** Room for row labels to the right of the grid (else they go above it, like the others). */
  wide: boolean;
}

// One row of annotation labels above the grid, px: a 12 px line of Chinese sets a box about 17 px
// tall (at 15 px "训练中没见过的位置" sat on "训练长度", issue 27).
export const ROW = 18;

/** Left end (grid px) of the label of a mark placed above the grid. */
export function labelX(a: HeatmapAnnotation, cw: number): number {
  switch (a.kind) {
    case 'path':
      return Math.max(0, Math.min(...a.points.map((p) => p[1])) * cw);
    case 'col':
      return a.index * cw;
    case 'cell':
      return a.col * cw;
    case 'rect':
      return Math.min(a.col0, a.col1) * cw;
    case 'diagonal':
      return Math.max(0, (a.offset ?? 0) * cw);
    case 'row':
      return 0;
  }
}

/**
 * Where the label of a mark above the grid starts (grid px), kept inside the figure. Labels are
 * placed in rows *after* this clamp, so a label pushed left from the right edge cannot land on
 * another one (it did: "i = 0, wavelength 6.28" and "i = 31, …" printed over each other).
 */
export function aboveX(a: HeatmapAnnotation, label: string, cw: number, gw: number, m: { l: number; r: number }): number {
  return Math.max(2 - m.l, Math.min(labelX(a, cw), gw - textWidth(label) + m.r));
}

export function annotationLayer(
  L: GridFrame,
  annotations: HeatmapAnnotation[],
  rowText: (i: number) => string,
  colText: (i: number) => string,
): SVGTemplateResult[] {
  const { cw, ch, gw, gh, m, rows, cols, wide } = L;
  const rowsAbove = new LabelRows();
  const out: SVGTemplateResult[] = [];
  const above = (a: HeatmapAnnotation, color: string) => {
    if (!a.label) return nothing;
    const x = aboveX(a, a.label, cw, gw, m);
    const r = rowsAbove.place(x, x + textWidth(a.label));
    return svg`<text x=${m.l + x} y=${m.t - 5 - r * ROW} style=${`fill:${color}`}>${a.label}</text>`;
  };
  const box = (x: number, y: number, w: number, h: number, c: string) =>
    svg`<rect class="outline-halo" x=${m.l + x} y=${m.t + y} width=${w} height=${h}></rect>
      <rect class="outline" x=${m.l + x} y=${m.t + y} width=${w} height=${h} style=${`stroke:${c}`}></rect>`;
  annotations.forEach((a, i) => {
    const c = toneColor(a.color, 'var(--_fg)');
    let body: unknown = nothing;
    if (a.kind === 'row' && a.index >= 0 && a.index < rows) {
      body = svg`${box(0, a.index * ch, gw, ch, c)}${
        a.label && wide
          ? svg`<text x=${m.l + gw + 6} y=${m.t + (a.index + 0.5) * ch + 4} style=${`fill:${c}`}>${a.label}</text>`
          : above(a, c)
      }`;
    } else if (a.kind === 'col' && a.index >= 0 && a.index < cols) {
      body = svg`${box(a.index * cw, 0, cw, gh, c)}${above(a, c)}`;
    } else if (a.kind === 'cell' && a.row >= 0 && a.row < rows && a.col >= 0 && a.col < cols) {
      body = svg`${box(a.col * cw, a.row * ch, cw, ch, c)}${above(a, c)}`;
    } else if (a.kind === 'rect') {
      const r0 = Math.max(0, Math.min(a.row0, a.row1)),
        r1 = Math.min(rows - 1, Math.max(a.row0, a.row1));
      const c0 = Math.max(0, Math.min(a.col0, a.col1)),
        c1 = Math.min(cols - 1, Math.max(a.col0, a.col1));
      if (r1 >= r0 && c1 >= c0) body = svg`${box(c0 * cw, r0 * ch, (c1 - c0 + 1) * cw, (r1 - r0 + 1) * ch, c)}${above(a, c)}`;
    } else if (a.kind === 'diagonal') {
      const o = a.offset ?? 0,
        t = a.to ?? o;
      const lo = Math.min(o, t),
        hi = Math.max(o, t) + 1;
      // The band's edges are the lines col − row = lo and col − row = hi, cut to the grid.
      const pts = [
        [lo * cw, 0],
        [hi * cw, 0],
        [(rows + hi) * cw, rows * ch],
        [(rows + lo) * cw, rows * ch],
      ]
        .map(([x, y]) => `${m.l + x},${m.t + y}`)
        .join(' ');
      body = svg`<polygon class="outline-halo" points=${pts} clip-path="url(#grid-clip)"></polygon>
        <polygon class="outline" points=${pts} clip-path="url(#grid-clip)" style=${`stroke:${c}`}></polygon>${above(a, c)}`;
    } else if (a.kind === 'path' && a.points.length > 1) {
      const pts = a.points.map(([r, k]) => `${m.l + (k + 0.5) * cw},${m.t + r * ch}`).join(' ');
      body = svg`<polyline class="path-halo" points=${pts} clip-path="url(#grid-clip)"></polyline>
        <polyline class="path" points=${pts} clip-path="url(#grid-clip)" style=${`stroke:${c}`}></polyline>${above(a, c)}`;
    }
    if (body === nothing) return;
    // role img: an outline without a label of its own is named only by its aria-label (see plot-annotations.ts)
    out.push(
      svg`<g class="annotation" role="img" data-kind=${a.kind} data-index=${i} aria-label=${describeCell(a, rowText, colText)}>${body}</g>`,
    );
  });
  return out;
}
