import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { DecodeBench, DecodeWork } from '../../lib/internal-types.js';
import '../plot/plot.js';
import type { Series } from '../plot/plot.js';
import '../table/table.js';
import type { TableData } from '../table/table.js';
import { fill, PosencFigure } from '../shared/figure.js';
import { onFirstSeen } from '../shared/first-seen.js';
import { fmt, fmtSig } from '../shared/format.js';
import { grouped } from '../shared/format-sci.js';
import { FrameJob } from '../shared/frame-job.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';

/**
 * What position costs one new token at inference, measured here (cpp/kernels/decode_kernel.hpp,
 * the SIMD build's plain export): for each way position enters the model, the work of one decoding
 * step with `length` keys in the cache, per layer, at several lengths, beside the attention dot
 * products it sits in. Each cell is the median of five timed runs of as many tokens as make a run
 * last about 4 ms (the browser's clock is coarse), one run per slice of a frame (FrameJob), so the
 * page keeps answering. Starts when it first comes into view.
 *
 * @fires posenc-answer - at the longest length: 'alibi' when ALiBi's bias costs more per token than
 *   RoPE's rotation, 'rope' when less, 'same' when within 20 % of each other
 */

/** The words of this figure, zh and en. */
const T = {
  again: l('再测一次', 'Measure again'),
  measuring: l('正在测量…', 'measuring…'),
  contextLength: l('缓存中的键数 L（上下文长度，对数轴）', 'keys in the cache L (context length, log axis)'),
  nsPerToken: l('每个新词、每层的时间（纳秒，对数轴）', 'time per new token and layer (ns, log axis)'),
  scheme: l('做法', 'work'),
  keys: l('个键', 'keys'),
};

/** The works measured, in the order drawn; names come from the chapter. */
const WORKS: DecodeWork[] = ['table', 'sinusoid', 'rope', 'alibi', 't5', 'attention'];
const COLORS: Record<DecodeWork, string> = {
  table: 'muted',
  sinusoid: 'var(--posenc-series-6, #0f8fa0)',
  rope: 'accent',
  alibi: 'warn',
  t5: 'var(--posenc-series-5, #8a5cd1)',
  attention: 'fg',
};

/** ns as people read them: 1.2, 73, 9598, 6 800 000. */
const ns = (v: number) => (!Number.isFinite(v) ? '…' : v >= 10000 ? grouped(Math.round(v)) : fmt(v, v < 10 ? 1 : 0));

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

