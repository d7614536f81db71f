import { PosencContextScalings } from './context-scalings.component.js';

export { PosencContextScalings };
if (!customElements.get('posenc-context-scalings')) customElements.define('posenc-context-scalings', PosencContextScalings);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-context-scalings': PosencContextScalings;
  }
}
