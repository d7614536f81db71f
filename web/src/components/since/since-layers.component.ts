import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import '../plot/plot.js';
import type { Series } from '../plot/plot.js';
import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { figureHost, tokens } from '../shared/theme.js';
import { VisibleFigure } from '../shared/visible-figure.js';

const T = {
  rope: l('RoPE', 'RoPE'),
  nope: l('无位置编码', 'NoPE'),
  block: l('第 {l} 层', 'block {l}'),
  position: l('查询的位置', 'query position'),
  temperature: l('查询乘上的温度', 'temperature on the query'),
};

/**
 * iRoPE (Llama 4): which blocks turn q and k by RoPE and which have no positional encoding at all
 * (pe.noRopeLayers: every `interval`-th), and the temperature Llama 4 puts on the queries of the
 * NoPE blocks, log(1 + ⌊(p + 1)/floorScale⌋)·attnScale + 1, against the query's position
 * (pe.llama4AttentionScale).
 */
export class PosencSinceLayers extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .map {
        display: flex;
        flex-wrap: wrap;
        gap: 3px;
        margin: 0.3rem 0 0.6rem;
      }
      .map span {
        font-size: 0.72rem;
        padding: 0.15rem 0.3rem;
        border-radius: 3px;
        border: 1px solid var(--_line);
        min-width: 2.2rem;
        text-align: center;
      }
      .map span.nope {
        background: var(--_accent);
        color: var(--_bg);
      }
      .caption {
        font-size: 0.9rem;
        margin: 0.2rem 0;
      }
    `,
  ];

  @property({ type: Number }) numLayers = 48;
  @property({ type: Number }) interval = 4;
  @property({ type: Number }) floorScale = 8192;
  @property({ type: Number }) attnScale = 0.1;
  /** Positions on the temperature plot: 0 … span. */
  @property({ type: Number }) span = 65536;
  /** {rope}, {nope}, {layers} filled in. */
  @property() caption = '';
  /** Caption of the temperature plot; {F} filled in. */
  @property() temperatureCaption = '';

  @state() private layers?: Int32Array;
  @state() private temperature?: Float64Array;
  private positions: number[] = [];

  protected willUpdate(changed: PropertyValues) {
    if (this.changedAny(changed, 'numLayers', 'interval'))
      this.layers = this.pe.noRopeLayers({ numLayers: this.numLayers, interval: this.interval });
    if (this.changedAny(changed, 'floorScale', 'attnScale', 'span')) {
      const points = 400;
      this.positions = Array.from({ length: points + 1 }, (_, k) => Math.round((k * this.span) / points));
      this.temperature = this.pe.llama4AttentionScale({
        positions: this.positions,
        floorScale: this.floorScale,
        attnScale: this.attnScale,
      });
    }
  }

  render() {
    const layers = this.layers,
      temp = this.temperature;
    if (!layers || !temp) return nothing;
    const rope = Array.from(layers).filter((v) => v === 1).length;
    const series: Series[] = [{ label: this.t(T.temperature), x: this.positions, y: temp, color: 'accent' }];
    return html`<p class="caption">${fill(this.caption, { rope, nope: layers.length - rope, layers: layers.length })}</p>
      <div class="map" id="since-layers-map" role="list">
        ${Array.from(layers, (v, i) => html`<span role="listitem" class=${v ? 'rope' : 'nope'} title=${fill(this.t(T.block), { l: i })}>${v ? this.t(T.rope) : this.t(T.nope)}</span>`)}
      </div>
      <posenc-plot
        id="since-layers-temperature"
        .series=${series}
        caption=${fill(this.temperatureCaption, { F: fmt(this.floorScale, 0) })}
        xLabel=${this.t(T.position)}
        yLabel=${this.t(T.temperature)}
        digits="4"
        height="200"
      ></posenc-plot>`;
  }
}
