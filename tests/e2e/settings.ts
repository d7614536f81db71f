// A chapter's settings as the e2e suites pick them: its parameter specs read from the page, and a
// seeded random value within each one's range (params.test.ts, fuzz.test.ts, fuzz-lab.test.ts).
import type { Page } from 'playwright-core';

export interface Spec {
  id: string;
  min?: number;
  max?: number;
  step?: number;
  scale?: string;
  choices?: string[];
}

/** The chapter's parameter specs, read from the page (the bodies load only in a browser). */
export async function specs(page: Page): Promise<Spec[]> {
  return page.locator('posenc-chapter-view').evaluate((el) =>
    ((el as unknown as { chapter: { params: Record<string, unknown>[] } }).chapter.params ?? []).map((p) => ({
      id: p.id as string,
      min: p.min as number | undefined,
      max: p.max as number | undefined,
      step: p.step as number | undefined,
      scale: p.scale as string | undefined,
      choices: Array.isArray(p.choices) ? (p.choices as { value: string }[]).map((c) => c.value) : undefined,
    })),
  );
}

/** A random in-range value on the step grid; the ends of a range more often (they break things). */
export function pick(s: Spec, rand: () => number): string {
  if (s.choices) return s.choices[Math.floor(rand() * s.choices.length)];
  const { min = 0, max = 0, step = 1 } = s;
  const u = rand();
  if (u < 0.12) return String(min);
  if (u < 0.24) return String(max);
  const t = s.scale === 'log' && min > 0 ? Math.exp(Math.log(min) + rand() * (Math.log(max) - Math.log(min))) : min + rand() * (max - min);
  // toFixed: a step of 0.1 summed in binary leaves 0.30000000000000004, which the page's box rejects
  return String(Number(Math.min(max, min + Math.round((t - min) / step) * step).toFixed(10)));
}

/** The settings a fuzz visits, as query strings: the chapter's defaults first, then seeded random ones. */
export function settingQueries(list: Spec[], rand: () => number, count: number): URLSearchParams[] {
  return Array.from({ length: count }, (_, k) => {
    const q = new URLSearchParams({ lang: 'en' });
    if (k > 0) for (const s of list) q.set(s.id, pick(s, rand));
    return q;
  });
}
