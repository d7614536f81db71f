import { PosencContextLongMatrix } from './context-long-matrix.component.js';

export { PosencContextLongMatrix };
if (!customElements.get('posenc-context-long-matrix')) customElements.define('posenc-context-long-matrix', PosencContextLongMatrix);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-context-long-matrix': PosencContextLongMatrix;
  }
}
