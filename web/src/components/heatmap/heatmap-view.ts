import { PosencHeatmapView } from './heatmap-view.component.js';

export { PosencHeatmapView };
if (!customElements.get('posenc-heatmap-view')) customElements.define('posenc-heatmap-view', PosencHeatmapView);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-heatmap-view': PosencHeatmapView;
  }
}
