import { PosencShiftFit } from './shift-fit.component.js';

export { PosencShiftFit };
if (!customElements.get('posenc-shift-fit')) customElements.define('posenc-shift-fit', PosencShiftFit);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-shift-fit': PosencShiftFit;
  }
}
