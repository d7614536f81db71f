import { PosencErrataVerdict } from './errata-verdict.component.js';

export { PosencErrataVerdict };
if (!customElements.get('posenc-errata-verdict')) customElements.define('posenc-errata-verdict', PosencErrataVerdict);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-errata-verdict': PosencErrataVerdict;
  }
}
