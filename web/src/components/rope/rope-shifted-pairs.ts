import { PosencRopeShiftedPairs } from './rope-shifted-pairs.component.js';

export { PosencRopeShiftedPairs };
if (!customElements.get('posenc-rope-shifted-pairs')) customElements.define('posenc-rope-shifted-pairs', PosencRopeShiftedPairs);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-rope-shifted-pairs': PosencRopeShiftedPairs;
  }
}
