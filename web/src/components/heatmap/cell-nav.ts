/** Pointer and keyboard navigation over a heatmap's cells (shared by every canvas heatmap). */

/** The [row, col] under the pointer on a canvas drawn one pixel per cell, or undefined outside. */
export function cellAt(e: PointerEvent, canvas: HTMLCanvasElement, rows: number, cols: number): [number, number] | undefined {
  const r = canvas.getBoundingClientRect();
  const col = Math.floor(((e.clientX - r.left) / r.width) * cols);
  const row = Math.floor(((e.clientY - r.top) / r.height) * rows);
  return row >= 0 && row < rows && col >= 0 && col < cols ? [row, col] : undefined;
}

/** The cell an arrow, Home/End or PageUp/PageDown key moves to (clamped), or undefined for other keys. */
export function cellAfterKey(key: string, cell: [number, number] | undefined, rows: number, cols: number): [number, number] | undefined {
  const [r, c] = cell ?? [0, 0];
  const moves: Record<string, [number, number]> = {
    ArrowUp: [r - 1, c],
    ArrowDown: [r + 1, c],
    ArrowLeft: [r, c - 1],
    ArrowRight: [r, c + 1],
    Home: [r, 0],
    End: [r, cols - 1],
    PageUp: [0, c],
    PageDown: [rows - 1, c],
  };
  const next = moves[key];
  return next ? [Math.max(0, Math.min(rows - 1, next[0])), Math.max(0, Math.min(cols - 1, next[1]))] : undefined;
}
