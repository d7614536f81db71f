import { PosencIntegerLabels } from './integer-labels.component.js';

export { PosencIntegerLabels };
if (!customElements.get('posenc-integer-labels')) customElements.define('posenc-integer-labels', PosencIntegerLabels);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-integer-labels': PosencIntegerLabels;
  }
}
