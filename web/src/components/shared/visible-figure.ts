/**
 * A figure that recomputes only while it can be seen. Parameters are shared across a chapter (one
 * base, one d_model), so a slider step reaches figures far down the page; those keep their last
 * picture and catch up, with every input that changed meanwhile, when they scroll into view (or a
 * predict-then-reveal shows them; a figure inside a predict-then-reveal counts as seen while its
 * question is, so the verdict never shows a stale answer). The first render always happens, so a deep link or a full-page
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
    // A figure that answers a predict-then-reveal question counts as seen while its question is:
    // the verdict above it shows the figure's answer, which must follow the parameters.
    const predict = this.closest('posenc-predict');
    const seen = new Map<Element, boolean>();
    this.observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) seen.set(e.target, e.isIntersecting);
        const now = [...seen.values()].some(Boolean);
        if (now && !this.visible && this.pending.size) this.requestUpdate();
        this.visible = now;
      },
      { rootMargin: MARGIN },
    );
    this.observer.observe(this);
    if (predict) this.observer.observe(predict);
  }

  disconnectedCallback() {
    this.observer?.disconnect();
    this.observer = undefined;
    super.disconnectedCallback();
  }

  protected shouldUpdate(changed: PropertyValues): boolean {
    if (this.hasUpdated && !this.visible) {
      for (const k of changed.keys()) this.pending.add(k);
      return false;
    }
    // Deferred changes join this update's map, so willUpdate, update and updated (an answer
    // emitted when a result changes) all see them as changed now.
    for (const k of this.pending) if (!changed.has(k)) (changed as Map<PropertyKey, unknown>).set(k, undefined);
    this.pending.clear();
    return true;
  }
}
