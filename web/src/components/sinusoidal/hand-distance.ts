import { PosencHandDistance } from './hand-distance.component.js';

export { PosencHandDistance };
if (!customElements.get('posenc-hand-distance')) customElements.define('posenc-hand-distance', PosencHandDistance);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-hand-distance': PosencHandDistance;
  }
}
