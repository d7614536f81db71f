/**
 * The inputs both plane figures (posenc-rope-plane, posenc-rope-complex) share: q and k in one
 * plane, |q|'s scale, the angle per step and the two positions, measured once by the core
 * (analysis.ropePlane) whenever one of them changes.
 */
import { type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { RopePlane } from '../../lib/internal-types.js';
import { VisibleFigure } from '../shared/visible-figure.js';

export abstract class PlaneFigure extends VisibleFigure {
  @property({ type: Number }) qx = 1;
  @property({ type: Number }) qy = 0.5;
  @property({ type: Number }) kx = 0.8;
  @property({ type: Number }) ky = -0.4;
  /** |q| is multiplied by this (position multiplies the score; it does not add to it). */
  @property({ type: Number }) qScale = 1;
  /** Angle per step, degrees. */
  @property({ type: Number }) theta = 30;
  @property({ type: Number }) m = 2;
  @property({ type: Number }) n = 5;

  @state() protected p?: RopePlane;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'qx', 'qy', 'kx', 'ky', 'qScale', 'theta', 'm', 'n')) return;
    this.p = this.pe.analysis.ropePlane({
      q: [this.qx, this.qy],
      k: [this.kx, this.ky],
      qScale: this.qScale,
      m: this.m,
      n: this.n,
      thetaDeg: this.theta,
    });
  }
}
