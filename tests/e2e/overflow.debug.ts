import { launch, open } from './browser.js';
import { serve } from './server.js';
const { server, origin } = await serve();
const b = await launch();
for (const id of ['why', 'learned', 'rope']) {
  const { page } = await open(b, `${origin}/dist/page/index.html#/${id}?lang=en`, { width: 360 });
  await page.locator('posenc-chapter-view h2').waitFor();
  const res = await page.evaluate(() => {
    const out: string[] = [];
    const W = window.innerWidth;
    const walk = (root: Document | ShadowRoot, path: string) => {
      root.querySelectorAll('*').forEach((el) => {
        const r = el.getBoundingClientRect();
        const clipped = (() => {
          let e: Element | null = el.parentElement ?? ((el.parentNode as ShadowRoot)?.host ?? null);
          while (e) {
            const ox = getComputedStyle(e).overflowX;
            if (ox === 'auto' || ox === 'hidden' || ox === 'scroll' || ox === 'clip') return true;
            e = e.parentElement ?? ((e.parentNode as ShadowRoot)?.host ?? null);
          }
          return false;
        })();
        if (!clipped && r.right > W + 1 && r.width > 0 && el.tagName.toLowerCase() === 'semantics') out.push((root as ShadowRoot).host?.getAttribute?.('tex') + ' :: ' + `${path} > ${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${(el as HTMLElement).className} right=${Math.round(r.right)} w=${Math.round(r.width)}`);
        if (el.shadowRoot) walk(el.shadowRoot, `${path} > ${el.tagName.toLowerCase()}`);
      });
    };
    walk(document, '');
    return out.slice(0, 12);
  });
  console.log(id, res.join('\n  '));
}
await b.close(); server.close();
