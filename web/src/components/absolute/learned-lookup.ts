import { PosencLearnedLookup } from './learned-lookup.component.js';

export { PosencLearnedLookup };
if (!customElements.get('posenc-learned-lookup')) customElements.define('posenc-learned-lookup', PosencLearnedLookup);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-learned-lookup': PosencLearnedLookup;
  }
}
