import { PosencSpeedRecorded } from './speed-recorded.component.js';

export { PosencSpeedRecorded };
if (!customElements.get('posenc-speed-recorded')) customElements.define('posenc-speed-recorded', PosencSpeedRecorded);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-speed-recorded': PosencSpeedRecorded;
  }
}
