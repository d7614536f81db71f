import { PosencContextLongTable } from './context-long-table.component.js';

export { PosencContextLongTable };
if (!customElements.get('posenc-context-long-table')) customElements.define('posenc-context-long-table', PosencContextLongTable);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-context-long-table': PosencContextLongTable;
  }
}
