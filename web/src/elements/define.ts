/**
 * Defines every embeddable element (the browser half of posenc/elements, loaded by
 * posenc-elements.ts only where custom elements exist): <posenc-sinusoidal-table>,
 * <posenc-rope-rotation>, <posenc-heatmap>, <posenc-chapter>, and the building blocks they use.
 */
import { PosencChapter } from './chapter.js';
import { PosencHeatmap } from './heatmap.js';
import { PosencRopeRotation } from './rope-rotation.js';
import { PosencSinusoidalTable } from './sinusoidal-table.js';

export { PosencChapter, PosencHeatmap, PosencRopeRotation, PosencSinusoidalTable };

const define = (name: string, ctor: CustomElementConstructor) => {
  if (!customElements.get(name)) customElements.define(name, ctor);
};
define('posenc-sinusoidal-table', PosencSinusoidalTable);
define('posenc-rope-rotation', PosencRopeRotation);
define('posenc-heatmap', PosencHeatmap);
define('posenc-chapter', PosencChapter);

declare global {
  interface HTMLElementTagNameMap {
    'posenc-sinusoidal-table': PosencSinusoidalTable;
    'posenc-rope-rotation': PosencRopeRotation;
    'posenc-heatmap': PosencHeatmap;
    'posenc-chapter': PosencChapter;
  }
}
