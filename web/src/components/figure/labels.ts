/**
 * Keeps annotation labels from sitting on top of each other: each label takes the first row (a
 * vertical offset) where its box does not overlap one already placed. Boxes are estimates from
 * the text length, which is enough for a handful of labels per figure.
 */
export interface Box {
  x0: number;
  x1: number;
}

export class LabelRows {
  private rows: Box[][] = [];

  /** Row index for a label spanning [x0, x1] horizontally. */
  place(x0: number, x1: number): number {
    for (let r = 0; ; r++) {
      const row = (this.rows[r] ??= []);
      if (row.every((b) => x1 + 4 < b.x0 || x0 - 4 > b.x1)) {
        row.push({ x0, x1 });
        return r;
      }
    }
  }

  get count(): number {
    return this.rows.length;
  }
}
