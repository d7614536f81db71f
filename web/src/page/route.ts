/**
 * Deep links: #/<chapter>?<param>=<value>&lang=zh|en&embed=1. Values are read through the
 * chapter's parameter specs (validated and clamped), never inserted as HTML.
 */
import type { ParamSpec, ParamValue } from '../components/chapter/chapter-types.js';
import { parseParam } from '../components/chapter/chapter-types.js';
import { isLang, type Lang } from '../components/shared/i18n.js';

export interface Route {
  chapter: string;
  query: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const body = hash.replace(/^#\/?/, '');
  const q = body.indexOf('?');
  const chapter = decodeURIComponent(q < 0 ? body : body.slice(0, q)).slice(0, 64);
  return { chapter, query: new URLSearchParams(q < 0 ? '' : body.slice(q + 1)) };
}

export function routeLang(r: Route): Lang | undefined {
  const v = r.query.get('lang');
  return isLang(v) ? v : undefined;
}

export function routeParams(r: Route, c: { params: ParamSpec[] }): Record<string, ParamValue> {
  return Object.fromEntries(c.params.map((spec) => [spec.id, parseParam(spec, r.query.get(spec.id))]));
}

/**
 * Only parameters that differ from their defaults go into the link, so links stay short. A chapter
 * not loaded yet (navigation links) has no params: its link carries only lang and embed.
 */
export function buildHash(
  c: { id: string; params?: ParamSpec[] },
  params: Record<string, ParamValue>,
  extra: { lang: Lang; embed: boolean },
): string {
  const q = new URLSearchParams();
  for (const spec of c.params ?? []) {
    const v = params[spec.id];
    if (v !== undefined && v !== spec.default) q.set(spec.id, String(v));
  }
  q.set('lang', extra.lang);
  if (extra.embed) q.set('embed', '1');
  return `#/${encodeURIComponent(c.id)}?${q.toString()}`;
}
