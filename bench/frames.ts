/**
 * Frame times of every control of every chapter, in headless Chromium: each slider is stepped over
 * its whole range (every step of a short range, ~60 evenly spread steps of a long one, both ends
 * always), each choice through all its options. Each step starts at the start of a frame (in a
 * requestAnimationFrame callback); its time is the longer of the next two frame intervals (to the
 * next frame's callbacks, and from there to the one after, which catches work deferred past the
 * step's own frame): when recomputing, styling, laying out and painting fit in one frame, that is
 * one frame interval (16.7 ms at 60 Hz); a step that overruns shows as two or more. Also the busy time of the step (to the Lit updates settled
 * and a forced layout), which has no frame quantisation. Reports median and worst per control,
 * with the setting at the worst, worst first; writes bench/frames.json. Part of `npm run bench`;
 * never a test assertion.
 */

import { chapters } from '../web/src/chapters/index.js';
import { launch } from '../tests/e2e/browser.js';
import { serve } from '../tests/e2e/server.js';

export interface ControlTimes {
  chapter: string;
  control: string;
  steps: number;
  medianMs: number;
  worstMs: number;
  worstAt: string;
  /** Busy time of the worst step (no frame quantisation). */
  worstBusyMs: number;
  /** The frame interval measured on the same page (≈16.7 ms). */
  frameMs: number;
  /** The worst first try, before late steps were timed again. */
  worstFirstTryMs: number;
  /** Steps whose first try was late (each then timed twice more; its median counts). */
  lateFirstTries: number;
}

const MAX_STEPS = 60;

