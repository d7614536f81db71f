import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import '../plot/plot.js';
import type { Series } from '../plot/plot.js';
import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { figureHost, tokens } from '../shared/theme.js';
import { ENCODING_COLORS, ENCODING_DASHED, ENCODINGS, LabFigure, session } from './lab-figure.js';

const T = {
  train: l('在这个浏览器里训练 {n} 个模型（每个 {steps} 步）', 'Train {n} {models} in this browser ({steps} steps each)'),
  choose: l('要训练的编码', 'Encodings to train'),
  savedLoss: l('保存的参考运行，种子 {seed}，每个模型 {steps} 步', 'the saved reference run, seed {seed}, {steps} steps per model'),
  cancel: l('取消', 'Cancel'),
  queued: l('排队', 'queued'),
  training: l('训练中', 'training'),
  evaluating: l('评估中', 'evaluating'),
  done: l('完成', 'done'),
  cancelled: l('已取消', 'cancelled'),
  failed: l('失败', 'failed'),
  steps: l('步', 'step'),
  loss: l('损失（交叉熵）', 'loss (cross-entropy)'),
  progress: l('训练进度', 'training progress'),
  onPage: l(
    '这里无法启动 Web Worker（{why}），所以训练在页面主线程上分小段进行，一个模型接一个模型：训练结束前页面的反应可能会慢一些。',
    "No Web Worker can start here ({why}), so training runs on the page's main thread in short slices, one model after another: the page may respond slowly until it ends.",
  ),
};

/**
 * Trains the ticked encodings (at first `ticked`) on the chapter's task in two web workers (one per core): a button, a
 * cancel button, a progress bar with each model's step, and the loss curves as they come in. Before
 * any run of the task it shows the saved run's loss curves. The page keeps responding throughout:
 * all the work happens in the workers, and the figures repaint at most once per frame.
 */
