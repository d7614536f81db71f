import { PosencRelativeBias } from './relative-bias.component.js';

export { PosencRelativeBias };
if (!customElements.get('posenc-relative-bias')) customElements.define('posenc-relative-bias', PosencRelativeBias);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-relative-bias': PosencRelativeBias;
  }
}
