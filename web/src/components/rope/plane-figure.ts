/**
 * The inputs every plane figure shares (posenc-rope-plane, -complex, -shifted-pairs, -gap-curve):
 * q and k in one plane, |q|'s scale, the angle per step and the two positions. The core measures
 * them (analysis.ropePlane) whenever one of them, or one of the figure's own `extraKeys`, changes.
 */
import { type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { RopePlane } from '../../lib/internal-types.js';
import { VisibleFigure } from '../shared/visible-figure.js';

const INPUTS = ['qx', 'qy', 'kx', 'ky', 'qScale', 'theta', 'm', 'n'];

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

  /** The figure's own inputs that also call for a new measurement. */
  protected extraKeys: string[] = [];

  /** The shared inputs as ropePlane options (a figure adds its own: sameGap, offsets). */
  protected planeInputs() {
    return { q: [this.qx, this.qy], k: [this.kx, this.ky], qScale: this.qScale, m: this.m, n: this.n, thetaDeg: this.theta };
  }

  /** One measurement by default; a figure that needs more overrides this. */
  protected measure(): void {
    this.p = this.pe.analysis.ropePlane(this.planeInputs());
  }

  protected willUpdate(changed: PropertyValues) {
    if (this.changedAny(changed, ...INPUTS, ...this.extraKeys)) this.measure();
  }
}
