import { PosencPairHands } from './pair-hands.component.js';

export { PosencPairHands };
if (!customElements.get('posenc-pair-hands')) customElements.define('posenc-pair-hands', PosencPairHands);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-pair-hands': PosencPairHands;
  }
}
