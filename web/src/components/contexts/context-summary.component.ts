import { css, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';

import type { ContextKind } from '../../lib/internal-types.js';
import { fill } from '../shared/figure.js';
import { fmt, fmtSig } from '../shared/format.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import { ContextFigure, KIND_NAMES } from './context-figure.js';

/**
 * The chapter's verdict in a few plain sentences, from the slowdowns the core computed for the
 * figures above (analysis.contextFrequencies): which scalings stretch even the fastest pair's
 * wavelength (neighbouring positions end up closer), which keep it and stretch the slow pairs,
 * which change nothing at these settings; how many pairs still reach unseen angles under dynamic NTK;
 * then ALiBi, which has no angles to scale.
 */

const KINDS: ContextKind[] = ['linear', 'dynamic', 'yarn', 'llama3'];
/** A slowdown above this counts as a change (the same threshold as the verdicts' "closer"). */
const CHANGED = 1.01;

type Group = 'closer' | 'kept' | 'idle';

export class PosencContextSummary extends ContextFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      p {
        max-width: 46rem;
        margin: 0;
        padding: 0.6rem 0.9rem;
        border-left: 4px solid var(--_good);
        background: var(--_panel);
      }
    `,
  ];

  /** {s} is filled in. */
  @property() head = '';
  /** The scalings that slow down even the fastest pair; {list} of `fastItem`. */
  @property() closerGroup = '';
  /** The ones that keep the fastest pair and stretch the slow ones; {list} of `slowItem`. */
  @property() keptGroup = '';
  /** The ones that change no pair at these settings; {list} of names. */
  @property() idleGroup = '';
  /** {name} and {x}, the fastest pair's slowdown. */
  @property() fastItem = '';
  /** {name} and {x}, the slowest pair's slowdown. */
  @property() slowItem = '';
  /**
   * How many pairs still reach angles training never showed once dynamic NTK has stretched them:
   * {unseen} of {pairs}, and {before} without scaling; `ntkNone` when no pair does; `allSeen` when
   * every pair turns a full circle within L, so that no scaling has any angle to bring back.
   */
  @property() ntk = '';
  @property() ntkNone = '';
  @property() allSeen = '';
  @property() alibi = '';
  /** When L′ ≤ L: nothing to scale. */
  @property() nothingToDo = '';

  protected willUpdate(changed: PropertyValues) {
    this.updateFrequencies(changed);
  }

  /** Items joined as the reader's language joins a list ("A, B and C", "A、B和C"). */
  private list(items: TemplateResult[]): TemplateResult[] {
    const parts = new Intl.ListFormat(this.lang === 'zh' ? 'zh' : 'en', { type: 'conjunction' }).formatToParts(
      items.map((_, i) => String(i)),
    );
    return parts.map((p) => (p.type === 'element' ? items[Number(p.value)] : html`${p.value}`));
  }

  private sentence(template: string, items: TemplateResult[]): TemplateResult[] {
    if (!items.length) return [];
    const [before, after = ''] = template.split('{list}');
    return [html`${rich(before)}${this.list(items)}${rich(after)}`];
  }

  render() {
    const f = this.f;
    if (!f) return nothing;
    // Chinese sentences follow each other without a space
    const gap = this.lang === 'zh' ? '' : ' ';
    const joined = (sentences: TemplateResult[]) => sentences.map((x, i) => (i ? html`${gap}${x}` : x));
    // One <p> whatever the settings: a figure out of sight catches up when scrolled to, and a
    // paragraph swapped for another then would vanish from under a reader's (or a test's) pointer.
    const p = (none: boolean, sentences: TemplateResult[]) =>
      html`<p id="context-summary" data-claim="context-summary" ?data-none=${none} data-s=${f.factor}>${joined(sentences)}</p>`;
    if (!f.needsScaling) return p(true, [rich(this.nothingToDo), rich(this.alibi)]);
    const groups: Record<Group, TemplateResult[]> = { closer: [], kept: [], idle: [] };
    for (const k of KINDS) {
      const s = this.scaling(k);
      if (!s || s.error) continue;
      const fast = s.slowdown[0],
        slow = s.slowdown[s.slowdown.length - 1];
      const group: Group = fast > CHANGED ? 'closer' : slow > CHANGED ? 'kept' : 'idle';
      const name = this.t(KIND_NAMES[k]);
      const words =
        group === 'idle'
          ? name
          : fill(group === 'closer' ? this.fastItem : this.slowItem, { name, x: fmtSig(group === 'closer' ? fast : slow, 3) });
      groups[group].push(html`<span data-kind=${k} data-group=${group} data-fast=${fast} data-slow=${slow}>${words}</span>`);
    }
    // NTK keeps the fastest pair and slows pair i by s^(2i/(d−2)): only the slowest by the full s,
    // so the slow pairs short of it may still pass the angles training reached. The count is the
    // core's, the one the verdicts list shows for dynamic NTK.
    const ntk = this.scaling('dynamic');
    const pairs = f.invFreq.length;
    const ntkSentence =
      ntk && !ntk.error && this.ntk
        ? [
            html`<span id="context-summary-ntk" data-ntk-unseen=${ntk.unseenAfter} data-unseen=${f.unseen} data-pairs=${pairs}
              >${rich(fill(f.unseen === 0 ? this.allSeen : ntk.unseenAfter ? this.ntk : this.ntkNone, { unseen: ntk.unseenAfter, pairs, before: f.unseen }))}</span
            >`,
          ]
        : [];
    const sentences = [
      rich(fill(this.head, { s: fmt(f.factor, 3) })),
      ...this.sentence(this.closerGroup, groups.closer),
      ...this.sentence(this.keptGroup, groups.kept),
      ...this.sentence(this.idleGroup, groups.idle),
      ...ntkSentence,
      rich(this.alibi),
    ];
    return p(false, sentences);
  }
}
