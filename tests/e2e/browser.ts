/** Debian's Chromium through playwright-core, with the flags this sandboxed machine needs. */
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { type Browser, chromium, type ConsoleMessage, type Page } from 'playwright-core';

export const SCREENSHOTS = join(__dirname, 'screenshots');

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-quic',
      '--disable-sync',
    ],
  });
}

/** A page that records console errors, uncaught exceptions and CSP violations. */
export async function open(
  browser: Browser,
  url: string,
  o: { width?: number; height?: number; locale?: string; reducedMotion?: boolean } = {},
) {
  const context = await browser.newContext({
    viewport: { width: o.width ?? 1280, height: o.height ?? 900 },
    locale: o.locale ?? 'en-US',
    reducedMotion: o.reducedMotion ? 'reduce' : 'no-preference',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  const logs: string[] = []; // console.log lines, from the first script on
  page.on('console', (m: ConsoleMessage) => {
    if (m.type() === 'log') logs.push(m.text());
    if (m.type() === 'error' || (m.type() === 'warning' && /Content.Security.Policy|CSP/i.test(m.text()))) {
      // a failed load says which resource only in its location
      errors.push(/^Failed to load resource/.test(m.text()) ? `${m.text()} (${m.location().url})` : m.text());
    }
  });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  await page.goto(url);
  return { page, errors, logs, context };
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

/** axe-core in the page; returns the serious and critical violations. */
export async function axe(page: Page) {
  await page.addScriptTag({ path: createRequire(import.meta.url).resolve('axe-core/axe.min.js') });
  const result = await page.evaluate(async () => {
    const r = await (
      window as unknown as {
        axe: { run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: unknown }[] }[] }> };
      }
    ).axe.run(document, {
      resultTypes: ['violations'],
    });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => JSON.stringify(n.target)) }));
  });
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** Text of the cells of a table inside the page (shadow DOM pierced by Playwright). */
export async function tableText(page: Page, selector: string): Promise<string[][]> {
  return page
    .locator(`${selector} tr`)
    .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('th,td')).map((c) => (c.textContent ?? '').trim())));
}
