import { PosencRopeBlockMatrix } from './rope-block-matrix.component.js';

export { PosencRopeBlockMatrix };
if (!customElements.get('posenc-rope-block-matrix')) customElements.define('posenc-rope-block-matrix', PosencRopeBlockMatrix);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-rope-block-matrix': PosencRopeBlockMatrix;
  }
}
