import { PosencSinceXpos } from './since-xpos.component.js';

export { PosencSinceXpos };
if (!customElements.get('posenc-since-xpos')) customElements.define('posenc-since-xpos', PosencSinceXpos);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-since-xpos': PosencSinceXpos;
  }
}
