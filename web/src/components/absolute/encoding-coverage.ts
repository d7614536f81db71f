import { PosencEncodingCoverage } from './encoding-coverage.component.js';

export { PosencEncodingCoverage };
if (!customElements.get('posenc-encoding-coverage')) customElements.define('posenc-encoding-coverage', PosencEncodingCoverage);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-encoding-coverage': PosencEncodingCoverage;
  }
}
