import { PosencRangePlot } from './range-plot.component.js';

export { PosencRangePlot };
export type { Marker, RangeSeries, Region } from './range-plot.component.js';
if (!customElements.get('posenc-range-plot')) customElements.define('posenc-range-plot', PosencRangePlot);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-range-plot': PosencRangePlot;
  }
}
