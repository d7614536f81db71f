import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../colorbar/colorbar.js';
import '../heatmap/heatmap-view.js';
import { fill } from '../shared/figure.js';
import { LazyFigure } from '../shared/lazy-figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { fillHtml, pctOrRounding, sci } from '../shared/sci.js';
import { figureHost, tokens } from '../shared/theme.js';
import { attentionStyles } from './attention.styles.js';

type View = ReturnType<Analysis['fourTermsView']>;
const KEYS = ['contentContent', 'contentPosition', 'positionContent', 'positionPosition', 'total'] as const;
const IDS = ['cc', 'cp', 'pc', 'pp', 'total'];

/**
 * The four terms of S = (X+P)W_QW_Kᵀ(X+P)ᵀ/√d and their total as five heatmaps on one colour scale
 * (the core's largest |entry| over all five), each captioned with its typical size (RMS), and what
 * the core measured of them: the sum, the transpose relation, the position term's diagonals.
 * Each heatmap is marked with its term (data-term: cc, cp, pc, pp, total), so the formula's terms
 * light their heatmap.
 */

/** The words of this figure, zh and en. */
const T = {
  rounding: l('0（舍入误差）', '0 (rounding)'),
  valuesAsTable: l('以表格显示数值', 'Values as a table'),
  queryI: l('查询 i', 'query i'),
  keyJ: l('键 j', 'key j'),
};

export class PosencFourTerms extends LazyFigure {
  static styles = [tokens, figureHost, attentionStyles];

  @property({ type: Number }) n = 16;
  @property({ type: Number }) dim = 16;
  @property({ type: Number }) seed = 3;
  @property() weights: 'random' | 'identity' = 'random';
  /** Captions of the five heatmaps; {rms} is filled in. */
  @property() ccLabel = '';
  @property() cpLabel = '';
  @property() pcLabel = '';
  @property() ppLabel = '';
  @property() totalLabel = '';
  /** The one colour legend's title (what the colour means). */
  @property() scaleNote = '';
  /** Sentences: {residual}; {gap}; {spread}. */
  @property() sumNote = '';
  @property() transposeNote = '';
  @property() ppNote = '';

  @state() private view?: View;

  protected willUpdate(changed: PropertyValues) {
    if (!this.due(changed, 'n', 'dim', 'seed', 'weights')) return;
    this.view = this.pe.analysis.fourTermsView({ n: this.n, dim: this.dim, seed: this.seed, weights: this.weights });
    this.computed();
  }

  render() {
    const v = this.view;
    if (!v) return nothing;
    const s = v.sharedScale || 1;
    const scale = { lo: -s, hi: s };
    const labels = [this.ccLabel, this.cpLabel, this.pcLabel, this.ppLabel, this.totalLabel];
    const table = this.t(T.valuesAsTable);
    return html`<posenc-colorbar id="shared-scale" colormap="diverging" .scale=${scale} label=${this.scaleNote}></posenc-colorbar>
      <div class="row">
        ${KEYS.map(
          (k, i) =>
            html`<posenc-heatmap-view
              id=${IDS[i]}
              data-term=${IDS[i]}
              .matrix=${v[k]}
              caption=${fill(labels[i], { rms: fmt(v.rms[i], 2) })}
              rowAxis=${this.t(T.queryI)}
              colAxis=${this.t(T.keyJ)}
              colormap="diverging"
              .scale=${scale}
              hide-legend
              .size=${196}
              tableLabel=${table}
            ></posenc-heatmap-view>`,
        )}
      </div>
      <p class="note">${fillHtml(this.sumNote, { residual: { text: sci(v.sumResidual), value: v.sumResidual, id: 'sum-diff' } })}</p>
      <p class="note">
        ${fillHtml(this.transposeNote, { gap: { text: sci(v.transposeGap, 2), value: v.transposeGap, id: 'transpose-gap' } })}
      </p>
      <p class="note">
        ${fillHtml(this.ppNote, { spread: { text: pctOrRounding(v.ppRelativeSpread, this.t(T.rounding)), value: v.ppRelativeSpread, id: 'pp-toeplitz' } })}
      </p>`;
  }
}
