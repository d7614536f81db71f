import { PosencLabClaims } from './lab-claims.component.js';

export { PosencLabClaims };
if (!customElements.get('posenc-lab-claims')) customElements.define('posenc-lab-claims', PosencLabClaims);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-lab-claims': PosencLabClaims;
  }
}
