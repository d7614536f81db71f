import { PosencRopeWorked } from './rope-worked.component.js';

export { PosencRopeWorked };
if (!customElements.get('posenc-rope-worked')) customElements.define('posenc-rope-worked', PosencRopeWorked);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-rope-worked': PosencRopeWorked;
  }
}