export async function frameTimes(filter = ''): Promise<ControlTimes[]> {
  const { server, origin } = await serve();
  const browser = await launch();
  const out: ControlTimes[] = [];
  try {
    for (const entry of chapters.filter((c) => c.id.includes(filter))) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${origin}/dist/page/index.html#/${entry.id}?lang=en`);
      await page.locator('posenc-chapter-view h2').waitFor();
      const rows = await page.evaluate(
        async ({ maxSteps }) => {
          const view = document.querySelector('posenc-app')!.shadowRoot!.querySelector('posenc-chapter-view') as HTMLElement & {
            updateComplete: Promise<unknown>;
            shadowRoot: ShadowRoot;
          };
          // Every figure reveals at once, so predict-then-reveal figures are timed too.
          for (const p of Array.from(view.shadowRoot.querySelectorAll('posenc-predict'))) {
            const radio = p.shadowRoot?.querySelector('input[type="radio"]') as HTMLInputElement | null;
            radio?.click();
            await (p as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
            (p.shadowRoot?.querySelector('button') as HTMLButtonElement | null)?.click();
          }
          // When the next frame's callbacks actually run. Not the callback's timestamp argument: that is
          // the frame's scheduled start, which a late frame backdates (a 24 ms step read 16.3 ms).
          const frame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));
          const settle = async () => {
            await view.updateComplete;
            // Figures update in their own microtasks after the chapter's; a forced layout ends the busy part.
            for (let k = 0; k < 3; k++) await Promise.resolve();
            view.getBoundingClientRect();
          };
          /**
           * One step: starts at a frame, returns [the longest of the next two frame intervals, busy].
           * The second interval catches work a step defers past its own frame (a figure that draws
           * after the next paint, a FrameJob's slices): it must not make the frame after that late.
           */
          const timeStep = async (act: () => void): Promise<[number, number]> => {
            let t0 = 0;
            await new Promise<void>((r) =>
              requestAnimationFrame(() => {
                t0 = performance.now();
                act();
                r();
              }),
            );
            await settle();
            const busy = performance.now() - t0;
            const t1 = await frame();
            const t2 = await frame();
            return [Math.max(t1 - t0, t2 - t1), busy];
          };
          await settle();
          const intervals: number[] = [];
          for (let k = 0, last = await frame(); k < 10; k++) {
            const t = await frame();
            intervals.push(t - last);
            last = t;
          }
          intervals.sort((a, b) => a - b);
          const frameMs = intervals[5];
          type Row = { control: string; times: number[]; firstTries: number[]; busy: number[]; at: string[]; frameMs: number };
          const result: Row[] = [];
          const twoFrames = async () => {
            await settle();
            await frame();
            await frame();
          };
          /**
           * Each value in turn. A late step (over 1.1 frame intervals) is timed twice more, each time
           * coming again from the value before, and counts as the median of its three tries: a
           * setting that is slow is slow every time, while a hiccup of this shared 2-core machine
           * (another process, the raster threads) is not. The first tries are kept and reported too.
           */
          const stepThrough = async (values: string[], set: (v: string) => void, control: string): Promise<Row> => {
            const times: number[] = [];
            const firstTries: number[] = [];
            const busy: number[] = [];
            const at: string[] = [];
            let previous: string | undefined;
            for (const v of values) {
              const tries: number[] = [];
              let b = 0;
              for (let k = 0; k < 3; k++) {
                if (k > 0 && previous !== undefined) {
                  set(previous);
                  await twoFrames();
                }
                const [t, bk] = await timeStep(() => set(v));
                tries.push(t);
                b = Math.max(b, bk);
                if (k === 0 && t <= 1.1 * frameMs) break;
              }
              firstTries.push(tries[0]);
              tries.sort((x, y) => x - y);
              times.push(tries[Math.floor(tries.length / 2)]);
              busy.push(b);
              at.push(v);
              previous = v;
            }
            return { control, times, firstTries, busy, at, frameMs };
          };
          /** A slider over its range (every step of a short range, ~maxSteps of a long one, both ends), then back. */
          const stepSlider = async (slider: Element, control: string): Promise<Row | null> => {
            const range = slider.shadowRoot?.querySelector('input[type="range"]') as HTMLInputElement | null;
            if (!range) return null;
            const min = Number(range.min),
              max = Number(range.max),
              step = Number(range.step) || 1;
            const count = Math.round((max - min) / step);
            const stride = Math.max(1, Math.ceil(count / maxSteps));
            const values: string[] = [];
            for (let k = 0; k <= count; k += stride) values.push(String(min + k * step));
            values.push(String(max), String(min));
            const original = range.value;
            const row = await stepThrough(
              values,
              (v) => {
                range.value = v;
                range.dispatchEvent(new Event('input', { bubbles: true }));
              },
              control,
            );
            range.value = original;
            range.dispatchEvent(new Event('input', { bubbles: true }));
            range.dispatchEvent(new Event('change', { bubbles: true }));
            await settle();
            return row;
          };
          /** A choice through all its options and back to the first. */
          const stepSelect = async (select: HTMLSelectElement, control: string): Promise<Row> => {
            const original = select.value;
            const values = Array.from(select.options).map((o) => o.value);
            const row = await stepThrough(
              values.concat(values.slice(0, 1)),
              (v) => {
                select.value = v;
                select.dispatchEvent(new Event('change', { bubbles: true }));
              },
              control,
            );
            select.value = original;
            select.dispatchEvent(new Event('change', { bubbles: true }));
            await settle();
            return row;
          };
          // A reader moves a control where it is, with the figures around it on screen (figures out
          // of sight defer their work, VisibleFigure).
          for (const slider of Array.from(view.shadowRoot.querySelectorAll('posenc-slider[data-param]'))) {
            slider.scrollIntoView({ block: 'center' });
            await twoFrames();
            const row = await stepSlider(slider, slider.getAttribute('data-param')!);
            if (row) result.push(row);
          }
          for (const select of Array.from(view.shadowRoot.querySelectorAll('select[data-param]')) as HTMLSelectElement[]) {
            select.scrollIntoView({ block: 'center' });
            await twoFrames();
            result.push(await stepSelect(select, select.getAttribute('data-param')!));
          }
          // Controls inside figures (data-frame-control: the model card's example list, the M-RoPE
          // view's sliders), found through every shadow root. A slider that appears only under some
          // option of a choice is stepped under the first option that shows it.
          const deep = (root: ParentNode, selector: string, found: Element[] = []): Element[] => {
            for (const el of Array.from(root.querySelectorAll('*'))) {
              if (el.matches(selector)) found.push(el);
              if (el.shadowRoot) deep(el.shadowRoot, selector, found);
            }
            return found;
          };
          const stepped = new Set<string>();
          const stepInnerSliders = async (under: string) => {
            for (const slider of deep(view.shadowRoot, 'posenc-slider[data-frame-control]')) {
              const name = slider.getAttribute('data-frame-control')!;
              if (stepped.has(name)) continue;
              stepped.add(name);
              // A reader moves a figure's own slider with the figure on screen (off screen it would defer its work).
              slider.scrollIntoView({ block: 'center' });
              await twoFrames();
              const row = await stepSlider(slider, under ? `${name} (${under})` : name);
              if (row) result.push(row);
            }
          };
          await stepInnerSliders('');
          for (const select of deep(view.shadowRoot, 'select[data-frame-control]') as HTMLSelectElement[]) {
            select.scrollIntoView({ block: 'start' });
            await twoFrames();
            result.push(await stepSelect(select, select.getAttribute('data-frame-control')!));
            const original = select.value;
            for (const o of Array.from(select.options)) {
              select.value = o.value;
              select.dispatchEvent(new Event('change', { bubbles: true }));
              await twoFrames();
              await stepInnerSliders(o.value);
            }
            select.value = original;
            select.dispatchEvent(new Event('change', { bubbles: true }));
            await twoFrames();
          }
          return result;
        },
        { maxSteps: MAX_STEPS },
      );
      for (const r of rows) {
        const sorted = [...r.times].sort((a, b) => a - b);
        const worst = r.times.indexOf(sorted[sorted.length - 1]);
        out.push({
          chapter: entry.id,
          control: r.control,
          steps: r.times.length,
          medianMs: sorted[Math.floor(sorted.length / 2)],
          worstMs: sorted[sorted.length - 1],
          worstAt: r.at[worst],
          worstBusyMs: Math.max(...r.busy),
          frameMs: r.frameMs,
          worstFirstTryMs: Math.max(...r.firstTries),
          lateFirstTries: r.firstTries.filter((t) => t > 1.1 * r.frameMs).length,
        });
      }
      process.stderr.write(`  frames ${entry.id}: ${rows.length} controls\n`);
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  out.sort((a, b) => b.worstMs - a.worstMs);
  return out;
}

/**
 * Frame intervals the worst step spanned. The next frame's callbacks run a little after its start,
 * so up to 1.1 intervals still counts as one frame; beyond that the frame came late.
 */
export function framesAt(r: ControlTimes): number {
  const n = r.worstMs / r.frameMs;
  return n <= 1.1 ? 1 : Math.ceil(n);
}

export function framesTable(rows: ControlTimes[]): string {
  const lines = [
    '| chapter | control | steps | median step ms | worst step ms | frames at worst | worst at | worst busy ms | late first tries | worst first try ms |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- | ---: | ---: | ---: |',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.chapter} | ${r.control} | ${r.steps} | ${r.medianMs.toFixed(1)} | ${r.worstMs.toFixed(1)} | ${framesAt(r)} | ${r.worstAt} | ${r.worstBusyMs.toFixed(1)} | ${r.lateFirstTries} | ${r.worstFirstTryMs.toFixed(1)} |`,
    );
  }
  return lines.join('\n');
}
