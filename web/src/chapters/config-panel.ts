/**
 * The "paste a config.json" panel of the Longer contexts chapter: text in, the core's reading of
 * its rope fields out (ropeFromConfig, the C++ JSON reader), with inline messages for bad JSON or
 * bad fields.
 */
import { css, html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';

import '../components/plot/plot.js';
import { fmt } from '../components/shared/format.js';
import { l, type Lang } from '../components/shared/i18n.js';
import { posenc } from '../components/shared/pe.js';
import { tokens } from '../components/shared/theme.js';
import '../components/table/table.js';
import type { RopeConfig } from '../lib/types.js';

/** rope fields as published in the models' config.json files. */
export const EXAMPLES: Record<string, { label: string; config: object }> = {
  llama31: {
    label: 'Llama 3.1 8B',
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
    label: 'Qwen2.5 7B Instruct + YaRN (model card, long texts)',
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
    label: 'Phi-2 (partial rotary 0.4)',
    config: { architectures: ['PhiForCausalLM'], hidden_size: 2560, num_attention_heads: 32, partial_rotary_factor: 0.4, rope_theta: 10000.0, max_position_embeddings: 2048 },
  },
  mistral: {
    label: 'Mistral 7B v0.1',
    config: { architectures: ['MistralForCausalLM'], hidden_size: 4096, num_attention_heads: 32, num_key_value_heads: 8, max_position_embeddings: 32768, rope_theta: 10000.0 },
  },
};

const T = {
  example: l('示例', 'Example'),
  text: l('config.json 内容', 'config.json text'),
  invalid: l('无法读取：', 'Cannot read it: '),
  fields: l('读到的 rope 字段', 'The rope fields read'),
  warnings: l('提示', 'Notes'),
  wavelengths: l('每对维度的波长（log10），与不缩放相比', 'Wavelength of each pair (log10), against no scaling'),
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
      const bands = { kept: 0, blended: 0, divided: 0 };
      c.invFreq.forEach((w, i) => {
        const ratio = plain[i] / w;
        if (Math.abs(ratio - 1) < 1e-12) bands.kept++;
        else if (Math.abs(ratio - c.factor) < 1e-9 * c.factor) bands.divided++;
        else bands.blended++;
      });
      const idx = Array.from({ length: c.invFreq.length }, (_, i) => i);
      const wl = (inv: Float64Array) => Array.from(inv, (w) => Math.log10((2 * Math.PI) / w));
      const rows = [
        { head: 'head_dim', cells: [String(c.headDim)] },
        { head: t(l('旋转维度', 'rotary dimension')), cells: [String(c.dim)] },
        { head: 'rope_theta', cells: [String(c.base)] },
        { head: 'rope_type', cells: [c.ropeType] },
        { head: 'factor', cells: [String(c.factor)] },
        { head: t(l('注意力因子', 'attention factor')), cells: [fmt(c.attentionFactor, 6)] },
        { head: 'original_max_position_embeddings', cells: [String(c.originalMaxPositionEmbeddings || '—')] },
        { head: 'max_position_embeddings', cells: [String(c.maxPositionEmbeddings || '—')] },
        { head: t(l('维度对：不变 / 过渡 / 除以 factor', 'pairs: unchanged / blended / divided by factor')), cells: [`${bands.kept} / ${bands.blended} / ${bands.divided}`] },
      ];
      body = html`<posenc-table id="config-fields" .data=${{ caption: t(T.fields), columns: ['', t(T.value)], rows }}></posenc-table>
        ${c.warnings.length ? html`<p>${t(T.warnings)}</p><ul id="config-warnings">${c.warnings.map((w) => html`<li>${w}</li>`)}</ul>` : nothing}
        <posenc-plot
          .series=${[
            { label: 'rope_type default', x: idx, y: wl(plain), dash: true },
            { label: c.ropeType, x: idx, y: wl(c.invFreq) },
          ]}
          caption=${t(T.wavelengths)}
          xLabel="i"
          yLabel="log10(2π/θ_i)"
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
        ${Object.entries(EXAMPLES).map(([k, v]) => html`<option value=${k} ?selected=${k === this.example}>${v.label}</option>`)}
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

if (!customElements.get('posenc-config-panel')) customElements.define('posenc-config-panel', PosencConfigPanel);
