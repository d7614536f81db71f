import { PosencClosestPositions } from './closest-positions.component.js';

export { PosencClosestPositions };
if (!customElements.get('posenc-closest-positions')) customElements.define('posenc-closest-positions', PosencClosestPositions);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-closest-positions': PosencClosestPositions;
  }
}
