/**
 * Prose with light markup, rendered without ever parsing HTML: `$…$` inline math (KaTeX),
 * `**…**` bold, `` `…` `` code, `[words](#/chapter?…)` a link within the page (only `#/` targets:
 * prose never links out or runs script). Anything else is text.
 */
import { html, type TemplateResult } from 'lit';

import '../math/math.js';

const TOKEN = /(\$[^$]+\$|\*\*[^*]+\*\*|`[^`]+`|\[[^\]]+\]\(#\/[^)\s]*\))/g;
const LINK = /^\[([^\]]+)\]\((#\/[^)\s]*)\)$/;

export function rich(text: string): TemplateResult {
  const parts = text.split(TOKEN).filter((p) => p !== '');
  return html`${parts.map((p) => {
    if (p.startsWith('$') && p.endsWith('$') && p.length > 2) return html`<posenc-math tex=${p.slice(1, -1)}></posenc-math>`;
    if (p.startsWith('**') && p.endsWith('**') && p.length > 4) return html`<strong>${p.slice(2, -2)}</strong>`;
    if (p.startsWith('`') && p.endsWith('`') && p.length > 2) return html`<code>${p.slice(1, -1)}</code>`;
    const link = LINK.exec(p);
    if (link) return html`<a href=${link[2]}>${rich(link[1])}</a>`;
    return p;
  })}`;
}
