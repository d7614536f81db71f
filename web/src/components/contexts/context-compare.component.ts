import { html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';

import type { ContextKind } from '../../lib/internal-types.js';
import { l } from '../shared/i18n.js';
import { ContextFigure, KIND_NAMES } from './context-figure.js';
import './range-plot.js';
import type { Marker, RangeSeries, Region } from './range-plot.js';

/**
 * Wavelengths before and after two scalings, against the two lengths (shorter than L: a full turn
 * within training; longer: not). Position Interpolation stretches every wavelength by s; the others
 * stretch mainly the long ones, so that the angles met up to L′ are ones training saw up to L.
 */
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
    const series: RangeSeries[] = [{ label: this.plainLabel, x: idx, y: f.wavelength, dash: true, color: 'var(--_muted)' }];
    for (const [tag, kind, color] of [['A', this.kindA, 'var(--_accent)'], ['B', this.kindB, 'var(--_accent-2)']] as const) {
      const s = this.scaling(kind);
      if (s && !s.error) series.push({ label: `${tag}: ${this.t(KIND_NAMES[kind])}`, x: idx, y: s.wavelength, color });
    }
    const regions: Region[] = [
      { from: 0, to: this.ltrain, label: this.trainRegion, tone: 'train', axis: 'y' },
      { from: this.ltrain, to: Infinity, label: this.extraRegion, tone: 'extra', axis: 'y' },
    ];
    const markers: Marker[] = [
      { y: this.ltrain, label: `L = ${this.ltrain}`, tone: 'train' },
      { y: this.ltarget, label: `L′ = ${this.ltarget}`, tone: 'extra' },
    ];
    return html`<posenc-range-plot
      id="compare"
      .series=${series}
      .regions=${regions}
      .markers=${markers}
      logY
      caption=${this.caption}
      xLabel=${this.t(l('维度对 i', 'pair i'))}
      yLabel=${this.t(l('波长 2π/θ′ᵢ（位置数）', 'wavelength 2π/θ′ᵢ (positions)'))}
    ></posenc-range-plot>`;
  }
}
