import { PosencRopeLayouts } from './rope-layouts.component.js';

export { PosencRopeLayouts };
if (!customElements.get('posenc-rope-layouts')) customElements.define('posenc-rope-layouts', PosencRopeLayouts);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-rope-layouts': PosencRopeLayouts;
  }
}
