import { PosencSpeedDecode } from './speed-decode.component.js';

export { PosencSpeedDecode };
if (!customElements.get('posenc-speed-decode')) customElements.define('posenc-speed-decode', PosencSpeedDecode);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-speed-decode': PosencSpeedDecode;
  }
}
