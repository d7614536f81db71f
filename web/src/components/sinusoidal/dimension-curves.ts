import { PosencDimensionCurves } from './dimension-curves.component.js';

export { PosencDimensionCurves };
if (!customElements.get('posenc-dimension-curves')) customElements.define('posenc-dimension-curves', PosencDimensionCurves);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-dimension-curves': PosencDimensionCurves;
  }
}
