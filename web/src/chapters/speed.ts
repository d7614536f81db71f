/** Speed: the benchmark, in the reader's own browser, next to the recorded figures. */
import { html } from 'lit';

import { isComparison } from '../../../bench/cases.js';
import reference from '../../../bench/reference.json';
import type { ChapterBody } from '../components/chapter/chapter-types.js';
import { fmt } from '../components/shared/format.js';
import { l } from './shared.js';
import './speed-runner.js';

interface RefRow {
  case: string;
  variant: string;
  medianMs: number;
  platform: string;
}

const body: ChapterBody = {
  params: [],
  sections: [
    {
      id: 'run',
      title: l('运行一次', 'Run it'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '按钮在 Web Worker 里运行一个缩短的基准（约 10–20 秒），页面不会卡住。每个数是多次运行的中位数；机器上别的程序会让数字波动，比值比绝对时间更稳定。',
            'The button runs a shortened benchmark in a Web Worker (about 10–20 s); the page stays responsive. Each number is the median of repeated runs; whatever else the machine is doing moves them, and the ratios are steadier than the times.',
          ),
        },
        { kind: 'view', deps: [], render: ({ lang }) => html`<posenc-speed-runner lang=${lang}></posenc-speed-runner>` },
      ],
    },
    {
      id: 'reference',
      title: l('记录的结果', 'Recorded results'),
      blocks: [
        {
          kind: 'text',
          text: l(
            '`npm run bench` 在开发机（2 核）上的完整结果，包括 64 MiB 的张量和原生 C++，见 BENCHMARKS.md。其中无头 Chromium 的部分：',
            'The full results of `npm run bench` on the development machine (2 cores), including the 64 MiB tensors and native C++, are in BENCHMARKS.md. Its headless-Chromium part:',
          ),
        },
        {
          kind: 'view',
          deps: [],
          render: ({ t }) => {
            const rows = (reference as { rows: RefRow[] }).rows.filter((r) => r.platform === 'chromium');
            const cases = [...new Set(rows.map((r) => r.case))].filter((c) => isComparison(rows.filter((r) => r.case === c).map((r) => r.variant)));
            const get = (c: string, v: string) => rows.find((r) => r.case === c && r.variant === v)?.medianMs ?? NaN;
            return html`<posenc-table
              id="speed-reference"
              .data=${{
                caption: `${t(l('记录于', 'Recorded on'))} ${(reference as { machine: { date: string; cpu: string } }).machine.date.slice(0, 10)}, ${(reference as { machine: { cpu: string } }).machine.cpu}`,
                columns: [t(l('用例', 'case')), 'JS ms', 'scalar ms', 'SIMD ms', 'SIMD / JS'],
                rows: cases.map((c) => ({ head: c, cells: [fmt(get(c, 'js'), 3), fmt(get(c, 'wasm-scalar'), 3), fmt(get(c, 'wasm-simd'), 3), `${fmt(get(c, 'js') / get(c, 'wasm-simd'), 1)}×`] })),
              }}
            ></posenc-table>`;
          },
        },
      ],
    },
  ],
};

export default body;
