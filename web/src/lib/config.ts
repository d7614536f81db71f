/** A model's config.json: its rotary embedding, as Hugging Face transformers reads it. */
import { describe, typeError } from './checks.js';
import type { Wasm } from './wasm.js';
import type { RopeConfig } from './types.js';

export function config(w: Wasm) {
  function ropeFromConfig(cfg: unknown): RopeConfig {
    const fn = 'ropeFromConfig';
    let text: string;
    if (typeof cfg === 'string') {
      text = cfg;
    } else if (cfg !== null && typeof cfg === 'object' && !Array.isArray(cfg)) {
      try {
        text = JSON.stringify(cfg);
      } catch (e) {
        typeError(`${fn}: config must be JSON-serialisable (${(e as Error).message})`);
      }
    } else {
      typeError(`${fn}: config must be a config.json object or its text, got ${describe(cfg)}`);
    }
    return w.unwrap(fn, w.mod.ropeFromConfig(text)) as unknown as RopeConfig;
  }

  return { ropeFromConfig };
}
