import { PosencRopePlane } from './rope-plane.component.js';

export { PosencRopePlane };
if (!customElements.get('posenc-rope-plane')) customElements.define('posenc-rope-plane', PosencRopePlane);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-rope-plane': PosencRopePlane;
  }
}
