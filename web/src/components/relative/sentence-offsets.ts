import { PosencSentenceOffsets } from './sentence-offsets.component.js';

export { PosencSentenceOffsets };
if (!customElements.get('posenc-sentence-offsets')) customElements.define('posenc-sentence-offsets', PosencSentenceOffsets);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-sentence-offsets': PosencSentenceOffsets;
  }
}
