import { PosencSinceLayers } from './since-layers.component.js';

export { PosencSinceLayers };
if (!customElements.get('posenc-since-layers')) customElements.define('posenc-since-layers', PosencSinceLayers);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-since-layers': PosencSinceLayers;
  }
}
