import { PosencErrataSummary } from './errata-summary.component.js';

export { PosencErrataSummary };
if (!customElements.get('posenc-errata-summary')) customElements.define('posenc-errata-summary', PosencErrataSummary);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-errata-summary': PosencErrataSummary;
  }
}
