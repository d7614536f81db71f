import { css, html, nothing, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';

import type { ContextFrequencies, ContextKind } from '../../lib/internal-types.js';
import { fill } from '../shared/figure.js';
import { fmtSig } from '../shared/format.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import { ContextFigure, KIND_NAMES } from './context-figure.js';

/**
 * Each scaling in plain words, from the core's two numbers for it (analysis.contextFrequencies):
 * how many pairs still reach, by L′, an angle training never showed, and how many times closer
 * neighbouring positions are on the fastest pair. Without scaling first, as the baseline.
 *
 * @fires posenc-answer - which scalings bring neighbours closer: 'linear' (Position Interpolation
 *   alone), 'all', 'none', or 'some' (another mix)
 */

const KINDS: ContextKind[] = ['linear', 'dynamic', 'yarn', 'llama3'];
/** Closer than this factor counts as "neighbours brought closer" (1 is exactly as in training). */
const CLOSER = 1.01;

export class PosencContextVerdicts extends ContextFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      ul {
        max-width: 46rem;
        padding-left: 1.2rem;
      }
      li {
        margin: 0.3rem 0;
      }
      .caption {
        color: var(--_muted);
        font-size: 0.9rem;
      }
    `,
  ];

  @property() caption = '';
  /** Without scaling: {unseen} {pairs}. */
  @property() baseline = '';
  /** Each scaling: {name}, then `seenAll` or `seenSome` ({unseen}), then `kept` or `closer` ({fast}). */
  @property() line = '';
  @property() seenAll = '';
  @property() seenSome = '';
  @property() kept = '';
  @property() closer = '';
  /** When L′ ≤ L: nothing to scale. */
  @property() nothingToDo = '';

  protected willUpdate(changed: PropertyValues) {
    this.updateFrequencies(changed);
  }

  private answer(): string | undefined {
    const f = this.f;
    if (!f) return undefined;
    const closer = KINDS.filter((k) => (this.scaling(k)?.fastestSlowdown ?? 1) > CLOSER);
    return closer.length === 0
      ? 'none'
      : closer.length === KINDS.length
        ? 'all'
        : closer.length === 1 && closer[0] === 'linear'
          ? 'linear'
          : 'some';
  }

  protected updated(changed: PropertyValues) {
    if (this.f && this.changedAny(changed, 'dim', 'base', 'ltrain', 'ltarget', 'betaFast', 'betaSlow', 'lowFF', 'highFF')) {
      const a = this.answer();
      if (a) this.emitAnswer(a);
    }
  }

  render() {
    const f = this.f;
    if (!f) return nothing;
    // One claim element whatever the settings (one template, so Lit keeps it): a list swapped for
    // a paragraph while the fuzz (or a reader) scrolled to it vanished from under the pointer.
    const none = !f.needsScaling;
    return html`<div id="context-verdicts" data-claim="context-verdicts" ?data-none=${none}>
      ${none ? html`<p>${rich(this.nothingToDo)}</p>` : this.list(f)}
    </div>`;
  }

  private list(f: ContextFrequencies) {
    const pairs = f.invFreq.length;
    return html`${this.caption ? html`<div class="caption">${this.caption}</div>` : nothing}
      <ul>
        <li data-kind="none" data-unseen=${f.unseen}>${rich(fill(this.baseline, { unseen: f.unseen, pairs }))}</li>
        ${KINDS.map((k) => {
          const s = this.scaling(k);
          if (!s || s.error) return nothing;
          const seen = s.unseenAfter === 0 ? this.seenAll : fill(this.seenSome, { unseen: s.unseenAfter, pairs });
          const fast = s.fastestSlowdown > CLOSER ? fill(this.closer, { fast: fmtSig(s.fastestSlowdown, 3) }) : this.kept;
          return html`<li data-kind=${k} data-unseen=${s.unseenAfter} data-fast=${s.fastestSlowdown}>
            ${rich(fill(this.line, { name: this.t(KIND_NAMES[k]), seen, fast }))}
          </li>`;
        })}
      </ul>`;
  }
}
