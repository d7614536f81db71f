import { PosencDebertaTerms } from './deberta-terms.component.js';

export { PosencDebertaTerms };
if (!customElements.get('posenc-deberta-terms')) customElements.define('posenc-deberta-terms', PosencDebertaTerms);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-deberta-terms': PosencDebertaTerms;
  }
}
