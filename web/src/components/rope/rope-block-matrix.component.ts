import { css, html, nothing, svg, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { cache } from 'lit/directives/cache.js';

import type { RopeLayout } from '../../lib/types.js';
import type { Matrix } from '../../lib/types.js';
import '../heatmap/heatmap-view.js';
import { cssColor } from '../shared/colormaps.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';

const PLANE_COLORS = ['#2f62d8', '#b23a10', '#1e8a4c', '#8a5cd1', '#0f9fb0', '#b25d00', '#c2185b', '#5d6d00'];

/**
 * The rotation R_{Θ,m} of a d-dimensional head as a grid (d ≤ 16: every entry written out; larger
 * d: the whole matrix as a heatmap). Each plane's four entries are outlined in the plane's colour:
 * a 2 × 2 block on the diagonal in the interleaved layout, four scattered cells in the half layout,
 * the same matrix with rows and columns permuted. Entries from pe.rotationMatrix.
 */
export class PosencRopeBlockMatrix extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      /* A dimmed plane is greyed, not made translucent: the zeros' pattern lies under it. */
      :host svg g[data-term][data-dim] {
        opacity: 1;
        filter: saturate(0.15);
      }
      figcaption {
        font-size: 0.85rem;
        color: var(--_muted);
        margin-bottom: 0.3rem;
      }
      .scroll {
        overflow-x: auto;
        max-width: 100%;
      }
      svg {
        display: block;
      }
      text {
        font-family: var(--_mono);
        text-anchor: middle;
      }
      .note {
        font-size: 0.82rem;
        color: var(--_muted);
      }
    `,
  ];

  @property({ type: Number }) dim = 8;
  @property({ type: Number }) base = 10000;
  @property({ type: Number }) m = 2;
  @property() layout: RopeLayout = 'interleaved';
  /** {d} is filled in. */
  @property() caption = '';
  /** Shown for d > 16 (heatmap instead of numbers). */
  @property() large = '';
  @property() tableLabel = '';

  @state() private r?: Matrix<Float64Array>;
  @state() private pair?: Float64Array;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'dim', 'base', 'm', 'layout')) return;
    this.r = this.pe.rotationMatrix({ dim: this.dim, position: this.m, base: this.base, layout: this.layout });
    const inv = this.pe.inverseFrequencies({ dim: this.dim, base: this.base }).invFreq;
    this.pair = this.pe.analysis.ropeLayouts({ x: new Float64Array(this.dim), position: this.m, invFreq: inv, layout: this.layout }).pair;
  }

  render() {
    const r = this.r,
      pair = this.pair;
    if (!r || !pair) return nothing;
    const d = r.rows;
    const caption = fill(this.caption, { d });
    // cache(): crossing d = 16 either way re-attaches the other view's DOM and updates it, instead
    // of building the grid or the heatmap anew.
    return cache(d > 16 ? this.heatmap(r, caption) : this.grid(r, pair, caption));
  }

  private heatmap(r: Matrix<Float64Array>, caption: string) {
    return html`<posenc-heatmap-view id="block-matrix" .matrix=${r} caption=${caption} rowAxis=${this.t({ zh: '行', en: 'row' })}
        colAxis=${this.t({ zh: '列', en: 'column' })} .lo=${-1} .hi=${1} size="320" tableLabel=${this.tableLabel}></posenc-heatmap-view>
      <p class="note">${rich(this.large)}</p>`;
  }

  private grid(r: Matrix<Float64Array>, pair: Float64Array, caption: string) {
    const d = r.rows;
    const c = 40,
      pad = 22;
    const size = d * c + pad;
    // Every entry off the planes is 0: one tile repeated by a pattern draws them all, and only a
    // plane's own entries (2d of the d²) are elements. 512 elements at d = 16 made the step across
    // d = 16 take 17-21 ms; the figure looks the same.
    const cells = [];
    for (let i = 0; i < d; i++) {
      for (let j = 0; j < d; j++) {
        const v = r.data[i * d + j];
        const same = pair[i] === pair[j];
        if (!same && v === 0) continue;
        const col = PLANE_COLORS[pair[i] % PLANE_COLORS.length];
        const zero = v === 0;
        // a plane's own entries are marked for the linked terms of R_{Θ,m} (plane0 … and planeLast)
        const term = same ? `plane${pair[i]}${pair[i] === d / 2 - 1 ? ' planeLast' : ''}` : undefined;
        cells.push(svg`<g data-term=${term ?? nothing}><rect x=${pad + j * c} y=${pad + i * c} width=${c - 2} height=${c - 2} rx="3"
            style=${`fill:${zero ? 'var(--_bg)' : cssColor('diverging', (v + 1) / 2)}`}
            stroke=${same ? col : 'var(--_line)'} stroke-width=${same ? 2.5 : 1}></rect>
          <text x=${pad + j * c + c / 2 - 1} y=${pad + i * c + c / 2 + 3} font-size="10.5" style=${`fill:${zero ? 'var(--_line)' : Math.abs(v) > 0.6 ? '#fff' : '#1d2330'}`}>${zero ? '0' : fmt(v, 2)}</text></g>`);
      }
    }
    const zeros = svg`<defs>
        <pattern id="zero-cell" patternUnits="userSpaceOnUse" x=${pad} y=${pad} width=${c} height=${c}>
          <rect x="0" y="0" width=${c - 2} height=${c - 2} rx="3" style="fill:var(--_bg)" stroke="var(--_line)" stroke-width="1"></rect>
          <text x=${c / 2 - 1} y=${c / 2 + 3} font-size="10.5" style="fill:var(--_line)">0</text>
        </pattern>
      </defs>
      <rect x=${pad} y=${pad} width=${d * c} height=${d * c} fill="url(#zero-cell)"></rect>`;
    const heads = Array.from(
      { length: d },
      (_, i) => svg`
      <text x=${pad + i * c + c / 2 - 1} y="14" font-size="10" style=${`fill:${PLANE_COLORS[pair[i] % PLANE_COLORS.length]}`}>${i}</text>
      <text x="10" y=${pad + i * c + c / 2 + 3} font-size="10" style=${`fill:${PLANE_COLORS[pair[i] % PLANE_COLORS.length]}`}>${i}</text>`,
    );
    return html`<figure id="block-matrix">
      <figcaption>${rich(caption)}</figcaption>
      <div class="scroll" tabindex="0" role="region" aria-label=${caption}>
        <svg width=${size} height=${size} viewBox=${`0 0 ${size} ${size}`} role="img" aria-label=${caption}>${zeros}${heads}${cells}</svg>
      </div>
    </figure>`;
  }
}
