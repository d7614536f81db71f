/**
 * The "paste a config.json" panel of the Longer contexts chapter (moved here from chapters/; the
 * config reading will be reworked into a model card): text in, the core's reading of
 * its rope fields out (ropeFromConfig, the C++ JSON reader), with inline messages for bad JSON or
 * bad fields.
 */
import { css, html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { RopeConfig } from '../../lib/types.js';
import '../plot/plot.js';
import { fmt } from '../shared/format.js';
import { l, type L10n, type Lang } from '../shared/i18n.js';
import { posenc } from '../shared/pe.js';
import { tokens } from '../shared/theme.js';
import '../table/table.js';

/** rope fields as published in the models' config.json files. */
export const EXAMPLES: Record<string, { label: L10n; config: object }> = {
  llama31: {
    label: l('Llama 3.1 8B', 'Llama 3.1 8B'),
    config: {
      architectures: ['LlamaForCausalLM'],
      hidden_size: 4096,
      num_attention_heads: 32,
      num_key_value_heads: 8,
      max_position_embeddings: 131072,
      rope_theta: 500000.0,
      rope_scaling: { factor: 8.0, low_freq_factor: 1.0, high_freq_factor: 4.0, original_max_position_embeddings: 8192, rope_type: 'llama3' },
    },
  },
  qwen25: {
    label: l('通义千问 2.5 7B 指令版 + YaRN（模型卡里的长文本设置）', 'Qwen2.5 7B Instruct + YaRN (model card, long texts)'),
    config: {
      architectures: ['Qwen2ForCausalLM'],
      hidden_size: 3584,
      num_attention_heads: 28,
      num_key_value_heads: 4,
      max_position_embeddings: 32768,
      rope_theta: 1000000.0,
      rope_scaling: { factor: 4.0, original_max_position_embeddings: 32768, type: 'yarn' },
    },
  },
  phi2: {
    label: l('Phi 第 2 版（只旋转 40% 的维度）', 'Phi-2 (partial rotary 0.4)'),
    config: { architectures: ['PhiForCausalLM'], hidden_size: 2560, num_attention_heads: 32, partial_rotary_factor: 0.4, rope_theta: 10000.0, max_position_embeddings: 2048 },
  },
  mistral: {
    label: l('Mistral 7B（0.1 版）', 'Mistral 7B v0.1'),
    config: { architectures: ['MistralForCausalLM'], hidden_size: 4096, num_attention_heads: 32, num_key_value_heads: 8, max_position_embeddings: 32768, rope_theta: 10000.0 },
  },
};

const T = {
  example: l('示例', 'Example'),
  text: l('config.json 内容', 'config.json text'),
  invalid: l('无法读取：', 'Cannot read it: '),
  fields: l('读到的 RoPE 字段', 'The rope fields read'),
  warnings: l('提示', 'Notes'),
  wavelengths: l('每对维度的波长（取常用对数），与不缩放相比', 'Wavelength of each pair (log10), against no scaling'),
  custom: l('（自己粘贴）', '(paste your own)'),
  value: l('值', 'value'),
};

export class PosencConfigPanel extends LitElement {
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
      }
      textarea {
        width: 100%;
        box-sizing: border-box;
        min-height: 12rem;
        font-family: var(--_mono);
        font-size: 0.82rem;
      }
      .error {
        color: var(--_warn);
        font-family: var(--_mono);
        font-size: 0.85rem;
      }
      ul {
        font-size: 0.85rem;
        color: var(--_muted);
      }
      code {
        font-family: var(--_mono);
        font-size: 0.92em;
      }
    `,
  ];

  @property() lang: Lang = 'en';
  @state() private example = 'llama31';
  @state() private text = JSON.stringify(EXAMPLES.llama31.config, null, 2);

  private read(): { ok: RopeConfig } | { error: string } {
    try {
      return { ok: posenc().ropeFromConfig(this.text) };
    } catch (e) {
      return { error: (e as Error).message };
    }
  }

  render() {
    const t = (s: { zh: string; en: string }) => s[this.lang];
    const r = this.read();
    let body = html``;
    if ('error' in r) {
      body = html`<p class="error" role="alert" id="config-error">${t(T.invalid)}${r.error}</p>`;
    } else {
      const c = r.ok;
      const pe = posenc();
      const plain = pe.inverseFrequencies({ dim: c.dim, base: c.base }).invFreq;
      const bands = pe.analysis.scalingBands({ plain, scaled: c.invFreq, factor: c.factor });
      const idx = Array.from({ length: c.invFreq.length }, (_, i) => i);
      const wl = (inv: Float64Array) => Array.from(inv, (w) => Math.log10((2 * Math.PI) / w));
      // Keys and values of the JSON are identifiers: set as code, in either language.
      const code = (s: string) => html`<code>${s}</code>`;
      const rows = [
        { head: code('head_dim'), cells: [String(c.headDim)] },
        { head: t(l('旋转维度', 'rotary dimension')), cells: [String(c.dim)] },
        { head: code('rope_theta'), cells: [String(c.base)] },
        { head: code('rope_type'), cells: [code(c.ropeType)] },
        { head: code('factor'), cells: [String(c.factor)] },
        { head: t(l('注意力因子', 'attention factor')), cells: [fmt(c.attentionFactor, 6)] },
        { head: code('original_max_position_embeddings'), cells: [String(c.originalMaxPositionEmbeddings || '—')] },
        { head: code('max_position_embeddings'), cells: [String(c.maxPositionEmbeddings || '—')] },
        { head: t(l('维度对：不变 / 过渡 / 除以缩放因子', 'pairs: unchanged / blended / divided by factor')), cells: [`${bands.kept} / ${bands.blended} / ${bands.divided}`] },
      ];
      body = html`<posenc-table id="config-fields" .data=${{ caption: t(T.fields), columns: ['', t(T.value)], rows }}></posenc-table>
        ${c.warnings.length ? html`<p>${t(T.warnings)}</p><ul id="config-warnings">${c.warnings.map((w) => html`<li>${w}</li>`)}</ul>` : nothing}
        <posenc-plot
          .series=${[
            { label: t(l('不缩放', 'rope_type default')), x: idx, y: wl(plain), dash: true },
            { label: t(l('按这份配置', c.ropeType)), x: idx, y: wl(c.invFreq) },
          ]}
          caption=${t(T.wavelengths)}
          xLabel="i"
          yLabel=${t(l('波长的常用对数', 'log10(2π/θ_i)'))}
        ></posenc-plot>`;
    }
    return html`<label for="example">${t(T.example)}</label>
      <select
        id="example"
        @change=${(e: Event) => {
          this.example = (e.target as HTMLSelectElement).value;
          if (EXAMPLES[this.example]) this.text = JSON.stringify(EXAMPLES[this.example].config, null, 2);
        }}
      >
        ${Object.entries(EXAMPLES).map(([k, v]) => html`<option value=${k} ?selected=${k === this.example}>${t(v.label)}</option>`)}
        <option value="custom" ?selected=${this.example === 'custom'}>${t(T.custom)}</option>
      </select>
      <label for="config">${t(T.text)}</label>
      <textarea
        id="config"
        spellcheck="false"
        .value=${this.text}
        @input=${(e: Event) => {
          this.text = (e.target as HTMLTextAreaElement).value;
          this.example = 'custom';
        }}
      ></textarea>
      ${body}`;
  }
}

