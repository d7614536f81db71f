import { css, html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { keyed } from 'lit/directives/keyed.js';
import { html as staticHtml, unsafeStatic } from 'lit/static-html.js';

import type { Block, Chapter, Figure, ParamValue, Section } from './chapter-types.js';
import { isChoice, isParamRef, resolveProps } from './chapter-types.js';
import { props } from './figure-props.js';
import './predict.js';
import '../math/math.js';
import { mathIsReady, mathReady } from '../math/katex-loader.js';
import { fill } from '../shared/figure.js';
import { type Lang, type L10n } from '../shared/i18n.js';
import { ui } from '../shared/strings.js';
import { rich } from '../shared/text.js';
import { tokens } from '../shared/theme.js';
import '../slider/slider.js';

/**
 * Renders a chapter module (chapters/*.ts): sections of prose, formulas, controls and live views.
 * Parameters come from the `params` property (the page keeps them in the URL) or, when none are
 * given, from the element's own state (an embedded chapter).
 *
 * @event posenc-param-change - detail { id, value, commit }
 */
export class PosencChapterView extends LitElement {
  static styles = [
    tokens,
    css`
      :host {
        display: block;
        line-height: 1.65;
      }
      /* Sections off screen skip style, layout and paint: a slider step re-lays out one section,
         not the whole chapter. Only once every section has been laid out in full (the host is
         "settled"): their real heights are then remembered (the auto keyword) and stand in for them
         while they are skipped. With 900 px guesses instead, a section scrolled near took its real
         height and moved what the reader was pointing at by hundreds of pixels. */
      section {
        contain-intrinsic-size: auto 900px;
        /* content-visibility: auto contains layout, which stops margins collapsing through the
           section: the same from the start, so a section has one height settled or not. */
        display: flow-root;
      }
      :host([settled]) section {
        content-visibility: auto;
      }
      h2 {
        font-size: 1.7rem;
        margin: 0 0 0.3rem;
        line-height: 1.25;
      }
      h3 {
        font-size: 1.2rem;
        margin: 2.2rem 0 0.5rem;
        padding-top: 0.6rem;
        border-top: 1px solid var(--_line);
      }
      .summary {
        color: var(--_muted);
        margin: 0 0 0.4rem;
      }
      .seeds {
        font-size: 0.82rem;
        color: var(--_muted);
      }
      .references cite {
        font-style: normal;
      }
      .seeds .about {
        margin-left: 0.3em;
      }
      .seeds a {
        color: inherit;
      }
      p {
        margin: 0.6rem 0;
        max-width: 46rem;
      }
      code {
        font-family: var(--_mono);
        font-size: 0.9em;
        background: var(--_panel);
        padding: 0 0.25em;
        border-radius: 3px;
      }
      .controls {
        padding: 0.7rem 0.9rem;
        margin: 0.8rem 0;
        background: var(--_panel);
        border-radius: 8px;
        position: sticky;
        top: 0;
        z-index: 2;
        box-shadow: 0 1px 0 var(--_line);
      }
      .params {
        display: flex;
        flex-wrap: wrap;
        gap: 0.6rem 1.4rem;
      }
      /* On a phone the sliders fold into one bar (the current values) that opens on demand: open,
         they covered a third of the screen and the tops of the figures under them. */
      .controls-toggle {
        display: none;
        width: 100%;
        align-items: center;
        gap: 0.5rem;
        font: inherit;
        font-size: 0.85rem;
        color: var(--_fg);
        background: none;
        border: 0;
        padding: 0;
        cursor: pointer;
        text-align: left;
      }
      .controls-toggle .values {
        flex: 1;
        min-width: 0;
        overflow: hidden;
        white-space: nowrap;
        text-overflow: ellipsis;
      }
      .controls-toggle .open-word {
        color: var(--_accent);
        white-space: nowrap;
      }
      @media (max-width: 640px) {
        .controls {
          padding: 0.4rem 0.7rem;
        }
        .controls-toggle {
          display: flex;
          min-height: 1.9rem;
        }
        .controls:not([data-open]) .params {
          display: none;
        }
        .controls[data-open] .params {
          margin-top: 0.4rem;
          max-height: 55vh;
          overflow-y: auto;
        }
      }
      .choice {
        display: flex;
        flex-direction: column;
        font-size: 0.85rem;
        color: var(--_muted);
        gap: 0.2rem;
      }
      select {
        font: inherit;
        color: var(--_fg);
        background: var(--_bg);
        border: 1px solid var(--_line);
        border-radius: 4px;
        padding: 0.25rem;
      }
      .erratum {
        border-left: 4px solid var(--_warn);
        background: color-mix(in srgb, var(--_warn) 9%, transparent);
        padding: 0.45rem 0.8rem;
        margin: 0.8rem 0;
        border-radius: 0 6px 6px 0;
        max-width: 46rem;
      }
      .erratum a {
        color: var(--_accent);
      }
      .question {
        font-size: 1.05rem;
        margin: 0.8rem 0 0.4rem;
        padding: 0.6rem 0.9rem;
        background: var(--_panel);
        border-radius: 8px;
        max-width: 46rem;
      }
      .question strong,
      .takeaways h3,
      .references h3 {
        color: var(--_accent);
      }
      .takeaways {
        margin-top: 2.2rem;
        padding: 0.6rem 1rem;
        border: 1px solid var(--_line);
        border-radius: 8px;
        max-width: 46rem;
      }
      .takeaways h3,
      .references h3,
      .glossary h3 {
        border-top: 0;
        margin-top: 0.3rem;
        padding-top: 0;
      }
      .references,
      .glossary {
        font-size: 0.9rem;
        max-width: 46rem;
      }
      .references a {
        color: var(--_accent);
        overflow-wrap: anywhere;
      }
      dl.glossary-list {
        display: grid;
        grid-template-columns: minmax(6rem, max-content) 1fr;
        gap: 0.3rem 1rem;
      }
      dl.glossary-list dd {
        margin: 0;
      }
      .note {
        border-left: 4px solid var(--_accent-2);
        padding: 0.4rem 0.8rem;
        margin: 0.8rem 0;
        max-width: 46rem;
        background: color-mix(in srgb, var(--_accent-2) 7%, transparent);
        border-radius: 0 6px 6px 0;
      }
      .view-error {
        color: var(--_warn);
        font-family: var(--_mono);
      }
      @media print {
        .controls {
          position: static;
          box-shadow: none;
        }
      }
    `,
  ];

  @property({ attribute: false }) chapter?: Chapter;
  /** Current parameters; when absent the element keeps its own. */
  @property({ attribute: false }) params?: Record<string, ParamValue>;
  @property() lang: Lang = 'en';
  /** Link target of erratum markers (the page: '#/errata?entry='); '' for no link. */
  @property({ attribute: false }) errataHref = (id: string) => `#/errata?entry=${encodeURIComponent(id)}`;

  @state() private own: Record<string, ParamValue> = {};
  /** Control bars opened by the reader (on a phone they start folded), by their parameters. */
  @state() private openBars = new Set<string>();
  /** The chapter whose sections have all been laid out once (then off-screen ones may be skipped). */
  private settledFor?: string;
  /** Sticky control bars whose height their section knows (--posenc-sticky-top). */
  private bars = new Set<Element>();
  private barWatch?: ResizeObserver;

  disconnectedCallback() {
    this.barWatch?.disconnect();
    this.barWatch = undefined;
    this.bars.clear();
    super.disconnectedCallback();
  }

  private get values(): Record<string, ParamValue> {
    const c = this.chapter;
    const base = c ? Object.fromEntries(c.params.map((p) => [p.id, p.default])) : {};
    return { ...base, ...(this.params ?? this.own) };
  }

  private t = (s: L10n) => s[this.lang];

  /** Prose with {param} placeholders showing the reader's current settings. */
  private say = (s: L10n) => fill(s[this.lang], Object.fromEntries(Object.entries(this.values).map(([k, v]) => [k, String(v)])));

  private setParam(id: string, value: ParamValue, commit: boolean) {
    if (!this.params) this.own = { ...this.own, [id]: value };
    this.dispatchEvent(new CustomEvent('posenc-param-change', { detail: { id, value, commit }, bubbles: true, composed: true }));
  }

  private controls(ids: string[]) {
    const c = this.chapter!;
    const p = this.values;
    const key = ids.join(',');
    const open = this.openBars.has(key);
    const shown = (id: string) => {
      const spec = c.params.find((x) => x.id === id);
      if (!spec) return '';
      const v = p[id];
      const text = isChoice(spec) ? this.t(spec.choices.find((ch) => ch.value === v)?.label ?? spec.choices[0].label) : String(v);
      return html`${rich(this.t(spec.label))}: ${text}`;
    };
    const toggle = () => {
      const next = new Set(this.openBars);
      if (open) next.delete(key);
      else next.add(key);
      this.openBars = next;
    };
    return html`<div class="controls" role="group" aria-label=${this.t(ui.controls)} ?data-open=${open}>
      <button class="controls-toggle" aria-expanded=${open ? 'true' : 'false'} @click=${toggle}>
        <span class="values"
          >${ids
            .map(shown)
            .filter(Boolean)
            .map((v, i) => (i ? html` · ${v}` : v))}</span
        >
        <span class="open-word">${this.t(open ? ui.foldControls : ui.openControls)} ${open ? '▴' : '▾'}</span>
      </button>
      <div class="params">
      ${ids.map((id) => {
        const spec = c.params.find((x) => x.id === id);
        if (!spec) return null;
        if (isChoice(spec)) {
          return html`<label class="choice"
            >${rich(this.t(spec.label))}
            <select
              data-param=${id}
              @change=${(e: Event) => this.setParam(id, (e.target as HTMLSelectElement).value, true)}
            >
              ${spec.choices.map((ch) => html`<option value=${ch.value} ?selected=${p[id] === ch.value}>${this.t(ch.label)}</option>`)}
            </select></label
          >`;
        }
        return html`<posenc-slider
          data-param=${id}
          .label=${this.t(spec.label)}
          .min=${spec.min}
          .max=${spec.max}
          .step=${spec.step}
          scale=${spec.scale ?? 'linear'}
          .value=${Number(p[id])}
          @posenc-input=${(e: CustomEvent) => {
            e.stopPropagation();
            this.setParam(id, e.detail.value, e.detail.commit);
          }}
        ></posenc-slider>`;
      })}
      </div>
    </div>`;
  }

  /** A figure's element with its properties at the current parameters; posenc-set changes a parameter. */
  private figure(f: Figure) {
    if (!/^posenc-[a-z0-9-]+$/.test(f.tag)) return html`<p class="view-error" role="alert">bad figure tag</p>`;
    const values = this.values;
    const onSet = (e: CustomEvent<{ prop: string; value: ParamValue; commit: boolean }>) => {
      const bound = f.props?.[e.detail.prop];
      if (!isParamRef(bound)) return;
      e.stopPropagation();
      this.setParam(bound.param, e.detail.value, e.detail.commit);
    };
    const tag = unsafeStatic(f.tag);
    return staticHtml`<${tag} id=${f.id ?? nothing} ${props(resolveProps(f.props, values, this.lang))} @posenc-set=${onSet}></${tag}>`;
  }

  private block(b: Block) {
    switch (b.kind) {
      case 'figure':
        return this.figure(b);
      case 'predict':
        return html`<posenc-predict
          id=${b.id}
          memory=${`${this.chapter?.id ?? ''}/${b.id}`}
          .question=${this.say(b.question)}
          .choices=${b.choices.map((c) => ({ value: c.value, label: this.t(c.label) }))}
          .explain=${this.t(b.explain)}
          lang=${this.lang}
          >${this.figure(b.reveal)}</posenc-predict
        >`;
      case 'note':
        return html`<aside class="note"><strong>${this.t(ui.note)}</strong> ${rich(this.say(b.text))}</aside>`;
      case 'text':
        return html`<p class="prose">${rich(this.say(b.text))}</p>`;
      case 'math':
        return html`<posenc-math
          display
          .tex=${typeof b.tex === 'string' ? b.tex : this.t(b.tex)}
          .terms=${b.terms?.map((x) => ({ id: x.id, label: this.t(x.label) })) ?? []}
          termsLabel=${b.terms ? this.t(ui.pointTerm) : ''}
        ></posenc-math>`;
      case 'controls':
        return this.controls(b.params);
      case 'erratum':
        return html`<aside class="erratum" data-erratum=${b.id}>
          <strong>${this.t(ui.erratum)}</strong> ${rich(this.t(b.text))}
          ${this.errataHref(b.id) ? html`<a href=${this.errataHref(b.id)}>${this.t(ui.seeErratum)}</a>` : null}
        </aside>`;
    }
  }

  /** A formula's term pointed at: the figures of its section light what the term draws. */
  private onTerm = (e: CustomEvent<{ term: string | null }>) => {
    e.stopPropagation();
    for (const el of (e.currentTarget as HTMLElement).querySelectorAll('*')) {
      if (el.tagName.startsWith('POSENC-') && 'highlight' in el) (el as Element & { highlight: string | null }).highlight = e.detail.term;
    }
  };

  private section(s: Section) {
    // "sec-" keeps section ids apart from the ids views give their elements (same shadow root).
    return html`<section id=${`sec-${s.id}`} aria-labelledby=${`h-${s.id}`} @posenc-term=${this.onTerm}>
      <h3 id=${`h-${s.id}`}>${this.t(s.title)}</h3>
      ${s.seeds ? html`<div class="seeds">${this.t(ui.seedRef)} ${typeof s.seeds === 'string' ? s.seeds : this.t(s.seeds)}</div>` : null}
      ${s.blocks.map((b) => this.block(b))}
    </section>`;
  }

  /**
   * A sticky bar covers whatever is scrolled to the top of its section (the Errata's linked entry hid
   * under it, title and verdict): the section gets the bar's height as --posenc-sticky-top, which
   * what scrolls itself into view there keeps clear of (scroll-margin-top). Measured at once as well
   * as observed: a view below scrolls in its first update, before an observer has reported.
   */
  private watchBars() {
    const note = (bar: Element) =>
      bar.closest('section')?.style.setProperty('--posenc-sticky-top', `${Math.ceil(bar.getBoundingClientRect().height)}px`);
    // another chapter's bars are gone: the observer would keep them alive
    for (const bar of this.bars) {
      if (bar.isConnected) continue;
      this.barWatch?.unobserve(bar);
      this.bars.delete(bar);
    }
    for (const bar of this.renderRoot.querySelectorAll('.controls')) {
      if (this.bars.has(bar)) continue;
      this.bars.add(bar);
      this.barWatch ??= new ResizeObserver((seen) => seen.forEach((s) => note(s.target)));
      this.barWatch.observe(bar);
      note(bar);
    }
  }

  protected updated() {
    this.watchBars();
    const id = this.chapter?.id;
    if (!id || !mathIsReady() || this.settledFor === id) return;
    this.settledFor = id;
    this.removeAttribute('settled');
    // Settle once the sections' heights stop changing: figures measure their width after the
    // first layout and draw again, which changes heights one or two frames later.
    const sections = [...this.renderRoot.querySelectorAll('section')];
    let quiet = 0,
      frames = 0;
    const watch = new ResizeObserver(() => (quiet = 0));
    sections.forEach((el) => watch.observe(el));
    const tick = () => {
      if (this.settledFor !== id) return watch.disconnect();
      quiet++;
      frames++;
      if (quiet >= 3 || frames >= 90) {
        watch.disconnect();
        this.setAttribute('settled', '');
      } else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }

  render() {
    const c = this.chapter;
    if (!c) return null;
    // Formulas are typeset before the chapter is first shown: typeset later, they would change the
    // height of the prose around them while the reader is already pointing at it.
    if (!mathIsReady()) {
      void mathReady().then(() => this.requestUpdate());
      return html`<p class="summary" role="status" aria-busy="true">${this.t(ui.loadingChapter)}</p>`;
    }
    // The Errata chapter names the five documents: linked where entries are (an embedding page
    // points errataHref at the full page, or turns the links off).
    const list = this.errataHref('');
    const article = html`<article lang=${this.lang === 'zh' ? 'zh-CN' : 'en'}>
      <h2>${this.t(c.title)}</h2>
      <p class="summary">${rich(this.t(c.summary))}</p>
      <div class="seeds">
        ${this.t(ui.seedRef)} ${typeof c.seeds === 'string' ? c.seeds : this.t(c.seeds)}
        <span class="about">${this.t(ui.seedAbout)}${list ? html`<a href=${list}>${this.t(ui.seedList)}</a>` : this.t(ui.seedList)}${this.t(ui.seedAboutEnd)}</span>
      </div>
      ${c.question ? html`<p class="question" id="question"><strong>${this.t(ui.question)}</strong> ${rich(this.t(c.question))}</p>` : nothing}
      ${c.sections.map((s) => this.section(s))}
      ${
        c.takeaways?.length
          ? html`<section class="takeaways" id="takeaways" aria-labelledby="h-takeaways">
            <h3 id="h-takeaways">${this.t(ui.takeaways)}</h3>
            <ul>
              ${c.takeaways.map((k) => html`<li>${rich(this.t(k))}</li>`)}
            </ul>
          </section>`
          : nothing
      }
      ${
        c.glossary?.length
          ? html`<section class="glossary" id="glossary" aria-labelledby="h-glossary">
            <h3 id="h-glossary">${this.t(ui.glossary)}</h3>
            <dl class="glossary-list">
              ${c.glossary.map((g) => html`<dt>${rich(this.t(g.term))}</dt><dd>${rich(this.t(g.meaning))}</dd>`)}
            </dl>
          </section>`
          : nothing
      }
      ${
        c.references?.length
          ? html`<section class="references" id="references" aria-labelledby="h-references">
            <h3 id="h-references">${this.t(ui.references)}</h3>
            <ol>
              ${c.references.map((r) => {
                // A citation stays as published (<cite>, not translated); the note is the page's own words.
                const cite = html`<cite>${r.text}</cite>`;
                const note = r.note
                  ? html`<span class="note-ref">${this.t(ui.open)}${rich(this.t(r.note))}${this.t(ui.close)}</span>`
                  : nothing;
                return html`<li>${r.href ? html`<a href=${r.href} rel="noopener">${cite}</a>` : cite}${note}</li>`;
              })}
            </ol>
          </section>`
          : nothing
      }
    </article>`;
    // Keyed by chapter: another chapter gets new elements, not the last one's with their state (a
    // revealed predict-then-reveal in the same place showed its verdict, with the old guess, at once).
    return keyed(c.id, article);
  }
}
