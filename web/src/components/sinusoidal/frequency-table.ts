import { PosencFrequencyTable } from './frequency-table.component.js';

export { PosencFrequencyTable };
if (!customElements.get('posenc-frequency-table')) customElements.define('posenc-frequency-table', PosencFrequencyTable);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-frequency-table': PosencFrequencyTable;
  }
}
