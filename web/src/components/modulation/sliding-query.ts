import { PosencSlidingQuery } from './sliding-query.component.js';

export { PosencSlidingQuery };
if (!customElements.get('posenc-sliding-query')) customElements.define('posenc-sliding-query', PosencSlidingQuery);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-sliding-query': PosencSlidingQuery;
  }
}
