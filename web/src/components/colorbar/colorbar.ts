import { PosencColorbar } from './colorbar.component.js';

export { PosencColorbar };
export { sharedScale, type ColorScale } from './colorbar-template.js';
if (!customElements.get('posenc-colorbar')) customElements.define('posenc-colorbar', PosencColorbar);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-colorbar': PosencColorbar;
  }
}
