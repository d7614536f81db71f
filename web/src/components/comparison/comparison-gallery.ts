import { PosencComparisonGallery } from './comparison-gallery.component.js';

export { PosencComparisonGallery };
if (!customElements.get('posenc-comparison-gallery')) customElements.define('posenc-comparison-gallery', PosencComparisonGallery);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-comparison-gallery': PosencComparisonGallery;
  }
}
