import { PosencOffsetGate } from './offset-gate.component.js';

export { PosencOffsetGate };
if (!customElements.get('posenc-offset-gate')) customElements.define('posenc-offset-gate', PosencOffsetGate);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-offset-gate': PosencOffsetGate;
  }
}
