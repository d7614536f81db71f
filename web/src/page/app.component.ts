import { html, LitElement, nothing } from 'lit';
import { state } from 'lit/decorators.js';

import type { Chapter, ChapterEntry, ParamValue } from '../components/chapter/chapter-types.js';
import '../components/chapter/chapter-view.js';
import { FrameJob } from '../components/shared/frame-job.js';
import { defaultLang, type L10n, type Lang, LANGS } from '../components/shared/i18n.js';
import { readyFull } from '../components/shared/pe.js';
import { ui } from '../components/shared/strings.js';
import { chapters, findChapter, loadChapter } from '../chapters/index.js';
import { appStyles } from './app.styles.js';
import { buildHash, parseHash, routeLang, routeParams } from './route.js';

type Theme = 'light' | 'dark';

function storedTheme(): Theme {
  const s = localStorage.getItem('posenc-theme');
  if (s === 'light' || s === 'dark') return s;
  return matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

/**
 * The page: header, chapter navigation and the current chapter, all state in the URL hash.
 * With embed=1 only the chapter is shown and the frame reports its height to the parent
 * (message { type: 'posenc:height', height }).
 */
export class PosencApp extends LitElement {
  static styles = appStyles;

  @state() private loaded = false;
  @state() private loadError = '';
  /** The chapter in the URL; its body may still be loading. */
  @state() private entry: ChapterEntry = chapters[0];
  /** The loaded chapter shown (the previous one stays until the next has loaded). */
  @state() private chapter?: Chapter;
  @state() private params: Record<string, ParamValue> = {};
  @state() private language: Lang = defaultLang();
  @state() private embed = false;
  @state() private theme: Theme = storedTheme();
  @state() private missing = false;
  private resize?: ResizeObserver;

  connectedCallback() {
    super.connectedCallback();
    const stored = localStorage.getItem('posenc-lang');
    if (stored === 'zh' || stored === 'en') this.language = stored;
    this.readHash();
    window.addEventListener('hashchange', this.readHash);
    readyFull().then(
      () => (this.loaded = true),
      (e: Error) => (this.loadError = e.message),
    );
  }

  disconnectedCallback() {
    window.removeEventListener('hashchange', this.readHash);
    this.resize?.disconnect();
    super.disconnectedCallback();
  }

  private readHash = () => {
    const r = parseHash(location.hash);
    const found = findChapter(r.chapter);
    this.missing = r.chapter !== '' && !found;
    this.entry = found ?? chapters[0];
    this.language = routeLang(r) ?? this.language;
    this.embed = r.query.get('embed') === '1';
    const entry = this.entry;
    loadChapter(entry).then(
      (c) => {
        if (this.entry !== entry) return; // a later navigation won
        this.params = routeParams(r, c);
        this.chapter = c;
      },
      (e: Error) => (this.loadError = e.message),
    );
  };

  private pendingUrl?: ReturnType<typeof setTimeout>;
  private urlJob = new FrameJob();
  /** A committed change not yet written: the next write makes it a history entry. */
  private pushPending = false;

  /**
   * Writes the state into the URL: committed changes as a history entry after the frame that shows
   * them has painted, slider drags coalesced (pushState and replaceState cost ~3 ms each, which
   * pushed a choice's frame past 16.7 ms).
   */
  private go(push: boolean) {
    clearTimeout(this.pendingUrl);
    this.pushPending ||= push;
    const write = () => {
      const entry = this.pushPending;
      this.pushPending = false;
      const hash = buildHash(this.chapter ?? this.entry, this.params, { lang: this.language, embed: this.embed });
      if (hash === location.hash) return;
      if (entry) history.pushState(null, '', hash);
      else history.replaceState(null, '', hash);
    };
    if (push) this.urlJob.start(() => (write(), true));
    else this.pendingUrl = setTimeout(write, 250);
  }

  private onParam(e: CustomEvent<{ id: string; value: ParamValue; commit: boolean }>) {
    this.params = { ...this.params, [e.detail.id]: e.detail.value };
    this.go(e.detail.commit);
  }

  private setLang(lang: Lang) {
    this.language = lang;
    localStorage.setItem('posenc-lang', lang);
    this.go(true);
  }

  private toggleTheme() {
    this.theme = this.theme === 'dark' ? 'light' : 'dark';
    localStorage.setItem('posenc-theme', this.theme);
  }

  private t = (s: L10n) => s[this.language];

  protected updated() {
    // Only on change: writing an attribute of <html>, even the same value, restyles every element.
    const root = document.documentElement;
    const lang = this.language === 'zh' ? 'zh-CN' : 'en';
    if (root.lang !== lang) root.lang = lang;
    if (root.dataset.theme !== this.theme) root.dataset.theme = this.theme;
    const title = `${this.t(this.entry.title)} · posenc`;
    if (document.title !== title) document.title = title;
    if (this.embed && !this.resize && window.parent !== window) {
      this.resize = new ResizeObserver(() =>
        window.parent.postMessage({ type: 'posenc:height', height: document.documentElement.scrollHeight }, '*'),
      );
      this.resize.observe(document.body);
    }
  }

  private nav() {
    return html`<nav aria-label=${this.t(ui.chapters)}>
      <ol>
        ${chapters.map(
          (c) => html`<li>
            <a
              href=${buildHash(c, {}, { lang: this.language, embed: false })}
              aria-current=${c.id === this.entry.id ? 'page' : nothing}
              >${this.t(c.title)}</a
            >
          </li>`,
        )}
      </ol>
    </nav>`;
  }

  private header() {
    return html`<header>
      <a class="skip" href="#main" @click=${(e: Event) => {
        e.preventDefault();
        this.renderRoot.querySelector<HTMLElement>('main')?.focus();
      }}>${this.t(ui.skip)}</a>
      <div class="brand">
        <span class="logo" aria-hidden="true">⟳</span>
        <div>
          <h1>${this.t(ui.title)}</h1>
          <p class="tagline">${this.t(ui.tagline)}</p>
        </div>
      </div>
      <div class="tools">
        <div class="langs" role="group" aria-label=${this.t(ui.language)}>
          ${LANGS.map(
            (lg) => html`<button
              lang=${lg === 'zh' ? 'zh-CN' : 'en'}
              aria-pressed=${lg === this.language ? 'true' : 'false'}
              @click=${() => this.setLang(lg)}
            >
              ${lg === 'zh' ? '中文' : 'English'}
            </button>`,
          )}
        </div>
        <button class="theme" @click=${this.toggleTheme}>
          <span aria-hidden="true">${this.theme === 'dark' ? '☾' : '☀'}</span>
          ${this.t(ui.theme)}: ${this.t(this.theme === 'dark' ? ui.dark : ui.light)}
        </button>
      </div>
    </header>`;
  }

  private pager() {
    const i = chapters.indexOf(this.entry);
    const prev = chapters[i - 1],
      next = chapters[i + 1];
    const link = (c: ChapterEntry | undefined, label: L10n, cls: string) =>
      c
        ? html`<a class=${cls} href=${buildHash(c, {}, { lang: this.language, embed: false })}>${this.t(label)}: ${this.t(c.title)}</a>`
        : html`<span></span>`;
    return html`<div class="pager">${link(prev, ui.prev, 'prev')}${link(next, ui.next, 'next')}</div>`;
  }

  render() {
    const body = this.loadError
      ? html`<p role="alert" class="status">${this.t(ui.loadFailed)} ${this.loadError}</p>`
      : !this.loaded || !this.chapter
        ? html`<p class="status" role="status">${this.t(this.loaded ? ui.loadingChapter : ui.loading)}</p>`
        : html`${this.missing ? html`<p class="status" role="status">${this.t(ui.notFound)}</p>` : nothing}
            <posenc-chapter-view
              .chapter=${this.chapter}
              .params=${this.params}
              lang=${this.language}
              @posenc-param-change=${this.onParam}
            ></posenc-chapter-view>`;
    if (this.embed) {
      return html`<main id="main" tabindex="-1" class="embed">${body}
          <p class="full"><a href=${buildHash(this.chapter ?? this.entry, this.params, { lang: this.language, embed: false })} target="_blank" rel="noopener">${this.t(ui.openFull)}</a></p>
        </main>`;
    }
    return html`${this.header()}
      <div class="layout">
        <details class="menu" ?open=${false}>
          <summary>${this.t(ui.menu)}</summary>
          ${this.nav()}
        </details>
        <aside class="sidebar">${this.nav()}</aside>
        <main id="main" tabindex="-1">${body}${this.loaded ? this.pager() : nothing}</main>
      </div>`;
  }
}
