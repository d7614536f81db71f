import { PosencChapterView } from './chapter-view.component.js';

export { PosencChapterView };
if (!customElements.get('posenc-chapter-view')) customElements.define('posenc-chapter-view', PosencChapterView);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-chapter-view': PosencChapterView;
  }
}
