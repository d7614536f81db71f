import { PosencPcaShape } from './pca-shape.component.js';

export { PosencPcaShape };
if (!customElements.get('posenc-pca-shape')) customElements.define('posenc-pca-shape', PosencPcaShape);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-pca-shape': PosencPcaShape;
  }
}