export class PosencSpeedDecode extends PosencFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .bar {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 1rem;
        align-items: center;
      }
      button {
        font: inherit;
        padding: 0.25rem 0.8rem;
        border-radius: 4px;
        border: 1px solid var(--_accent);
        background: var(--_accent);
        color: var(--_bg);
        cursor: pointer;
      }
      button:disabled {
        opacity: 0.5;
        cursor: default;
      }
      .status {
        color: var(--_muted);
        font-size: 0.9rem;
      }
      p {
        max-width: 46rem;
      }
    `,
  ];

  @property({ type: Number }) heads = 8;
  @property({ type: Number }) headDim = 64;
  @property({ attribute: false }) lengths: number[] = [256, 1024, 4096, 8192];
  /** Each work's name, "table|sinusoid|rope|alibi|t5|attention" in that order. */
  @property() names = '';
  @property() caption = '';
  @property() tableCaption = '';
  /**
   * The sentence the numbers make true: `expected` (RoPE's cost flat over the lengths, both biases
   * growing at least 4× from the shortest to the longest), `noisy` otherwise; {L} {rope} {alibi}
   * {t5} {attention} {table} {L0} {rope0} {alibi0} {share} filled (ns; share = ALiBi over attention, %).
   */
  @property() expected = '';
  @property() noisy = '';

  @state() private ns?: Record<DecodeWork, number[]>;
  @state() private running = false;
  private job = new FrameJob();
  private bench?: DecodeBench;
  private started = false;
  private observer?: IntersectionObserver;

  connectedCallback() {
    super.connectedCallback();
    this.observer = onFirstSeen(this, () => {
      if (!this.started) this.measure();
    });
  }

  disconnectedCallback() {
    this.observer?.disconnect();
    this.job.cancel();
    this.bench?.free();
    this.bench = undefined;
    super.disconnectedCallback();
  }

  /** Medians in ns per token, filled a (work, length) cell per frame slice. */
  measure() {
    this.started = true;
    this.running = true;
    const maxLength = Math.max(...this.lengths);
    this.bench?.free();
    const bench = (this.bench = this.pe.kernels.decode({ heads: this.heads, headDim: this.headDim, maxLength, maxTokens: 1 << 22 }));
    const out = Object.fromEntries(WORKS.map((w) => [w, this.lengths.map(() => NaN)])) as Record<DecodeWork, number[]>;
    const cells = WORKS.flatMap((w) => this.lengths.map((L, i) => ({ w, L, i })));
    // One step per slice: first the number of tokens a run needs to last TARGET_MS (doubling, as
    // the browser's clock is coarse), then SAMPLES timed runs; the median, per token, is the cell.
    const TARGET_MS = 4,
      SAMPLES = 5;
    let k = 0,
      tokensPerRun = 1,
      calibrated = false;
    let times: number[] = [];
    this.job.start(
      () => {
        const { w, L, i } = cells[k];
        const t0 = performance.now();
        bench.run(w, tokensPerRun, L);
        const ms = performance.now() - t0;
        if (!calibrated) {
          if (ms < TARGET_MS && tokensPerRun < 1 << 22) tokensPerRun *= ms > 0.5 ? Math.ceil(TARGET_MS / ms) : 8;
          else calibrated = true;
          return false;
        }
        times.push((ms * 1e6) / tokensPerRun);
        if (times.length < SAMPLES) return false;
        out[w][i] = median(times);
        times = [];
        calibrated = false;
        tokensPerRun = 1;
        k++;
        return k >= cells.length;
      },
      {
        onSlice: () => (this.ns = { ...out }),
        onDone: () => {
          this.ns = { ...out };
          this.running = false;
        },
      },
    );
  }

  private verdict() {
    const n = this.ns;
    if (!n || this.running) return undefined;
    const last = this.lengths.length - 1;
    const ratio = (w: DecodeWork) => n[w][last] / n[w][0];
    const shape = ratio('rope') < 2 && ratio('alibi') > 4 && ratio('t5') > 4 ? 'expected' : 'noisy';
    const r = n.alibi[last] / n.rope[last];
    const answer = r > 1.2 ? 'alibi' : r < 1 / 1.2 ? 'rope' : 'same';
    return { shape, answer, last };
  }

  protected updated(changed: PropertyValues) {
    if (changed.has('running') && !this.running) {
      const v = this.verdict();
      if (v) this.emitAnswer(v.answer);
    }
  }

  render() {
    const n = this.ns;
    const names = this.names.split('|');
    const name = (w: DecodeWork) => names[WORKS.indexOf(w)] ?? w;
    const series: Series[] = n
      ? WORKS.map((w) => ({ label: name(w), x: this.lengths, y: n[w], color: COLORS[w], points: false, dash: w === 'attention' }))
      : [];
    const table: TableData | undefined = n
      ? {
          caption: this.tableCaption,
          columns: [this.t(T.scheme), ...this.lengths.map((L) => `L = ${L}`)],
          rows: WORKS.map((w) => ({ head: name(w), cells: n[w].map(ns) })),
        }
      : undefined;
    const v = this.verdict();
    const last = this.lengths.length - 1;
    const values: Record<string, string | number> =
      v && n
        ? {
            L: this.lengths[last],
            L0: this.lengths[0],
            rope: ns(n.rope[last]),
            rope0: ns(n.rope[0]),
            alibi: ns(n.alibi[last]),
            alibi0: ns(n.alibi[0]),
            t5: ns(n.t5[last]),
            attention: ns(n.attention[last]),
            table: ns(n.table[last]),
            share: fmtSig((100 * n.alibi[last]) / n.attention[last], 2),
          }
        : {};
    return html`<div class="bar">
        <button ?disabled=${this.running} @click=${() => this.measure()}>${this.t(T.again)}</button>
        ${this.running ? html`<span class="status" role="status">${this.t(T.measuring)}</span>` : nothing}
      </div>
      ${
        series.length
          ? html`<posenc-plot
            id="decode-plot"
            .series=${series}
            x-scale="log"
            y-scale="log"
            .xTicks=${this.lengths}
            caption=${this.caption}
            xLabel=${this.t(T.contextLength)}
            yLabel=${this.t(T.nsPerToken)}
            .height=${280}
          ></posenc-plot>`
          : nothing
      }
      ${table ? html`<posenc-table id="decode-table" .data=${table}></posenc-table>` : nothing}
      ${
        v && n
          ? html`<p
            id="decode-summary"
            data-claim="decode-cost"
            data-verdict=${v.shape}
            data-answer=${v.answer}
            data-ns=${JSON.stringify(n)}
            data-lengths=${JSON.stringify(this.lengths)}
          >
            ${rich(fill(v.shape === 'expected' ? this.expected : this.noisy, values))}
          </p>`
          : nothing
      }`;
  }
}
