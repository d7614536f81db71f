import type { PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Matrix } from '../../lib/types.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { figureHost, tokens } from '../shared/theme.js';

/**
 * A figure drawn from the sinusoidal table PE[pos, dimension] (float32, the SIMD kernel) and each
 * pair's wavelength: the inputs and the core's numbers in one place, the drawing in the subclass.
 */
export abstract class SinusoidalTableFigure extends VisibleFigure {
  static styles = [tokens, figureHost];

  @property({ type: Number }) positions = 128;
  @property({ type: Number }) dim = 64;
  @property({ type: Number }) base = 10000;
  @property() caption = '';

  @state() protected m?: Matrix<Float32Array>;
  @state() protected waves?: Float64Array;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'positions', 'dim', 'base')) return;
    this.m = this.pe.sinusoidal({ positions: this.positions, dim: this.dim, base: this.base });
    this.waves = this.pe.analysis.wavelengths({ dim: this.dim, base: this.base });
  }
}
