import { PosencT5Storage } from './t5-storage.component.js';

export { PosencT5Storage };
if (!customElements.get('posenc-t5-storage')) customElements.define('posenc-t5-storage', PosencT5Storage);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-t5-storage': PosencT5Storage;
  }
}
