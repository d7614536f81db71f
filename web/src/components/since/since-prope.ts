import { PosencSincePrope } from './since-prope.component.js';

export { PosencSincePrope };
if (!customElements.get('posenc-since-prope')) customElements.define('posenc-since-prope', PosencSincePrope);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-since-prope': PosencSincePrope;
  }
}
