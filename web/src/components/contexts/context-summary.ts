import { PosencContextSummary } from './context-summary.component.js';

export { PosencContextSummary };
if (!customElements.get('posenc-context-summary')) customElements.define('posenc-context-summary', PosencContextSummary);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-context-summary': PosencContextSummary;
  }
}
