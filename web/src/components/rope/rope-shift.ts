import { PosencRopeShift } from './rope-shift.component.js';

export { PosencRopeShift };
if (!customElements.get('posenc-rope-shift')) customElements.define('posenc-rope-shift', PosencRopeShift);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-rope-shift': PosencRopeShift;
  }
}
