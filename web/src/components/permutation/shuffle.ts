import { PosencShuffle } from './shuffle.component.js';

export { PosencShuffle };
export type { ShuffleExample } from './shuffle.component.js';
if (!customElements.get('posenc-shuffle')) customElements.define('posenc-shuffle', PosencShuffle);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-shuffle': PosencShuffle;
  }
}
