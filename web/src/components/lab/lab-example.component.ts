import { css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';

import { fill } from '../shared/figure.js';
import { l } from '../shared/i18n.js';
import { figureHost, tokens } from '../shared/theme.js';
import { tokenCells } from './lab-tokens.styles.js';
import { LabFigure, tokenLabel } from './lab-figure.js';

const T = {
  input: l('输入', 'input'),
  answer: l('模型的回答', "the model's answer"),
  right: l('对', 'right'),
  wrong: l('错', 'wrong'),
  noRow: l(
    '可学习表没有这些位置的行：模型根本无法运行。',
    'The learned table has no rows for these positions: the model cannot run at all.',
  ),
  untrained: l('先训练这个任务，才能看到例子。', 'Train this task to see an example.'),
  training: l('这个模型{step}：下面是它此刻的回答。', 'This model is {step}: below are its answers now.'),
  eachCellPosition: l(
    '每格：位置、输入词元；下面是模型在需要回答的位置给出的答案（✓ 对，✗ 错）。虚线框：超出训练长度的位置。',
    'Each cell: position, input token; below it, the model’s answer where one is scored (✓ right, ✗ wrong). Dashed cells: positions past the training length.',
  ),
};

/**
 * One test input of the task at the training length and at twice it, with the answer of one
 * trained model under every scored position (right or wrong, from the core's predictions): the
 * failure the chapter is about, on one sequence.
 */
export class PosencLabExample extends LabFigure {
  static styles = [
    tokens,
    figureHost,
    tokenCells,
    css`
      .tok {
        background: var(--_bg);
      }
      .ans {
        font-size: 0.8rem;
        min-height: 1.1rem;
      }
      h4 {
        font-size: 0.95rem;
        margin: 0.6rem 0 0.1rem;
      }
      .legend,
      .note {
        font-size: 0.85rem;
        color: var(--_muted);
      }
    `,
  ];

  @property() encoding = 'sinusoidal';
  /** Heading of each input; {n}, {ratio} and {encoding} are filled in. */
  @property() heading = '';

  render() {
    const run = this.run;
    const model = run?.encodings[this.encoding];
    if (!run || !run.inputs || !model?.predictions) return html`<p class="note">${this.t(T.untrained)}</p>`;
    const lang = this.lang;
    const atStep = this.atStep(run, this.encoding);
    return html`${atStep ? html`<p class="note" data-step=${model.checkpoint ?? ''}>${fill(this.t(T.training), { step: atStep })}</p>` : nothing}${Object.keys(
      run.inputs,
    )
      .map(Number)
      .sort((a, b) => a - b)
      .map((n) => {
        const input = run.inputs![n];
        const answers = model.predictions![n];
        return html`<h4>${fill(this.heading, { n, ratio: n / run.trainLength, encoding: this.encodingName(this.encoding) })}</h4>
            ${
              answers
                ? html`<div class="seq" id=${`lab-example-${n}`} role="list">
                    ${input.tokens.map((tok, t) => {
                      const want = input.targets[t];
                      const got = answers[t];
                      const scored = want >= 0;
                      const ok = scored && got === want;
                      return html`<span
                        class=${t >= run.trainLength ? 'tok past' : 'tok'}
                        role="listitem"
                        data-scored=${scored ? (ok ? 'right' : 'wrong') : ''}
                        aria-label=${`${t}: ${tokenLabel(tok, lang)}${scored ? `, ${this.t(T.answer)} ${tokenLabel(got, lang)} (${this.t(ok ? T.right : T.wrong)})` : ''}`}
                      >
                        <span class="pos">${t}</span>${tokenLabel(tok, lang)}
                        <span class=${scored ? (ok ? 'ans right' : 'ans wrong') : 'ans'}
                          >${scored ? `${tokenLabel(got, lang)}${ok ? '✓' : '✗'}` : ''}</span
                        >
                      </span>`;
                    })}
                  </div>`
                : html`<p class="note" id=${`lab-example-${n}`}>${this.t(T.noRow)}</p>`
            }`;
      })}
      <p class="legend">
        ${this.t(T.eachCellPosition)}
      </p>`;
  }
}
