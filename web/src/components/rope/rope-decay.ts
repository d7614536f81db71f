import { PosencRopeDecay } from './rope-decay.component.js';

export { PosencRopeDecay };
if (!customElements.get('posenc-rope-decay')) customElements.define('posenc-rope-decay', PosencRopeDecay);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-rope-decay': PosencRopeDecay;
  }
}
