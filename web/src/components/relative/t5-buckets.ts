import { PosencT5Buckets } from './t5-buckets.component.js';

export { PosencT5Buckets };
if (!customElements.get('posenc-t5-buckets')) customElements.define('posenc-t5-buckets', PosencT5Buckets);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-t5-buckets': PosencT5Buckets;
  }
}
