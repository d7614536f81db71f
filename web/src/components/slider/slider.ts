import { PosencSlider } from './slider.component.js';

export { PosencSlider };
if (!customElements.get('posenc-slider')) customElements.define('posenc-slider', PosencSlider);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-slider': PosencSlider;
  }
}
