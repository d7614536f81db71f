import { PosencLabRunner } from './lab-runner.component.js';

export { PosencLabRunner };
if (!customElements.get('posenc-lab-runner')) customElements.define('posenc-lab-runner', PosencLabRunner);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-lab-runner': PosencLabRunner;
  }
}
