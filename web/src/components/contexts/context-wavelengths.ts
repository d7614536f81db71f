import { PosencContextWavelengths } from './context-wavelengths.component.js';

export { PosencContextWavelengths };
if (!customElements.get('posenc-context-wavelengths')) customElements.define('posenc-context-wavelengths', PosencContextWavelengths);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-context-wavelengths': PosencContextWavelengths;
  }
}
