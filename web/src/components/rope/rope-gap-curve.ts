import { PosencRopeGapCurve } from './rope-gap-curve.component.js';

export { PosencRopeGapCurve };
if (!customElements.get('posenc-rope-gap-curve')) customElements.define('posenc-rope-gap-curve', PosencRopeGapCurve);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-rope-gap-curve': PosencRopeGapCurve;
  }
}
