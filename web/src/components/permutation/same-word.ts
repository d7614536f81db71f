import { PosencSameWord } from './same-word.component.js';

export { PosencSameWord };
if (!customElements.get('posenc-same-word')) customElements.define('posenc-same-word', PosencSameWord);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-same-word': PosencSameWord;
  }
}
