/**
 * Marks drawn on a posenc-plot, in data coordinates (the plot's `annotations` property): reference
 * lines, shaded ranges, marked points, notes. `label` is drawn on the figure; `color` is a tone
 * (accent, accent2, good, warn, muted, fg) or a CSS colour.
 */
export type Annotation =
  | { kind: 'x'; at: number; label?: string; color?: string }
  | { kind: 'y'; at: number; label?: string; color?: string }
  | { kind: 'x-range'; from: number; to: number; label?: string; color?: string }
  | { kind: 'y-range'; from: number; to: number; label?: string; color?: string }
  | { kind: 'point'; x: number; y: number; label?: string; color?: string }
  | { kind: 'note'; x: number; y: number; label: string; color?: string; anchor?: 'start' | 'middle' | 'end' };
