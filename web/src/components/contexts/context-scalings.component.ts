import { css, html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';

import type { ContextKind } from '../../lib/internal-types.js';
import '../table/table.js';
import type { TableData } from '../table/table.js';
import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { figureHost, tokens } from '../shared/theme.js';
import { ContextFigure, KIND_NAMES } from './context-figure.js';
import '../plot/plot.js';
import type { PlotAnnotation, Series } from '../plot/plot.js';

const COLORS: Record<ContextKind, string> = {
  linear: 'accent',
  dynamic: 'var(--posenc-series-5, #8a5cd1)',
  yarn: 'good',
  llama3: 'accent2',
};

/**
 * How much each scaling slows each pair down, θ_i/θ′_i (1 = kept, s = fully interpolated), for the
 * four Hugging Face rope_types at the chapter's L and L′; Llama 3's blend band shaded; a table of
 * s, YaRN's attention factor and Llama 3's bands (analysis.contextFrequencies).
 */

/** The words of this figure, zh and en. */
const T = {
  value: l('值', 'value'),
  yarnAttentionFactor: l('YaRN 注意力因子', 'YaRN attention factor'),
  llama3Pairs: l('Llama 3：不变的维度对', 'Llama 3: pairs unchanged'),
  llama3Pairs2: l('Llama 3：平滑过渡的维度对', 'Llama 3: pairs blended'),
  llama3Pairs3: l('Llama 3：除以 s 的维度对', 'Llama 3: pairs divided by s'),
  pairI: l('维度对 i', 'pair i'),
};

export class PosencContextScalings extends ContextFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .row {
        display: block;
      }
      .error {
        color: var(--_warn);
        font-size: 0.85rem;
      }
    `,
  ];

  @property() caption = '';
  @property() keptLabel = '';
  /** {s} is filled in. */
  @property() dividedLabel = '';
  @property() blendRegion = '';
  /** {s} is filled in. */
  @property() factsCaption = '';
  /** Shown when L′ ≤ L. */
  @property() noScaling = '';

  protected willUpdate(changed: PropertyValues) {
    this.updateFrequencies(changed);
  }

  render() {
    const f = this.f;
    if (!f) return nothing;
    const idx = this.pairAxis();
    const s = f.factor;
    const series: Series[] = f.scalings
      .filter((c) => !c.error)
      .map((c) => ({
        label: this.t(KIND_NAMES[c.kind as ContextKind]),
        x: idx,
        y: c.slowdown,
        color: COLORS[c.kind as ContextKind],
        points: idx.length <= 32 && c.kind === 'llama3',
      }));
    const llama = this.scaling('llama3'),
      yarn = this.scaling('yarn');
    const annotations: PlotAnnotation[] = [
      ...(llama && !llama.error && llama.bands.blended > 0
        ? [
            {
              kind: 'x-range' as const,
              from: llama.bands.firstBlended - 0.5,
              to: llama.bands.firstDivided - 0.5,
              label: this.blendRegion,
              color: 'accent2',
            },
          ]
        : []),
      { kind: 'y', at: 1, label: this.keptLabel, color: 'good' },
      ...(f.needsScaling ? [{ kind: 'y' as const, at: s, label: fill(this.dividedLabel, { s: fmt(s, 3) }), color: 'warn' }] : []),
    ];
    const errors = f.scalings.filter((c) => c.error);
    const facts: TableData = {
      caption: fill(this.factsCaption, { s: fmt(s, 3) }),
      columns: ['', this.t(T.value)],
      rows: [
        { head: this.t(T.yarnAttentionFactor), cells: [yarn && !yarn.error ? fmt(yarn.attentionFactor, 6) : '—'] },
        {
          head: this.t(T.llama3Pairs),
          cells: [llama && !llama.error ? String(llama.bands.kept) : '—'],
        },
        {
          head: this.t(T.llama3Pairs2),
          cells: [llama && !llama.error ? String(llama.bands.blended) : '—'],
        },
        {
          head: this.t(T.llama3Pairs3),
          cells: [llama && !llama.error ? String(llama.bands.divided) : '—'],
        },
      ],
    };
    return html`<div class="row">
        <posenc-plot
          id="slowdown"
          .series=${series}
          .annotations=${annotations}
          .yRange=${[0.8, Math.max(s, 1) * 1.5] as [number, number]}
          .xRange=${[-0.5, idx.length - 0.5] as [number, number]}
          y-scale="log"
          caption=${this.caption}
          xLabel=${this.t(T.pairI)}
          yLabel="θᵢ / θ′ᵢ"
        ></posenc-plot>
        <posenc-table id="scaling-facts" .data=${facts}></posenc-table>
      </div>
      ${f.needsScaling ? nothing : html`<p class="error" role="status">${this.noScaling}</p>`}
      ${errors.map((c) => html`<p class="error" role="status">${this.t(KIND_NAMES[c.kind as ContextKind])}: <code>${c.error}</code></p>`)}`;
  }
}
