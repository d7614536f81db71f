import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';

import type { Lang } from '../shared/i18n.js';
import { ui } from '../shared/strings.js';
import { rich } from '../shared/text.js';
import { tokens } from '../shared/theme.js';

export interface PredictChoice {
  value: string;
  label: string;
}

/**
 * What each reader answered, by question (`memory`: chapter and question id), for as long as the
 * page is open: an element made again (another chapter and back, a re-render that replaces it)
 * shows the reader's choice and, once revealed, the verdict.
 */
const answers = new Map<string, { guess: string; revealed: boolean }>();

/**
 * Predict, then reveal. The slotted figure stays hidden until the reader has picked an answer and
 * pressed Reveal, or chosen to skip the guess (a reader who only wants the figure, or comes back to
 * it, is not made to guess; the verdict then states the computed answer alone); the figure reports the right answer at the current parameters (event
 * posenc-answer, detail { value }), so the verdict follows the parameters live. The reader's
 * choice is state of its own (never taken from the DOM), kept by `memory` across re-creation; each
 * radio is bound with live() so a render always shows that choice, whatever the DOM held.
 *
 * @slot - the figure that settles the question
 */
export class PosencPredict extends LitElement {
  static styles = [
    tokens,
    css`
      :host {
        display: block;
        margin: 1rem 0;
        padding: 0.7rem 0.9rem;
        border: 1px solid var(--_line);
        border-left: 4px solid var(--_accent);
        border-radius: 0 8px 8px 0;
      }
      /* The words keep a reading width; the figure revealed below may use the page's (a wide table). */
      fieldset,
      .verdict,
      p {
        max-width: 46rem;
      }
      .label {
        font-size: 0.8rem;
        text-transform: uppercase;
        letter-spacing: 0.04em;
        color: var(--_accent);
        font-weight: 600;
      }
      fieldset {
        border: 0;
        margin: 0.3rem 0;
        padding: 0;
        display: flex;
        flex-wrap: wrap;
        gap: 0.4rem 1rem;
      }
      legend {
        padding: 0;
        margin-bottom: 0.3rem;
      }
      button {
        font: inherit;
        padding: 0.25rem 0.8rem;
        border-radius: 4px;
        border: 1px solid var(--_accent);
        background: var(--_accent);
        color: var(--_bg);
        cursor: pointer;
      }
      button:disabled {
        opacity: 0.5;
        cursor: default;
      }
      button.skip {
        margin-left: 0.6rem;
        background: none;
        color: var(--_accent);
      }
      .verdict {
        margin: 0.5rem 0 0.3rem;
      }
      .verdict strong.right {
        color: var(--_good);
      }
      .verdict strong.wrong {
        color: var(--_warn);
      }
      .figure[hidden] {
        display: none;
      }
    `,
  ];

  @property() question = '';
  @property({ attribute: false }) choices: PredictChoice[] = [];
  @property() explain = '';
  @property() lang: Lang = 'en';
  /** Where the reader's answer is kept while the page is open ('' keeps it in this element only). */
  @property() memory = '';

  @state() private guess = '';
  @state() private revealed = false;
  @state() private answer = '';
  /** The choices the figure can answer (posenc-choices); all of them until it says. */
  @state() private offered?: string[];

  connectedCallback() {
    super.connectedCallback();
    this.addEventListener('posenc-answer', this.onAnswer as EventListener);
    this.addEventListener('posenc-choices', this.onChoices as EventListener);
  }

  protected willUpdate(changed: PropertyValues) {
    if (changed.has('memory') && this.memory) {
      const kept = answers.get(this.memory);
      if (kept) ({ guess: this.guess, revealed: this.revealed } = kept);
    }
  }

  private choose(value: string) {
    this.guess = value;
    if (this.memory) answers.set(this.memory, { guess: value, revealed: this.revealed });
  }

  private reveal() {
    this.revealed = true;
    if (this.memory) answers.set(this.memory, { guess: this.guess, revealed: true });
  }

  disconnectedCallback() {
    this.removeEventListener('posenc-answer', this.onAnswer as EventListener);
    this.removeEventListener('posenc-choices', this.onChoices as EventListener);
    super.disconnectedCallback();
  }

  private onAnswer = (e: CustomEvent<{ value: string }>) => {
    e.stopPropagation();
    this.answer = String(e.detail.value);
  };

  private onChoices = (e: CustomEvent<{ values: string[] }>) => {
    e.stopPropagation();
    // a guess made before the figure said what it can answer stays (its choice stays listed): a
    // re-render never takes a reader's answer away (issue 27: an answer lost under a click)
    this.offered = e.detail.values;
  };

  private t = (s: { zh: string; en: string }) => s[this.lang];

  render() {
    const label = (v: string) => this.choices.find((c) => c.value === v)?.label ?? v;
    return html`<div class="label">${this.t(ui.predict)}</div>
      <fieldset ?disabled=${this.revealed}>
        <legend>${rich(this.question)}</legend>
        ${this.choices
          .filter((c) => !this.offered || this.offered.includes(c.value) || c.value === this.guess)
          .map(
            (c) => html`<label
            ><input
              type="radio"
              name="guess"
              value=${c.value}
              .checked=${live(this.guess === c.value)}
              @change=${() => this.choose(c.value)}
            />
            ${rich(c.label)}</label
          >`,
          )}
      </fieldset>
      ${
        this.revealed
          ? html`<p class="verdict" role="status" data-guess=${this.guess} data-answer=${this.answer}>
            ${
              !this.answer
                ? this.t(ui.noAnswer)
                : this.guess
                  ? html`${this.t(ui.yourGuess)}${rich(label(this.guess))}${this.t(ui.stop)}${this.t(ui.computed)}${rich(label(this.answer))}${this.t(ui.stop)}
                    <strong class=${this.guess === this.answer ? 'right' : 'wrong'}>${this.t(this.guess === this.answer ? ui.right : ui.wrong)}</strong>`
                  : html`${this.t(ui.computed)}${rich(label(this.answer))}${this.t(ui.stop)}`
            }
          </p>
          <p>${rich(this.explain)}</p>`
          : html`<button class="reveal" ?disabled=${!this.guess} @click=${() => this.reveal()} title=${this.guess ? nothing : this.t(ui.chooseFirst)}>
                ${this.t(ui.reveal)}
              </button>
              <button class="skip" @click=${() => this.reveal()}>${this.t(ui.skipGuess)}</button>`
      }
      <div class="figure" ?hidden=${!this.revealed}><slot></slot></div>`;
  }
}
