import { PosencBinarySteps } from './binary-steps.component.js';

export { PosencBinarySteps };
if (!customElements.get('posenc-binary-steps')) customElements.define('posenc-binary-steps', PosencBinarySteps);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-binary-steps': PosencBinarySteps;
  }
}
