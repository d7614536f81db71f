import { PosencRopeDemo } from './rope-demo.component.js';

export { PosencRopeDemo };
if (!customElements.get('posenc-rope-demo')) customElements.define('posenc-rope-demo', PosencRopeDemo);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-rope-demo': PosencRopeDemo;
  }
}
