import { html } from 'lit';
import { property } from 'lit/decorators.js';

import { l } from '../components/shared/i18n.js';
import '../components/table/table.js';
import type { Posenc } from '../lib/types.js';
import { choiceAttr, intAttr, numAttr, PosencElement } from './base.js';

const CAPTION = l('正弦位置编码 PE[pos, ·]', 'Sinusoidal position encoding PE[pos, ·]');

/**
 * The sinusoidal encoding as a table of numbers (float64, computed by the wasm core).
 *
 * @element posenc-sinusoidal-table
 * @attr d-model - even model dimension, 2–128 (default 8)
 * @attr positions - number of positions 0 … n−1, 1–512 (default 11)
 * @attr base - frequency base (default 10000)
 * @attr layout - interleaved (sin, cos pairs; default) or concat (all sines, then cosines)
 * @attr digits - decimals shown, 0–8 (default 4)
 * @attr lang - zh or en (default: the browser's language)
 * @cssproperty --posenc-fg - text colour (and --posenc-bg, --posenc-accent, --posenc-line, …)
 */
export class PosencSinusoidalTable extends PosencElement {
  @property({ attribute: 'd-model' }) dModel: string | null = null;
  @property() positions: string | null = null;
  @property() base: string | null = null;
  @property() layout: string | null = null;
  @property() digits: string | null = null;
  @property() lang = '';

  protected view(pe: Posenc) {
    const d = intAttr('d-model', this.dModel, 8, 2, 128, 2);
    const n = intAttr('positions', this.positions, 11, 1, 512);
    const base = numAttr('base', this.base, 10000, 1.000001, 1e12);
    const layout = choiceAttr('layout', this.layout, ['interleaved', 'concat'] as const, 'interleaved');
    const digits = intAttr('digits', this.digits, 4, 0, 8);
    const m = pe.sinusoidal({ positions: n, dim: d, base, layout, precision: 64 });
    const col = (c: number) =>
      layout === 'interleaved' ? `${c % 2 ? 'cos' : 'sin'}${Math.floor(c / 2)}` : `${c < d / 2 ? 'sin' : 'cos'}${c % (d / 2)}`;
    return html`<posenc-table
      .data=${{
        caption: `${CAPTION[this.language()]} · d_model = ${d}, base = ${base}`,
        columns: ['pos', ...Array.from({ length: d }, (_, c) => col(c))],
        rows: Array.from({ length: n }, (_, r) => ({ head: String(r), cells: Array.from(m.data.subarray(r * d, (r + 1) * d)) })),
        digits,
      }}
    ></posenc-table>`;
  }
}
