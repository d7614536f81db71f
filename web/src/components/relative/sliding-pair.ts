import { PosencSlidingPair } from './sliding-pair.component.js';

export { PosencSlidingPair };
if (!customElements.get('posenc-sliding-pair')) customElements.define('posenc-sliding-pair', PosencSlidingPair);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-sliding-pair': PosencSlidingPair;
  }
}
