import { PosencPredict } from './predict.component.js';

export { PosencPredict };
if (!customElements.get('posenc-predict')) customElements.define('posenc-predict', PosencPredict);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-predict': PosencPredict;
  }
}
