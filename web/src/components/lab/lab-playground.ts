import { PosencLabPlayground } from './lab-playground.component.js';

export { PosencLabPlayground };
if (!customElements.get('posenc-lab-playground')) customElements.define('posenc-lab-playground', PosencLabPlayground);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-lab-playground': PosencLabPlayground;
  }
}
