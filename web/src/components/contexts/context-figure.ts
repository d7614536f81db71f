/**
 * The inputs every figure of the "Longer contexts" chapter shares (head dimension, base, training
 * length L, target length L′ and the scalings' own parameters) and the core's reading of them,
 * recomputed only when one of them changes.
 */
import type { PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';

import type { ContextFrequencies, ContextKind, ContextScaling } from '../../lib/internal-types.js';
import { l, type L10n } from '../shared/i18n.js';
import { VisibleFigure } from '../shared/visible-figure.js';

export const CONTEXT_INPUTS = ['dim', 'base', 'ltrain', 'ltarget', 'betaFast', 'betaSlow', 'lowFF', 'highFF'] as const;

/** Names of the scalings as the figures print them (legends). */
export const KIND_NAMES: Record<ContextKind, L10n> = {
  linear: l('线性（位置插值）', 'linear (Position Interpolation)'),
  dynamic: l('动态 NTK', 'dynamic NTK'),
  yarn: l('YaRN', 'YaRN'),
  llama3: l('Llama 3', 'Llama 3'),
};

/**
 * The last reading of the core, shared: the chapter's six figures receive the same parameters in
 * the same update, and the first one to ask computes for all of them.
 */
let last: { key: string; f: ContextFrequencies } | undefined;

export abstract class ContextFigure extends VisibleFigure {
  @property({ type: Number }) dim = 128;
  @property({ type: Number }) base = 10000;
  @property({ type: Number }) ltrain = 4096;
  @property({ type: Number }) ltarget = 32768;
  @property({ type: Number }) betaFast = 32;
  @property({ type: Number }) betaSlow = 1;
  @property({ type: Number }) lowFF = 1;
  @property({ type: Number }) highFF = 4;

  protected f?: ContextFrequencies;

  /** Recomputes the frequencies when an input changed; true if it did. */
  protected updateFrequencies(changed: PropertyValues): boolean {
    if (this.f && !this.changedAny(changed, ...CONTEXT_INPUTS)) return false;
    const key = CONTEXT_INPUTS.map((k) => this[k]).join('|');
    if (last?.key !== key) {
      last = {
        key,
        f: this.pe.analysis.contextFrequencies({
          dim: this.dim,
          base: this.base,
          trainLength: this.ltrain,
          targetLength: this.ltarget,
          betaFast: this.betaFast,
          betaSlow: this.betaSlow,
          lowFreqFactor: this.lowFF,
          highFreqFactor: this.highFF,
        }),
      };
    }
    this.f = last.f;
    return true;
  }

  protected scaling(kind: string): ContextScaling | undefined {
    return this.f?.scalings.find((s) => s.kind === kind);
  }

  /** The pair indices 0 … d/2 − 1 (an axis). */
  protected pairAxis(): number[] {
    return Array.from({ length: this.f?.invFreq.length ?? 0 }, (_, i) => i);
  }
}
