import { PosencSinceCounts } from './since-counts.component.js';

export { PosencSinceCounts };
if (!customElements.get('posenc-since-counts')) customElements.define('posenc-since-counts', PosencSinceCounts);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-since-counts': PosencSinceCounts;
  }
}
