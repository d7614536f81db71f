import { html, LitElement } from 'lit';
import { property } from 'lit/decorators.js';

import { WidthController } from '../figure/width.js';
import type { ColormapName } from '../shared/colormaps.js';
import { fmtExact } from '../shared/format.js';
import { type ColorScale, colorbar } from './colorbar-template.js';
import { colorbarStyles } from './colorbar.styles.js';

/**
 * A colour legend on its own: the one legend for several heatmaps that share a colour range
 * (give each the same `scale` and `hide-legend`).
 *
 * @attr colormap - diverging (default) or sequential
 * @attr label - what the colour means, with its unit
 * @attr lo - value of the first colour (or use `scale`)
 * @attr hi - value of the last colour (or use `scale`)
 * @attr masked - also show the swatch for masked cells (−∞)
 * @prop {ColorScale} scale - the shared range {lo, hi}
 */
export class PosencColorbar extends LitElement {
  static styles = colorbarStyles;

  @property() colormap: ColormapName = 'diverging';
  @property() label = '';
  @property({ type: Number }) lo?: number;
  @property({ type: Number }) hi?: number;
  @property({ attribute: false }) scale?: ColorScale;
  @property({ type: Boolean }) masked = false;
  private size = new WidthController(this);

  render() {
    const lo = this.lo ?? this.scale?.lo ?? 0,
      hi = this.hi ?? this.scale?.hi ?? 1;
    const cb = colorbar({
      colormap: this.colormap,
      lo,
      hi,
      width: Math.min(this.size.width || 320, 360),
      label: this.label,
      masked: this.masked,
    });
    return html`<svg
      width=${cb.width}
      height=${cb.height}
      viewBox=${`0 0 ${cb.width} ${cb.height}`}
      role="img"
      aria-label=${`${this.label || 'colour scale'}: ${fmtExact(lo)} … ${fmtExact(hi)}`}
    >
      ${cb.template}
    </svg>`;
  }
}
