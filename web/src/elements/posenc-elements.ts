/**
 * The embeddable elements: `import 'posenc/elements'`, or one
 * <script type="module" src="…/posenc-elements.js"> in any page. In a browser it defines
 *   <posenc-sinusoidal-table>, <posenc-rope-rotation>, <posenc-heatmap>, <posenc-chapter>
 * (and the building blocks they use), and the browser upgrades the tags already in the page.
 *
 * Where there is no DOM (a site generator's server render: VitePress, Astro, Docusaurus; Node) this
 * module registers nothing and throws nothing: it touches no browser global, and the element classes
 * (which extend HTMLElement) live in define.ts, imported only where custom elements exist.
 */
import { ready as coreReady } from '../components/shared/pe.js';

/** Custom elements can be defined here: a browser (or a DOM emulation), not a server render. */
const browser = typeof customElements !== 'undefined' && typeof HTMLElement !== 'undefined';

const defined: Promise<unknown> | undefined = browser ? import('./define.js') : undefined;
defined?.catch((e: unknown) => console.error('posenc/elements: the elements could not be loaded', e));

/**
 * Resolves once the elements are defined and the wasm core has loaded (every element has then
 * rendered its numbers). Rejects where there is no DOM: the elements exist only in a browser.
 */
export function ready(): Promise<unknown> {
  if (!defined) {
    return Promise.reject(
      new Error('posenc/elements: ready() needs a browser; there is no DOM here (a server render?), so no element was registered'),
    );
  }
  return defined.then(() => coreReady());
}
