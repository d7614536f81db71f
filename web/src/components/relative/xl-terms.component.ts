import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../colorbar/colorbar.js';
import '../heatmap/heatmap-view.js';
import { fill } from '../shared/figure.js';
import { LazyFigure } from '../shared/lazy-figure.js';
import { l } from '../shared/i18n.js';
import { figureHost, tokens } from '../shared/theme.js';
import { relativeStyles } from './relative.styles.js';

type View = ReturnType<Analysis['xlView']>;
const TERMS = ['a', 'b', 'c', 'd'] as const;
/** Below this relative spread a term counts as constant along columns / diagonals (float64). */
const FLAT = 1e-9;

/**
 * Transformer-XL's four terms on one colour scale, each captioned with what it depends on, as the
 * core measured it: constant down every column (the key only), along every diagonal (the offset
 * only), or neither (the query and the key).
 */

/** The words of this figure, zh and en. */
const T = {
  queryI: l('查询 i', 'query i'),
  keyJ: l('键 j', 'key j'),
  valuesAsTable: l('以表格显示数值', 'Values as a table'),
};

export class PosencXlTerms extends LazyFigure {
  static styles = [tokens, figureHost, relativeStyles];

  @property({ type: Number }) n = 12;
  @property({ type: Number }) dim = 8;
  @property({ type: Number }) seed = 2;
  /** Captions; {dep} is filled with one of the three "depends on" phrases. */
  @property() aLabel = '';
  @property() bLabel = '';
  @property() cLabel = '';
  @property() dLabel = '';
  @property() keyOnly = '';
  @property() offsetOnly = '';
  @property() both = '';
  /** The one colour legend's title ({n}: the maps it colours). */
  @property() scaleNote = '';

  @state() private v?: View;

  protected willUpdate(changed: PropertyValues) {
    if (!this.due(changed, 'n', 'dim', 'seed')) return;
    this.v = this.pe.analysis.xlView({ n: this.n, dim: this.dim, seed: this.seed });
    this.computed();
  }

  render() {
    const v = this.v;
    if (!v) return nothing;
    const s = v.sharedScale || 1;
    const scale = { lo: -s, hi: s };
    const labels = [this.aLabel, this.bLabel, this.cLabel, this.dLabel];
    const dep = (k: number) => (v.columnSpread[k] < FLAT ? this.keyOnly : v.diagonalSpread[k] < FLAT ? this.offsetOnly : this.both);
    return html`<posenc-colorbar id="xl-scale" colormap="diverging" .scale=${scale} label=${fill(this.scaleNote, { n: TERMS.length })}></posenc-colorbar>
      <div class="row">
        ${TERMS.map(
          (t, k) =>
            html`<posenc-heatmap-view
              id=${`xl-${t}`}
              data-depends=${v.columnSpread[k] < FLAT ? 'key' : v.diagonalSpread[k] < FLAT ? 'offset' : 'both'}
              .matrix=${v[t]}
              caption=${fill(labels[k], { dep: dep(k) })}
              rowAxis=${this.t(T.queryI)}
              colAxis=${this.t(T.keyJ)}
              colormap="diverging"
              .scale=${scale}
              hide-legend
              .size=${180}
              tableLabel=${this.t(T.valuesAsTable)}
            ></posenc-heatmap-view>`,
        )}
      </div>`;
  }
}
