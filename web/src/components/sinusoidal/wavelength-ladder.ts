import { PosencWavelengthLadder } from './wavelength-ladder.component.js';

export { PosencWavelengthLadder };
if (!customElements.get('posenc-wavelength-ladder')) customElements.define('posenc-wavelength-ladder', PosencWavelengthLadder);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-wavelength-ladder': PosencWavelengthLadder;
  }
}
