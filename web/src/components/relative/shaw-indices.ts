import { PosencShawIndices } from './shaw-indices.component.js';

export { PosencShawIndices };
if (!customElements.get('posenc-shaw-indices')) customElements.define('posenc-shaw-indices', PosencShawIndices);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-shaw-indices': PosencShawIndices;
  }
}
