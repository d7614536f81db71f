import { PosencRopeRelativeMatrix } from './rope-relative-matrix.component.js';

export { PosencRopeRelativeMatrix };
if (!customElements.get('posenc-rope-relative-matrix')) customElements.define('posenc-rope-relative-matrix', PosencRopeRelativeMatrix);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-rope-relative-matrix': PosencRopeRelativeMatrix;
  }
}
