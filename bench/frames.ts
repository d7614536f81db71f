/**
 * Frame times of every control of every chapter, in headless Chromium: each slider is stepped over
 * its whole range up and back down (every step of a short range, ~60 evenly spread steps of a long
 * one, both ends always), then from end to end, each choice through all its options. A step happens in a requestAnimationFrame callback
 * of a frame that began on time; that frame and the three after it are each timed from their
 * scheduled start (the callback's timestamp) to the end of their rendering (the next task after
 * it), and the step's time is the longest. When recomputing, styling, laying out and painting fit,
 * that is under one frame interval (16.7 ms at 60 Hz); a frame that ends after the next one was
 * due, or a vsync that passes with no frame, makes the step late. Also the busy time of the step (to
 * the Lit updates settled and a forced layout). Reports median and worst per control, with the
 * setting at the worst, worst first; writes bench/frames.json. Part of `npm run bench`; never a
 * test assertion.
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
          // When the next frame's callbacks actually run (used to measure the frame interval).
          const frame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));
          const settle = async () => {
            await view.updateComplete;
            // Figures update in their own microtasks after the chapter's; a forced layout ends the busy part.
            for (let k = 0; k < 3; k++) await Promise.resolve();
            view.getBoundingClientRect();
          };
          type Seen = { ts: number; start: number; end: number };
          /**
           * One frame seen from inside: its scheduled start (the callback's timestamp argument), when
           * its callbacks ran, and when its rendering was done: a message posted from the callback is
           * the next task after the frame's update of the rendering (script, style, layout, paint).
           * `act` runs in the callback, so its work and its rendering belong to this frame. With
           * `onTime`, frames whose callbacks ran more than 3 ms after their scheduled start are let
           * pass (at most 10): a step begun in a frame the previous one made late is not charged for it.
           */
          const seeFrame = (act?: () => void, onTime = false) =>
            new Promise<Seen>((resolve) => {
              let passed = 0;
              const tick = (ts: number) => {
                const start = performance.now();
                if (onTime && start - ts > 3 && ++passed < 10) {
                  requestAnimationFrame(tick);
                  return;
                }
                act?.();
                const ch = new MessageChannel();
                ch.port1.onmessage = () => resolve({ ts, start, end: performance.now() });
                ch.port2.postMessage(0);
              };
              requestAnimationFrame(tick);
            });
          /**
           * One step: [its time, busy]. The step's frame and the three after it are each timed from
           * their scheduled start to the end of their rendering; the step's time is the longest (the
           * later frames catch work a step defers: a figure that draws after the next paint, a
           * FrameJob's slices). A frame that ends after the next one was due, or a vsync with no frame
           * at all, is a late frame. Measured this way, not as the interval to the next frame's
           * callbacks: that interval also holds the jitter of when those callbacks are dispatched (on an
           * idle page here, 5 of 3000 intervals over 18.4 ms, up to 21.6 ms), which is not the step's.
           */
          const timeStep = async (act: () => void): Promise<[number, number]> => {
            let t0 = 0;
            let busy = 0;
            const first = seeFrame(() => {
              t0 = performance.now();
              act();
              void settle().then(() => (busy = performance.now() - t0));
            }, true);
            const seen = [await first];
            for (let k = 0; k < 3; k++) seen.push(await seeFrame());
            let worst = 0;
            for (let k = 0; k < seen.length; k++) {
              worst = Math.max(worst, seen[k].end - seen[k].ts);
              // A vsync that passed without a frame: the frame before it ran that much longer.
              if (k > 0 && seen[k].ts - seen[k - 1].ts > 1.5 * frameMs) worst = Math.max(worst, seen[k].ts - seen[k - 1].ts);
            }
            return [worst, busy];
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
           * Each value in turn. A late step (over one frame interval) is timed twice more, each time
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
                if (k === 0 && t <= frameMs) break;
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
          /** A slider over its range and back (every step of a short range, ~maxSteps of a long one, both ends), then end to end. */
          const stepSlider = async (slider: Element, control: string): Promise<Row | null> => {
            const range = slider.shadowRoot?.querySelector('input[type="range"]') as HTMLInputElement | null;
            if (!range) return null;
            const min = Number(range.min),
              max = Number(range.max),
              step = Number(range.step) || 1;
            const count = Math.round((max - min) / step);
            const stride = Math.max(1, Math.ceil(count / maxSteps));
            const up: string[] = [];
            for (let k = 0; k <= count; k += stride) up.push(String(min + k * step));
            if (up[up.length - 1] !== String(max)) up.push(String(max));
            // Up, back down (a view can cost more one way: a figure that switches form at a size),
            // then the jumps between the ends.
            const values = [...up, ...up.slice(0, -1).reverse(), String(max), String(min)];
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
          lateFirstTries: r.firstTries.filter((t) => t > r.frameMs).length,
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

/** Frame intervals the worst step spanned: one while its frames ended before the next was due. */
export function framesAt(r: ControlTimes): number {
  return Math.max(1, Math.ceil(r.worstMs / r.frameMs));
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
