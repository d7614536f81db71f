import { PosencComparisonTable } from './comparison-table.component.js';

export { PosencComparisonTable };
if (!customElements.get('posenc-comparison-table')) customElements.define('posenc-comparison-table', PosencComparisonTable);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-comparison-table': PosencComparisonTable;
  }
}
