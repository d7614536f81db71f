import { PosencMropeView } from './mrope-view.component.js';

export { PosencMropeView };
if (!customElements.get('posenc-mrope-view')) customElements.define('posenc-mrope-view', PosencMropeView);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-mrope-view': PosencMropeView;
  }
}
