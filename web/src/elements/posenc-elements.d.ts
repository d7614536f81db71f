/**
 * posenc/elements: registers the custom elements below when imported. Attributes are live;
 * a bad attribute shows a message inside the element. See custom-elements.json for every
 * attribute.
 */
export declare class PosencSinusoidalTable extends HTMLElement {
  dModel: string | null;
  positions: string | null;
  base: string | null;
  layout: string | null;
  digits: string | null;
}
export declare class PosencRopeRotation extends HTMLElement {
  dim: string | null;
  position: string | null;
  vector: string | null;
  base: string | null;
  pair: string | null;
}
export declare class PosencHeatmap extends HTMLElement {
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
export declare class PosencChapter extends HTMLElement {
  name: string | null;
  errataHref: string | null;
}
/** Resolves when the wasm core has loaded (elements render once it has). */
export declare function ready(): Promise<unknown>;

declare global {
  interface HTMLElementTagNameMap {
    'posenc-sinusoidal-table': PosencSinusoidalTable;
    'posenc-rope-rotation': PosencRopeRotation;
    'posenc-heatmap': PosencHeatmap;
    'posenc-chapter': PosencChapter;
  }
}
