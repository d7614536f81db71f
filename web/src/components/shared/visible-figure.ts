/**
 * A figure that recomputes only while it can be seen. Parameters are shared across a chapter (one
 * base, one d_model), so a slider step reaches figures far down the page; those keep their last
 * picture and catch up, with every input that changed meanwhile, when they scroll into view (or a
 * predict-then-reveal shows them). The first render always happens, so a deep link or a full-page
 * picture shows every figure at the current parameters.
 */
import type { PropertyValues } from 'lit';

import { PosencFigure } from './figure.js';

/**
 * How far outside the viewport a figure still counts as visible (it may scroll in next). Wider
 * margins pay for more figures per slider step: 100 px kept the comparison chapter's worst step
 * within a frame where 300 px did not.
 */
const MARGIN = '100px 0px';

export abstract class VisibleFigure extends PosencFigure {
  private observer?: IntersectionObserver;
  private visible = false;
  /** Inputs that changed while the figure was out of sight. */
  private pending = new Set<PropertyKey>();

  connectedCallback() {
    super.connectedCallback();
    if (typeof IntersectionObserver === 'undefined') {
      this.visible = true;
      return;
    }
    this.observer = new IntersectionObserver(
      (entries) => {
        const now = entries.some((e) => e.isIntersecting);
        if (now && !this.visible && this.pending.size) this.requestUpdate();
        this.visible = now;
      },
      { rootMargin: MARGIN },
    );
    this.observer.observe(this);
  }

  disconnectedCallback() {
    this.observer?.disconnect();
    this.observer = undefined;
    super.disconnectedCallback();
  }

  protected shouldUpdate(changed: PropertyValues): boolean {
    if (!this.hasUpdated || this.visible) return true;
    for (const k of changed.keys()) this.pending.add(k);
    return false;
  }

  /** Did any of these inputs change, now or while the figure was out of sight? */
  protected changedAny(changed: PropertyValues, ...keys: string[]): boolean {
    return keys.some((k) => changed.has(k) || this.pending.has(k));
  }

  protected updated(changed: PropertyValues) {
    super.updated(changed);
    this.pending.clear();
  }
}
