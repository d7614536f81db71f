import { PosencSincosTables } from './sincos-tables.component.js';

export { PosencSincosTables };
if (!customElements.get('posenc-sincos-tables')) customElements.define('posenc-sincos-tables', PosencSincosTables);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-sincos-tables': PosencSincosTables;
  }
}
