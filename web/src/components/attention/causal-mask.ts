import { PosencCausalMask } from './causal-mask.component.js';

export { PosencCausalMask };
if (!customElements.get('posenc-causal-mask')) customElements.define('posenc-causal-mask', PosencCausalMask);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-causal-mask': PosencCausalMask;
  }
}
