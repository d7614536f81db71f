import { PosencSpeedRunner } from './speed-runner.component.js';

export { PosencSpeedRunner };
if (!customElements.get('posenc-speed-runner')) customElements.define('posenc-speed-runner', PosencSpeedRunner);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-speed-runner': PosencSpeedRunner;
  }
}
