import { PosencPeriodCheck } from './period-check.component.js';

export { PosencPeriodCheck };
if (!customElements.get('posenc-period-check')) customElements.define('posenc-period-check', PosencPeriodCheck);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-period-check': PosencPeriodCheck;
  }
}
