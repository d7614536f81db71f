/** The page entry: one <posenc-app>. */
import { PosencApp } from './app.component.js';

if (!customElements.get('posenc-app')) customElements.define('posenc-app', PosencApp);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-app': PosencApp;
  }
}
