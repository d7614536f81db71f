import { css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';
import { cache } from 'lit/directives/cache.js';

import type { HeatmapAnnotation } from '../heatmap/heatmap-view.js';
import { fill } from '../shared/figure.js';
import { fmt, fmtSig } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { figureHost, tokens } from '../shared/theme.js';
import { LabFigure, tokenLabel } from './lab-figure.js';
import { headMaps, sourceMarks } from './lab-heads.js';

const T = {
  trained: l('训练长度', 'training length'),
  noRow: l(
    '可学习表没有这些位置的行：这个长度下模型无法运行，也就没有注意力图。',
    'The learned table has no rows for these positions: at this length the model cannot run, so there is no attention map.',
  ),
  untrained: l('先训练这个任务，才能看到注意力图。', 'Train this task to see its attention maps.'),
  unseen: l('训练中没见过的位置', 'positions never seen in training'),
  slopeLine: l('偏置 −1：斜率 1/{inv}', 'bias −1: slope 1/{inv}'),
  slopeNear: l(
    '头 {head}：斜率 m = 1/{inv}。往前 {inv} 个位置的键，分数被减去 1（权重乘以 0.37，虚线）。',
    'Head {head}: slope m = 1/{inv}. A key {inv} positions back has its score lowered by 1 (its weight times 0.37, the dashed line).',
  ),
  slopeFar: l(
    '头 {head}：斜率 m = 1/{inv}。在这 {n} 个词元里偏置最多是 {bias}（权重乘以 {factor}）{flat}。',
    'Head {head}: slope m = 1/{inv}. Over these {n} tokens its bias is at most {bias} (a weight times {factor}){flat}.',
  ),
  flat: l('：几乎不偏向近处的键', ': almost no pull toward near keys'),
  slopeWhy: l(
    'ALiBi 在每个头的分数上加 −m·(i − j)，斜率固定，不随训练改变。它在训练长度以外照样起作用，但只有 {heads} 个头时，斜率只有这 {heads} 种。',
    "ALiBi adds −m·(i − j) to each head's scores, with fixed slopes that training never changes. It acts the same past the training length, but with {heads} heads these are its only {heads} slopes.",
  ),
  training: l(
    '这个模型{step}：下面是它此刻的注意力，训练结束前会随之更新。',
    'This model is {step}: below is its attention now, redrawn as it learns.',
  ),
};

/**
 * The attention weights of one trained model on the task's example input, one heatmap per head of
 * the chosen layer, at the training length and at twice it, on one shared colour scale (0 … 1).
 * The training length is outlined on the longer input, so the reader sees whether the pattern the
 * model learned survives past it. Weights come from the core (model.attention, saved or computed in
 * a worker); this figure only slices the [layers, heads, n, n] array into per-head matrices. On
 * every scored query row the key holding its answer (the core's analysis.taskSources: where a model
 * that solves the task should look) is outlined, so the reader sees whether the weight lands there.
 */
export class PosencLabAttention extends LabFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .grid {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 17rem), 1fr));
        gap: 0.6rem 1rem;
      }
      h4 {
        font-size: 0.95rem;
        margin: 0.6rem 0 0.2rem;
      }
      .note {
        font-size: 0.85rem;
        color: var(--_muted);
      }
    `,
  ];

  @property() encoding = 'rope';
  /** Which block's attention (0-based); the last block by default (−1). */
  @property({ type: Number }) layer = -1;
  /** Heading of each input length; {n}, {ratio}, {encoding} filled in. */
  @property() heading = '';

  /**
   * ALiBi's slopes (the core's alibiSlopes(H), as the lab's network uses them: docs/LAB.md) as marks:
   * per head, the line where the bias alone lowers a score by 1 (i − j = 1/m), when it falls inside
   * the n × n map, and a sentence per head with the most the bias does over n tokens.
   */
  private alibi(heads: number, n: number): { lines: HeatmapAnnotation[][]; sentences: string[] } {
    const slopes = Array.from(this.pe.alibiSlopes(heads));
    const lines = slopes.map((m): HeatmapAnnotation[] => {
      const d = 1 / m;
      if (d > n - 1) return [];
      return [
        {
          kind: 'path',
          points: [
            [d, 0],
            [n - 1, n - 1 - d],
          ],
          label: fill(this.t(T.slopeLine), { inv: fmtSig(d, 4) }),
          color: 'fg',
        },
      ];
    });
    const sentences = slopes.map((m, h) => {
      const d = 1 / m,
        bias = -m * (n - 1);
      return d <= n - 1
        ? fill(this.t(T.slopeNear), { head: h + 1, inv: fmtSig(d, 4) })
        : fill(this.t(T.slopeFar), {
            head: h + 1,
            inv: fmtSig(d, 4),
            n,
            bias: fmt(bias, 2),
            factor: fmt(Math.exp(bias), 2),
            // said only where it holds: a weight kept at 80 % or more at the farthest key
            flat: Math.exp(bias) >= 0.8 ? this.t(T.flat) : '',
          });
    });
    return { lines, sentences };
  }

  /** Per query position, the key holding its answer (−1: not scored); none when the core refuses the input. */
  private sources(task: string, input: { tokens: ArrayLike<number>; targets: ArrayLike<number> }): number[] {
    try {
      return Array.from(this.pe.analysis.taskSources({ task, tokens: Array.from(input.tokens), targets: Array.from(input.targets) }));
    } catch {
      return [];
    }
  }

  render() {
    const run = this.run;
    const model = run?.encodings[this.encoding];
    if (!run || !run.inputs || !model?.attention) return html`<p class="note">${this.t(T.untrained)}</p>`;
    const layers = run.layers;
    const heads = run.heads;
    const layer = this.layer < 0 || this.layer >= layers ? layers - 1 : this.layer;
    const lang = this.lang;
    const lengths = Object.keys(run.inputs)
      .map(Number)
      .sort((a, b) => a - b);
    const atStep = this.atStep(run, this.encoding);
    const alibi = this.encoding === 'alibi' ? this.alibi(heads, lengths[lengths.length - 1] ?? 0) : undefined;
    return html`${
      atStep
        ? html`<p class="note" id="lab-attention-progress" data-step=${model.checkpoint ?? ''} data-steps=${run.steps}>
            ${fill(this.t(T.training), { step: atStep })}
          </p>`
        : nothing
    }${lengths.map((n) => {
      const maps = model.attention![n];
      const labels = run.inputs![n].tokens.map((tok, i) => `${i} ${tokenLabel(tok, lang)}`);
      const L = run.trainLength;
      const annotations: HeatmapAnnotation[] =
        n > L
          ? [
              { kind: 'rect', row0: 0, col0: 0, row1: L - 1, col1: L - 1, label: this.t(T.trained), color: 'good' },
              // the reason a pattern may break: queries past L sit at positions training never showed
              { kind: 'rect', row0: L, col0: 0, row1: n - 1, col1: n - 1, label: this.t(T.unseen), color: 'warn' },
            ]
          : [];
      const sources = this.sources(run.task, run.inputs![n]);
      annotations.push(...sourceMarks(sources, (x) => this.t(x)));
      return html`<h4>${fill(this.heading, { n, ratio: n / L, encoding: this.encodingName(this.encoding) })}</h4>
        ${
          // cache: a model without rows at this length (the learned table) swaps the grid for a
          // note; switching back re-attaches the same heatmaps instead of building them again
          // (creating them cost 6-9 ms of the step that chose the next model).
          cache(
            maps
              ? html`<div class="grid" id=${`lab-attention-${n}`} data-source=${run.source} data-step=${model.state === 'done' ? 'done' : (model.checkpoint ?? '')} data-sources=${sources.join(' ')}>
                ${headMaps({
                  attention: maps,
                  layer,
                  heads,
                  n,
                  labels,
                  t: (x) => this.t(x),
                  marks: (h) => (this.encoding === 'alibi' ? [...annotations, ...this.alibi(heads, n).lines[h]] : annotations),
                })}
              </div>`
              : html`<p class="note" id=${`lab-attention-${n}`}>${this.t(T.noRow)}</p>`,
          )
        }`;
    })}${
      alibi
        ? html`<p class="note" id="lab-attention-slopes" data-slopes=${Array.from(this.pe.alibiSlopes(heads)).join(' ')}>
            ${alibi.sentences.join(' ')} ${fill(this.t(T.slopeWhy), { heads })}
          </p>`
        : nothing
    }`;
  }
}
