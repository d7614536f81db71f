import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import { labBytes, labFlavour, labWasm } from '../../lib/lab/browser.js';
import { loadLab } from '../../lib/lab/load.js';
import type { Lab } from '../../lib/types.js';
import '../colorbar/colorbar.js';
import '../heatmap/heatmap-view.js';
import '../plot/plot.js';
import type { Series } from '../plot/plot.js';
import { fill, PosencFigure } from '../shared/figure.js';
import { onFirstSeen } from '../shared/first-seen.js';
import { fmt } from '../shared/format.js';
import { l, type L10n } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';
import { startWorker, whyNoWorker } from '../shared/worker.js';
import { type LearnedMessage, type LearnedRequest, type LearnedSnapshot, trainLearned } from './learned-train.js';
import LearnedWorker from './learned.worker.ts?worker&inline';

/**
 * A learned position table trained live (learned-train.ts: the lab's network, the copy task, a
 * table of `rows` positions started small): the cosine similarity of its rows at the random start
 * and after each number of steps, beside the same picture for the sinusoidal table, all on one
 * colour scale (−1 … 1); the mean similarity of rows k apart; the accuracy at the training length
 * and what happens one table past it. Training runs in a Web Worker (a few seconds) when the figure
 * first comes into view, or on the main thread between frames when no worker can start (said).
 * Every number is the lab core's (tableProfile, evaluate).
 *
 * @fires posenc-answer - 'neighbours' when, after training, rows one position apart are clearly
 *   more alike than at the start and than rows far apart; 'all' when every row is alike; 'none'
 *   otherwise
 */

/** The words of this figure, zh and en. */
const T = {
  train: l('再训练一次（换一个随机种子）', 'Train again (another seed)'),
  training: l('正在训练…', 'training…'),
  inWorker: l('在 Web Worker 里训练', 'trained in a Web Worker'),
  onMain: l('在主线程上分段训练', 'trained on the main thread, between frames'),
  distance: l('两行的距离 k', 'distance k between the rows'),
  meanSimilarity: l('平均余弦相似度', 'mean cosine similarity'),
  similarity: l('余弦相似度', 'cosine similarity'),
  row: l('行', 'row'),
  seconds: l('秒', 's'),
};

export class PosencLearnedTraining extends PosencFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .bar {
        display: flex;
        flex-wrap: wrap;
        gap: 0.5rem 1rem;
        align-items: center;
        margin: 0.4rem 0;
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
      .grid {
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(140px, 1fr));
        gap: 0.6rem;
        max-width: 62rem;
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

  @property({ type: Number }) rows = 32;
  @property({ type: Number }) dModel = 32;
  @property({ attribute: false }) steps: number[] = [0, 100, 300, 1500];
  @property({ type: Number }) seed = 1;
  /** Caption of a snapshot: {steps} and {acc} (accuracy at the training length). */
  @property() snapshotCaption = '';
  @property() startCaption = '';
  @property() sinusoidCaption = '';
  @property() caption = '';
  @property() profileCaption = '';
  @property() startLabel = '';
  @property() lastLabel = '';
  @property() sinusoidLabel = '';
  /**
   * The sentence under the figures, the one the numbers make true: `appeared` (neighbours alike),
   * `notYet`; {steps} {near} {near0} {far} {farFrom} {nearSin} {acc} filled.
   */
  @property() appeared = '';
  @property() notYet = '';
  /** What happens past the table: {rows} {acc} {beyond}. */
  @property() beyondText = '';

  @state() private snaps: LearnedSnapshot[] = [];
  @state() private sin?: { similarity: Float64Array; byDistance: Float64Array };
  @state() private running = false;
  @state() private where?: L10n;
  @state() private error = '';
  @state() private seconds = 0;
  private run = 0;
  private started = false;
  private worker?: Promise<{ post: (m: LearnedRequest) => void }>;
  private observer?: IntersectionObserver;

  connectedCallback() {
    super.connectedCallback();
    this.observer = onFirstSeen(this, () => {
      if (!this.started) this.train();
    });
  }

  disconnectedCallback() {
    this.observer?.disconnect();
    super.disconnectedCallback();
  }

  protected willUpdate(changed: PropertyValues) {
    if (this.started && this.changedAny(changed, 'rows', 'dModel', 'steps')) this.train();
  }

  /** The lane that trains: a worker, or the main thread between frames (and why). */
  private lane(): Promise<{ post: (m: LearnedRequest) => void }> {
    this.worker ??= (async () => {
      const flavour = labFlavour();
      try {
        const w = await startWorker(() => new LearnedWorker());
        w.onmessage = (e: MessageEvent<LearnedMessage>) => this.onMessage(e.data);
        w.postMessage({ type: 'init', flavour, bytes: await labWasm(flavour) } satisfies LearnedRequest);
        this.where = T.inWorker;
        return { post: (m: LearnedRequest) => w.postMessage(m) };
      } catch (e) {
        this.where = { zh: `${T.onMain.zh}（${whyNoWorker(e).zh}）`, en: `${T.onMain.en} (${whyNoWorker(e).en})` };
        let lab: Promise<Lab> | undefined;
        return {
          post: (m: LearnedRequest) => {
            if (m.type !== 'train') return;
            void (lab ??= loadLab(labBytes, flavour)).then((x) =>
              trainLearned(
                x,
                m,
                (msg) => this.onMessage(msg),
                () => new Promise((r) => setTimeout(r, 0)),
              ),
            );
          },
        };
      }
    })();
    return this.worker;
  }

