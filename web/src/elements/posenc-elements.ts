/**
 * The embeddable elements: `import 'posenc/elements'`, or one
 * <script type="module" src="…/posenc-elements.js"> in any page. Registers:
 *   <posenc-sinusoidal-table>, <posenc-rope-rotation>, <posenc-heatmap>, <posenc-chapter>,
 * and the building blocks they use (<posenc-table>, <posenc-heatmap-view>, <posenc-plot>, …).
 */
import { PosencChapter } from './chapter.js';
import { PosencHeatmap } from './heatmap.js';
import { PosencRopeRotation } from './rope-rotation.js';
import { PosencSinusoidalTable } from './sinusoidal-table.js';

export { PosencChapter, PosencHeatmap, PosencRopeRotation, PosencSinusoidalTable };
export { ready } from '../components/shared/pe.js';

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
