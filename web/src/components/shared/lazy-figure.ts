/**
 * A figure that recomputes only while it is on screen. A slider step reaches every figure bound to
 * that parameter, in every section; the reader sees one or two of them. Off screen (or hidden in a
 * predict block not yet revealed) a figure keeps its previous picture and recomputes once when it
 * comes into view (an IntersectionObserver with a margin, so it is ready before it is seen). The
 * first computation always runs, so deep links and tests find every figure's numbers at once.
 *
 * Use: in willUpdate, `if (!this.due(changed, 'n', 'dim')) return;` then compute and call
 * `this.computed()`; figures that answer a predict-then-reveal question emit it in `answered()`.
 */
import type { PropertyValues } from 'lit';
import { state } from 'lit/decorators.js';

import { PosencFigure } from './figure.js';

export abstract class LazyFigure extends PosencFigure {
  /** Whether the figure is on (or near) the screen; set by the observer. */
  @state() protected onScreen = true;

  private observer?: IntersectionObserver;
  private stale = false;
  private done = false;
  private fresh = false;

  connectedCallback() {
    super.connectedCallback();
    if (typeof IntersectionObserver === 'undefined') return;
    this.observer = new IntersectionObserver(
      (entries) => {
        const on = entries[entries.length - 1]?.isIntersecting ?? true;
        if (on !== this.onScreen) this.onScreen = on;
      },
      { rootMargin: '100px 0px' },
    );
    this.observer.observe(this);
  }

  disconnectedCallback() {
    this.observer?.disconnect();
    this.observer = undefined;
    super.disconnectedCallback();
  }

  /**
   * Off screen after the first computation, input changes are only remembered: no recomputation,
   * no render (a render with new inputs over old numbers could disagree with itself).
   */
  protected shouldUpdate(changed: PropertyValues): boolean {
    if (this.done && !this.onScreen && !changed.has('onScreen')) {
      if (changed.size) this.stale = true;
      return false;
    }
    return true;
  }

  /**
   * Should willUpdate recompute now? Yes when one of `keys` changed (or a change was deferred) and
   * the figure is on screen, or when it has never computed. Otherwise the change is remembered.
   */
  protected due(changed: PropertyValues, ...keys: string[]): boolean {
    const relevant = this.changedAny(changed, ...keys) || this.stale;
    if (!relevant) return false;
    if (this.done && !this.onScreen) {
      this.stale = true;
      return false;
    }
    this.stale = false;
    return true;
  }

  /** Marks the result fresh: the next `updated` calls `answered()`. */
  protected computed(): void {
    this.done = true;
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
