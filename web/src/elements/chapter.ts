import { html } from 'lit';
import { property } from 'lit/decorators.js';

import { chapters } from '../chapters/index.js';
import '../components/chapter/chapter-view.js';
import type { PosencFull as Posenc } from '../lib/internal.js';
import { AttributeError, PosencElement } from './base.js';

/**
 * A whole chapter of the page, with its own controls (its parameters stay inside the element).
 *
 * @element posenc-chapter
 * @attr name - chapter id: why, history, sinusoidal, scores, learned, relative, rope, modulation, comparison, speed, …
 * @attr lang - zh or en (default: the browser's language)
 * @attr errata-href - where erratum markers link to, with the entry id appended (default: no link)
 */
export class PosencChapter extends PosencElement {
  @property() name: string | null = null;
  @property() lang = '';
  @property({ attribute: 'errata-href' }) errataHref: string | null = null;

  protected view(_pe: Posenc) {
    const c = chapters.find((x) => x.id === this.name);
    if (!c) throw new AttributeError(`name must be one of ${chapters.map((x) => x.id).join(', ')}, got "${(this.name ?? '').slice(0, 40)}"`);
    const href = this.errataHref;
    return html`<posenc-chapter-view
      .chapter=${c}
      lang=${this.language()}
      .errataHref=${(id: string) => (href ? `${href}${encodeURIComponent(id)}` : '')}
    ></posenc-chapter-view>`;
  }
}
