import { launch, open } from './browser.js';
import { serve } from './server.js';
const hash = process.env.HASH ?? '#/scores?n=64&d=64&lang=en';
const param = process.env.PARAM ?? 'n';
const { server, origin } = await serve();
const b = await launch();
const { page } = await open(b, `${origin}/dist/page/index.html${hash}`);
await page.locator('posenc-chapter-view h2').waitFor();
const cdp = await page.context().newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await cdp.send('Profiler.start');
const times = await page.evaluate(async (paramId) => {
  const app = document.querySelector('posenc-app')!;
  const view = app.shadowRoot!.querySelector('posenc-chapter-view') as any;
  const slider = view.shadowRoot!.querySelector(`posenc-slider[data-param="${paramId}"]`)!;
  const range = slider.shadowRoot!.querySelector('input[type="range"]') as HTMLInputElement;
  const out: number[] = [];
  for (let i = 0; i < 20; i++) {
    const v = Number(range.value), step = Number(range.step);
    range.value = String(i % 2 ? v + step : v - step);
    const t0 = performance.now();
    range.dispatchEvent(new Event('input', { bubbles: true }));
    await view.updateComplete;
    await new Promise((r) => setTimeout(r, 0));
    out.push(performance.now() - t0);
  }
  return out;
}, param);
const { profile } = await cdp.send('Profiler.stop');
const self = new Map<string, number>();
const dt = profile.timeDeltas ?? [];
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
(profile.samples ?? []).forEach((id: number, i: number) => {
  const n: any = byId.get(id);
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
});
console.log('update ms', times.map((t) => t.toFixed(1)).join(' '));
console.log([...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${v.toFixed(1)}ms ${k}`).join('\n'));
await b.close(); server.close();
