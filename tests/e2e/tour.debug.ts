import { launch, open, screenshot } from './browser.js';
import { serve } from './server.js';
const ids = (process.env.CHAPTERS ?? 'why,history,sinusoidal,scores,learned,relative,rope,modulation,comparison,contexts,errata,speed').split(',');
const { server, origin } = await serve();
const b = await launch();
for (const id of ids) {
  for (const lang of (process.env.LANGS ?? 'en').split(',')) {
    const width = Number(process.env.WIDTH ?? 1280);
    const { page, errors } = await open(b, `${origin}/dist/page/index.html#/${id}?lang=${lang}`, { width });
    await page.waitForTimeout(1500);
    await screenshot(page, `tour-${id}-${lang}-${width}`);
    console.log(id, lang, errors.length ? errors : 'ok');
    await page.context().close();
  }
}
await b.close(); server.close();
