/**
 * The model card of the Longer contexts chapter: paste any config.json (or pick one of the real ones
 * bundled from web/data/configs) and see its positional scheme as the library reads it
 * (positionalScheme, ropeFromConfig): for RoPE the head and rotary dimensions, the base or bases,
 * the scaling and attention factor, each pair's wavelength against the model's context lengths
 * (measured by the core: analysis.configWavelengths), M-RoPE's three sections and Gemma 3's two
 * bases; for other schemes their parameters and the chapter that explains them. Bad JSON or bad
 * fields show the library's message inline; the page keeps working.
 */
import { css, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { ScalingBands } from '../../lib/internal-types.js';
import type { PositionalScheme, RopeConfig } from '../../lib/types.js';
import '../plot/plot.js';
import './mrope-view.js';
import type { PlotAnnotation, Series } from '../plot/plot.js';
import { fill, PosencFigure } from '../shared/figure.js';
import { fmt, fmtExact, sciText } from '../shared/format.js';
import { l, type L10n } from '../shared/i18n.js';
import { scrollAndPin } from '../shared/scroll-pin.js';
import { tokens } from '../shared/theme.js';
import '../table/table.js';
import type { TableRow } from '../table/table.js';
import type { ConfigExample } from './config-examples.js';

/** The example shown first. */
export const DEFAULT_EXAMPLE = 'llama-3.1-8b-instruct';

/** How a RoPE layout pairs dimensions, in words. */
const LAYOUT_WORDS: Record<string, L10n> = {
  half: l('前一半与后一半配对', 'first half with second half'),
  interleaved: l('相邻两维配对', 'neighbouring dimensions'),
};

const T = {
  example: l('真实模型的 config.json（点选一个）', "A real model's config.json (pick one)"),
  ropeGroup: l('旋转位置编码', 'rotary (RoPE)'),
  otherGroup: l('其他位置编码', 'other schemes'),
  custom: l('（自己粘贴）', '(paste your own)'),
  loading: l('正在载入示例……', 'Loading the examples…'),
  text: l('config.json 内容（可以直接改，或粘贴别的模型）', 'config.json text (edit it, or paste another model)'),
  source: l('来源：', 'Source: '),
  invalidAt: l(
    'JSON 格式错误：第 {line} 行，第 {column} 列。库的原话：',
    'Invalid JSON at line {line}, column {column}. The library says: ',
  ),
  cannot: l('无法读取。库的原话：', 'Cannot read it. The library says: '),
  card: l('模型卡：{scheme}', 'Model card: {scheme}'),
  value: l('值', 'value'),
  warnings: l('Hugging Face 的库读这份配置时会给出的提示（原文）', 'What transformers warns when it reads this config'),
  notes: l('本库读这份配置时的说明（原文）', "posenc's notes on how it read this config"),
  wlCaption: l(
    '每对维度的波长 2π/θᵢ（对数纵轴），与模型的上下文长度相比：线以上的维度对在这么多位置里转不满一圈',
    "Each pair's wavelength 2π/θᵢ (log axis) against the model's context lengths: pairs above a line do not complete one turn within that many positions",
  ),
  wlAxis: l('波长', 'wavelength'),
  pair: l('维度对 i', 'pair i'),
  tokens: l('个位置', 'positions'),
  plain: l('不缩放（同一底数）', 'unscaled (same base)'),
  thisConfig: l('按这份配置', 'this config'),
  sliding: l('局部层', 'local layers'),
  global: l('全局层', 'global layers'),
  shortList: l('短文本频率', 'short-text frequencies'),
  longList: l('长文本频率', 'long-text frequencies'),
  sectionsNote: l(
    '和“旋转位置编码 RoPE”一章末尾的二维 RoPE 一样，每个坐标只转分给自己的那些维度对；这里是三个坐标。',
    'As with the 2-D RoPE at the end of the RoPE chapter, each coordinate turns only the pairs assigned to it; here there are three coordinates.',
  ),
  sectionsCaption: l('M-RoPE：哪些维度对跟着哪个坐标转', 'M-RoPE: which frequency pairs turn with which coordinate'),
  interleaved: l('交错：高度、宽度各占每三对中的一对', 'interleaved: height and width each take one pair in three'),
  time: l('时间', 'time'),
  height: l('高度', 'height'),
  width: l('宽度', 'width'),
  verbatimCopy: l('原样复制', 'verbatim copy'),
  reconstructed: l('按类的默认值重建', 'reconstructed from the class defaults'),
  adaptedCopy: l('改编过的副本', 'adapted copy'),
  transcribed: l('照打印内容转录', 'transcribed from a printout'),
  reSaved: l('重新保存的副本', 're-saved copy'),
  tableRowsLongest: l('位置表的行数（最长输入）', 'rows of the table (longest input)'),
  positionOffset: l('位置编号的偏移', 'offset added to positions'),
  tableRows: l('位置表的行数', 'rows of the table'),
  headsWithBiases: l('注意力头数（每头一组偏置）', 'attention heads (one set of biases each)'),
  bidirectionalBuckets: l('编码器双向分桶', 'bidirectional buckets in the encoder'),
  largestDistance: l('最远距离', 'largest distance'),
  attentionHeads: l('注意力头数', 'attention heads'),
  firstSlope: l('第一个头的斜率', 'slope of the first head'),
  lastSlope: l('最后一个头的斜率', 'slope of the last head'),
  why: l('原因（原文）', "why (in the library's words)"),
  schemeCaption: l('这份配置的位置参数', "This config's positional parameters"),
  rotaryDim: l('旋转维度（转动的坐标数）', 'rotary dimension (coordinates turned)'),
  pairing: l('配对方式', 'pairing'),
  rotaryPosition: l('旋转的维度在每个头里的位置', 'where the rotary slice sits in each head'),
  baseLocal: l('底数：局部层（滑动窗口，{n} 层）', 'base: local layers (sliding window, {n} layers)'),
  baseGlobal: l('底数：全局层（{n} 层）', 'base: global layers ({n} layers)'),
  localGlobal: l('局部 / 全局', 'local / global'),
  attentionFactor: l('注意力因子（cos、sin 乘上的数）', 'attention factor (multiplies cos and sin)'),
  softmaxScale: l('softmax 缩放（多头潜在注意力）', 'softmax scale (multi-head latent attention)'),
  timeHeightWidth: l('时间 / 高度 / 宽度', 'time / height / width'),
  bands: l('维度对：不变 / 过渡 / 除以缩放因子', 'pairs: unchanged / blended / divided by factor'),
  longFrom: l('从第几个位置起换用长文本频率', 'long-text frequencies from sequence length'),
  slidingWindow: l('（局部层往回看的位置数）', '(how far back a local layer attends)'),
  ropeCaption: l('读到的 RoPE 参数', 'The rotary parameters read'),
  whichCurve: l('（{curve}）', ' ({curve})'),
  longestWavelength: l('最长波长{which}', 'longest wavelength{which}'),
  notOneTurn: l('转不满一圈的维度对{which}，在', 'pairs that do not complete a turn{which} within'),
};

const SCHEME_NAMES: Record<PositionalScheme['scheme'], L10n> = {
  rope: l('旋转位置编码 RoPE', 'rotary position embedding (RoPE)'),
  learned: l('可学习的绝对位置表', 'learned absolute position table'),
  sinusoidal: l('固定的正弦位置表', 'fixed sinusoidal table'),
  'relative-buckets': l('T5 的相对位置分桶', "T5's relative position buckets"),
  'relative-embeddings': l('可学习的相对位置向量', 'learned relative position embeddings'),
  alibi: l('ALiBi 线性偏置', 'ALiBi linear biases'),
  none: l('没有位置编码', 'no positional encoding'),
};

/** Where each scheme is explained: chapter id and, in this chapter, the section to scroll to. */
const EXPLAINED: Partial<Record<PositionalScheme['scheme'], { chapter: string; section?: string; text: L10n }>> = {
  rope: {
    chapter: 'rope',
    text: l('旋转位置编码在“旋转位置编码 RoPE”一章里讲。', 'RoPE is explained in the chapter "Rotary position embedding (RoPE)".'),
  },
  learned: {
    chapter: 'learned',
    text: l(
      '可学习的位置表为什么过不了训练长度，在“可学习的位置编码”一章里讲。',
      'Why a learned table cannot go past its length is explained in the chapter "Learned PE".',
    ),
  },
  sinusoidal: {
    chapter: 'sinusoidal',
    text: l('固定的正弦表在“正弦位置编码”一章里讲。', 'The sinusoidal table is explained in the chapter "Sinusoidal PE".'),
  },
  'relative-buckets': {
    chapter: 'relative',
    text: l('T5 的分桶在“相对位置编码”一章里讲。', 'T5\'s buckets are explained in the chapter "Relative PE".'),
  },
  'relative-embeddings': {
    chapter: 'relative',
    text: l('相对位置向量在“相对位置编码”一章里讲。', 'Relative position embeddings are explained in the chapter "Relative PE".'),
  },
  alibi: {
    chapter: 'contexts',
    section: 'alibi',
    text: l('ALiBi 在本章下面的“ALiBi”一节里讲。', 'ALiBi is explained in the ALiBi section of this chapter, below.'),
  },
};

type Reading = { ok: PositionalScheme } | { error: string };

interface Wavelengths {
  label: string;
  wavelength: Float64Array;
  /** The context lengths this curve is read against (Gemma 3's local layers: their window), and per length the pairs slower than it. */
  lengths: { key: string; at: number }[];
  beyond: ArrayLike<number>;
  dash?: boolean;
  color?: string;
}

export class PosencConfigPanel extends PosencFigure {
  static styles = [
    tokens,
    css`
      :host {
        display: block;
      }
      label {
        display: block;
        font-size: 0.85rem;
        color: var(--_muted);
        margin: 0.4rem 0 0.2rem;
      }
      select,
      textarea {
        font: inherit;
        color: var(--_fg);
        background: var(--_bg);
        border: 1px solid var(--_line);
        border-radius: 6px;
        padding: 0.3rem;
        max-width: 100%;
      }
      textarea {
        width: 100%;
        box-sizing: border-box;
        min-height: 10rem;
        font-family: var(--_mono);
        font-size: 0.82rem;
      }
      .source {
        font-size: 0.82rem;
        color: var(--_muted);
        overflow-wrap: anywhere;
        margin: 0.3rem 0;
      }
      .error {
        color: var(--_warn);
        font-size: 0.9rem;
        overflow-wrap: anywhere;
      }
      h4 {
        margin: 0.8rem 0 0.3rem;
        font-size: 1rem;
      }
      ul {
        font-size: 0.82rem;
        color: var(--_muted);
        overflow-wrap: anywhere;
      }
      code {
        font-family: var(--_mono);
        font-size: 0.92em;
      }
      figure {
        margin: 0.6rem 0;
      }
      .strip {
        display: flex;
        gap: 2px;
        max-width: 640px;
        font-size: 0.82rem;
      }
      .part {
        display: flex;
        flex-direction: column;
        align-items: center;
        min-width: 0;
      }
      .bar {
        align-self: stretch;
        text-align: center;
        color: #fff;
        font-weight: 600;
        border-radius: 3px;
        padding: 0.15rem 0;
        white-space: nowrap;
        overflow: hidden;
      }
      .legend i {
        display: inline-block;
        width: 0.8em;
        height: 0.8em;
        border-radius: 2px;
        margin-right: 0.25em;
        vertical-align: -0.05em;
      }
      .range {
        color: var(--_muted);
        font-family: var(--_mono);
        font-size: 0.78rem;
      }
    `,
  ];

  /** The chapter's heading for the text box (optional). */
  @property() caption = '';

  @state() private examples?: ConfigExample[];
  @state() private example = DEFAULT_EXAMPLE;
  @state() private text = '';
  private reading?: Reading;
  private curves: Wavelengths[] = [];
  /** Wavelengths of the unscaled frequencies at the same base (for comparison), from the core. */
  private plain?: Float64Array;
  /** For a scaling with one factor: how many pairs it keeps, blends and divides (core: scalingBands). */
  private bands?: ScalingBands;

  connectedCallback() {
    super.connectedCallback();
    if (!this.examples) {
      void import('./config-examples.js').then((m) => {
        this.examples = m.EXAMPLES;
        const first = m.EXAMPLES.find((e) => e.id === this.example);
        if (first && !this.text) this.text = JSON.stringify(first.config, null, 2);
      });
    }
  }

  protected willUpdate(changed: PropertyValues) {
    if (changed.has('text') && this.text) this.read();
  }

  private read() {
    try {
      this.reading = { ok: this.pe.positionalScheme(this.text) };
    } catch (e) {
      this.reading = { error: e instanceof Error ? e.message : String(e) };
    }
    this.curves = [];
    this.plain = undefined;
    this.bands = undefined;
    const r = this.reading;
    if (!('ok' in r) || r.ok.scheme !== 'rope') return;
    const c = r.ok.rope;
    const all = this.lengths(c);
    const measure = (
      label: string,
      invFreq: Float64Array,
      extra: Partial<Wavelengths> = {},
      lengths = all.filter((x) => x.key !== 'sliding_window'),
    ): Wavelengths => {
      const m = this.pe.analysis.configWavelengths({ invFreq, lengths: lengths.map((x) => x.at) });
      return { label, wavelength: m.wavelength, lengths, beyond: m.beyond, ...extra };
    };
    try {
      if (c.perLayerType) {
        const { sliding_attention: s, full_attention: g } = c.perLayerType;
        // A local layer never looks further back than its window: that is the length its pairs face.
        const window = all.filter((x) => x.key === 'sliding_window');
        this.curves = [
          measure('sliding', s.invFreq, { color: 'accent2' }, window.length ? window : undefined),
          measure('global', g.invFreq),
        ];
      } else if (c.longrope) {
        this.curves = [measure('short', c.longrope.shortInvFreq, { color: 'accent2' }), measure('long', c.longrope.longInvFreq)];
      } else {
        this.curves = [measure('config', c.invFreq)];
      }
      if (c.ropeType !== 'default' || c.perLayerType) {
        const base = c.perLayerType ? c.perLayerType.full_attention.base : c.base;
        const plain = this.pe.inverseFrequencies({ dim: c.dim, base }).invFreq;
        this.plain = measure('plain', plain).wavelength;
        if (!c.perLayerType && !c.longrope && c.factor > 1)
          this.bands = this.pe.analysis.scalingBands({ plain, scaled: c.invFreq, factor: c.factor });
      }
    } catch (e) {
      this.reading = { error: e instanceof Error ? e.message : String(e) };
      this.curves = [];
    }
  }

  /** The model's context lengths: the original (trained) one and the extended one, where given. */
  private lengths(c: RopeConfig): { key: string; at: number }[] {
    const out: { key: string; at: number }[] = [];
    if (c.originalMaxPositionEmbeddings > 0 && c.originalMaxPositionEmbeddings !== c.maxPositionEmbeddings) {
      out.push({ key: 'original_max_position_embeddings', at: c.originalMaxPositionEmbeddings });
    }
    if (c.maxPositionEmbeddings > 0) out.push({ key: 'max_position_embeddings', at: c.maxPositionEmbeddings });
    if (c.slidingWindow) out.unshift({ key: 'sliding_window', at: c.slidingWindow });
    return out;
  }

  private pick(id: string) {
    this.example = id;
    const e = this.examples?.find((x) => x.id === id);
    if (e) this.text = JSON.stringify(e.config, null, 2);
  }

  render() {
    const t = (s: L10n) => this.t(s);
    if (!this.examples) return html`<p aria-busy="true">${t(T.loading)}</p>`;
    const rope = this.examples.filter((e) => !/^(bert|gpt2|opt|t5|mpt)/.test(e.id));
    const other = this.examples.filter((e) => /^(bert|gpt2|opt|t5|mpt)/.test(e.id));
    const current = this.examples.find((e) => e.id === this.example);
    const option = (e: ConfigExample) => html`<option value=${e.id} ?selected=${e.id === this.example}>${t(e.label)}</option>`;
    return html`<label for="example">${t(T.example)}</label>
      <select id="example" data-frame-control="model card example" @change=${(e: Event) => this.pick((e.target as HTMLSelectElement).value)}>
        <optgroup label=${t(T.ropeGroup)}>${rope.map(option)}</optgroup>
        <optgroup label=${t(T.otherGroup)}>${other.map(option)}</optgroup>
        <option value="custom" ?selected=${this.example === 'custom'}>${t(T.custom)}</option>
      </select>
      ${current ? this.sourceLine(current) : nothing}
      <label for="config">${this.caption || t(T.text)}</label>
      <textarea
        id="config"
        spellcheck="false"
        .value=${this.text}
        @input=${(e: Event) => {
          this.text = (e.target as HTMLTextAreaElement).value;
          this.example = 'custom';
        }}
      ></textarea>
      ${this.card()}`;
  }

  private sourceLine(e: ConfigExample) {
    const s = e.source;
    const href = `https://github.com/${s.repo}/blob/${s.commit}/${s.path}`;
    const kind = /^verbatim/.test(s.status)
      ? T.verbatimCopy
      : /^RECONSTRUCTED/.test(s.status)
        ? T.reconstructed
        : /^adapted/.test(s.status)
          ? T.adaptedCopy
          : /^transcribed/.test(s.status)
            ? T.transcribed
            : T.reSaved;
    return html`<p class="source" id="config-source">
      ${this.t(T.source)}<code>${s.modelId}</code> · <a href=${href} rel="noopener" target="_blank"><code>${s.repo}/${s.path}</code></a> ·
      <span title=${s.status}>${this.t(kind)}</span>
    </p>`;
  }

  private card(): TemplateResult | typeof nothing {
    const r = this.reading;
    if (!r) return nothing;
    if ('error' in r) {
      const at = /invalid JSON at line (\d+), column (\d+)/.exec(r.error);
      const lead = at ? fill(this.t(T.invalidAt), { line: at[1], column: at[2] }) : this.t(T.cannot);
      return html`<p class="error" role="alert" id="config-error">${lead}<code>${r.error}</code></p>`;
    }
    const s = r.ok;
    const code = (x: string | number) => html`<code>${x}</code>`;
    const head = html`<h4 id="config-scheme" data-scheme=${s.scheme}>
      ${fill(this.t(T.card), { scheme: this.t(SCHEME_NAMES[s.scheme]) })}
    </h4>`;
    const explained = EXPLAINED[s.scheme];
    const link = explained
      ? html`<p id="config-link">
          <a
            href=${`#/${explained.chapter}?lang=${this.lang}`}
            @click=${(e: Event) => {
              if (!explained.section) return;
              const target = (this.getRootNode() as Document | ShadowRoot).getElementById?.(`sec-${explained.section}`);
              if (target) {
                e.preventDefault();
                scrollAndPin(target);
              }
            }}
            >${this.t(explained.text)}</a
          >
        </p>`
      : nothing;
    const model: TableRow = { head: code('model_type'), cells: [s.modelType ? code(s.modelType) : '—'] };
    let rows: TableRow[] = [];
    switch (s.scheme) {
      case 'rope':
        return html`${head}${this.ropeCard(s.rope, model)}${link}`;
      case 'learned':
        rows = [
          model,
          { head: this.t(T.tableRowsLongest), cells: [String(s.maxPositions)] },
          { head: this.t(T.positionOffset), cells: [String(s.offset)] },
        ];
        break;
      case 'sinusoidal':
        rows = [model, { head: this.t(T.tableRows), cells: [String(s.maxPositions)] }];
        break;
      case 'relative-buckets':
        rows = [
          model,
          { head: code('relative_attention_num_buckets'), cells: [String(s.numBuckets)] },
          { head: code('relative_attention_max_distance'), cells: [String(s.maxDistance)] },
          { head: this.t(T.headsWithBiases), cells: [String(s.numHeads)] },
          {
            head: this.t(T.bidirectionalBuckets),
            cells: [code(String(s.bidirectionalEncoder))],
          },
        ];
        break;
      case 'relative-embeddings':
        rows = [
          model,
          { head: this.t(T.largestDistance), cells: [String(s.maxDistance)] },
          { head: code('position_embedding_type'), cells: [code(s.variant)] },
        ];
        break;
      case 'alibi':
        rows = [
          model,
          { head: this.t(T.attentionHeads), cells: [String(s.numHeads)] },
          { head: code('alibi_bias_max'), cells: [String(s.maxBias)] },
          { head: this.t(T.firstSlope), cells: [s.slopes.length ? fmtExact(s.slopes[0]) : '—'] },
          {
            head: this.t(T.lastSlope),
            cells: [s.slopes.length ? fmtExact(s.slopes[s.slopes.length - 1]) : '—'],
          },
        ];
        break;
      case 'none':
        rows = [model, { head: this.t(T.why), cells: [code(s.reason)] }];
        break;
    }
    return html`${head}
      <posenc-table
        id="config-fields"
        .data=${{ caption: this.t(T.schemeCaption), columns: ['', this.t(T.value)], rows: rows.map(wrapHead) }}
      ></posenc-table>
      ${link}`;
  }

  private ropeCard(c: RopeConfig, model: TableRow) {
    const t = (s: L10n) => this.t(s);
    const code = (x: string | number) => html`<code>${x}</code>`;
    const lengths = this.lengths(c);
    const rows: TableRow[] = [
      model,
      { head: code('head_dim'), cells: [String(c.headDim)] },
      { head: t(T.rotaryDim), cells: [String(c.dim)] },
    ];
    if (c.partialRotaryFactor !== 1) rows.push({ head: code('partial_rotary_factor'), cells: [String(c.partialRotaryFactor)] });
    // the reader's words first; the API's value beside it, as code
    const pairs = LAYOUT_WORDS[c.layout];
    rows.push({ head: t(T.pairing), cells: [pairs ? html`${t(pairs)} ${code(c.layout)}` : code(c.layout)] });
    // MLA (DeepSeek): the rotary slice is the last qk_rope_head_dim coordinates of each head.
    if (c.rotaryPosition === 'last') rows.push({ head: t(T.rotaryPosition), cells: [code(c.rotaryPosition)] });
    if (c.perLayerType) {
      const { sliding_attention: sl, full_attention: gl } = c.perLayerType;
      const count = (k: string) => c.layerTypes?.filter((x) => x === k).length ?? 0;
      rows.push(
        {
          head: fill(t(T.baseLocal), {
            n: count('sliding_attention'),
          }),
          cells: [String(sl.base)],
        },
        {
          head: fill(t(T.baseGlobal), { n: count('full_attention') }),
          cells: [String(gl.base)],
        },
        {
          head: html`${code('rope_type')} ${t(T.localGlobal)}`,
          cells: [html`${code(sl.ropeType)} / ${code(gl.ropeType)}`],
        },
        { head: html`${code('factor')} ${t(T.localGlobal)}`, cells: [`${sl.factor} / ${gl.factor}`] },
      );
    } else {
      rows.push(
        { head: code('rope_theta'), cells: [String(c.base)] },
        { head: code('rope_type'), cells: [code(c.ropeType)] },
        { head: code('factor'), cells: [String(c.factor)] },
      );
    }
    rows.push({
      head: t(T.attentionFactor),
      cells: [fmt(c.attentionFactor, 6)],
    });
    if (c.softmaxScale !== undefined)
      rows.push({
        head: t(T.softmaxScale),
        cells: [fmt(c.softmaxScale, 6)],
      });
    if (c.mrope) {
      const [tt, hh, ww] = c.mrope.section;
      rows.push({
        head: html`${code('mrope_section')} ${t(T.timeHeightWidth)}`,
        cells: [`${tt} / ${hh} / ${ww}`],
      });
    }
    if (this.bands) {
      const b = this.bands;
      rows.push({
        head: t(T.bands),
        cells: [`${b.kept} / ${b.blended} / ${b.divided}`],
      });
    }
    if (c.longrope)
      rows.push({
        head: t(T.longFrom),
        cells: [String(c.longrope.longFromSeqLen)],
      });
    rows.push(
      {
        head: code('original_max_position_embeddings'),
        cells: [c.originalMaxPositionEmbeddings ? String(c.originalMaxPositionEmbeddings) : '—'],
      },
      { head: code('max_position_embeddings'), cells: [c.maxPositionEmbeddings ? String(c.maxPositionEmbeddings) : '—'] },
    );
    if (c.slidingWindow)
      rows.push({
        head: html`${code('sliding_window')} ${t(T.slidingWindow)}`,
        cells: [String(c.slidingWindow)],
      });
    const curveName = (w: Wavelengths) =>
      w.label === 'sliding'
        ? t(T.sliding)
        : w.label === 'global'
          ? t(T.global)
          : w.label === 'short'
            ? t(T.shortList)
            : w.label === 'long'
              ? t(T.longList)
              : t(T.thisConfig);
    for (const w of this.curves) {
      const which = { which: this.curves.length > 1 ? fill(t(T.whichCurve), { curve: curveName(w) }) : '' };
      rows.push({
        head: fill(t(T.longestWavelength), which),
        cells: [wavelengthText(w.wavelength[w.wavelength.length - 1])],
      });
      w.lengths.forEach((len, j) =>
        rows.push({
          head: html`${fill(t(T.notOneTurn), which)} ${code(len.key)}`,
          cells: [`${w.beyond[j]} / ${w.wavelength.length}`],
        }),
      );
    }
    const series: Series[] = [];
    const idx = Array.from({ length: c.dim / 2 }, (_, i) => i);
    if (this.plain) series.push({ label: t(T.plain), x: idx, y: this.plain, dash: true, color: 'muted' });
    for (const w of this.curves) series.push({ label: curveName(w), x: idx, y: w.wavelength, color: w.color });
    const annotations: PlotAnnotation[] = lengths.map((len, j) => ({
      kind: 'y',
      at: len.at,
      label: `${len.key} = ${len.at}`,
      color: len.key === 'sliding_window' ? 'accent2' : j === lengths.length - 1 ? 'warn' : 'good',
    }));
    if (c.mrope?.ranges) {
      const r = c.mrope.ranges;
      const band = (x: [number, number], name: L10n, color: string): PlotAnnotation => ({
        kind: 'x-range',
        from: x[0] - 0.5,
        to: x[1] - 0.5,
        label: t(name),
        color,
      });
      annotations.unshift(band(r.temporal, T.time, 'accent'), band(r.height, T.height, 'good'), band(r.width, T.width, 'warn'));
    }
    return html`<posenc-table
        id="config-fields"
        .data=${{ caption: t(T.ropeCaption), columns: ['', t(T.value)], rows: rows.map(wrapHead) }}
      ></posenc-table>
      ${c.mrope ? this.sections(c, c.mrope) : nothing}
      ${
        c.warnings.length
          ? html`<p>${t(T.warnings)}</p>
              <ul id="config-warnings">
                ${c.warnings.map((w) => html`<li><code>${w}</code></li>`)}
              </ul>`
          : nothing
      }
      ${
        c.notes.length
          ? html`<p>${t(T.notes)}</p>
              <ul id="config-notes">
                ${c.notes.map((w) => html`<li><code>${w}</code></li>`)}
              </ul>`
          : nothing
      }
      <posenc-plot
        id="config-wavelengths"
        .series=${series}
        .annotations=${annotations}
        caption=${t(T.wlCaption)}
        xLabel=${t(T.pair)}
        yLabel=${t(T.wlAxis)}
        y-unit=${t(T.tokens)}
        y-scale="log"
      ></posenc-plot>`;
  }

  /**
   * M-RoPE's sections as a strip of the d/2 frequency pairs coloured by their coordinate (blocks for
   * Qwen2-VL, every third pair for Qwen3-VL's interleaved layout), then drawn on the 2-D RoPE view.
   */
  private sections(c: RopeConfig, m: NonNullable<RopeConfig['mrope']>) {
    const t = (s: L10n) => this.t(s);
    // The strip's labels are white on these: the 700 shades keep 4.5:1 (the 600 shades gave 3.3).
    const names: [L10n, string][] = [
      [T.time, 'var(--posenc-series-1, #1d4ed8)'],
      [T.height, 'var(--posenc-series-3, #15803d)'],
      [T.width, 'var(--posenc-series-4, #c2410c)'],
    ];
    const runs: { axis: number; from: number; to: number }[] = [];
    m.axes.forEach((axis, i) => {
      const last = runs[runs.length - 1];
      if (last && last.axis === axis) last.to = i + 1;
      else runs.push({ axis, from: i, to: i + 1 });
    });
    const count = (axis: number) => m.axes.filter((x) => x === axis).length;
    const labelled = runs.length <= 3;
    return html`<figure id="config-sections">
        <figcaption>${t(T.sectionsCaption)}</figcaption>
        <div
          class="strip"
          style=${labelled ? '' : 'gap: 1px'}
          role="img"
          aria-label=${
            labelled
              ? runs.map((r) => `${t(names[r.axis][0])}: i = ${r.from}–${r.to - 1}`).join(', ')
              : names.map(([name], axis) => `${t(name)}: ${count(axis)}`).join(', ') + ` (${t(T.interleaved)})`
          }
        >
          ${runs.map(
            (r) =>
              html`<div class="part" style="flex: ${r.to - r.from} 1 0">
                <span class="bar" style="background:${names[r.axis][1]}">${labelled ? `${t(names[r.axis][0])} · ${r.to - r.from}` : '\u00a0'}</span>
                ${labelled ? html`<span class="range">i = ${r.from}–${r.to - 1}</span>` : nothing}
              </div>`,
          )}
        </div>
        ${
          labelled
            ? nothing
            : html`<p class="legend">
                ${names.map(([name, color], axis) => html`<span><i style="background:${color}"></i>${t(name)} · ${count(axis)}</span> `)}
                — ${t(T.interleaved)}
              </p>`
        }
        <p class="source"><a href=${`#/rope?lang=${this.lang}`}>${t(T.sectionsNote)}</a></p>
      </figure>
      <posenc-mrope-view .invFreq=${c.invFreq} .axes=${m.axes} ?interleaved=${m.interleaved} lang=${this.lang}></posenc-mrope-view>`;
  }
}

/** A wavelength in positions: 6 significant digits below 10⁵, else 5 in powers of ten (2.0474×10⁷). */
function wavelengthText(v: number): string {
  return v < 1e5 ? String(Number(v.toPrecision(6))) : sciText(v.toExponential(4));
}

/**
 * Row heads that wrap: config keys such as original_max_position_embeddings are one long word, and
 * the table keeps its heads on one line, which on a phone would push the values out of view.
 */
function wrapHead(r: TableRow): TableRow {
  return {
    ...r,
    head: html`<span style="display:block;white-space:normal;overflow-wrap:anywhere;text-align:left;max-width:min(22rem,52vw)"
      >${r.head}</span
    >`,
  };
}
