import { PosencDials } from './dials.component.js';
import { PosencRotation } from './rotation.component.js';

export { PosencDials, PosencRotation };
export type { RotAngle, RotVector } from './rotation.component.js';
if (!customElements.get('posenc-rotation')) customElements.define('posenc-rotation', PosencRotation);
if (!customElements.get('posenc-dials')) customElements.define('posenc-dials', PosencDials);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-rotation': PosencRotation;
    'posenc-dials': PosencDials;
  }
}
