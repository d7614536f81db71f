import { PosencConfigPanel } from './config-panel.component.js';

export { EXAMPLES } from './config-panel.component.js';
export { PosencConfigPanel };
if (!customElements.get('posenc-config-panel')) customElements.define('posenc-config-panel', PosencConfigPanel);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-config-panel': PosencConfigPanel;
  }
}
