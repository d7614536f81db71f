import { PosencLabAttention } from './lab-attention.component.js';

export { PosencLabAttention };
if (!customElements.get('posenc-lab-attention')) customElements.define('posenc-lab-attention', PosencLabAttention);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-lab-attention': PosencLabAttention;
  }
}
