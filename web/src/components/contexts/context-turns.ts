import { PosencContextTurns } from './context-turns.component.js';

export { PosencContextTurns };
if (!customElements.get('posenc-context-turns')) customElements.define('posenc-context-turns', PosencContextTurns);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-context-turns': PosencContextTurns;
  }
}
