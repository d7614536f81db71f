import { PosencDotProfile } from './dot-profile.component.js';

export { PosencDotProfile };
if (!customElements.get('posenc-dot-profile')) customElements.define('posenc-dot-profile', PosencDotProfile);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-dot-profile': PosencDotProfile;
  }
}
