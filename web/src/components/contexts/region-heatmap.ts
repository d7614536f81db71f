import { PosencRegionHeatmap } from './region-heatmap.component.js';

export { PosencRegionHeatmap };
if (!customElements.get('posenc-region-heatmap')) customElements.define('posenc-region-heatmap', PosencRegionHeatmap);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-region-heatmap': PosencRegionHeatmap;
  }
}
