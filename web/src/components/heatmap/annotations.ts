/**
 * Marks on a heatmap, in matrix indices (row r, column c, 0-based; ranges inclusive). `label` is
 * drawn beside the mark and read out in the figure's description; `color` is a tone (accent,
 * accent2, good, warn, muted, fg) or any CSS colour.
 */
export type HeatmapAnnotation =
  /** Outline one row (e.g. the query being discussed). */
  | { kind: 'row'; index: number; label?: string; color?: string }
  /** Outline one column. */
  | { kind: 'col'; index: number; label?: string; color?: string }
  /** Outline one cell. */
  | { kind: 'cell'; row: number; col: number; label?: string; color?: string }
  /** Outline the block of rows row0…row1 and columns col0…col1. */
  | { kind: 'rect'; row0: number; col0: number; row1: number; col1: number; label?: string; color?: string }
  /**
   * Outline the cells with col − row from `offset` to `to` (one diagonal when `to` is omitted):
   * offset 0 is the main diagonal, a band −w…w the cells within w of it.
   */
  | { kind: 'diagonal'; offset?: number; to?: number; label?: string; color?: string }
  /**
   * A line through points [row, col] (fractional rows allowed; drawn through column centres), e.g.
   * where each column's hand completes its first quarter turn.
   */
  | { kind: 'path'; points: [number, number][]; label?: string; color?: string };

export function describeCell(a: HeatmapAnnotation, row: (i: number) => string, col: (i: number) => string): string {
  const text = a.label ?? '';
  switch (a.kind) {
    case 'row':
      return `${text} (row ${row(a.index)})`;
    case 'col':
      return `${text} (column ${col(a.index)})`;
    case 'cell':
      return `${text} (${row(a.row)}, ${col(a.col)})`;
    case 'rect':
      return `${text} (rows ${row(a.row0)}…${row(a.row1)}, columns ${col(a.col0)}…${col(a.col1)})`;
    case 'diagonal': {
      const o = a.offset ?? 0,
        t = a.to ?? o;
      return `${text} (column − row ${o === t ? o : `${o}…${t}`})`;
    }
    case 'path':
      return `${text} (${a.points.length} points)`;
  }
}
