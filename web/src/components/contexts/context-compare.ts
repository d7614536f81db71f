import { PosencContextCompare } from './context-compare.component.js';

export { PosencContextCompare };
if (!customElements.get('posenc-context-compare')) customElements.define('posenc-context-compare', PosencContextCompare);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-context-compare': PosencContextCompare;
  }
}
