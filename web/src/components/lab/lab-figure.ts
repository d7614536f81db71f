/**
 * What the lab chapter's figures share: the base class (reads the session's run of a task and
 * re-renders when it changes), the names of encodings, tasks and tokens in both languages, and one
 * colour per encoding so every figure of the chapter agrees.
 */
import { type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import { PALETTE } from '../figure/figure.styles.js';
import { l, type L10n } from '../shared/i18n.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import type { LabEncoding } from '../../lib/lab/info.generated.js';
import { ENCODINGS, session, type LabRunData, type SavedLab } from './lab-store.js';
import { ENCODING_NAMES } from './lab-names.js';

export { ENCODINGS, session };
export { ENCODING_NAMES, TASK_NAMES } from './lab-names.js';

export const STRETCH_NAMES: Record<string, L10n> = {
  none: l('RoPE（不拉伸）', 'RoPE (not stretched)'),
  pi: l('RoPE + PI', 'RoPE + PI'),
  ntk: l('RoPE + NTK', 'RoPE + NTK'),
  yarn: l('RoPE + YaRN', 'RoPE + YaRN'),
};

export const ENCODING_COLORS: Record<string, string> = Object.fromEntries(ENCODINGS.map((e, i) => [e, PALETTE[i % PALETTE.length]]));
/** The second round of the palette is drawn dashed, so twelve encodings stay apart with six colours. */
export const ENCODING_DASHED: Record<string, boolean> = Object.fromEntries(ENCODINGS.map((e, i) => [e, i >= PALETTE.length]));

/** The encodings as a chapter's choices (a control or a predict-then-reveal question). */
export const ENCODING_CHOICES: readonly { value: LabEncoding; label: L10n }[] = ENCODINGS.map((e) => ({
  value: e,
  label: ENCODING_NAMES[e],
}));

const SUB = '₀₁₂₃₄₅₆₇₈₉';

/** A token id as the page shows it: ⟨bos⟩, ⟨sep⟩, a … p, K₀ … K₃₁ (docs/LAB.md, "Tasks"). */
export function tokenLabel(id: number, lang: 'zh' | 'en'): string {
  if (id === 0) return lang === 'zh' ? '⟨始⟩' : '⟨bos⟩';
  if (id === 1) return lang === 'zh' ? '⟨隔⟩' : '⟨sep⟩';
  if (id >= 2 && id < 18) return String.fromCharCode(97 + id - 2);
  if (id >= 18 && id < 50) return 'K' + String(id - 18).replace(/\d/g, (d) => SUB[Number(d)]);
  return '?';
}

/**
 * A figure of the lab chapter: `task` and `saved` (the reference run, as data) come from the
 * chapter; the run it shows is the reader's latest for the task, else the saved one.
 */
export abstract class LabFigure extends VisibleFigure {
  @property() task = 'recall';
  @property({ attribute: false }) saved?: SavedLab;

  /** Counts the session's changes: a reactive input, so one made out of sight is kept (VisibleFigure). */
  @state() private sessionChanges = 0;

  #onChange = () => this.sessionChanges++;

  connectedCallback(): void {
    super.connectedCallback();
    session.addEventListener('change', this.#onChange);
  }

  disconnectedCallback(): void {
    session.removeEventListener('change', this.#onChange);
    super.disconnectedCallback();
  }

  protected willUpdate(changed: PropertyValues): void {
    if (changed.has('saved')) session.setSaved(this.saved);
  }

  protected get run(): LabRunData | undefined {
    return session.current(this.task);
  }

  protected encodingName(e: string): string {
    return this.t(ENCODING_NAMES[e as LabEncoding] ?? l(e, e));
  }

  /**
   * "at step N of M" for a model of the reader's run still training (its numbers are from the
   * weights at that checkpoint), else ''.
   */
  protected atStep(run: LabRunData, encoding: string): string {
    const e = run.encodings[encoding];
    if (!e || e.state === 'done' || e.checkpoint === undefined) return '';
    return this.t(l(`训练中，第 ${e.checkpoint} 步（共 ${run.steps} 步）`, `in training, at step ${e.checkpoint} of ${run.steps}`));
  }

  /** "saved run (seeds 1–3, 3000 steps)" or "your run (seed s, n steps)", in the reader's language. */
  protected runLabel(run: LabRunData): string {
    const seeds = run.seeds.length > 1 ? `${run.seeds[0]}–${run.seeds[run.seeds.length - 1]}` : String(run.seeds[0]);
    return run.source === 'saved'
      ? this.t(
          l(
            `保存的参考运行（种子 ${seeds} 的平均，每个模型 ${run.steps} 步）`,
            `the saved reference run (mean of seeds ${seeds}, ${run.steps} steps per model)`,
          ),
        )
      : this.t(l(`你的运行（种子 ${seeds}，每个模型 ${run.steps} 步）`, `your run (seed ${seeds}, ${run.steps} steps per model)`));
  }
}
