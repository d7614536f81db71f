import { html } from 'lit';
import { property, state } from 'lit/decorators.js';

import { chapters, findChapter, loadChapter } from '../chapters/index.js';
import type { Chapter } from '../components/chapter/chapter-types.js';
import { AttributeError, PosencElement } from './base.js';

/**
 * A whole chapter of the page, with its own controls (its parameters stay inside the element).
 * Only the named chapter is downloaded, when the element first needs it.
 *
 * @element posenc-chapter
 * @attr name - chapter id: why, history, sinusoidal, scores, learned, relative, rope, modulation, comparison, contexts, errata, speed, …
 * @attr lang - zh or en (default: the browser's language)
 * @attr errata-href - where erratum markers link to, with the entry id appended (default: no link)
 */
export class PosencChapter extends PosencElement {
  @property() name: string | null = null;
  @property() lang = '';
  @property({ attribute: 'errata-href' }) errataHref: string | null = null;
  @state() private loaded?: Chapter;
  @state() private failed = '';

  /** A chapter's figures read the page's measurements. */
  protected needsAnalysis() {
    return true;
  }

  protected view() {
    const entry = findChapter(this.name);
    if (!entry)
      throw new AttributeError(`name must be one of ${chapters.map((x) => x.id).join(', ')}, got "${(this.name ?? '').slice(0, 40)}"`);
    if (this.failed) throw new AttributeError(this.failed);
    if (this.loaded?.id !== entry.id) {
      // The renderer (and KaTeX with it) loads only for pages that embed a whole chapter.
      Promise.all([loadChapter(entry), import('../components/chapter/chapter-view.js')]).then(
        ([c]) => (this.loaded = c),
        (e: Error) => (this.failed = `chapter ${entry.id} failed to load: ${e.message}`),
      );
      return html`<p class="loading">posenc…</p>`;
    }
    const href = this.errataHref;
    return html`<posenc-chapter-view
      .chapter=${this.loaded}
      lang=${this.language()}
      .errataHref=${(id: string) => (href ? `${href}${encodeURIComponent(id)}` : '')}
    ></posenc-chapter-view>`;
  }
}
