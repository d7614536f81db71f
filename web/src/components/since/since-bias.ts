import { PosencSinceBias } from './since-bias.component.js';

export { PosencSinceBias };
if (!customElements.get('posenc-since-bias')) customElements.define('posenc-since-bias', PosencSinceBias);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-since-bias': PosencSinceBias;
  }
}
