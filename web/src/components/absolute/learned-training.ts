import { PosencLearnedTraining } from './learned-training.component.js';

export { PosencLearnedTraining };
if (!customElements.get('posenc-learned-training')) customElements.define('posenc-learned-training', PosencLearnedTraining);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-learned-training': PosencLearnedTraining;
  }
}
