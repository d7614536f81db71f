import { PosencRopeComplex } from './rope-complex.component.js';

export { PosencRopeComplex };
if (!customElements.get('posenc-rope-complex')) customElements.define('posenc-rope-complex', PosencRopeComplex);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-rope-complex': PosencRopeComplex;
  }
}
