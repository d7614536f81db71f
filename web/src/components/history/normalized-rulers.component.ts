import { css, html, nothing, type PropertyValues, svg } from 'lit';
import { property, state } from 'lit/decorators.js';

import '../table/table.js';
import type { TableData } from '../table/table.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';

interface Ruler {
  values: Float64Array;
  gap: number;
}

/**
 * [0, 1] labels pos/(n−1) for a sentence of n tokens and one of n+1 tokens, drawn as two rulers
 * over the same [0, 1] axis. The bracket between positions 0 and 1 shows the gap between
 * neighbours, which changes with the length; the values are also a table.
 */

/** The words of this figure, zh and en. */
const T = {
  tokens: l('个词', 'tokens'),
  valuesPosN: l('pos/(n−1) 的值', 'Values of pos/(n−1)'),
};

export class PosencNormalizedRulers extends VisibleFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      figure {
        margin: 0;
      }
      figcaption {
        font-size: 0.85rem;
        color: var(--_muted);
      }
      svg {
        width: 100%;
        max-width: 40rem;
        height: auto;
        display: block;
      }
      text {
        font-family: var(--_mono);
        font-size: 11px;
        fill: var(--_fg);
      }
      .muted {
        fill: var(--_muted);
      }
      .gap {
        fill: var(--_warn);
        font-weight: 600;
      }
    `,
  ];

  @property({ type: Number }) n = 3;
  @property() caption = '';
  /** Sentence; {n} {m} {gapN} {gapM} filled (m = n + 1). */
  @property() sentence = '';

  @state() private rulers: Ruler[] = [];

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'n')) return;
    this.rulers = this.pe.analysis.normalizedRulers([this.n, this.n + 1]);
  }

  render() {
    if (this.rulers.length < 2) return nothing;
    const W = 400,
      left = 64,
      right = 16,
      rowH = 62;
    const x = (v: number) => left + v * (W - left - right);
    const lengths = [this.n, this.n + 1];
    const H = rowH * 2 + 22;
    const tokensLabel = this.t(T.tokens);
    const table: TableData = {
      caption: this.t(T.valuesPosN),
      columns: ['pos', ...Array.from({ length: this.n + 1 }, (_, i) => String(i))],
      rows: this.rulers.map((r, k) => ({ head: `n = ${lengths[k]}`, cells: [...Array.from(r.values), ...(k === 0 ? [''] : [])] })),
      digits: 3,
    };
    return html`<figure>
        <figcaption>${this.caption}</figcaption>
        <svg viewBox=${`0 0 ${W} ${H}`} role="img" aria-label=${`${this.caption}: ${this.rulers.map((r, k) => `n = ${lengths[k]}: ${fmt(r.gap, 3)}`).join('; ')}`}>
          ${[0, 0.25, 0.5, 0.75, 1].map(
            (v) => svg`<line x1=${x(v)} x2=${x(v)} y1="8" y2=${H - 14} stroke-dasharray="2 3" style="stroke:var(--_line)"></line>
              <text class="muted" x=${x(v)} y=${H - 2} text-anchor="middle">${fmt(v, 2)}</text>`,
          )}
          ${this.rulers.map((r, k) => {
            const y = 14 + k * rowH + 26;
            return svg`<text x="2" y=${y + 4}>n = ${lengths[k]}</text>
              <line x1=${x(0)} x2=${x(1)} y1=${y} y2=${y} stroke-width="2" style="stroke:var(--_muted)"></line>
              ${Array.from(
                r.values,
                (v, i) => svg`<circle cx=${x(v)} cy=${y} r="5" style="fill:var(--_accent)"><title>pos ${i}: ${fmt(v, 4)}</title></circle>
                <text x=${x(v)} y=${y + 18} text-anchor="middle">${i}</text>`,
              )}
              <path d=${`M${x(r.values[0])},${y - 10} v-5 H${x(r.values[1])} v5`} fill="none" stroke-width="1.5" style="stroke:var(--_warn)"></path>
              <text class="gap" x=${x(r.values[1]) + 6} y=${y - 12}>${fmt(r.gap, 3)}</text>`;
          })}
        </svg>
        <p id="normalised-status">
          ${rich(fill(this.sentence, { n: this.n, m: this.n + 1, gapN: fmt(this.rulers[0].gap, 3), gapM: fmt(this.rulers[1].gap, 3), tokens: tokensLabel }))}
        </p>
      </figure>
      <posenc-table id="normalised" .data=${table}></posenc-table>`;
  }
}
