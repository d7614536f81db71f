import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * The host's content width in CSS pixels, kept current by a ResizeObserver. Figures draw their SVG
 * at this size (one viewBox unit = one CSS pixel), so text keeps its size on a phone instead of
 * shrinking with the figure, and the layout (margins, tick count, stacking) follows the width.
 */
export class WidthController implements ReactiveController {
  width = 0;
  private observer?: ResizeObserver;

  constructor(private host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  hostConnected() {
    this.observer = new ResizeObserver((entries) => {
      const w = Math.floor(entries[0].contentRect.width);
      // Sub-pixel jitter (scrollbars appearing, zoom) would otherwise re-render in a loop.
      if (w > 0 && Math.abs(w - this.width) >= 1) {
        this.width = w;
        this.host.requestUpdate();
      }
    });
    this.observer.observe(this.host);
  }

  hostDisconnected() {
    this.observer?.disconnect();
  }
}