  /** Starts a run (a new one replaces the one in flight: its messages are ignored). */
  train(seed = this.seed) {
    this.started = true;
    this.seed = seed;
    const run = ++this.run;
    this.snaps = [];
    this.sin = undefined;
    this.error = '';
    this.running = true;
    const t0 = performance.now();
    this.startedAt = t0;
    void this.lane().then((lane) => lane.post({ type: 'train', run, rows: this.rows, dModel: this.dModel, steps: [...this.steps], seed }));
  }

  private startedAt = 0;

  /** The run's snapshots so far (tests and readers who look closer read the tables here). */
  get snapshots(): readonly LearnedSnapshot[] {
    return this.snaps;
  }

  private onMessage(m: LearnedMessage) {
    if (m.type === 'ready' || m.run !== this.run) return;
    if (m.type === 'snapshot') this.snaps = [...this.snaps, m];
    else if (m.type === 'sinusoids') this.sin = { similarity: m.similarity, byDistance: m.byDistance };
    else if (m.type === 'error') {
      this.error = m.message;
      this.running = false;
    } else if (m.type === 'done') {
      this.running = false;
      this.seconds = (performance.now() - this.startedAt) / 1000;
    }
  }

  /** What the last table's rows came to look like, by the core (analysis.learnedStructure). */
  private structure() {
    const s = this.snaps;
    if (this.running || s.length !== this.steps.length || !this.sin) return undefined;
    return this.pe.analysis.learnedStructure({ start: s[0].byDistance, trained: s[s.length - 1].byDistance });
  }

  protected updated(changed: PropertyValues) {
    if (changed.has('running') || changed.has('sin')) {
      const r = this.structure();
      if (r) this.emitAnswer(r.verdict);
    }
  }

  private heat(id: string, similarity: Float64Array, caption: string) {
    return html`<posenc-heatmap-view
      id=${id}
      .matrix=${{ rows: this.rows, cols: this.rows, data: similarity }}
      caption=${caption}
      rowAxis=${this.t(T.row)}
      colAxis=${this.t(T.row)}
      colormap="diverging"
      .lo=${-1}
      .hi=${1}
      .size=${128}
      hide-legend
    ></posenc-heatmap-view>`;
  }

  render() {
    const s = this.snaps,
      last = s[s.length - 1];
    const done = !this.running && s.length === this.steps.length && !!this.sin;
    const series: Series[] = [];
    const ks = Array.from({ length: this.rows }, (_, k) => k);
    if (s.length) series.push({ label: this.startLabel, x: ks, y: s[0].byDistance, color: 'muted', dash: true });
    if (s.length > 1) series.push({ label: fill(this.lastLabel, { steps: last.steps }), x: ks, y: last.byDistance, color: 'accent' });
    if (this.sin) series.push({ label: this.sinusoidLabel, x: ks, y: this.sin.byDistance, color: 'good' });
    const r = this.structure();
    const values: Record<string, string | number> = r
      ? {
          steps: last.steps,
          near: fmt(r.near, 2),
          near0: fmt(r.nearStart, 2),
          far: fmt(r.far, 2),
          farFrom: r.farFrom,
          nearSin: fmt(this.sin!.byDistance[1], 2),
          acc: fmt(last.accuracy, 2),
          rows: this.rows,
          beyond: last.beyondLength,
        }
      : {};
    return html`<div class="bar">
        <button ?disabled=${this.running} @click=${() => this.train(this.seed + 1)}>${this.t(T.train)}</button>
        ${this.running ? html`<progress max=${this.steps.length} value=${s.length} aria-label=${this.t(T.training)}></progress>` : nothing}
        <span class="status" id="learned-train-status" role="status"
          >${
            this.error
              ? this.error
              : this.running
                ? this.t(T.training)
                : done && this.where
                  ? `${this.t(this.where)} · ${fmt(this.seconds, 1)} ${this.t(T.seconds)}`
                  : ''
          }</span
        >
      </div>
      ${this.caption ? html`<div class="status">${this.caption}</div>` : nothing}
      <div class="grid">
        ${s.map((x, i) =>
          this.heat(
            `learned-sim-${x.steps}`,
            x.similarity,
            i === 0 ? this.startCaption : fill(this.snapshotCaption, { steps: x.steps, acc: fmt(x.accuracy, 2) }),
          ),
        )}
        ${this.sin ? this.heat('learned-sim-sinusoids', this.sin.similarity, this.sinusoidCaption) : nothing}
      </div>
      ${s.length ? html`<posenc-colorbar colormap="diverging" .lo=${-1} .hi=${1} label=${this.t(T.similarity)}></posenc-colorbar>` : nothing}
      ${
        series.length
          ? html`<posenc-plot
            id="learned-by-distance"
            .series=${series}
            .yRange=${[-1, 1] as [number, number]}
            caption=${this.profileCaption}
            xLabel=${this.t(T.distance)}
            yLabel=${this.t(T.meanSimilarity)}
            .height=${220}
          ></posenc-plot>`
          : nothing
      }
      ${
        r
          ? html`<p
              id="learned-structure"
              data-claim="learned-structure"
              data-verdict=${r.verdict}
              data-near=${r.near}
              data-near0=${r.nearStart}
              data-far=${r.far}
              data-far-from=${r.farFrom}
            >
              ${rich(fill(r.verdict === 'neighbours' ? this.appeared : this.notYet, values))}
            </p>
            <p id="learned-beyond" data-claim="learned-beyond" data-beyond=${last.beyondTable ? 'refused' : 'ran'} data-accuracy=${last.accuracy}>
              ${rich(fill(this.beyondText, values))}
            </p>`
          : nothing
      }`;
  }
}
