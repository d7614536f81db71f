/**
 * Marks a chapter draws on a plot or bar chart, in data coordinates. `label` is drawn on the
 * figure next to the mark and read out in the figure's accessible description; `color` is a tone
 * (accent, accent2, good, warn, muted, fg) or any CSS colour.
 */
export type PlotAnnotation =
  /** A vertical reference line at x = at (e.g. the training length). */
  | { kind: 'x'; at: number; label?: string; color?: string }
  /**
   * A horizontal reference line at y = at (e.g. a bound). Its label sits at the right end unless
   * `labelAt` is 'left' (a curve rising to the right leaves the left end free).
   */
  | { kind: 'y'; at: number; label?: string; color?: string; labelAt?: 'left' | 'right' }
  /**
   * A shaded band from x = from to x = to (e.g. "training region", "extrapolation"). With `legend`,
   * its label is a swatch in the legend instead of text on the figure (where it would crowd the
   * marks of a narrow plot).
   */
  | { kind: 'x-range'; from: number; to: number; label?: string; color?: string; legend?: boolean }
  /** A shaded band from y = from to y = to; `legend` as for x-range. */
  | { kind: 'y-range'; from: number; to: number; label?: string; color?: string; legend?: boolean }
  /** A marked data point with its label (e.g. the example the sentence refers to). */
  | { kind: 'point'; x: number; y: number; label?: string; color?: string }
  /** Free text anchored at (x, y). */
  | { kind: 'note'; x: number; y: number; label: string; color?: string; anchor?: 'start' | 'middle' | 'end' };

/** Plain-text description of an annotation for screen readers (the figure's aria-label). */
export function describe(a: PlotAnnotation, f: (v: number) => string): string {
  const text = a.label ?? '';
  switch (a.kind) {
    case 'x':
      return `${text} (x = ${f(a.at)})`;
    case 'y':
      return `${text} (y = ${f(a.at)})`;
    case 'x-range':
      return `${text} (x ${f(a.from)} … ${f(a.to)})`;
    case 'y-range':
      return `${text} (y ${f(a.from)} … ${f(a.to)})`;
    case 'point':
      return `${text} (${f(a.x)}, ${f(a.y)})`;
    case 'note':
      return text;
  }
}
