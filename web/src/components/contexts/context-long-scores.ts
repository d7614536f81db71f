import { PosencContextLongScores } from './context-long-scores.component.js';

export { PosencContextLongScores };
if (!customElements.get('posenc-context-long-scores')) customElements.define('posenc-context-long-scores', PosencContextLongScores);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-context-long-scores': PosencContextLongScores;
  }
}
