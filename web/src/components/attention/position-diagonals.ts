import { PosencPositionDiagonals } from './position-diagonals.component.js';

export { PosencPositionDiagonals };
if (!customElements.get('posenc-position-diagonals')) customElements.define('posenc-position-diagonals', PosencPositionDiagonals);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-position-diagonals': PosencPositionDiagonals;
  }
}
