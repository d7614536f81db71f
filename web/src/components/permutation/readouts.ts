import { PosencReadouts } from './readouts.component.js';

export { PosencReadouts };
if (!customElements.get('posenc-readouts')) customElements.define('posenc-readouts', PosencReadouts);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-readouts': PosencReadouts;
  }
}
