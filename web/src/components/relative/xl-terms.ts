import { PosencXlTerms } from './xl-terms.component.js';

export { PosencXlTerms };
if (!customElements.get('posenc-xl-terms')) customElements.define('posenc-xl-terms', PosencXlTerms);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-xl-terms': PosencXlTerms;
  }
}
