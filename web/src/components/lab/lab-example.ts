import { PosencLabExample } from './lab-example.component.js';

export { PosencLabExample };
if (!customElements.get('posenc-lab-example')) customElements.define('posenc-lab-example', PosencLabExample);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-lab-example': PosencLabExample;
  }
}
