import { PosencContextVerdicts } from './context-verdicts.component.js';

export { PosencContextVerdicts };
if (!customElements.get('posenc-context-verdicts')) customElements.define('posenc-context-verdicts', PosencContextVerdicts);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-context-verdicts': PosencContextVerdicts;
  }
}