export class PosencLabRunner extends LabFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      button {
        font: inherit;
        padding: 0.4rem 0.9rem;
        border-radius: 6px;
        border: 1px solid var(--_line);
        background: var(--_accent);
        color: var(--_bg);
        cursor: pointer;
        margin: 0 0.5rem 0.4rem 0;
      }
      button.secondary {
        background: var(--_panel);
        color: var(--_fg);
      }
      button:disabled {
        opacity: 0.55;
        cursor: default;
      }
      fieldset {
        border: 1px solid var(--_line);
        border-radius: 6px;
        margin: 0 0 0.6rem;
        padding: 0.3rem 0.6rem;
        display: flex;
        flex-wrap: wrap;
        gap: 0.2rem 1rem;
        font-size: 0.9rem;
      }
      fieldset label {
        white-space: nowrap;
        cursor: pointer;
      }
      progress {
        width: min(100%, 24rem);
        vertical-align: middle;
      }
      .status {
        font-size: 0.9rem;
        color: var(--_muted);
        margin: 0.3rem 0;
      }
      .notice {
        font-size: 0.9rem;
        color: var(--_warn);
        margin: 0.3rem 0;
      }
      ul {
        list-style: none;
        padding: 0;
        margin: 0.3rem 0 0.6rem;
        display: grid;
        grid-template-columns: repeat(auto-fill, minmax(13rem, 1fr));
        gap: 0.15rem 1rem;
        font-size: 0.85rem;
      }
      .swatch {
        display: inline-block;
        width: 0.7rem;
        height: 0.7rem;
        border-radius: 2px;
        margin-right: 0.35rem;
        vertical-align: baseline;
      }
      li[data-state='done'] .state {
        color: var(--_good);
      }
      li[data-state='cancelled'] .state,
      li[data-state='failed'] .state {
        color: var(--_warn);
      }
    `,
  ];

  @property({ type: Number }) seed = 1;
  @property({ type: Number }) steps = 3000;
  /** Caption of the loss curves; {run} is filled with which run they show. */
  @property() caption = '';
  /** Status line after a run; {seconds}, {workers} filled in. */
  @property() finished = '';
  /** Status line after a run trained on the main thread (no worker could start); {seconds} filled in. */
  @property() finishedOnPage = '';

  #onProgress = () => this.requestUpdate();

  connectedCallback(): void {
    super.connectedCallback();
    session.addEventListener('progress', this.#onProgress);
  }

  disconnectedCallback(): void {
    session.removeEventListener('progress', this.#onProgress);
    session.stop();
    super.disconnectedCallback();
  }

  protected willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
  }

  /**
   * The encodings ticked at first (default: the six of the seeds' chapters, so the default
   * experiment stays near 20 s; all twelve take about twice as long). The reader may tick any.
   */
  @property({ attribute: false }) ticked: readonly string[] = ['none', 'sinusoidal', 'learned', 't5', 'alibi', 'rope'];

  /** The encodings the reader ticked; undefined until the reader changes them (then: `ticked`). */
  @state() private picked: readonly string[] | undefined;

  private get chosen(): readonly string[] {
    return this.picked ?? ENCODINGS.filter((e) => this.ticked.includes(e));
  }

  private start() {
    if (!this.saved) return;
    session.start({ task: this.task, seed: this.seed, steps: this.steps, encodings: this.chosen }, this.saved);
  }

  private toggle(e: string, on: boolean) {
    this.picked = ENCODINGS.filter((x) => (x === e ? on : this.chosen.includes(x)));
  }

  /** The loss curves follow the reader's run from its first step. */
  protected get run() {
    return session.reader(this.task) ?? session.saved(this.task);
  }

  private lossSeries(): Series[] {
    const run = this.run;
    if (!run) return [];
    const out: Series[] = [];
    for (const e of ENCODINGS) {
      const r = run.encodings[e];
      if (!r?.loss) continue;
      const every = r.lossEvery ?? 1;
      const n = r.lossCount ?? r.loss.length;
      // at most ~300 points a curve: every k-th loss (the plot repaints every frame while training)
      const k = Math.max(1, Math.ceil(n / 300));
      const m = Math.ceil(n / k);
      const y = Float64Array.from({ length: m }, (_, i) => r.loss![i * k]);
      const x = Float64Array.from({ length: m }, (_, i) => (every === 1 ? i * k + 1 : Math.min(i * k * every + 1, run.steps)));
      out.push({ label: this.encodingName(e), x, y, color: ENCODING_COLORS[e], dash: ENCODING_DASHED[e] });
    }
    return out;
  }

  render() {
    const st = session.status;
    const mine = st.task === this.task || st.running;
    const running = st.running;
    const models = Object.values(st.encodings);
    const total = Math.max(
      1,
      models.reduce((s, e) => s + e.steps, 0),
    );
    const done = running ? models.reduce((s, e) => s + e.step, 0) : 0;
    const run = this.run;
    const series = this.lossSeries();
    return html`<fieldset id="lab-choose" ?disabled=${running}>
        <legend>${this.t(T.choose)}</legend>
        ${ENCODINGS.map(
          (e) =>
            html`<label
              ><input
                type="checkbox"
                id=${`lab-enc-${e}`}
                .checked=${this.chosen.includes(e)}
                @change=${(ev: Event) => this.toggle(e, (ev.target as HTMLInputElement).checked)}
              /><span class="swatch" style=${`background:${ENCODING_COLORS[e]}`}></span>${this.encodingName(e)}</label
            >`,
        )}
      </fieldset>
      <div>
        <button id="lab-train" ?disabled=${running || !this.saved || !this.chosen.length} @click=${this.start}>
          ${fill(this.t(T.train), { n: this.chosen.length, steps: this.steps, models: this.chosen.length === 1 ? 'model' : 'models' })}
        </button>
        ${running ? html`<button class="secondary" id="lab-cancel" @click=${() => session.cancel()}>${this.t(T.cancel)}</button>` : nothing}
      </div>
      ${
        running
          ? html`<p class="status" role="status">
              <progress id="lab-progress" max=${total} value=${done} aria-label=${this.t(T.progress)}></progress>
              ${fmt((100 * done) / total, 0)} %
            </p>`
          : html`<p
              class="status"
              role="status"
              id="lab-status"
              data-phase=${st.phase}
              data-seconds=${st.phase === 'done' ? st.seconds.toFixed(2) : ''}
            >
              ${mine && st.phase === 'done' ? fill(st.noWorker ? this.finishedOnPage : this.finished, { seconds: fmt(st.seconds, 1), workers: st.workers }) : mine && st.phase === 'cancelled' ? this.t(T.cancelled) : mine && st.phase === 'failed' ? `${this.t(T.failed)}: ${st.error}` : ''}
            </p>`
      }
      ${mine && st.noWorker ? html`<p class="notice" role="note" id="lab-no-worker">${fill(this.t(T.onPage), { why: this.t(st.noWorker) })}</p>` : nothing}
      ${
        mine && st.phase !== 'idle'
          ? html`<ul id="lab-encodings">
              ${ENCODINGS.filter((e) => st.encodings[e]).map((e) => {
                const s = st.encodings[e];
                return html`<li data-encoding=${e} data-state=${s?.state ?? 'queued'}>
                  <span class="swatch" style=${`background:${ENCODING_COLORS[e]}`}></span>${this.encodingName(e)}:
                  <span class="state">${this.t(T[s?.state ?? 'queued'])}</span>
                  ${s?.state === 'training' ? html`${this.t(T.steps)} ${s.step} / ${s.steps}` : nothing}
                </li>`;
              })}
            </ul>`
          : nothing
      }
      ${
        run && series.length
          ? html`<posenc-plot
              id="lab-loss"
              .series=${series}
              caption=${fill(this.caption, {
                run:
                  run.source === 'saved'
                    ? fill(this.t(T.savedLoss), { seed: this.saved?.examples.seed ?? 1, steps: run.steps })
                    : this.runLabel(run),
              })}
              xLabel=${this.t(T.steps)}
              yLabel=${this.t(T.loss)}
              y-scale="log"
              .xRange=${[1, run.steps] as [number, number]}
              height="240"
            ></posenc-plot>`
          : nothing
      }`;
  }
}
