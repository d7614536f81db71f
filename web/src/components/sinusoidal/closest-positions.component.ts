import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import { grouped } from '../shared/format-sci.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';

/**
 * The two closest distinct positions among 0 … count−1 and their distance, found by the core
 * (every offset scanned: the distance depends on the offset only).
 */
export class PosencClosestPositions extends VisibleFigure {
  static styles = [tokens, figureHost];

  @property({ type: Number }) dim = 8;
  @property({ type: Number }) base = 10000;
  @property({ type: Number }) count = 1000;
  /** {last} {a} {b} {dist} {d} filled. */
  @property() sentence = '';

  @state() private r?: { a: number; b: number; distance: number };

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'dim', 'base', 'count')) return;
    this.r = this.pe.analysis.closestPositions({ dim: this.dim, base: this.base, count: this.count });
  }

  render() {
    const r = this.r;
    if (!r) return nothing;
    const values = { last: grouped(this.count - 1), a: r.a, b: grouped(r.b), dist: fmt(r.distance, 4), d: this.dim };
    return html`<p id="closest" data-a=${r.a} data-b=${r.b} data-distance=${r.distance}>${rich(fill(this.sentence, values))}</p>`;
  }
}
