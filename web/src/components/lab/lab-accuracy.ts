import { PosencLabAccuracy } from './lab-accuracy.component.js';

export { PosencLabAccuracy };
if (!customElements.get('posenc-lab-accuracy')) customElements.define('posenc-lab-accuracy', PosencLabAccuracy);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-lab-accuracy': PosencLabAccuracy;
  }
}
