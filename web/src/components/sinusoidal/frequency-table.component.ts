import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import '../table/table.js';
import type { TableData } from '../table/table.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmtSig } from '../shared/format.js';
import { sci } from '../shared/format-sci.js';
import { figureHost, tokens } from '../shared/theme.js';

/** The frequency ωᵢ and the wavelength 2π/ωᵢ of every pair, from the core. */
const sig = (v: number) => (v >= 1e-4 && v < 1e6 ? fmtSig(v, 4) : sci(v, 4));

export class PosencFrequencyTable extends VisibleFigure {
  static styles = [tokens, figureHost];

  @property({ type: Number }) dim = 8;
  @property({ type: Number }) base = 10000;
  @property() caption = '';

  @state() private inv?: Float64Array;
  @state() private waves?: Float64Array;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'dim', 'base')) return;
    this.inv = this.pe.inverseFrequencies({ dim: this.dim, base: this.base }).invFreq;
    this.waves = this.pe.analysis.wavelengths({ dim: this.dim, base: this.base });
  }

  render() {
    if (!this.inv || !this.waves) return nothing;
    const data: TableData = {
      caption: this.caption,
      columns: ['i', ...Array.from(this.inv, (_, i) => String(i))],
      rows: [
        { head: 'ωᵢ', cells: Array.from(this.inv, (w) => sig(w)) },
        { head: '2π/ωᵢ', cells: Array.from(this.waves, (w) => sig(w)) },
      ],
    };
    return html`<posenc-table id="freq" .data=${data}></posenc-table>`;
  }
}
