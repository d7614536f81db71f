import { PosencTable } from './table.component.js';

export { PosencTable };
export type { Cell, TableData, TableRow } from './table.component.js';
if (!customElements.get('posenc-table')) customElements.define('posenc-table', PosencTable);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-table': PosencTable;
  }
}
