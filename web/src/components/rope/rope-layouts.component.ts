import { css, html, nothing, svg, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { RopeLayouts } from '../../lib/internal-types.js';
import type { RopeLayout } from '../../lib/types.js';
import '../table/table.js';
import type { TableData } from '../table/table.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import { sub } from './plane-draw.js';

const PLANE_COLORS = ['#2f62d8', '#b23a10', '#1e8a4c', '#8a5cd1', '#0f9fb0', '#b25d00', '#c2185b', '#5d6d00'];

/**
 * The element-wise form in the chosen layout, for x = [1 … d]: which coordinates pair up (arcs in
 * the plane's colour), rot(x), cos and sin per coordinate, and f(x). Below, the permutation P
 * that turns the interleaved pairing into the half one, and the check that f_half(P·x) =
 * P·f_interleaved(x) (analysis.ropeLayouts).
 */

/** The words of this figure, zh and en. */
const T = {
  paired: l('配对的维度', 'paired with'),
};

export class PosencRopeLayouts extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      figcaption,
      .caption {
        font-size: 0.85rem;
        color: var(--_muted);
      }
      .scroll {
        overflow-x: auto;
        max-width: 100%;
      }
      svg text {
        font-family: var(--_mono);
        font-size: 12px;
        text-anchor: middle;
        fill: var(--_fg);
      }
      svg text.small {
        font-size: 10.5px;
        fill: var(--_muted);
      }
      .check {
        max-width: 46rem;
      }
    `,
  ];

  @property({ type: Number }) m = 2;
  @property({ type: Number }) base = 10000;
  @property({ type: Number }) dim = 8;
  @property() layout: RopeLayout = 'interleaved';
  /** {layout} is filled in. */
  @property() pairingCaption = '';
  @property() tableCaption = '';
  @property() permCaption = '';
  /** {diff} is filled in. */
  @property() check = '';

  @state() private r?: RopeLayouts;
  private x: number[] = [];

  protected willUpdate(changed: PropertyValues) {
    if (changed.has('dim')) this.x = Array.from({ length: this.dim }, (_, i) => i + 1);
    if (!this.changedAny(changed, 'm', 'base', 'dim', 'layout')) return;
    const inv = this.pe.inverseFrequencies({ dim: this.dim, base: this.base }).invFreq;
    this.r = this.pe.analysis.ropeLayouts({ x: this.x, position: this.m, invFreq: inv, layout: this.layout });
  }

  /** Boxes x₀ … x_{d−1} with an arc joining each coordinate to its partner. */
  private pairing(r: RopeLayouts) {
    const d = this.dim,
      c = 44,
      w = d * c + 10,
      h = 86;
    const cx = (k: number) => 5 + k * c + c / 2;
    const arcs = [];
    for (let k = 0; k < d; k++) {
      const p = r.partner[k];
      if (p < k) continue;
      const col = PLANE_COLORS[r.pair[k] % PLANE_COLORS.length];
      const span = cx(p) - cx(k);
      arcs.push(
        svg`<path d=${`M${cx(k)},30 C${cx(k)},${30 - 10 - span * 0.12} ${cx(p)},${30 - 10 - span * 0.12} ${cx(p)},30`} fill="none" stroke-width="2.2" style=${`stroke:${col}`}></path>`,
      );
    }
    return svg`<svg width=${w} height=${h} viewBox=${`0 0 ${w} ${h}`} role="img" aria-label=${fill(this.pairingCaption, { layout: this.layout })}>
      ${arcs}
      ${this.x.map(
        (v, k) => svg`<rect x=${5 + k * c + 3} y="32" width=${c - 6} height="26" rx="4" fill="none"
          stroke-width="2" style=${`stroke:${PLANE_COLORS[r.pair[k] % PLANE_COLORS.length]}`}></rect>
        <text x=${cx(k)} y="50">${v}</text>
        <text class="small" x=${cx(k)} y="74">x${sub(k)}·θ${sub(r.pair[k])}</text>`,
      )}
    </svg>`;
  }

  /** x (top) and P·x (bottom), a line from each coordinate to where P puts it. */
  private permutation(r: RopeLayouts) {
    const d = this.dim,
      c = 44,
      w = d * c + 10,
      h = 110;
    const cx = (k: number) => 5 + k * c + c / 2;
    return svg`<svg width=${w} height=${h} viewBox=${`0 0 ${w} ${h}`} role="img" aria-label=${this.permCaption}>
      ${this.x.map(
        (v, k) => svg`
        <line x1=${cx(k)} y1="30" x2=${cx(r.perm[k])} y2="80" stroke-width="1.6" style=${`stroke:${PLANE_COLORS[Math.floor(k / 2) % PLANE_COLORS.length]}`}></line>
        <text x=${cx(k)} y="22">${v}</text>
        <text x=${cx(r.perm[k])} y="98">${v}</text>`,
      )}
      <text class="small" x="4" y="10" style="text-anchor:start">x</text>
      <text class="small" x="4" y="108" style="text-anchor:start">P·x</text>
    </svg>`;
  }

  render() {
    const r = this.r;
    if (!r) return nothing;
    const [before, after] = this.check.split('{diff}');
    const data: TableData = {
      caption: this.tableCaption,
      columns: ['k', 'xₖ', this.t(T.paired), html`<code>rot(x)</code>ₖ`, 'cos mθ', 'sin mθ', 'f(x)ₖ'],
      rows: this.x.map((v, k) => ({ head: String(k), cells: [v, String(r.partner[k]), r.rotated[k], r.cos[k], r.sin[k], r.result[k]] })),
      digits: [0, 0, 0, 4, 4, 4],
    };
    return html`<figure>
        <figcaption>${rich(fill(this.pairingCaption, { layout: this.layout }))}</figcaption>
        <div class="scroll" id="pairing">${this.pairing(r)}</div>
      </figure>
      <posenc-table id="layouts" .data=${data}></posenc-table>
      <figure>
        <figcaption>${rich(this.permCaption)}</figcaption>
        <div class="scroll">${this.permutation(r)}</div>
      </figure>
      <p class="check" id="layout-check" data-claim="layout-check" data-diff=${r.maxAbsDifference}>${rich(before)}<strong id="layout-diff">${r.maxAbsDifference === 0 ? '0' : r.maxAbsDifference.toExponential(2)}</strong>${rich(after ?? '')}</p>`;
  }
}
