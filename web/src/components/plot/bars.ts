import { PosencBars } from './bars.component.js';

export { PosencBars };
export type { Bar } from './bars.component.js';
if (!customElements.get('posenc-bars')) customElements.define('posenc-bars', PosencBars);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-bars': PosencBars;
  }
}
