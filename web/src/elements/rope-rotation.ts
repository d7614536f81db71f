import { html } from 'lit';
import { property } from 'lit/decorators.js';

import '../components/rotation/rotation.js';
import { l } from '../components/shared/i18n.js';
import { type ElementPosenc, intAttr, listAttr, numAttr, PosencElement } from './base.js';

const T = {
  caption: l('第 {pair} 对维度：向量转 m·θ', 'Pair {pair}: the vector turned by m·θ'),
  dials: l('每对维度的转角 m·θᵢ', 'Angle m·θᵢ of every pair'),
  pair: l('维度对', 'pair'),
};

/**
 * A RoPE rotation: a 2-D vector turned by position·θ_pair in its plane, and a dial per frequency
 * pair showing m·θᵢ (computed by the wasm core).
 *
 * @element posenc-rope-rotation
 * @attr dim - even head dimension, 2–256 (default 8)
 * @attr position - the position m, −10^6 … 10^6 (default 2)
 * @attr vector - the 2-D vector, "x, y" (default "1, 0.5")
 * @attr base - frequency base (default 10000)
 * @attr pair - which pair's plane to draw, 0 … dim/2 − 1 (default 0)
 * @attr lang - zh or en
 */
export class PosencRopeRotation extends PosencElement {
  @property() dim: string | null = null;
  @property() position: string | null = null;
  @property() vector: string | null = null;
  @property() base: string | null = null;
  @property() pair: string | null = null;
  @property() lang = '';

  protected view(pe: ElementPosenc) {
    const dim = intAttr('dim', this.dim, 8, 2, 256, 2);
    const m = numAttr('position', this.position, 2, -1e6, 1e6);
    const [x, y] = listAttr('vector', this.vector, [1, 0.5], 2);
    const base = numAttr('base', this.base, 10000, 1.000001, 1e12);
    const pair = intAttr('pair', this.pair, 0, 0, dim / 2 - 1);
    const lang = this.language();
    const inv = pe.inverseFrequencies({ dim, base }).invFreq;
    // The pair alone, as a one-plane rotary slice with its own frequency.
    const r = pe.applyRope(Float32Array.of(x, y), {
      shape: [1, 2],
      positions: [m],
      rope: { dim: 2, invFreq: inv.subarray(pair, pair + 1), attentionFactor: 1 },
    });
    return html`<posenc-rotation
        .vectors=${[{ label: 'q', x, y, angle: m * inv[pair] }]}
        .rotated=${[[r[0], r[1]]]}
        caption=${T.caption[lang].replace('{pair}', String(pair))}
      ></posenc-rotation>
      <p style="font-size:0.85rem;color:var(--_muted)">${T.dials[lang]}</p>
      <posenc-dials .angles=${Array.from(inv, (w) => m * w)} label=${T.pair[lang]}></posenc-dials>`;
  }
}
