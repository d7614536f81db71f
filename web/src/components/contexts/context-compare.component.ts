import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';

import type { ContextKind } from '../../lib/internal-types.js';
import { l } from '../shared/i18n.js';
import { ContextFigure, KIND_NAMES } from './context-figure.js';
import '../plot/plot.js';
import type { PlotAnnotation, Series } from '../plot/plot.js';

/**
 * Wavelengths before and after two scalings, against the two lengths (shorter than L: a full turn
 * within training; longer: not). Position Interpolation stretches every wavelength by s; the others
 * stretch mainly the long ones, so that the angles met up to L′ are ones training saw up to L.
 */

/** The words of this figure, zh and en. */
const T = {
  pairI: l('维度对 i', 'pair i'),
  wavelength2: l('波长 2π/θ′ᵢ', 'wavelength 2π/θ′ᵢ'),
  positions: l('个位置', 'positions'),
};

export class PosencContextCompare extends ContextFigure {
  @property() kindA: ContextKind = 'yarn';
  @property() kindB: ContextKind = 'linear';
  @property() caption = '';
  @property() plainLabel = '';
  @property() trainRegion = '';
  @property() extraRegion = '';

  protected willUpdate(changed: PropertyValues) {
    this.updateFrequencies(changed);
  }

  render() {
    const f = this.f;
    if (!f) return nothing;
    const idx = this.pairAxis();
    const series: Series[] = [{ label: this.plainLabel, x: idx, y: f.wavelength, dash: true, color: 'muted' }];
    for (const [tag, kind, color] of [
      ['A', this.kindA, 'accent'],
      ['B', this.kindB, 'accent2'],
    ] as const) {
      const s = this.scaling(kind);
      if (s && !s.error) series.push({ label: `${tag}: ${this.t(KIND_NAMES[kind])}`, x: idx, y: s.wavelength, color });
    }
    let top = this.ltarget;
    for (const s of series) top = Math.max(top, s.y[s.y.length - 1]);
    // The wavelengths rise to the right: the lines' labels go at the left end, where the curves are
    // low, and the bands are named in the legend (on a phone they covered the curves and each other).
    const annotations: PlotAnnotation[] = [
      { kind: 'y-range', from: 1, to: this.ltrain, label: this.trainRegion, color: 'good', legend: true },
      { kind: 'y-range', from: this.ltrain, to: top * 3, label: this.extraRegion, color: 'warn', legend: true },
      { kind: 'y', at: this.ltrain, label: `L = ${this.ltrain}`, color: 'good', labelAt: 'left' },
      { kind: 'y', at: this.ltarget, label: `L′ = ${this.ltarget}`, color: 'warn', labelAt: 'left' },
    ];
    return html`<posenc-plot
      id="compare"
      .series=${series}
      .annotations=${annotations}
      .yRange=${[2, top * 3] as [number, number]}
      y-scale="log"
      caption=${this.caption}
      xLabel=${this.t(T.pairI)}
      yLabel=${this.t(T.wavelength2)}
      y-unit=${this.t(T.positions)}
    ></posenc-plot>`;
  }
}
