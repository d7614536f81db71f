import { html } from 'lit';
import { property } from 'lit/decorators.js';

import '../components/heatmap/heatmap-view.js';
import { l } from '../components/shared/i18n.js';
import type { Matrix } from '../lib/types.js';
import { choiceAttr, type ElementPosenc, intAttr, numAttr, PosencElement } from './base.js';

const ENCODINGS = ['sinusoidal', 'rope-scores', 't5', 'alibi'] as const;
type Encoding = (typeof ENCODINGS)[number];

const CAPTIONS: Record<Encoding, { zh: string; en: string }> = {
  sinusoidal: l('正弦位置编码 PE[pos, 维度]', 'Sinusoidal encoding PE[pos, dimension]'),
  'rope-scores': l('RoPE 分数 q_mᵀk_n（同一 q、k 放在每个位置）', 'RoPE scores q_mᵀk_n (the same q, k at every position)'),
  t5: l('T5 桶号 bucket(j − i)', 'T5 bucket(j − i)'),
  alibi: l('ALiBi 偏置 −m·(i − j)', 'ALiBi bias −m·(i − j)'),
};
const TABLE = l('以表格显示数值', 'Values as a table');

/**
 * A heatmap of an encoding, computed and coloured by the wasm core (SIMD), with its legend and
 * the exact value of the cell under the pointer or keyboard cursor.
 *
 * @element posenc-heatmap
 * @attr encoding - sinusoidal (default), rope-scores, t5 or alibi
 * @attr d-model - even dimension for sinusoidal and rope-scores, 2–1024 (default 64)
 * @attr positions - number of positions, 1–1024 (default 128; the matrix is positions × d-model or positions × positions)
 * @attr base - frequency base (default 10000)
 * @attr num-buckets - T5 buckets (default 32)
 * @attr max-distance - T5 max distance (default 128)
 * @attr bidirectional - T5: "true" (default) or "false"
 * @attr num-heads - ALiBi heads (default 8)
 * @attr head - ALiBi head shown, 0 … num-heads − 1 (default 0)
 * @attr lang - zh or en
 */
export class PosencHeatmap extends PosencElement {
  @property() encoding: string | null = null;
  @property({ attribute: 'd-model' }) dModel: string | null = null;
  @property() positions: string | null = null;
  @property() base: string | null = null;
  @property({ attribute: 'num-buckets' }) numBuckets: string | null = null;
  @property({ attribute: 'max-distance' }) maxDistance: string | null = null;
  @property() bidirectional: string | null = null;
  @property({ attribute: 'num-heads' }) numHeads: string | null = null;
  @property() head: string | null = null;
  @property() lang = '';

  /** Only the RoPE score map reads the measurements (its random q and k). */
  protected needsAnalysis() {
    return this.encoding === 'rope-scores';
  }

  protected view(pe: ElementPosenc) {
    const enc = choiceAttr('encoding', this.encoding, ENCODINGS, 'sinusoidal');
    const n = intAttr('positions', this.positions, 128, 1, 1024);
    const base = numAttr('base', this.base, 10000, 1.000001, 1e12);
    const lang = this.language();
    let m: Matrix;
    let axes = ['pos', lang === 'zh' ? '维度' : 'dimension'];
    let colormap: 'diverging' | 'sequential' = 'diverging';
    if (enc === 'sinusoidal') {
      const d = intAttr('d-model', this.dModel, 64, 2, 1024, 2);
      m = pe.sinusoidal({ positions: n, dim: d, base });
    } else if (enc === 'rope-scores') {
      const d = intAttr('d-model', this.dModel, 64, 2, 1024, 2);
      const q0 = pe.analysis!.randomNormal({ seed: 11, rows: 1, cols: d }).data,
        k0 = pe.analysis!.randomNormal({ seed: 12, rows: 1, cols: d }).data;
      const q = new Float32Array(n * d),
        k = new Float32Array(n * d);
      for (let r = 0; r < n; r++) {
        q.set(q0, r * d);
        k.set(k0, r * d);
      }
      m = pe.scores(pe.applyRope(q, { shape: [n, d], base }), pe.applyRope(k, { shape: [n, d], base }), { queries: n, keys: n, dim: d });
      axes = ['m', 'n'];
    } else if (enc === 't5') {
      const bidirectional = choiceAttr('bidirectional', this.bidirectional, ['true', 'false'] as const, 'true') === 'true';
      const numBuckets = intAttr('num-buckets', this.numBuckets, 32, 2, 1024);
      const maxDistance = intAttr('max-distance', this.maxDistance, 128, 1, 1e6);
      const offsets = Array.from({ length: 2 * n - 1 }, (_, i) => i - (n - 1));
      const b = pe.t5RelativeBucket(offsets, { bidirectional, numBuckets, maxDistance });
      const data = new Float64Array(n * n);
      for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) data[i * n + j] = b[j - i + n - 1];
      m = { rows: n, cols: n, data };
      axes = ['i', 'j'];
      colormap = 'sequential';
    } else {
      const heads = intAttr('num-heads', this.numHeads, 8, 1, 64);
      const h = intAttr('head', this.head, 0, 0, heads - 1);
      const all = pe.alibiBias({ numHeads: heads, length: n });
      m = { rows: n, cols: n, data: all.subarray(h * n * n, (h + 1) * n * n) };
      axes = ['i', 'j'];
      colormap = 'sequential';
    }
    return html`<posenc-heatmap-view
      .matrix=${m}
      caption=${CAPTIONS[enc][lang]}
      rowAxis=${axes[0]}
      colAxis=${axes[1]}
      colormap=${colormap}
      tableLabel=${TABLE[lang]}
    ></posenc-heatmap-view>`;
  }
}
