/** The marks a chapter draws on a plot (reference lines, shaded ranges, points, notes) as SVG. */
import { nothing, svg, type SVGTemplateResult } from 'lit';

import { describe, type PlotAnnotation } from '../figure/annotations.js';
import { toneColor } from '../figure/figure.styles.js';
import type { LabelRows } from '../figure/labels.js';
import { type AxisModel, textWidth } from '../figure/scales.js';
import { fmtExact } from '../shared/format.js';
import type { Occupancy } from './occupancy.js';
import { finiteFor } from './path.js';

/** What the annotation layer needs to know of the plot's layout. */
export interface PlotFrame {
  W: number;
  m: { l: number; r: number; t: number; b: number };
  x: AxisModel;
  y: AxisModel;
  /** Rows of labels reserved above the plot area. */
  labelRows: number;
  /** Where the lines are: a point's label goes where it covers the fewest of them. */
  occupancy?: Occupancy;
}

/** Label boxes, px: about 14 px tall, the baseline 3 px above the box's bottom. */
const LABEL_H = 14;

// Height of one row of annotation labels, px: a 12 px line of Chinese sets a box about 17 px tall
// (15 px rows let "可学习表：此后没有行" and "训练长度以内" touch, issue 27).
const ROW = 18;

export function annotationLayer(L: PlotFrame, annotations: PlotAnnotation[], front: boolean, rows: LabelRows): SVGTemplateResult[] {
  const { m, x, y } = L;
  const bottom = y.range[0],
    left = x.range[0],
    right = x.range[1];
  const inX = (v: number) => finiteFor(x.kind, v) && v >= x.domain[0] && v <= x.domain[1];
  const inY = (v: number) => finiteFor(y.kind, v) && y.map(v) <= bottom + 0.5 && y.map(v) >= m.t - 0.5;
  const out: SVGTemplateResult[] = [];
  // Point labels placed so far in this render (the layout's occupancy is read, never written).
  const placed: { x0: number; y0: number; x1: number; y1: number }[] = [];
  // Text that would run past the edge (the figure's, or the one given) is anchored on its other side.
  const fit = (
    px: number,
    label: string,
    anchor: 'start' | 'middle' | 'end',
    lo = 2,
    hi = L.W - 2,
  ): [number, 'start' | 'middle' | 'end'] => {
    const w = textWidth(label);
    const x0 = anchor === 'start' ? px : anchor === 'end' ? px - w : px - w / 2;
    if (x0 + w > hi) return [hi, 'end'];
    if (x0 < lo) return [lo, 'start'];
    return [px, anchor];
  };
  // Labels of vertical marks go in rows above the plot area, nearest row first.
  const topLabel = (cx: number, label: string | undefined) => {
    if (!label) return nothing;
    const w = textWidth(label);
    let x0 = cx - w / 2;
    // not left of the plot area: the value axis's top tick label ("1.0") sits there, at the height
    // of the first row (the lab's "within the training length" over "1.0" at 360 px)
    x0 = Math.max(left, Math.min(right + m.r - w - 2, x0));
    const r = rows.place(x0, x0 + w);
    // Rows beyond the room reserved above the plot continue inside it, from the top down.
    const ty = r < L.labelRows ? m.t - 5 - r * ROW : m.t + 14 + (r - L.labelRows) * ROW;
    return svg`<text x=${x0} y=${ty} text-anchor="start">${label}</text>`;
  };
  // Labels of horizontal lines go above their line, at its right end (or left, if asked); one that
  // would touch a label set before, from the top line down, goes below its line instead (L and L′
  // a factor of two apart on a short log axis). Points keep off them.
  const lineLabels = new Map<number, { x: number; y: number; anchor: 'start' | 'end' }>();
  if (front) {
    const lines = annotations
      .map((a, i) => ({ a, i }))
      .filter((e): e is { a: Extract<PlotAnnotation, { kind: 'y' }>; i: number } => e.a.kind === 'y' && !!e.a.label && inY(e.a.at))
      .sort((p, q) => y.map(p.a.at) - y.map(q.a.at));
    const own: typeof placed = [];
    for (const { a, i } of lines) {
      const py = y.map(a.at),
        w = textWidth(a.label!);
      const atLeft = a.labelAt === 'left';
      const x0 = atLeft ? left + 4 : right - 4 - w;
      const box = (ty: number) => ({ x0, y0: ty - LABEL_H + 3, x1: x0 + w, y1: ty + 3 });
      let ty = py - 5;
      const b = box(ty);
      if (own.some((p) => b.x0 < p.x1 + 2 && p.x0 < b.x1 + 2 && b.y0 < p.y1 + 2 && p.y0 < b.y1 + 2)) ty = py + LABEL_H;
      own.push(box(ty));
      placed.push(box(ty));
      lineLabels.set(i, { x: atLeft ? left + 4 : right - 4, y: ty, anchor: atLeft ? 'start' : 'end' });
    }
  }
  annotations.forEach((a, i) => {
    const c = toneColor(a.color, 'var(--_muted)');
    // role img: a mark named only by its aria-label (a band named in the legend draws no text) is
    // otherwise a generic group, where axe forbids a name
    const g = (body: unknown) =>
      svg`<g class="annotation" role="img" data-kind=${a.kind} data-index=${i} aria-label=${describe(a, fmtExact)}>${body}</g>`;
    if (a.kind === 'x-range' && !front) {
      const lo = Math.max(x.domain[0], Math.min(a.from, a.to)),
        hi = Math.min(x.domain[1], Math.max(a.from, a.to));
      if (!(hi >= lo) || (x.kind === 'log' && !(hi > 0))) return;
      const a0 = x.map(Math.max(lo, x.domain[0])),
        a1 = x.map(hi);
      out.push(
        g(svg`<rect class="band" x=${a0} width=${Math.max(1, a1 - a0)} y=${m.t} height=${bottom - m.t} style=${`fill:${c}`}></rect>
        <line class="ref" x1=${a0} x2=${a0} y1=${m.t} y2=${bottom} style=${`stroke:${c};stroke-dasharray:none;opacity:.5`}></line>
        ${a.legend ? nothing : topLabel((a0 + a1) / 2, a.label)}`),
      );
    } else if (a.kind === 'y-range' && !front) {
      const v0 = Math.min(a.from, a.to),
        v1 = Math.max(a.from, a.to);
      const p0 = Math.min(bottom, y.map(Math.max(v0, y.domain[0]))),
        p1 = Math.max(m.t, y.map(Math.min(v1, y.domain[1])));
      if (!(p0 >= p1)) return;
      out.push(
        g(svg`<rect class="band" x=${left} width=${right - left} y=${p1} height=${p0 - p1} style=${`fill:${c}`}></rect>
        ${a.label && !a.legend ? svg`<text x=${right - 4} y=${p1 + 13} text-anchor="end">${a.label}</text>` : nothing}`),
      );
    } else if (a.kind === 'x' && front) {
      if (!inX(a.at)) return;
      const px = x.map(a.at);
      out.push(g(svg`<line class="ref" x1=${px} x2=${px} y1=${m.t} y2=${bottom} style=${`stroke:${c}`}></line>${topLabel(px, a.label)}`));
    } else if (a.kind === 'y' && front) {
      if (!inY(a.at)) return;
      const py = y.map(a.at);
      const t = lineLabels.get(i);
      out.push(
        g(svg`<line class="ref" x1=${left} x2=${right} y1=${py} y2=${py} style=${`stroke:${c}`}></line>
        ${t ? svg`<text x=${t.x} y=${t.y} text-anchor=${t.anchor}>${a.label}</text>` : nothing}`),
      );
    } else if (a.kind === 'point' && front) {
      if (!inX(a.x) || !inY(a.y)) return;
      const px = x.map(a.x),
        py = y.map(a.y);
      const cc = toneColor(a.color, 'var(--_fg)');
      let text: SVGTemplateResult | typeof nothing = nothing;
      if (a.label) {
        // Candidate places around the marker, nearest first; the one over the fewest line pixels
        // (and inside the plot area) wins, ties to the nearest.
        const w = textWidth(a.label);
        const cands: [number, number, 'start' | 'end' | 'middle'][] = [
          [12, -10, 'start'],
          [-12, -10, 'end'],
          [12, 20, 'start'],
          [-12, 20, 'end'],
          [0, -16, 'middle'],
          [0, 28, 'middle'],
          [14, -26, 'start'],
          [-14, -26, 'end'],
          [14, 36, 'start'],
          [-14, 36, 'end'],
          [-16, -46, 'end'],
          [16, -46, 'start'],
          [-16, 56, 'end'],
          [16, 56, 'start'],
          [-18, -66, 'end'],
          [18, -66, 'start'],
        ];
        let best: { x: number; anchor: 'start' | 'middle' | 'end'; y: number; cost: number; far: boolean } | undefined;
        for (const [dx, dy, anchor] of cands) {
          // inside the plot area: a label over the y axis's tick labels reads as one of them
          const [tx, an] = fit(px + dx, a.label, anchor, left + 3, right - 2);
          const x0 = an === 'start' ? tx : an === 'end' ? tx - w : tx - w / 2;
          const ty = py + dy;
          const y0 = ty - LABEL_H + 3;
          // off the figure: never; over the label rows above: only if nothing else fits; over the x
          // axis's tick labels, where it reads as one of them: not even then, if any place inside the
          // plot area is left (a label box is about 80 cells: a halo keeps text on lines readable)
          const below = ty + 3 > L.y.range[0];
          const outside = (y0 < 2 ? 1 : 0) + (ty + 3 > L.y.range[0] + m.b - 2 ? 1 : 0) + (below ? 0.1 : y0 < m.t ? 0.03 : 0);
          const covered = L.occupancy ? L.occupancy.count(x0, y0, x0 + w, ty + 3) : 0;
          const clash = placed.some((p) => x0 < p.x1 && p.x0 < x0 + w && y0 < p.y1 && p.y0 < ty + 3) ? 500 : 0;
          const cost = covered + clash + 1000 * outside;
          if (!best || cost < best.cost) best = { x: tx, anchor: an, y: ty, cost, far: Math.abs(dy) > 40 };
          if (cost === 0) break;
        }
        const b = best!;
        const x0 = b.anchor === 'start' ? b.x : b.anchor === 'end' ? b.x - w : b.x - w / 2;
        placed.push({ x0, y0: b.y - LABEL_H + 3, x1: x0 + w, y1: b.y + 3 });
        // A label set further off is joined to its marker by a thin line.
        const lead = b.far
          ? svg`<line class="leader" x1=${px} y1=${py + (b.y < py ? -9 : 9)} x2=${b.anchor === 'end' ? b.x + 2 : b.anchor === 'start' ? b.x - 2 : b.x} y2=${b.y < py ? b.y + 3 : b.y - LABEL_H + 3} style=${`stroke:${cc}`}></line>`
          : nothing;
        text = svg`${lead}<text class="point-label" x=${b.x} y=${b.y} text-anchor=${b.anchor}>${a.label}</text>`;
      }
      out.push(
        g(svg`<circle class="marker" cx=${px} cy=${py} r="5" style=${`fill:${cc}`}></circle>
        <circle cx=${px} cy=${py} r="9" fill="none" style=${`stroke:${cc}`} stroke-width="1.5"></circle>
        ${text}`),
      );
    } else if (a.kind === 'note' && front) {
      if (!inX(a.x) || !inY(a.y)) return;
      const [tx, anchor] = fit(x.map(a.x), a.label, a.anchor ?? 'start');
      out.push(
        g(svg`<text x=${tx} y=${y.map(a.y)} text-anchor=${anchor} style=${`fill:${toneColor(a.color, 'var(--_fg)')}`}>${a.label}</text>`),
      );
    }
  });
  return out;
}
