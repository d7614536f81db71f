import { PosencRopeTurn } from './rope-turn.component.js';

export { PosencRopeTurn };
if (!customElements.get('posenc-rope-turn')) customElements.define('posenc-rope-turn', PosencRopeTurn);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-rope-turn': PosencRopeTurn;
  }
}
