import { PosencRepeatedWord } from './repeated-word.component.js';

export { PosencRepeatedWord };
if (!customElements.get('posenc-repeated-word')) customElements.define('posenc-repeated-word', PosencRepeatedWord);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-repeated-word': PosencRepeatedWord;
  }
}
