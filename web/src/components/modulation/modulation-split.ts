import { PosencModulationSplit } from './modulation-split.component.js';

export { PosencModulationSplit };
if (!customElements.get('posenc-modulation-split')) customElements.define('posenc-modulation-split', PosencModulationSplit);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-modulation-split': PosencModulationSplit;
  }
}
