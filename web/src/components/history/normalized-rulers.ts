import { PosencNormalizedRulers } from './normalized-rulers.component.js';

export { PosencNormalizedRulers };
if (!customElements.get('posenc-normalized-rulers')) customElements.define('posenc-normalized-rulers', PosencNormalizedRulers);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-normalized-rulers': PosencNormalizedRulers;
  }
}
