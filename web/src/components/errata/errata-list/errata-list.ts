import { PosencErrataList } from './errata-list.component.js';

export { PosencErrataList };
if (!customElements.get('posenc-errata-list')) customElements.define('posenc-errata-list', PosencErrataList);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-errata-list': PosencErrataList;
  }
}
