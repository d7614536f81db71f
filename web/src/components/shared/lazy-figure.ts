/**
 * A VisibleFigure (recomputes only while it can be seen) for figures that compute in willUpdate and
 * may answer a predict-then-reveal question once their numbers are on screen.
 *
 * Use: in willUpdate, `if (!this.due(changed, 'n', 'dim')) return;` then compute and call
 * `this.computed()`; figures that answer a predict-then-reveal question emit it in `answered()`.
 */
import type { PropertyValues } from 'lit';

import { VisibleFigure } from './visible-figure.js';

export abstract class LazyFigure extends VisibleFigure {
  private fresh = false;

  /** Should willUpdate recompute now: did one of `keys` change, now or while out of sight? */
  protected due(changed: PropertyValues, ...keys: string[]): boolean {
    return this.changedAny(changed, ...keys);
  }

  /** Marks the result fresh: the next `updated` calls `answered()`. */
  protected computed(): void {
    this.fresh = true;
  }

  /** Called after a recomputation has rendered; predict figures emit their answer here. */
  protected answered(): void {}

  protected updated(changed: PropertyValues) {
    super.updated(changed);
    if (this.fresh) {
      this.fresh = false;
      this.answered();
    }
  }
}
