import { PosencMath } from './math.component.js';

export { PosencMath };
if (!customElements.get('posenc-math')) customElements.define('posenc-math', PosencMath);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-math': PosencMath;
  }
}
