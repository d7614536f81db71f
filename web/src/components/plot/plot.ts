import { PosencPlot } from './plot.component.js';

export { PosencPlot };
export type { PlotAnnotation, Series } from './plot.component.js';
if (!customElements.get('posenc-plot')) customElements.define('posenc-plot', PosencPlot);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-plot': PosencPlot;
  }
}
