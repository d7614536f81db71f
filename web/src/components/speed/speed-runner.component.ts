/**
 * The Speed chapter's runner: starts the benchmark worker, shows progress with a cancel button,
 * then the table and the speed-ups as bars. The page itself never blocks.
 */
import { css, html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';

import '../plot/bars.js';
import { fmt } from '../shared/format.js';
import type { Lang } from '../shared/i18n.js';
import { l } from '../shared/i18n.js';
import { tokens } from '../shared/theme.js';
import '../table/table.js';
import { caseLabel, type Row } from './bench-cases.js';
import SpeedWorker from './speed.worker.ts?worker&inline';

const T = {
  run: l('在这个浏览器里运行', 'Run in this browser'),
  cancel: l('取消', 'Cancel'),
  running: l('正在运行：', 'Running: '),
  cancelled: l('已取消。', 'Cancelled.'),
  results: l('本次运行（中位数，毫秒）', 'This run (medians, ms)'),
  speedup: l('SIMD wasm 相对 JavaScript 的加速', 'SIMD wasm speed-up over JavaScript'),
  case: l('用例', 'case'),
};

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
    `,
  ];

  @property() lang: Lang = 'en';
  @state() private running = false;
  @state() private progress = { done: 0, total: 1, label: '' };
  @state() private rows: Row[] = [];
  @state() private message = '';
  private worker?: Worker;

  disconnectedCallback() {
    this.worker?.terminate();
    super.disconnectedCallback();
  }

  private start() {
    this.worker?.terminate();
    this.rows = [];
    this.message = '';
    this.running = true;
    this.worker = new SpeedWorker();
    this.worker.onmessage = (e: MessageEvent) => {
      if (e.data.type === 'progress') this.progress = e.data;
      if (e.data.type === 'done') {
        this.rows = e.data.rows;
        this.running = false;
        this.worker?.terminate();
      }
    };
    this.worker.postMessage('run');
  }

  private cancel() {
    this.worker?.terminate();
    this.running = false;
    this.message = T.cancelled[this.lang];
  }

  render() {
    const t = (s: { zh: string; en: string }) => s[this.lang];
    const cases = [...new Set(this.rows.map((r) => r.case))];
    const get = (c: string, v: string) => this.rows.find((r) => r.case === c && r.variant === v)?.medianMs;
    return html`<div>
        <button id="run" ?disabled=${this.running} @click=${this.start}>${t(T.run)}</button>
        ${this.running ? html`<button class="secondary" id="cancel" @click=${this.cancel}>${t(T.cancel)}</button>` : nothing}
      </div>
      ${
        this.running
          ? html`<p class="status" role="status">
              <progress max=${this.progress.total} value=${this.progress.done} aria-label=${t(T.running)}></progress>
              ${t(T.running)}${caseLabel(this.progress.label, this.lang)}
            </p>`
          : html`<p class="status" role="status">${this.message}</p>`
      }
      ${
        this.rows.length
          ? html`<posenc-table
                id="speed-results"
                .data=${{
                  caption: t(T.results),
                  columns: [
                    t(T.case),
                    'JavaScript',
                    t(l('标量 wasm', 'wasm scalar')),
                    'wasm SIMD',
                    'SIMD / JavaScript',
                    t(l('SIMD / 标量', 'SIMD / scalar')),
                  ],
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
              <posenc-bars
                caption=${t(T.speedup)}
                .bars=${cases.map((c) => ({ label: caseLabel(c, this.lang), value: (get(c, 'js') ?? NaN) / (get(c, 'wasm-simd') ?? NaN) }))}
              ></posenc-bars>`
          : nothing
      }`;
  }
}
