import { PosencFourTerms } from './four-terms.component.js';

export { PosencFourTerms };
if (!customElements.get('posenc-four-terms')) customElements.define('posenc-four-terms', PosencFourTerms);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-four-terms': PosencFourTerms;
  }
}
