import { PosencLabCompare } from './lab-compare.component.js';

export { PosencLabCompare };
if (!customElements.get('posenc-lab-compare')) customElements.define('posenc-lab-compare', PosencLabCompare);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-lab-compare': PosencLabCompare;
  }
}
