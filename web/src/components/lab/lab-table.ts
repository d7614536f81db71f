import { PosencLabTable } from './lab-table.component.js';

export { PosencLabTable };
if (!customElements.get('posenc-lab-table')) customElements.define('posenc-lab-table', PosencLabTable);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-lab-table': PosencLabTable;
  }
}
