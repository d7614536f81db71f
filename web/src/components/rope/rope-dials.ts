import { PosencRopeDials } from './rope-dials.component.js';

export { PosencRopeDials };
if (!customElements.get('posenc-rope-dials')) customElements.define('posenc-rope-dials', PosencRopeDials);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-rope-dials': PosencRopeDials;
  }
}
