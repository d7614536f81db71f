import { PosencRope2d } from './rope-2d.component.js';

export { PosencRope2d };
if (!customElements.get('posenc-rope-2d')) customElements.define('posenc-rope-2d', PosencRope2d);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-rope-2d': PosencRope2d;
  }
}
