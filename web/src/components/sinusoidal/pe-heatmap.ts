import { PosencPeHeatmap } from './pe-heatmap.component.js';

export { PosencPeHeatmap };
if (!customElements.get('posenc-pe-heatmap')) customElements.define('posenc-pe-heatmap', PosencPeHeatmap);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-pe-heatmap': PosencPeHeatmap;
  }
}
