import { PosencContextAlibi } from './context-alibi.component.js';

export { PosencContextAlibi };
if (!customElements.get('posenc-context-alibi')) customElements.define('posenc-context-alibi', PosencContextAlibi);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-context-alibi': PosencContextAlibi;
  }
}
