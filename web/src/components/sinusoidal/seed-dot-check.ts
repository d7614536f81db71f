import { PosencSeedDotCheck } from './seed-dot-check.component.js';

export { PosencSeedDotCheck };
if (!customElements.get('posenc-seed-dot-check')) customElements.define('posenc-seed-dot-check', PosencSeedDotCheck);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-seed-dot-check': PosencSeedDotCheck;
  }
}
