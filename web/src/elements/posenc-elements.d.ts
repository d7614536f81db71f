/**
 * posenc/elements: in a browser, defines the custom elements below when imported (the browser then
 * upgrades the tags in the page). Where there is no DOM (a server render, Node) it registers
 * nothing and throws nothing. Attributes are live; a bad attribute shows a message inside the
 * element. See custom-elements.json for every attribute. The interfaces type the elements
 * (document.querySelector('posenc-chapter')); the classes are not exported.
 */
export interface PosencSinusoidalTable extends HTMLElement {
  dModel: string | null;
  positions: string | null;
  base: string | null;
  layout: string | null;
  digits: string | null;
}
export interface PosencRopeRotation extends HTMLElement {
  dim: string | null;
  position: string | null;
  vector: string | null;
  base: string | null;
  pair: string | null;
}
export interface PosencHeatmap extends HTMLElement {
  encoding: string | null;
  dModel: string | null;
  positions: string | null;
  base: string | null;
  numBuckets: string | null;
  maxDistance: string | null;
  bidirectional: string | null;
  numHeads: string | null;
  head: string | null;
}
export interface PosencChapter extends HTMLElement {
  name: string | null;
  errataHref: string | null;
}
/**
 * Resolves once the elements are defined and the wasm core has loaded (every element has then
 * rendered its numbers).
 * @throws {Error} (as a rejected promise) where there is no DOM: the elements exist only in a browser.
 */
export declare function ready(): Promise<unknown>;

declare global {
  interface HTMLElementTagNameMap {
    'posenc-sinusoidal-table': PosencSinusoidalTable;
    'posenc-rope-rotation': PosencRopeRotation;
    'posenc-heatmap': PosencHeatmap;
    'posenc-chapter': PosencChapter;
  }
}
