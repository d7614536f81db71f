import '../colorbar/colorbar.js';
import { PosencHeatmapView } from './heatmap-view.component.js';

export { PosencHeatmapView };
export type { HeatmapAnnotation } from './annotations.js';
export { sharedScale, type ColorScale } from '../colorbar/colorbar-template.js';
if (!customElements.get('posenc-heatmap-view')) customElements.define('posenc-heatmap-view', PosencHeatmapView);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-heatmap-view': PosencHeatmapView;
  }
}
