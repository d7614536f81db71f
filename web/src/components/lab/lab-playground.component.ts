import { css, html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import { fill } from '../shared/figure.js';
import { l } from '../shared/i18n.js';
import { figureHost, tokens } from '../shared/theme.js';
import { tokenCells } from './lab-tokens.styles.js';
import { initLab } from '../../lib/lab/browser.js';
import type { Lab, LabModel } from '../../lib/types.js';
import { LabFigure, TASK_NAMES, tokenLabel } from './lab-figure.js';
import { headMaps, sourceMarks } from './lab-heads.js';

const T = {
  savedOnly: l(
    '保存的参考运行只存了结果（准确率、注意力图和回答），没有存模型的权重，所以这里不能用它来试。先在上面训练这个任务的模型，训练完成后就可以在这里输入序列，让它回答。',
    'The saved reference run kept results (accuracies, attention maps, answers), not the weights of its models, so it cannot be tried here. Train this task above; once a model is done you can type a sequence for it here.',
  ),
  notTrained: l(
    '你的运行里没有训练完的这个模型：在上面勾选它并训练。',
    'Your run has no finished model of this encoding: tick it above and train.',
  ),
  loading: l('正在载入模型……', 'Loading the model…'),
  input: l('输入序列（词元用空格分开）', 'Input sequence (tokens separated by spaces)'),
  allowed: l(
    '可用的词元：⟨始⟩、⟨隔⟩、a 到 p、K₀ 到 K₃₁（下标也可以写成普通数字）。',
    'Tokens: ⟨bos⟩, ⟨sep⟩, a to p, K₀ to K₃₁ (also written <bos>, <sep>, K0 … K31).',
  ),
  empty: l('请至少输入一个词元。', 'Type at least one token.'),
  unknown: l('第 {pos} 个词元“{token}”不在词表里。', 'Token {pos}, "{token}", is not in the vocabulary.'),
  tooLong: l('序列有 {n} 个词元，这里最多 {max} 个{why}。', 'The sequence has {n} tokens; at most {max} here{why}.'),
  whyTable: l('（这个模型的可学习表只有这么多行）', " (this model's learned table has no more rows)"),
  whyPage: l('（最长的测试长度）', ' (the longest test length)'),
  answers: l(
    '模型在每个位置的回答（它给下一个词元打分最高的那个）',
    "The model's answer at every position (the largest logit for the next token)",
  ),
  past: l('虚线框：超出训练长度的位置。', 'Dashed cells: positions past the training length.'),
  score: l(
    '按“{task}”的规则，这个序列有 {scored} 个位置要回答：模型答对 {right} 个（✓ 对，✗ 错；框出的格子是每个答案在输入中的位置）。',
    'Under the rule of {task}, {scored} positions of this sequence ask for an answer: the model gets {right} right (✓ right, ✗ wrong; the outlined cells show where each answer is in the input).',
  ),
  noScore: l(
    '按“{task}”的规则，这个序列没有要回答的位置（例如没有 ⟨隔⟩，或者查询的键前面没有出现过）。',
    'Under the rule of {task}, no position of this sequence asks for an answer (for instance there is no ⟨sep⟩, or a queried key never appeared before it).',
  ),
  right: l('对', 'right'),
  wrong: l('错，应为 {want}', 'wrong, should be {want}'),
  model: l('{encoding}，你的运行（种子 {seed}，{steps} 步）', '{encoding}, your run (seed {seed}, {steps} steps)'),
};

/** The lab module on the page's main thread, loaded once, for the playground's models. */
let pageLab: Promise<Lab> | undefined;
/** One model per weights file (the reader's run keeps its weights; a new run brings new files). */
const loaded = new WeakMap<Uint8Array, LabModel>();

/** Token names the reader may type: the page's labels in both languages and plain ASCII. */
function vocabulary(): Map<string, number> {
  const m = new Map<string, number>();
  for (let id = 0; id < 50; id++) {
    m.set(tokenLabel(id, 'en'), id);
    m.set(tokenLabel(id, 'zh'), id);
  }
  m.set('<bos>', 0).set('bos', 0).set('<sep>', 1).set('sep', 1);
  for (let k = 0; k < 32; k++) m.set(`K${k}`, 18 + k).set(`k${k}`, 18 + k);
  return m;
}
const VOCAB = vocabulary();

/** What the playground shows for the current text: an error, or the core's answers and attention. */
type Outcome =
  | { kind: 'error'; message: string }
  | {
      kind: 'ok';
      tokens: number[];
      answers: Int32Array;
      logits: Float32Array;
      attention: Float32Array;
      layers: number;
      heads: number;
      /** The answer the task's rule asks at each position (−1: none) and the key holding it (the core's taskTargets, taskSources). */
      targets: number[];
      sources: number[];
    };

/**
 * The lab playground: the reader types or edits a sequence for one model of their own run and sees
 * its answer at every position and its attention (the last block, every head). The weights come
 * from the training worker (toSafetensors); the model is rebuilt on the page's main thread
 * (fromSafetensors) and every answer, logit and weight is the core's (predict, logits, attention).
 * The saved reference run has no weights, which the figure says. Bad input (an unknown token, a
 * sequence longer than the model can read, nothing) gets a message in the reader's language, and
 * the next edit is read afresh.
 */
export class PosencLabPlayground extends LabFigure {
  static styles = [
    tokens,
    figureHost,
    tokenCells,
    css`
      label {
        display: block;
        font-size: 0.9rem;
        margin: 0.3rem 0;
      }
      textarea {
        box-sizing: border-box;
        width: 100%;
        min-height: 3.2rem;
        font-family: var(--_mono);
        font-size: 0.9rem;
      }
      .ans {
        font-size: 0.8rem;
        color: var(--_accent);
      }
      .note {
        font-size: 0.85rem;
        color: var(--_muted);
      }
      .error {
        color: var(--_accent-2);
        font-weight: 600;
      }
      .grid {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 17rem), 1fr));
        gap: 0.6rem 1rem;
      }
      h4 {
        font-size: 0.95rem;
        margin: 0.6rem 0 0.2rem;
      }
    `,
  ];

  @property() encoding = 'rope';
  /** The text the reader typed (undefined: the task's example input at the training length). */
  @state() private text?: string;
  @state() private model?: LabModel;
  @state() private loadError = '';
  /** The weights the model was built from: another run (or encoding) brings others. */
  private weights?: Uint8Array;

  /** What the figure computed last (the tests read it): the tokens, answers, logits and attention. */
  outcome?: Outcome;

  protected willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    const run = this.run;
    const entry = run?.source === 'reader' ? run.encodings[this.encoding] : undefined;
    if (entry?.state === 'done' && entry.weights) this.ensureModel(entry.weights);
  }

  private ensureModel(weights: Uint8Array): void {
    if (this.weights === weights) return;
    this.weights = weights;
    this.model = loaded.get(weights);
    if (this.model) return;
    pageLab ??= initLab();
    pageLab.then(
      (lab) => {
        const m = loaded.get(weights) ?? lab.fromSafetensors(weights);
        loaded.set(weights, m);
        if (this.weights === weights) this.model = m;
      },
      (e: Error) => (this.loadError = e.message),
    );
  }

  private parse(text: string, model: LabModel): { tokens: number[] } | { error: string } {
    const words = text.split(/[\s,，、]+/).filter(Boolean);
    if (!words.length) return { error: this.t(T.empty) };
    const ids: number[] = [];
    for (let i = 0; i < words.length; i++) {
      const id = VOCAB.get(words[i]);
      if (id === undefined) return { error: fill(this.t(T.unknown), { pos: i + 1, token: words[i] }) };
      ids.push(id);
    }
    // the longest sequence the model reads: the learned table's rows, else the core's longest test length
    const learned = model.encoding === 'learned';
    const max = learned ? model.config.n_max : (this.run?.lengths.at(-1) ?? 48);
    if (ids.length > max) return { error: fill(this.t(T.tooLong), { n: ids.length, max, why: this.t(learned ? T.whyTable : T.whyPage) }) };
    return { tokens: ids };
  }

  /** What the task's rule asks of this sequence, and where each answer is: the core's, or nothing asked. */
  private rule(tokens: number[]): { targets: number[]; sources: number[] } {
    const task = this.run?.task ?? this.task;
    const none = tokens.map(() => -1);
    try {
      const targets = Array.from(this.pe.analysis.taskTargets({ task, tokens }));
      return { targets, sources: Array.from(this.pe.analysis.taskSources({ task, tokens, targets })) };
    } catch {
      return { targets: none, sources: none };
    }
  }

  private compute(text: string, model: LabModel): Outcome {
    const p = this.parse(text, model);
    if ('error' in p) return { kind: 'error', message: p.error };
    const t = Int32Array.from(p.tokens);
    try {
      const answers = model.predict(t);
      const logits = model.logits(t);
      const a = model.attention(t);
      return { kind: 'ok', tokens: p.tokens, answers, logits, attention: a.data, layers: a.layers, heads: a.heads, ...this.rule(p.tokens) };
    } catch (e) {
      // the core's refusal (its limits), said as is
      return { kind: 'error', message: (e as Error).message };
    }
  }

  private defaultText(): string {
    const run = this.run;
    const input = run?.inputs?.[run.trainLength];
    return input ? input.tokens.map((id) => tokenLabel(id, this.lang)).join(' ') : '';
  }

  private score(out: Extract<Outcome, { kind: 'ok' }>) {
    const task = this.t(TASK_NAMES[this.run?.task ?? this.task] ?? l(this.task, this.task));
    const scored = out.targets.filter((w) => w >= 0).length;
    const right = out.targets.filter((w, i) => w >= 0 && out.answers[i] === w).length;
    return html`<p class="note" id="lab-play-score" data-scored=${scored} data-right=${right}>
      ${scored ? fill(this.t(T.score), { task, scored, right }) : fill(this.t(T.noScore), { task })}
    </p>`;
  }

  render() {
    const run = this.run;
    const entry = run?.source === 'reader' ? run.encodings[this.encoding] : undefined;
    if (!run || run.source !== 'reader') return html`<p class="note" id="lab-play-note" data-state="saved">${this.t(T.savedOnly)}</p>`;
    if (!entry?.weights || entry.state !== 'done')
      return html`<p class="note" id="lab-play-note" data-state="untrained">${this.t(T.notTrained)}</p>`;
    if (this.loadError) return html`<p class="note error" id="lab-play-note" data-state="failed">${this.loadError}</p>`;
    const model = this.model;
    if (!model) return html`<p class="note" id="lab-play-note" data-state="loading">${this.t(T.loading)}</p>`;
    const text = this.text ?? this.defaultText();
    const out = (this.outcome = this.compute(text, model));
    const lang = this.lang;
    const L = run.trainLength;
    return html`<p class="note">
        ${fill(this.t(T.model), { encoding: this.encodingName(this.encoding), seed: run.seeds[0], steps: run.steps })}
      </p>
      <label for="lab-play-input">${this.t(T.input)}</label>
      <textarea
        id="lab-play-input"
        spellcheck="false"
        .value=${text}
        @input=${(e: Event) => (this.text = (e.target as HTMLTextAreaElement).value)}
      ></textarea>
      <p class="note">${this.t(T.allowed)}</p>
      ${
        out.kind === 'error'
          ? html`<p class="note error" id="lab-play-error" role="alert">${out.message}</p>`
          : html`<h4>${this.t(T.answers)}</h4>
              <div class="seq" id="lab-play-answers" role="list">
                ${out.tokens.map((tok, i) => {
                  const want = out.targets[i],
                    got = out.answers[i];
                  const mark = want < 0 ? '' : got === want ? 'right' : 'wrong';
                  const said =
                    mark === 'right' ? this.t(T.right) : mark === 'wrong' ? fill(this.t(T.wrong), { want: tokenLabel(want, lang) }) : '';
                  return html`<span
                    class=${i >= L ? 'tok past' : 'tok'}
                    role="listitem"
                    data-token=${tok}
                    data-answer=${got}
                    data-target=${want}
                    data-scored=${mark}
                    title=${said}
                    aria-label=${`${i}: ${tokenLabel(tok, lang)} → ${tokenLabel(got, lang)}${said ? ` (${said})` : ''}`}
                    ><span class="pos">${i}</span>${tokenLabel(tok, lang)}<span class=${mark ? `ans ${mark}` : 'ans'}
                      >→${tokenLabel(got, lang)}${mark === 'right' ? '✓' : mark === 'wrong' ? '✗' : ''}</span
                    ></span
                  >`;
                })}
              </div>
              ${this.score(out)}
              ${out.tokens.length > L ? html`<p class="note">${this.t(T.past)}</p>` : nothing}
              <div class="grid" id="lab-play-attention">
                ${headMaps({
                  attention: out.attention,
                  layer: out.layers - 1,
                  heads: out.heads,
                  n: out.tokens.length,
                  labels: out.tokens.map((tok, i) => `${i} ${tokenLabel(tok, lang)}`),
                  t: (x) => this.t(x),
                  marks: () => sourceMarks(out.sources, (x) => this.t(x)),
                })}
              </div>`
      }`;
  }
}
