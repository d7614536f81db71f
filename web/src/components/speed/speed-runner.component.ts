/**
 * The Speed chapter's runner: starts the benchmark worker, shows progress with a cancel button,
 * then the table and the speed-ups as bars. The page itself never blocks. Where no worker can start
 * (shared/worker.ts), the same benchmark runs on the main thread in slices, and the page says so.
 */
import { css, html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';

import { coreBytes, coreWasm } from '../../lib/core.js';
import { simdSupported } from '../../lib/simd.js';
import '../plot/bars.js';
import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import type { L10n, Lang } from '../shared/i18n.js';
import { l } from '../shared/i18n.js';
import { tokens } from '../shared/theme.js';
import { startWorker, whyNoWorker } from '../shared/worker.js';
import '../table/table.js';
import { caseLabel, type Row } from './bench-cases.js';
import { runQuickSliced, speedInstances, type SpeedMessage, type SpeedRequest } from './speed-run.js';
import SpeedWorker from './speed.worker.ts?worker&inline';

const T = {
  run: l('在这个浏览器里运行', 'Run in this browser'),
  cancel: l('取消', 'Cancel'),
  starting: l('正在启动…', 'Starting…'),
  running: l('正在运行：', 'Running: '),
  cancelled: l('已取消。', 'Cancelled.'),
  failed: l('失败：', 'Failed: '),
  results: l('本次运行（中位数，毫秒）', 'This run (medians, ms)'),
  speedup: l('SIMD wasm 相对 JavaScript 的加速', 'SIMD wasm speed-up over JavaScript'),
  case: l('用例', 'case'),
  onPage: l(
    '这里无法启动 Web Worker（{why}），所以基准测试在页面主线程上分小段运行：结束前页面的反应可能会慢一些，测得的时间也可能偏大。',
    "No Web Worker can start here ({why}), so the benchmark runs on the page's main thread in short slices: the page may respond slowly until it ends, and the times may come out longer.",
  ),
  wasmScalar: l('标量 wasm', 'wasm scalar'),
  simdScalar: l('SIMD / 标量', 'SIMD / scalar'),
};

type Phase = 'idle' | 'running' | 'done' | 'cancelled' | 'failed';

export class PosencSpeedRunner extends LitElement {
  static styles = [
    tokens,
    css`
      :host {
        display: block;
      }
      button {
        font: inherit;
        padding: 0.4rem 0.9rem;
        border-radius: 6px;
        border: 1px solid var(--_line);
        background: var(--_accent);
        color: var(--_bg);
        cursor: pointer;
        margin-right: 0.5rem;
      }
      button.secondary {
        background: var(--_panel);
        color: var(--_fg);
      }
      progress {
        width: min(100%, 24rem);
        vertical-align: middle;
      }
      .status {
        font-size: 0.85rem;
        color: var(--_muted);
      }
      .notice {
        font-size: 0.9rem;
        color: var(--_warn);
        margin: 0.3rem 0;
      }
    `,
  ];

  @property() lang: Lang = 'en';
  @state() private phase: Phase = 'idle';
  @state() private progress = { done: 0, total: 1, label: '' };
  @state() private rows: Row[] = [];
  @state() private error = '';
  /** Why the run is on the main thread (no worker could start), else undefined. */
  @state() private noWorker?: L10n;
  private worker?: Worker;
  /** Counts runs: a run that was cancelled (or replaced) drops whatever it still reports. */
  private runId = 0;

  disconnectedCallback() {
    this.stopRun();
    super.disconnectedCallback();
  }

  private stopRun() {
    this.runId++;
    this.worker?.terminate();
    this.worker = undefined;
  }

  private async start() {
    this.stopRun();
    const id = this.runId;
    const live = () => id === this.runId;
    this.rows = [];
    this.error = '';
    this.noWorker = undefined;
    this.progress = { done: 0, total: 1, label: '' };
    this.phase = 'running';
    const onProgress = (done: number, total: number, label: string) => {
      if (live()) this.progress = { done, total, label };
    };
    const finish = (rows: Row[]) => {
      if (!live()) return;
      this.rows = rows;
      this.phase = 'done';
      this.stopRun();
    };
    const fail = (message: string) => {
      if (!live()) return;
      this.error = message;
      this.phase = 'failed';
      this.stopRun();
    };
    try {
      let worker: Worker | undefined;
      try {
        worker = await startWorker(() => new SpeedWorker());
      } catch (e) {
        if (live()) this.noWorker = whyNoWorker(e);
      }
      if (!live()) {
        worker?.terminate();
        return;
      }
      if (worker) {
        this.worker = worker;
        worker.onmessage = (e: MessageEvent<SpeedMessage>) => {
          const m = e.data;
          if (m.type === 'progress') onProgress(m.done, m.total, m.label);
          else if (m.type === 'done') finish(m.rows);
          else if (m.type === 'error') fail(m.message);
        };
        worker.onerror = (e) => {
          e.preventDefault();
          fail(e.message || 'the benchmark worker stopped');
        };
        // The bytes of the builds the worker runs (its script holds only their glue).
        const [simd, scalar] = await Promise.all([simdSupported() ? coreWasm('simd') : undefined, coreWasm('scalar')]);
        if (!live()) return;
        const request: SpeedRequest = { type: 'run', bytes: { simd, scalar } };
        worker.postMessage(request);
      } else {
        const pe = await speedInstances(coreBytes);
        if (!live()) return;
        const rows = await runQuickSliced(pe, onProgress, () => !live());
        finish(rows);
      }
    } catch (e) {
      fail(e instanceof Error ? e.message : String(e));
    }
  }

  private cancel() {
    this.stopRun();
    this.phase = 'cancelled';
  }

  render() {
    const t = (s: { zh: string; en: string }) => s[this.lang];
    const cases = [...new Set(this.rows.map((r) => r.case))];
    const get = (c: string, v: string) => this.rows.find((r) => r.case === c && r.variant === v)?.medianMs;
    const running = this.phase === 'running';
    return html`<div>
        <button id="run" ?disabled=${running} @click=${this.start}>${t(T.run)}</button>
        ${running ? html`<button class="secondary" id="cancel" @click=${this.cancel}>${t(T.cancel)}</button>` : nothing}
      </div>
      ${this.noWorker ? html`<p class="notice" role="note" id="speed-no-worker">${fill(t(T.onPage), { why: t(this.noWorker) })}</p>` : nothing}
      ${
        running
          ? html`<p class="status" role="status" data-phase="running">
            <progress max=${this.progress.total} value=${this.progress.done} aria-label=${t(T.running)}></progress>
            ${this.progress.label ? html`${t(T.running)}${caseLabel(this.progress.label, this.lang)}` : t(T.starting)}
          </p>`
          : html`<p class="status" role="status" data-phase=${this.phase}>
              ${this.phase === 'cancelled' ? t(T.cancelled) : this.phase === 'failed' ? `${t(T.failed)}${this.error}` : ''}
            </p>`
      }
      ${
        this.rows.length
          ? html`<posenc-table
              id="speed-results"
              .data=${{
                caption: t(T.results),
                columns: [t(T.case), 'JavaScript', t(T.wasmScalar), 'wasm SIMD', 'SIMD / JavaScript', t(T.simdScalar)],
                rows: cases.map((c) => {
                  const js = get(c, 'js') ?? NaN,
                    sc = get(c, 'wasm-scalar') ?? NaN,
                    si = get(c, 'wasm-simd') ?? NaN;
                  return {
                    head: caseLabel(c, this.lang),
                    cells: [fmt(js, 3), fmt(sc, 3), fmt(si, 3), `${fmt(js / si, 1)}×`, `${fmt(sc / si, 1)}×`],
                  };
                }),
              }}
            ></posenc-table>
            <posenc-bars caption=${t(T.speedup)} .bars=${cases.map((c) => ({ label: caseLabel(c, this.lang), value: (get(c, 'js') ?? NaN) / (get(c, 'wasm-simd') ?? NaN) }))}></posenc-bars>`
          : nothing
      }`;
  }
}
