/**
 * The audit of the five seed documents: every table, worked example, code snippet and claim the
 * page walks through, with its verdict and a recomputation by the core. The Errata chapter renders
 * this list; tests/js/errata.test.ts runs every check, so a core regression that made an erratum
 * look right (or a confirmed example look wrong) fails `npm test`.
 *
 * Pure data and arithmetic on the npm API: no DOM, so it runs in Node as well as in the page.
 * A printed number "agrees" when it equals the computed value rounded to the digits printed.
 */
import { l, type L10n } from '../components/shared/i18n.js';
import type { PosencFull as Posenc } from '../lib/internal.js';

export type Verdict = 'confirmed' | 'erratum';
export type Severity = 'wrong-number' | 'wrong-claim' | 'misleading' | 'typo';
export type Kind = 'table' | 'example' | 'code' | 'claim';

/** Labels and values are words or numbers; words come in both languages. */
export type Text = string | L10n;

export interface CheckRow {
  label: Text;
  doc: Text;
  computed: Text;
  agrees: boolean;
}

export interface Check {
  rows: CheckRow[];
  /** Does the document agree with the computation? */
  agrees: boolean;
}

export interface AuditEntry {
  id: string;
  doc: '000' | '001' | '002' | '003' | '004';
  location: string | L10n;
  kind: Kind;
  verdict: Verdict;
  severity?: Severity;
  title: L10n;
  /** What the document says (zh: its words; en: a translation). */
  says: L10n;
  /** What the computation shows. */
  right: L10n;
  /** Chapter whose walk-through covers the passage. */
  chapter: string;
  /**
   * Recomputes what the document says. `false` only for what arithmetic cannot settle (a typo,
   * which model uses what); those entries name their source instead and are not counted as checks.
   */
  computable?: false;
  source?: string;
  check(pe: Posenc): Check;
}

// --- helpers -------------------------------------------------------------------------------------

function decimals(printed: string): number {
  const m = /\.(\d+)/.exec(printed);
  return m ? m[1].length : 0;
}

/** A printed number against its computed value, at the printed precision. */
export function printed(label: Text, doc: string, value: number): CheckRow {
  const k = decimals(doc);
  const d = Number(doc);
  const agrees = Math.abs(d - value) <= 0.5 * 10 ** -k + 1e-9 * Math.max(1, Math.abs(value));
  return { label, doc, computed: value.toFixed(Math.min(k + 2, 8)), agrees };
}

function fact(label: Text, doc: Text, computed: Text, agrees: boolean): CheckRow {
  return { label, doc, computed, agrees };
}

function all(rows: CheckRow[]): Check {
  return { rows, agrees: rows.every((r) => r.agrees) };
}

/** Only the rows that disagree, plus the count of those that agree (long tables). */
function summarised(rows: CheckRow[], what: string): Check {
  const bad = rows.filter((r) => !r.agrees);
  const shown = bad.length ? bad.slice(0, 12) : rows.slice(0, 6);
  return {
    rows: [...shown, fact(l(`${what}：一致的条目`, `${what}: entries that agree`), `${rows.length}`, `${rows.length - bad.length}`, bad.length === 0)],
    agrees: bad.length === 0,
  };
}

const w = (pe: Posenc, dim: number) => pe.inverseFrequencies({ dim }).invFreq;

function table64(pe: Posenc, n: number, dim: number) {
  return pe.sinusoidal({ positions: n, dim, precision: 64 });
}

// --- the documents' numbers, as printed -------------------------------------------------------------

const SIN_000 = `0 0 0 0
0.841 0.0998 0.0100 0.0010
0.909 0.1987 0.0200 0.0020
0.141 0.2955 0.0300 0.0030
-0.757 0.3894 0.0400 0.0040
-0.959 0.4794 0.0500 0.0050
-0.279 0.5646 0.0600 0.0060
0.657 0.6442 0.0699 0.0070
0.989 0.7174 0.0799 0.0080
0.412 0.7833 0.0899 0.0090
-0.544 0.8415 0.0998 0.0100`;

const COS_000 = `1 1 1 1
0.540 0.9950 0.99995 1.0000
-0.416 0.9801 0.9998 1.0000
-0.990 0.9553 0.9996 1.0000
-0.654 0.9211 0.9992 1.0000
0.284 0.8776 0.9988 1.0000
0.960 0.8253 0.9982 1.0000
0.754 0.7648 0.9976 1.0000
-0.146 0.6967 0.9968 1.0000
-0.911 0.6216 0.9960 1.0000
-0.839 0.5403 0.9950 0.99995`;

const PE_000 = `0 1 0 1 0 1 0 1
0.841 0.540 0.100 0.995 0.010 1.000 0.001 1.000
0.909 -0.416 0.199 0.980 0.020 1.000 0.002 1.000
0.141 -0.990 0.296 0.955 0.030 1.000 0.003 1.000
-0.757 -0.654 0.389 0.921 0.040 0.999 0.004 1.000
-0.959 0.284 0.479 0.878 0.050 0.999 0.005 1.000`;

/** 004 §2.1, the table labelled d_model = 4 (pos 0 … 8, 22 columns). */
const TABLE_004 = `0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1 0 1
0.841471 0.540302 0.821856 0.569695 0.801962 0.597375 0.781887 0.62342 0.76172 0.647906 0.74154 0.670909 0.721414 0.692504 0.701404 0.712764 0.681561 0.731761 0.661933 0.749563 0.642557 0.766238
0.909297 -0.416147 0.936415 -0.350895 0.958144 -0.286285 0.974888 -0.222695 0.987046 -0.160436 0.995011 -0.0997625 0.999164 -0.0408767 0.999871 0.0160656 0.99748 0.0709483 0.992321 0.12369 0.984703 0.174241
0.14112 -0.989992 0.245085 -0.969501 0.342782 -0.939415 0.433643 -0.901085 0.517306 -0.855801 0.593584 -0.804772 0.662436 -0.749118 0.723941 -0.689862 0.778273 -0.627927 0.825682 -0.564136 0.866477 -0.499217
-0.756802 -0.653644 -0.657167 -0.753745 -0.548606 -0.836081 -0.434205 -0.900814 -0.316715 -0.948521 -0.19853 -0.980095 -0.081685 -0.996658 0.032127 -0.999484 0.141539 -0.989933 0.245481 -0.969401 0.343152 -0.93928
-0.958924 0.283662 -0.993855 0.110692 -0.998229 -0.0594936 -0.975027 -0.222086 -0.927709 -0.373303 -0.859975 -0.510337 -0.77557 -0.631261 -0.678143 -0.73493 -0.571127 -0.820862 -0.457675 -0.88912 -0.340605 -0.940206
-0.279415 0.96017 -0.475221 0.879866 -0.644029 0.765001 -0.781498 0.623908 -0.885421 0.46479 -0.9554 0.295316 -0.992486 0.122357 -0.998839 -0.0481801 -0.977396 -0.211416 -0.931594 -0.363502 -0.865121 -0.501564
0.656987 0.753902 0.452392 0.891819 0.228775 0.973479 0.00062462 1 -0.21963 0.975583 -0.421997 0.906597 -0.599031 0.800726 -0.74573 0.666248 -0.859313 0.511449 -0.938902 0.344185 -0.985172 0.171572
0.989358 -0.1455 0.990673 0.136263 0.917358 0.398064 0.782276 0.622932 0.600822 0.799383 0.389156 0.921172 0.162824 0.986655 -0.0642208 0.997936 -0.280228 0.959933 -0.47594 0.879478 -0.644631 0.764494`;

const parse = (block: string) => block.trim().split('\n').map((r) => r.trim().split(/\s+/));

/** Six significant digits, as the 004 table prints: agree when the relative difference is tiny. */
function sixDigits(label: string, doc: string, value: number): CheckRow {
  const d = Number(doc);
  const agrees = Math.abs(d - value) <= 5e-6 * Math.max(Math.abs(d), 1e-3) + 5e-7;
  return { label, doc, computed: value.toPrecision(6), agrees };
}

/** 000's sin and cos tables (positions 0–10, d_model = 8), printed value by value. */
function seedTrigTable(fn: 'sin' | 'cos', printedTable: string, location: string, digits: string): AuditEntry {
  return {
    id: `c000-${fn}`,
    doc: '000',
    location,
    kind: 'table',
    verdict: 'confirmed',
    chapter: 'sinusoidal',
    title: l(`${fn}(pos·ω_i) 表（位置 0–10）`, `The ${fn}(pos·ω_i) table (positions 0–10)`),
    says: l(`44 个值，保留 ${digits} 位小数。`, `44 values, to ${digits} decimals.`),
    right: l('全部与核心计算一致。', 'All match the core.'),
    check: (pe) => {
      const t = table64(pe, 11, 8);
      const column = fn === 'sin' ? 0 : 1; // interleaved: PE[pos, 2i] = sin, PE[pos, 2i+1] = cos
      const rows = parse(printedTable).flatMap((r, p) => r.map((v, i) => printed(`${fn}(${p}·ω_${i})`, v, t.data[p * 8 + 2 * i + column])));
      return summarised(rows, `${fn}(pos·ω)`);
    },
  };
}

// --- the audit -------------------------------------------------------------------------------------

export const AUDIT: AuditEntry[] = [
  // ------------------------------------------------------------------------------------- 000
  {
    id: 'c000-freq',
    doc: '000',
    location: '§2.2.1',
    kind: 'table',
    verdict: 'confirmed',
    chapter: 'sinusoidal',
    title: l('d_model = 8 的频率表', 'The frequency table at d_model = 8'),
    says: l('ω_i = 10000^{-2i/8}：1.0, 0.1, 0.01, 0.001', 'ω_i = 10000^{-2i/8}: 1.0, 0.1, 0.01, 0.001'),
    right: l('与核心计算一致。', 'Matches the core.'),
    check: (pe) => all(['1.0', '0.1', '0.01', '0.001'].map((s, i) => printed(`ω_${i}`, s, w(pe, 8)[i]))),
  },
  seedTrigTable('sin', SIN_000, '§2.2.2', '3–4'),
  seedTrigTable('cos', COS_000, '§2.2.3', '3–5'),
  {
    id: 'c000-vectors',
    doc: '000',
    location: '§2.2.4',
    kind: 'table',
    verdict: 'confirmed',
    chapter: 'sinusoidal',
    title: l('完整 PE 向量（位置 0–5）', 'Full PE vectors (positions 0–5)'),
    says: l('sin 与 cos 交替排列的 8 维向量，3 位小数。', 'Interleaved 8-dimensional vectors, to 3 decimals.'),
    right: l('全部与核心计算一致。', 'All match the core.'),
    check: (pe) => {
      const t = table64(pe, 6, 8);
      return summarised(parse(PE_000).flatMap((r, p) => r.map((s, c) => printed(`PE[${p}, ${c}]`, s, t.data[p * 8 + c]))), 'PE');
    },
  },
  {
    id: 'c000-periods',
    doc: '000',
    location: '§2.2.5',
    kind: 'claim',
    verdict: 'confirmed',
    chapter: 'sinusoidal',
    title: l('周期 T_0 与 T_3', 'Periods T_0 and T_3'),
    says: l('T_0 = 2π ≈ 6.28，T_3 = 2π × 1000 ≈ 6283', 'T_0 = 2π ≈ 6.28, T_3 = 2π × 1000 ≈ 6283'),
    right: l('与核心计算一致。', 'Matches the core.'),
    check: (pe) => all([printed('2π/ω_0', '6.28', (2 * Math.PI) / w(pe, 8)[0]), printed('2π/ω_3', '6283', (2 * Math.PI) / w(pe, 8)[3])]),
  },
  {
    id: 'c000-shift',
    doc: '000',
    location: '§2.3',
    kind: 'claim',
    verdict: 'confirmed',
    chapter: 'history',
    title: l('PE(pos+k) = M·PE(pos)', 'PE(pos+k) = M·PE(pos)'),
    says: l('对每对维度，[[cos k, sin k], [−sin k, cos k]] 把 (sin, cos)(pos) 变成 pos+k 处的值。', 'Per pair, [[cos k, sin k], [−sin k, cos k]] maps (sin, cos) at pos to pos+k.'),
    right: l('最小二乘拟合的 M_k 就是这个块对角矩阵，残差为浮点误差。', 'The least-squares M_k is exactly this block-diagonal matrix, residual at rounding level.'),
    check: (pe) => {
      const f = pe.analysis.bestLinearMap({ k: 3, dim: 8, n: 64, features: 'sincos' });
      return all([fact(l('相对残差（k = 3）', 'relative residual (k = 3)'), '0', f.relativeResidual.toExponential(2), f.relativeResidual < 1e-10)]);
    },
  },
  {
    id: 'e000-rounding',
    doc: '000',
    location: '§3.4 Step 4',
    kind: 'example',
    verdict: 'erratum',
    severity: 'typo',
    chapter: 'rope',
    title: l('算例 q = [1, 2, 3, 4], m = 2 的第一个分量', 'First component of the worked example q = [1, 2, 3, 4], m = 2'),
    says: l('f(q, 2) = [−2.234, 0.077, 2.92, 4.06]', 'f(q, 2) = [−2.234, 0.077, 2.92, 4.06]'),
    right: l(
      '精确值是 [−2.2347, 0.0770, 2.9194, 4.0592]：第一个分量保留三位应为 −2.235，讲义用已舍入的 cos、sin 相乘得到 −2.234；其余分量在所印精度下正确。',
      'Exactly [−2.2347, 0.0770, 2.9194, 4.0592]: to three decimals the first component is −2.235; the document multiplies already-rounded cos and sin and gets −2.234. The other components are right to the digits printed.',
    ),
    check: (pe) => {
      const y = pe.analysis.ropeRotate({ x: [1, 2, 3, 4], position: 2, invFreq: w(pe, 4) });
      return all(['-2.234', '0.077', '2.92', '4.06'].map((s, k) => printed(`f(q,2)_${k}`, s, y[k])));
    },
  },
  {
    id: 'c000-rope-code',
    doc: '000',
    location: '§3.5',
    kind: 'code',
    verdict: 'confirmed',
    chapter: 'rope',
    title: l('逐元素形式与 PyTorch 伪代码', 'Element-wise form and the PyTorch sketch'),
    says: l('x ⊙ cos + [−x₁, x₀, −x₃, x₂, …] ⊙ sin，cos、sin 在每对内重复', 'x ⊙ cos + [−x₁, x₀, −x₃, x₂, …] ⊙ sin, cos and sin repeated within each pair'),
    right: l('与矩阵形式 R_{Θ,m}·x 一致（interleaved 配对）。', 'Equals the matrix form R_{Θ,m}·x (interleaved pairing).'),
    check: (pe) => {
      const x = [0.3, -1.2, 2, 0.7, 1.1, -0.4];
      const inv = w(pe, 6);
      const y = pe.analysis.ropeRotate({ x, position: 5, invFreq: inv });
      const r = pe.rotationMatrix({ dim: 6, position: 5 });
      let d = 0;
      for (let i = 0; i < 6; i++) {
        let s = 0;
        for (let j = 0; j < 6; j++) s += r.data[i * 6 + j] * x[j];
        d = Math.max(d, Math.abs(s - y[i]));
      }
      return all([fact(l('max |逐元素形式 − R·x|', 'max |element-wise − R·x|'), '0', d.toExponential(2), d < 1e-12)]);
    },
  },
  {
    id: 'e000-bert',
    doc: '000',
    location: '§4',
    kind: 'claim',
    verdict: 'erratum',
    severity: 'wrong-claim',
    chapter: 'comparison',
    title: l('BERT 用的不是正弦编码', 'BERT does not use the sinusoidal encoding'),
    computable: false,
    source: 'Devlin et al., "BERT" (2019), §3: learned position embeddings; transformers BertEmbeddings.position_embeddings = nn.Embedding',
    says: l('对比表"应用"一行：Sinusoidal PE —— 原始Transformer, BERT', 'Comparison table, "used by": Sinusoidal PE — the original Transformer, BERT'),
    right: l('BERT 用可学习的绝对位置编码（004 §2.2 也这样写）；这里的核心给出的可学习表在 n_max 之后没有行。', 'BERT uses learned absolute position embeddings (004 §2.2 says so too); the learned table here has no row past n_max.'),
    check: (pe) => {
      let past = 'row found';
      try {
        pe.analysis.learnedLookup({ nMax: 512, dim: 8, positions: [512] });
      } catch {
        past = 'no row';
      }
      return all([fact(l('BERT 的表（n_max = 512）在位置 512', 'BERT table (n_max = 512) at position 512'), l('正弦编码：有定义', 'sinusoidal: defined'), past === 'no row' ? l('没有这一行', 'no row') : l('有这一行', 'row found'), false)]);
    },
  },
  // ------------------------------------------------------------------------------------- 001
  {
    id: 'e001-low-high',
    doc: '001',
    location: '§6.1.1, §6.1.4',
    kind: 'claim',
    verdict: 'erratum',
    severity: 'wrong-claim',
    chapter: 'sinusoidal',
    title: l('低维是高频，不是低频', 'Low dimensions are the high frequencies'),
    says: l(
      '"对于低维度（小的m），ω_m较小，对应长周期…低维度捕获位置的粗粒度变化，高维度捕获位置的精细变化"',
      '"For low dimensions (small m) ω_m is small, a long period … low dimensions capture coarse position changes, high dimensions fine ones"',
    ),
    right: l('ω_m = 10000^{−2m/d} 随 m 减小：m = 0 的周期最短（2π），最后一对最长。', 'ω_m = 10000^{−2m/d} decreases with m: m = 0 has the shortest period (2π), the last pair the longest.'),
    check: (pe) => {
      const f = w(pe, 8);
      return all([fact('ω_0 vs ω_3', l('ω_0 < ω_3（低维低频）', 'ω_0 < ω_3 (low dimension, low frequency)'), `${f[0]} vs ${f[3]}`, f[0] < f[3])]);
    },
  },
  {
    id: 'e001-omega',
    doc: '001',
    location: '§6.1.4',
    kind: 'example',
    verdict: 'erratum',
    severity: 'wrong-number',
    chapter: 'sinusoidal',
    title: l('d_model = 8 的算例用了 d_model = 4 的频率', 'The d_model = 8 example uses d_model = 4 frequencies'),
    says: l('ω_1 = 10000^{2/4} = 100，ω_2 = 10000，ω_3 = 10^6；p₀·p₂ ≈ 2.58', 'ω_1 = 10000^{2/4} = 100, ω_2 = 10000, ω_3 = 10^6; p₀·p₂ ≈ 2.58'),
    right: l(
      '公式 (6.1.2) 在 d = 8 时给出除数 10、100、1000；p₀·p₁ 在两种频率下都约为 3.54，但 p₀·p₂ = cos 2 + cos 0.2 + cos 0.02 + cos 0.002 ≈ 2.56，不是 2.58。',
      'Formula (6.1.2) at d = 8 gives divisors 10, 100, 1000; p₀·p₁ is about 3.54 with either set, but p₀·p₂ = cos 2 + cos 0.2 + cos 0.02 + cos 0.002 ≈ 2.56, not 2.58.',
    ),
    check: (pe) => {
      const f = w(pe, 8);
      const dots = pe.analysis.dotByOffset({ dim: 8, offsets: [1, 2] });
      return all([
        printed('1/ω_1', '100', 1 / f[1]),
        printed('1/ω_2', '10000', 1 / f[2]),
        printed('p₀·p₁', '3.54', dots[0]),
        printed('p₀·p₂', '2.58', dots[1]),
      ]);
    },
  },
  {
    id: 'c001-norm-dot',
    doc: '001',
    location: '(6.1.9), (6.1.10)',
    kind: 'claim',
    verdict: 'confirmed',
    chapter: 'sinusoidal',
    title: l('范数 √(d/2)，点积只依赖位置差', 'Norm √(d/2); the dot product depends on the offset only'),
    says: l('‖p_i‖ = √(d_model/2)；p_i·p_j = Σ cos((i−j)ω_m)', '‖p_i‖ = √(d_model/2); p_i·p_j = Σ cos((i−j)ω_m)'),
    right: l('核心在表上测得的范数与点积与公式一致。', 'Norms and dot products measured on the table match the formulas.'),
    check: (pe) => {
      const t = table64(pe, 60, 16);
      let n2 = 0, dot = 0;
      for (let c = 0; c < 16; c++) {
        n2 += t.data[37 * 16 + c] ** 2;
        dot += t.data[20 * 16 + c] * t.data[27 * 16 + c];
      }
      const f = pe.analysis.dotByOffset({ dim: 16, offsets: [7] })[0];
      return all([printed('‖p_37‖', Math.sqrt(8).toFixed(12), Math.sqrt(n2)), printed('p_20·p_27', f.toFixed(12), dot)]);
    },
  },
  {
    id: 'e001-highest',
    doc: '001',
    location: '§6.1.1',
    kind: 'claim',
    verdict: 'erratum',
    severity: 'typo',
    chapter: 'sinusoidal',
    title: l('ω_{d/2−1} 是最低频率', 'ω_{d/2−1} is the lowest frequency'),
    says: l('"最高频率ω_{d_model/2−1}对应的周期仍然大于序列长度"', '"the period of the highest frequency ω_{d_model/2−1} is still longer than the sequence"'),
    right: l('ω_{d/2−1} 是最小（最低）的频率；它的周期 2π·10000^{(d−2)/d} 确实大于 10000（d = 512 时约 6.2 万）。', 'ω_{d/2−1} is the smallest (lowest) frequency; its period 2π·10000^{(d−2)/d} does exceed 10000 (about 62 000 at d = 512).'),
    check: (pe) => {
      const f = w(pe, 512);
      const period = (2 * Math.PI) / f[255];
      return all([
        fact(l('ω_255 是否是最高频率', 'is ω_255 the highest frequency'), l('是', 'yes'), f[255] === Math.max(...f) ? l('是', 'yes') : l('不是，最低', 'no, the lowest'), f[255] === Math.max(...f)),
        fact(l('其周期 > 10000', 'its period > 10000'), l('是', 'yes'), period.toFixed(0), period > 10000),
      ]);
    },
  },
  {
    id: 'e001-uniqueness',
    doc: '001',
    location: '(6.1.5)–(6.1.7)',
    kind: 'claim',
    verdict: 'erratum',
    severity: 'misleading',
    chapter: 'sinusoidal',
    title: l('唯一性的证明漏了 2kπ', 'The uniqueness proof drops the 2kπ'),
    computable: false,
    source: '001 (6.1.5)–(6.1.7): the argument, not a number, is at fault; the row below measures the conclusion',
    says: l('由 sin 相等得 i/ω = j/ω 或 i/ω = π − j/ω；"左边可以是任意小的数"，所以矛盾', 'equal sines give i/ω = j/ω or i/ω = π − j/ω; "the left side can be arbitrarily small", a contradiction'),
    right: l(
      'sin a = sin b 还允许 a = b + 2kπ 与 a = π − b + 2kπ；而且同时要求 cos 相等，就只剩 a = b + 2kπ。结论成立的真正原因是 ω_0 = 1：整数位置差乘 1 永远不是 2π 的整数倍。核心测得前 10000 个位置两两之间的最小距离大于 0。',
      'sin a = sin b also allows a = b + 2kπ and a = π − b + 2kπ; requiring equal cosines too leaves a = b + 2kπ. The conclusion holds because ω_0 = 1: an integer difference of positions is never a multiple of 2π. The core measures a positive smallest distance between any two of the first 10 000 positions.',
    ),
    check: (pe) => {
      // Distance between positions i and j depends on j − i only: scan all offsets 1 … 9999 via p₀.
      const dots = pe.analysis.dotByOffset({ dim: 8, offsets: Array.from({ length: 9999 }, (_, k) => k + 1) });
      const minDist = Math.sqrt(Math.max(0, 2 * (4 - Math.max(...dots))));
      return all([fact(l('最小距离 ‖p_i − p_j‖（i ≠ j < 10000）', 'smallest ‖p_i − p_j‖ (i ≠ j < 10000)'), '> 0', minDist.toFixed(6), minDist > 0)]);
    },
  },
  {
    id: 'e001-notation',
    doc: '001',
    location: '(6.1.8)',
    kind: 'claim',
    verdict: 'erratum',
    severity: 'typo',
    chapter: 'sinusoidal',
    title: l('ω_m 的两个定义', 'Two definitions of ω_m'),
    says: l('(6.1.2) ω_m = 1/10000^{2m/d}；(6.1.8) 写 sin(i/ω_m)，其中 ω_m = 10000^{2m/d}', '(6.1.2) ω_m = 1/10000^{2m/d}; (6.1.8) writes sin(i/ω_m) with ω_m = 10000^{2m/d}'),
    right: l('同一个符号先是频率、后是它的倒数；(6.1.9) 的结论不变，但按 (6.1.2) 读 (6.1.8) 会算错。', 'The same symbol is first the frequency, then its inverse; (6.1.9) is unaffected, but reading (6.1.8) with (6.1.2) gives wrong numbers.'),
    check: (pe) => {
      const f = w(pe, 8);
      return all([fact('ω_1 (6.1.2) vs ω_1 (6.1.8)', l('同一个数', 'the same number'), `${f[1]} vs ${1 / f[1]}`, f[1] === 1 / f[1])]);
    },
  },
  {
    id: 'e001-monotonic',
    doc: '001',
    location: '§6.1.2',
    kind: 'claim',
    verdict: 'erratum',
    severity: 'misleading',
    chapter: 'sinusoidal',
    title: l('点积并不随距离单调下降', 'The dot product does not fall monotonically with distance'),
    says: l('"点积总体上随位置距离增加而减小，呈现出某种距离衰减的趋势"', '"the dot product generally decreases as the distance grows, a kind of decay with distance"'),
    right: l('d = 8 时 Δ = 6 的点积大于 Δ = 3 的：快的维度转回来时点积回升。', 'At d = 8 the dot product at Δ = 6 exceeds that at Δ = 3: it rises again when the fast dimensions come round.'),
    check: (pe) => {
      const [a, b] = pe.analysis.dotByOffset({ dim: 8, offsets: [3, 6] });
      return all([fact(l('Δ = 3 与 Δ = 6 的点积', 'p·p at Δ = 3 vs Δ = 6'), l('递减', 'decreasing'), `${a.toFixed(4)} < ${b.toFixed(4)}`, !(b > a))]);
    },
  },
  {
    id: 'e001-terms',
    doc: '001',
    location: '§6.1.3',
    kind: 'claim',
    verdict: 'erratum',
    severity: 'misleading',
    chapter: 'scores',
    title: l('位置—内容项是内容—位置项的转置，只在对称时成立', 'Position–content is the transpose of content–position only when symmetric'),
    says: l('"第三项PW_QW_K^⊤X^⊤是位置与内容之间的交叉项，与第二项转置相关"', '"the third term PW_QW_K^⊤X^⊤ … is related to the transpose of the second"'),
    right: l('PW_QW_Kᵀ Xᵀ = (X W_K W_Qᵀ Pᵀ)ᵀ：只有 W_QW_Kᵀ 对称时才等于第二项的转置。四项之和确实等于总分。', 'PW_QW_KᵀXᵀ = (XW_KW_QᵀPᵀ)ᵀ: it equals the transpose of the second term only when W_QW_Kᵀ is symmetric. The four terms do add up to the score.'),
    check: (pe) => {
      const x = pe.analysis.randomNormal({ seed: 1, rows: 6, cols: 8 });
      const wq = pe.analysis.randomNormal({ seed: 2, rows: 8, cols: 8 }), wk = pe.analysis.randomNormal({ seed: 3, rows: 8, cols: 8 });
      const t = pe.analysis.fourTerms(x, table64(pe, 6, 8), wq, wk);
      let d = 0;
      for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) d = Math.max(d, Math.abs(t.positionContent.data[i * 6 + j] - t.contentPosition.data[j * 6 + i]));
      return all([fact(l('max |PC − CPᵀ|（随机 W）', 'max |PC − CPᵀ| (random W)'), l('0（转置）', '0 (transpose)'), d.toFixed(4), d < 1e-9)]);
    },
  },
  // ------------------------------------------------------------------------------------- 002
  {
    id: 'c002-equivariance',
    doc: '002',
    location: l('注意力机制中的permutation equivariant', 'permutation equivariance in attention'),
    kind: 'claim',
    verdict: 'confirmed',
    chapter: 'why',
    title: l('Y(PX) = P·Y(X)，交叉注意力读出不变', 'Y(PX) = P·Y(X); the cross-attention read-out is invariant'),
    says: l('S′ = PSPᵀ，A′ = PAPᵀ，Y′ = PY；C′_t = C_t', "S′ = PSPᵀ, A′ = PAPᵀ, Y′ = PY; C′_t = C_t"),
    right: l('核心在随机输入上测得的差为浮点误差。', 'The core measures differences at rounding level on random inputs.'),
    check: (pe) => {
      const r = (s: number, rows: number, cols: number) => pe.analysis.randomNormal({ seed: s, rows, cols });
      const a = pe.analysis.permutationCheck({ x: r(1, 5, 4), permutation: [3, 1, 4, 0, 2], wq: r(2, 4, 4), wk: r(3, 4, 4), wv: r(4, 4, 4) });
      const c = pe.analysis.crossAttentionCheck({ queries: r(5, 2, 4), source: r(1, 5, 4), permutation: [3, 1, 4, 0, 2], wk: r(3, 4, 4), wv: r(4, 4, 4) });
      return all([
        fact('max |Y(PX) − P·Y(X)|', '0', a.maxAbsDifference.toExponential(2), a.maxAbsDifference < 1e-12),
        fact("max |C′_t − C_t|", '0', c.maxAbsDifference.toExponential(2), c.maxAbsDifference < 1e-12),
      ]);
    },
  },
  {
    id: 'e002-typos',
    doc: '002',
    location: l('注意力机制中的permutation equivariant', 'permutation equivariance in attention'),
    kind: 'claim',
    verdict: 'erratum',
    severity: 'typo',
    chapter: 'why',
    title: l('softmax_tow 与 PAP⊤', 'softmax_tow and PAP⊤'),
    computable: false,
    source: '002, the derivation of A′ and Y′',
    says: l('A′ = softmax_tow(PSPᵀ) = P softmax_tow(S) Pᵀ = P A P⊤；Y′ = (P A P⊤)(PV)', 'A′ = softmax_tow(PSPᵀ) = P softmax_tow(S) Pᵀ = P A P⊤; Y′ = (P A P⊤)(PV)'),
    right: l('应为 softmax_row（按行）与 PAPᵀ（转置写在上标里）；推导本身正确。', 'Read softmax_row (row-wise) and PAPᵀ (the transpose as a superscript); the derivation itself is right.'),
    check: () => all([fact(l('写法', 'spelling'), 'softmax_tow, P A P⊤', 'softmax_row, PAPᵀ', false)]),
  },
  {
    id: 'c002-binary',
    doc: '002',
    location: l('二进制编码', 'binary encoding'),
    kind: 'table',
    verdict: 'confirmed',
    chapter: 'history',
    title: l('二进制编码表与 7→8 的跳变', 'The binary table and the 7 → 8 jump'),
    says: l('0000 … 1000；6→7 差 1 位，7→8 差 4 位', '0000 … 1000; 6 → 7 differs in 1 bit, 7 → 8 in 4'),
    right: l('与核心的二进制编码一致。', "Matches the core's binary encoding."),
    check: (pe) => {
      const b = pe.analysis.binaryEncoding({ n: 9, bits: 4 });
      const bits = (p: number) => Array.from(b.data.subarray(p * 4, p * 4 + 4)).join('');
      const flips = (a: number, c: number) => Array.from({ length: 4 }, (_, i) => (b.data[a * 4 + i] !== b.data[c * 4 + i] ? 1 : 0)).reduce<number>((s, v) => s + v, 0);
      return all([
        fact('PE(7)', '0111', bits(7), bits(7) === '0111'),
        fact('PE(8)', '1000', bits(8), bits(8) === '1000'),
        fact(l('6 → 7 翻转的位数', 'bits flipped 6 → 7'), '1', String(flips(6, 7)), flips(6, 7) === 1),
        fact(l('7 → 8 翻转的位数', 'bits flipped 7 → 8'), '4', String(flips(7, 8)), flips(7, 8) === 4),
      ]);
    },
  },
  {
    id: 'c002-normalised',
    doc: '002',
    location: l('位置编码设计历史', 'history of position encodings'),
    kind: 'example',
    verdict: 'confirmed',
    chapter: 'history',
    title: l('[0,1] 标记下相邻词的距离', 'Neighbour distance with [0, 1] labels'),
    says: l('长度 3 时 0.5，长度 4 时 0.33', '0.5 at length 3, 0.33 at length 4'),
    right: l('与核心一致。', 'Matches the core.'),
    check: (pe) => {
      const a = pe.analysis.normalizedEncoding(3), b = pe.analysis.normalizedEncoding(4);
      return all([printed(l('长度 3', 'length 3'), '0.5', a[1] - a[0]), printed(l('长度 4', 'length 4'), '0.33', b[1] - b[0])]);
    },
  },
  {
    id: 'c002-sin-only',
    doc: '002',
    location: l('为什么单独使用sin不行', 'why sin alone fails'),
    kind: 'claim',
    verdict: 'confirmed',
    chapter: 'history',
    title: l('只有 sin 时不存在线性平移', 'No linear shift with sines alone'),
    says: l('单独 sin 无法写成 M_k·PE(pos)；sin/cos 配对可以', 'sines alone cannot be written as M_k·PE(pos); sin/cos pairs can'),
    right: l('最好的线性映射：只有 sin 时残差明显大于 0，配对时为浮点误差。', 'Best linear map: residual well above 0 with sines alone, rounding error with pairs.'),
    check: (pe) => {
      const s = pe.analysis.bestLinearMap({ k: 3, dim: 8, n: 64, features: 'sin' });
      const b = pe.analysis.bestLinearMap({ k: 3, dim: 8, n: 64, features: 'sincos' });
      return all([
        fact(l('残差：只有 sin', 'residual, sin only'), '> 0', s.relativeResidual.toExponential(2), s.relativeResidual > 1e-3),
        fact(l('残差：sin + cos', 'residual, sin + cos'), '0', b.relativeResidual.toExponential(2), b.relativeResidual < 1e-10),
      ]);
    },
  },
  // ------------------------------------------------------------------------------------- 003
  {
    id: 'c003-split',
    doc: '003',
    location: '§2.2, §3.2',
    kind: 'claim',
    verdict: 'confirmed',
    chapter: 'modulation',
    title: l('cos(ω(m−n)) 恒等式与 qᵀR(Δ)k 的拆分', 'The cos(ω(m−n)) identity and the split of qᵀR(Δ)k'),
    says: l('[sin mω, cos mω]·[sin nω, cos nω] = cos(ω(m−n))；qᵀR(ωΔ)k = cos(ωΔ)qᵀk + sin(ωΔ)qᵀJk', '[sin mω, cos mω]·[sin nω, cos nω] = cos(ω(m−n)); qᵀR(ωΔ)k = cos(ωΔ)qᵀk + sin(ωΔ)qᵀJk'),
    right: l('核心逐平面验证，误差为浮点误差。', 'The core checks each plane; differences at rounding level.'),
    check: (pe) => {
      const s = pe.analysis.ropeSplit({ q: [0.3, 1.2, -0.7, 0.5], k: [1.1, -0.4, 0.2, 0.9], delta: 7, invFreq: w(pe, 4) });
      let d = 0;
      for (let i = 0; i < 2; i++) d = Math.max(d, Math.abs(s.cosTerm[i] + s.sinTerm[i] - s.direct[i]));
      const dot = pe.analysis.dotByOffset({ dim: 2, offsets: [5] })[0];
      return all([fact(l('max |cos 项 + sin 项 − qᵀRk|', 'max |cos term + sin term − qᵀRk|'), '0', d.toExponential(2), d < 1e-12), printed('[sin 2, cos 2]·[sin 7, cos 7]', Math.cos(5).toFixed(12), dot)]);
    },
  },
  // ------------------------------------------------------------------------------------- 004
  {
    id: 'e004-example-vectors',
    doc: '004',
    location: '§1.2',
    kind: 'example',
    verdict: 'erratum',
    severity: 'wrong-number',
    chapter: 'sinusoidal',
    title: l('"正弦位置编码"的示例数值不是正弦编码', 'The "sinusoidal" example values are not the sinusoidal encoding'),
    says: l('"The" (pos=0) → … + [0.99, 0.01, 0.98, ...]；"cat" (pos=1) → … + [0.87, 0.12, 0.94, ...]', '"The" (pos=0) → … + [0.99, 0.01, 0.98, ...]; "cat" (pos=1) → … + [0.87, 0.12, 0.94, ...]'),
    right: l('位置 0 的正弦编码是 [0, 1, 0, 1, …]，位置 1 的前两个是 [sin 1, cos 1] = [0.841, 0.540]。', 'The sinusoidal encoding of position 0 is [0, 1, 0, 1, …]; position 1 starts [sin 1, cos 1] = [0.841, 0.540].'),
    check: (pe) => {
      const t = table64(pe, 2, 8);
      return all([printed('PE[0,0]', '0.99', t.data[0]), printed('PE[0,1]', '0.01', t.data[1]), printed('PE[1,0]', '0.87', t.data[8]), printed('PE[1,1]', '0.12', t.data[9])]);
    },
  },
  {
    id: 'e004-table',
    doc: '004',
    location: '§2.1',
    kind: 'table',
    verdict: 'erratum',
    severity: 'wrong-number',
    chapter: 'sinusoidal',
    title: l('标着 d_model = 4 的表是 d_model = 512 算的', 'The table labelled d_model = 4 was computed with d_model = 512'),
    says: l('"假设 d_model = 4，我们计算前 5 个位置的 PE"，随后是 9 个位置 × 22 列的表，表头先列 sin 列再列 cos 列', '"Take d_model = 4 and compute the PE of the first 5 positions", then a table of 9 positions × 22 columns whose header lists the sine columns, then the cosine columns'),
    right: l(
      '198 个数全部等于 d_model = 512 编码的前 22 列（sin、cos 交错，6 位有效数字）；d_model = 4 只有 4 列。它也不是 5 个位置。',
      'All 198 numbers equal the first 22 columns of a d_model = 512 encoding (sin and cos interleaved, 6 significant digits); d_model = 4 has only 4 columns. Nor is it 5 positions.',
    ),
    check: (pe) => {
      const rows = parse(TABLE_004);
      const d512 = table64(pe, 9, 512), d4 = table64(pe, 9, 4);
      const as512 = rows.flatMap((r, p) => r.map((s, c) => sixDigits(`d=512 PE[${p},${c}]`, s, d512.data[p * 512 + c])));
      const as4 = rows.slice(0, 9).flatMap((r, p) => r.slice(0, 4).map((s, c) => sixDigits(`d=4 PE[${p},${c}]`, s, d4.data[p * 4 + c])));
      const ok512 = as512.every((x) => x.agrees);
      return {
        rows: [
          fact(l('印出的列数', 'columns printed'), '22 (d_model = 4)', String(rows[0].length), false),
          fact(l('与 d_model = 512 相等的值', 'entries equal to d_model = 512'), '—', `${as512.filter((x) => x.agrees).length} / ${as512.length}`, ok512),
          ...as4.filter((x) => !x.agrees).slice(0, 4),
        ],
        agrees: as4.every((x) => x.agrees),
      };
    },
  },
  {
    id: 'e004-sentence',
    doc: '004',
    location: '§2.3',
    kind: 'example',
    verdict: 'erratum',
    severity: 'wrong-claim',
    chapter: 'relative',
    title: l('乱序句子的相对位置并不都是 +1', 'The relative positions of the scrambled sentence are not all +1'),
    says: l('"The cat sat on the mat." 与 "On mat the sat cat the." 中相邻词的相对位置都是 +1，表示"完全相同"', '"The cat sat on the mat." and "On mat the sat cat the.": neighbouring words are +1 apart in both, represented "exactly the same"'),
    right: l('在第二句中这些距离是 +2, −1, −3, +5, −4（见"相对位置编码"一章）。', 'In the second sentence they are +2, −1, −3, +5, −4 (see the Relative PE chapter).'),
    check: () => {
      const s2 = ['on', 'mat', 'the', 'sat', 'cat', 'the'];
      const used = new Set<number>();
      const pos = ['the', 'cat', 'sat', 'on', 'the', 'mat'].map((word) => {
        const i = s2.findIndex((s, k) => !used.has(k) && s === word);
        used.add(i);
        return i;
      });
      const gaps = pos.slice(1).map((p, k) => p - pos[k]);
      return all([fact(l('句子 2 中的距离', 'offsets in sentence 2'), '+1, +1, +1, +1, +1', gaps.map((g) => (g > 0 ? `+${g}` : String(g))).join(', '), gaps.every((g) => g === 1))]);
    },
  },
  {
    id: 'c004-relative-code',
    doc: '004',
    location: '§2.4 (code)',
    kind: 'code',
    verdict: 'confirmed',
    chapter: 'relative',
    title: l('RelativePositionEncoding 代码', 'The RelativePositionEncoding code'),
    says: l('relative_position = position_ids − position_ids.T + max_len，查 2·max_len 个嵌入', 'relative_position = position_ids − position_ids.T + max_len, looked up in 2·max_len embeddings'),
    right: l('下标 j − i + max_len 落在 [0, 2·max_len) 内（seq_len ≤ max_len），等价于裁剪距离 k = max_len 的 Shaw 下标。', 'The index j − i + max_len stays in [0, 2·max_len) (seq_len ≤ max_len): Shaw indices with clipping distance k = max_len.'),
    check: (pe) => {
      const idx = pe.analysis.shawIndices({ length: 10, k: 512 });
      const ok = Array.from({ length: 100 }, (_, q) => idx.data[q] === (q % 10) - Math.floor(q / 10) + 512).every(Boolean);
      return all([fact(l('(i, j) 的下标', 'index of (i, j)'), 'j − i + max_len', ok ? 'j − i + max_len' : l('不同', 'differs'), ok)]);
    },
  },
  {
    id: 'e004-xl',
    doc: '004',
    location: '§2.4 (3)',
    kind: 'claim',
    verdict: 'erratum',
    severity: 'wrong-claim',
    chapter: 'relative',
    title: l('Transformer-XL 的公式', "Transformer-XL's formula"),
    says: l('A = (X_iW_q)(X_jW_k + R_{i−j})ᵀ/√d_k + UX_iᵀ + VX_jᵀ', 'A = (X_iW_q)(X_jW_k + R_{i−j})ᵀ/√d_k + UX_iᵀ + VX_jᵀ'),
    right: l(
      'Dai 等式 (4)：(a) 内容 + (b) 内容×相对位置 + (c) uᵀW_{k,E}E_j + (d) vᵀW_{k,R}R_{i−j}。只依赖查询的项对每行加同一常数，softmax 后消失。',
      'Dai et al. eq. (4): (a) content + (b) content × relative position + (c) uᵀW_{k,E}E_j + (d) vᵀW_{k,R}R_{i−j}. A term depending on the query only adds the same constant to a row and vanishes in the softmax.',
    ),
    check: (pe) => {
      // Dai et al.'s (c) term u·W_{k,E}E_j varies with the key j along each row; 004's UX_iᵀ could not.
      const r = (seed: number, rows: number, cols: number) => pe.analysis.randomNormal({ seed, rows, cols, stddev: 0.5 });
      const n = 5, d = 8;
      const t = pe.analysis.transformerXl({
        e: r(1, n, d), r: pe.sinusoidal({ positions: Array.from({ length: 2 * n - 1 }, (_, i) => i - n + 1), dim: d, precision: 64 }),
        wq: r(2, d, d), wkE: r(3, d, d), wkR: r(4, d, d), u: r(5, 1, d).data, v: r(6, 1, d).data,
      });
      let spread = 0;
      for (let i = 0; i < n; i++) {
        const row = Array.from(t.c.data.subarray(i * n, i * n + n));
        spread = Math.max(spread, Math.max(...row) - Math.min(...row));
      }
      return all([fact(l('(c) 项在一行的各个键上', 'term (c) across the keys of a row'), l('常数（只依赖查询）', 'constant (query-only)'), l(`变化 ${spread.toFixed(4)}`, `varies by ${spread.toFixed(4)}`), spread < 1e-12)]);
    },
  },
  {
    id: 'e004-projection-order',
    doc: '004',
    location: '§2.5 (3)',
    kind: 'claim',
    verdict: 'erratum',
    severity: 'wrong-claim',
    chapter: 'rope',
    title: l('先投影再旋转', 'Project first, then rotate'),
    says: l('A_{i,j} = (Q′W_q)(K′W_k)ᵀ，Q′、K′ 是旋转后的 Query、Key', 'A_{i,j} = (Q′W_q)(K′W_k)ᵀ with Q′, K′ the rotated query and key'),
    right: l('RoPE 旋转的是投影后的 q = W_q x、k = W_k x；在旋转之后再乘投影，分数就不再只依赖 n − m（同一 n − m 下测得的分数不同）。', 'RoPE rotates the projected q = W_q x and k = W_k x; projecting after the rotation breaks the dependence on n − m alone (scores measured at the same n − m differ).'),
    check: (pe) => {
      const wq = pe.analysis.randomNormal({ seed: 4, rows: 4, cols: 4 });
      const x = [0.5, -1, 0.3, 0.8], y = [1, 0.2, -0.6, 0.4];
      const inv = w(pe, 4);
      const score = (m: number, n: number) => {
        const a = pe.analysis.matmul({ rows: 1, cols: 4, data: pe.analysis.ropeRotate({ x, position: m, invFreq: inv }) }, wq).data;
        const b = pe.analysis.matmul({ rows: 1, cols: 4, data: pe.analysis.ropeRotate({ x: y, position: n, invFreq: inv }) }, wq).data;
        return a.reduce((s, v, i) => s + v * b[i], 0);
      };
      const s1 = score(1, 4), s2 = score(10, 13);
      return all([fact(l('(m, n) = (1, 4) 与 (10, 13) 的分数', 'score (m, n) = (1, 4) vs (10, 13)'), l('相等', 'equal'), `${s1.toFixed(4)} vs ${s2.toFixed(4)}`, Math.abs(s1 - s2) < 1e-9)]);
    },
  },
  {
    id: 'e004-rope-code',
    doc: '004',
    location: '§2.5 (rotary_embedding)',
    kind: 'code',
    verdict: 'erratum',
    severity: 'wrong-number',
    chapter: 'rope',
    title: l('rotary_embedding 代码的频率与输出顺序', 'Frequencies and output order of the rotary_embedding code'),
    says: l('theta = 10000 ** (-2 * (arange(dim) / dim))，dim = x.shape[-1] // 2；输出 cat([x1·cos − x2·sin, x1·sin + x2·cos])', 'theta = 10000 ** (-2 * (arange(dim) / dim)) with dim = x.shape[-1] // 2; output cat([x1·cos − x2·sin, x1·sin + x2·cos])'),
    right: l(
      '这样 θ_i = 10000^{−4i/d}（应为 10000^{−2i/d}），两半被拼接而不是交错放回；positions[:, None] 与 theta 形状不能广播，代码按原样会报错。',
      'That makes θ_i = 10000^{−4i/d} (should be 10000^{−2i/d}); the halves are concatenated instead of interleaved back; and positions[:, None] does not broadcast against theta, so the code raises as written.',
    ),
    check: (pe) => {
      const d = 512;
      const inv = w(pe, d);
      const code = 10000 ** (-2 * (1 / (d / 2)));
      return all([printed('θ_1 (d = 512)', code.toPrecision(8), inv[1])]);
    },
  },
  {
    id: 'e004-clockwise',
    doc: '004',
    location: '§2.5 (90°)',
    kind: 'claim',
    verdict: 'erratum',
    severity: 'wrong-claim',
    chapter: 'rope',
    title: l('(1, 0) 转到 (0, 1) 是逆时针', '(1, 0) to (0, 1) is counter-clockwise'),
    says: l('"顺时针旋转 90°"：R_{90°}(1, 0) = (0, 1)', '"rotated 90° clockwise": R_{90°}(1, 0) = (0, 1)'),
    right: l('结果 (0, 1) 正确，但从 x 轴正向转到 y 轴正向是逆时针（叉积 +1）。', 'The result (0, 1) is right, but turning from +x to +y is counter-clockwise (cross product +1).'),
    check: (pe) => {
      const r = pe.analysis.ropeRotate({ x: [1, 0], position: 1, invFreq: [Math.PI / 2] });
      const cross = 1 * r[1] - 0 * r[0];
      return all([printed('R(90°)(1,0)_x', '0', r[0]), printed('R(90°)(1,0)_y', '1', r[1]), fact(l('方向（叉积）', 'direction (cross product)'), l('顺时针（−1）', 'clockwise (−1)'), l(`逆时针（${cross.toFixed(0)}）`, `counter-clockwise (${cross.toFixed(0)})`), cross < 0)]);
    },
  },
  {
    id: 'c004-30deg',
    doc: '004',
    location: '§2.5 (30°)',
    kind: 'example',
    verdict: 'confirmed',
    chapter: 'rope',
    title: l('30° 的例子', 'The 30° example'),
    says: l('R_{30°}(1.0, 0.5) = (0.616, 0.933)', 'R_{30°}(1.0, 0.5) = (0.616, 0.933)'),
    right: l('与核心一致。', 'Matches the core.'),
    check: (pe) => {
      const r = pe.analysis.ropeRotate({ x: [1, 0.5], position: 1, invFreq: [Math.PI / 6] });
      return all([printed('x′', '0.616', r[0]), printed('y′', '0.933', r[1])]);
    },
  },
  {
    id: 'e004-cos-only',
    doc: '004',
    location: '§2.5',
    kind: 'claim',
    verdict: 'erratum',
    severity: 'wrong-claim',
    chapter: 'rope',
    title: l('旋转后的点积少了正弦项', 'The rotated dot product is missing its sine term'),
    says: l("Q′_i·K′_j = cos(θ_i − θ_j)(Q_i·K_j)", "Q′_i·K′_j = cos(θ_i − θ_j)(Q_i·K_j)"),
    right: l('Q′ᵢᵀK′ⱼ = cos(θⱼ − θᵢ)QᵢᵀKⱼ + sin(θⱼ − θᵢ)QᵢᵀJKⱼ。', 'Q′ᵢᵀK′ⱼ = cos(θⱼ − θᵢ)QᵢᵀKⱼ + sin(θⱼ − θᵢ)QᵢᵀJKⱼ.'),
    check: (pe) => {
      const q = [1, 0.5], k = [0.2, 1];
      const s = pe.analysis.ropeSplit({ q, k, delta: 1, invFreq: [Math.PI / 6] });
      const claimed = Math.cos(Math.PI / 6) * (q[0] * k[0] + q[1] * k[1]);
      return all([printed("Q′·K′ (Δθ = 30°)", claimed.toFixed(6), s.direct[0])]);
    },
  },
  {
    id: 'c004-demo',
    doc: '004',
    location: '§2.5 (demo code)',
    kind: 'code',
    verdict: 'confirmed',
    chapter: 'rope',
    title: l('三个 token 的演示代码', 'The three-token demo code'),
    says: l('F.linear 投影、每个 token 转 10°, 20°, 30°、缩放点积注意力', 'F.linear projections, tokens turned by 10°, 20°, 30°, scaled dot-product attention'),
    right: l('代码正确（注意 F.linear(x, W) = xWᵀ）；"RoPE"一章重算了它打印的注意力权重，每行之和为 1。', 'The code is right (note F.linear(x, W) = xWᵀ); the RoPE chapter recomputes the weights it prints, each row summing to 1.'),
    check: (pe) => {
      // The demo through the core, against the same steps written out with Math (independent).
      const tok = [[1.0, 0.2], [0.3, 1.0], [-0.9, 0.5]];
      const WQ = [[1.0, 0.8], [-0.8, 1.0]], WK = [[-1.0, 0.6], [0.6, 1.0]];
      const m = (rows: number[][]) => ({ rows: rows.length, cols: rows[0].length, data: Float64Array.from(rows.flat()) });
      const tr = (a: number[][]) => [[a[0][0], a[1][0]], [a[0][1], a[1][1]]];
      const turn = (x: Float64Array) =>
        Array.from({ length: 3 }, (_, i) => Array.from(pe.analysis.ropeRotate({ x: [x[2 * i], x[2 * i + 1]], position: i + 1, invFreq: [Math.PI / 18] })));
      const q = turn(pe.analysis.matmul(m(tok), m(tr(WQ))).data), k = turn(pe.analysis.matmul(m(tok), m(tr(WK))).data);
      const a = pe.analysis.attention(m(q), m(k), m(tok)).weights;
      const ref = tok.map((ti, i) => {
        const rot = (v: number[], deg: number) => {
          const c = Math.cos((deg * Math.PI) / 180), s = Math.sin((deg * Math.PI) / 180);
          return [v[0] * c - v[1] * s, v[0] * s + v[1] * c];
        };
        const lin = (x: number[], W: number[][]) => [W[0][0] * x[0] + W[0][1] * x[1], W[1][0] * x[0] + W[1][1] * x[1]];
        const qi = rot(lin(ti, WQ), 10 * (i + 1));
        const sc = tok.map((tj, j) => {
          const kj = rot(lin(tj, WK), 10 * (j + 1));
          return (qi[0] * kj[0] + qi[1] * kj[1]) / Math.SQRT2;
        });
        const e = sc.map((v) => Math.exp(v - Math.max(...sc)));
        return e.map((v) => v / e.reduce((x, y) => x + y));
      });
      return all(ref.flatMap((row, i) => row.map((v, j) => printed(`weight[${i}][${j}]`, v.toFixed(10), a.data[i * 3 + j]))));
    },
  },
  {
    id: 'c004-theta',
    doc: '004',
    location: '§2.6',
    kind: 'claim',
    verdict: 'confirmed',
    chapter: 'rope',
    title: l('θ_i = 10000^{−2(i−1)/d}（从 1 数起）', 'θ_i = 10000^{−2(i−1)/d} (counting from 1)'),
    says: l('R_{d,m} = blockdiag(R(mθ_1), …, R(mθ_{d/2}))，θ_i = 10000^{−2(i−1)/d}；q_mᵀk_n = x_mᵀW_qᵀR_{n−m}W_k x_n', 'R_{d,m} = blockdiag(R(mθ_1), …, R(mθ_{d/2})), θ_i = 10000^{−2(i−1)/d}; q_mᵀk_n = x_mᵀW_qᵀR_{n−m}W_k x_n'),
    right: l('与从 0 数起的 θ_i = 10000^{−2i/d} 相同；R(m)ᵀR(n) = R(n−m) 由核心验证。', 'The same as θ_i = 10000^{−2i/d} counted from 0; R(m)ᵀR(n) = R(n−m) checked by the core.'),
    check: (pe) => {
      const m = pe.rotationMatrix({ dim: 8, position: 5 }), n = pe.rotationMatrix({ dim: 8, position: 12 }), d = pe.rotationMatrix({ dim: 8, position: 7 });
      let err = 0;
      for (let i = 0; i < 8; i++) {
        for (let j = 0; j < 8; j++) {
          let s2 = 0;
          for (let k = 0; k < 8; k++) s2 += m.data[k * 8 + i] * n.data[k * 8 + j];
          err = Math.max(err, Math.abs(s2 - d.data[i * 8 + j]));
        }
      }
      return all([printed('θ_2 (i = 2, d = 8)', '0.1', w(pe, 8)[1]), fact('max |R(5)ᵀR(12) − R(7)|', '0', err.toExponential(1), err < 1e-12)]);
    },
  },
  {
    id: 'e004-2d',
    doc: '004',
    location: '§2.7',
    kind: 'claim',
    verdict: 'erratum',
    severity: 'misleading',
    chapter: 'rope',
    title: l('二维 RoPE 的一个指数', 'One exponent for 2-D RoPE'),
    says: l('f_q = (W^q x_m) e^{i(x_mθ_x + y_mθ_y)}，又说 d_x、d_y 各取一半维度', 'f_q = (W^q x_m) e^{i(x_mθ_x + y_mθ_y)}, and also that d_x, d_y each take half the dimensions'),
    right: l(
      '一个复数乘以一个指数时，分数只依赖 Δx·θ_x + Δy·θ_y：不同的 (Δx, Δy) 可以给出同一个角度。轴向 2-D RoPE 把维度分成两半，一半转 x·θ，一半转 y·θ（"RoPE"一章）。',
      'With one complex number and one exponent the score depends only on Δx·θ_x + Δy·θ_y: different (Δx, Δy) can give the same angle. Axial 2-D RoPE splits the dimensions, turning one half by x·θ and the other by y·θ (RoPE chapter).',
    ),
    check: (pe) => {
      // one plane, θ_x = θ_y = 0.3: (Δx, Δy) = (1, 2) and (2, 1) give the same single-exponent angle
      const q = [1, 0.4], k = [0.3, 1];
      const single = (dx: number, dy: number) => pe.analysis.ropeSplit({ q, k, delta: dx * 0.3 + dy * 0.3, invFreq: [1] }).direct[0];
      const axial = (dx: number, dy: number) => {
        const a = pe.analysis.ropeRotate2d({ x: [...q, ...q], px: 0, py: 0 });
        const b = pe.analysis.ropeRotate2d({ x: [...k, ...k], px: dx, py: dy });
        return a.reduce((s, v, i) => s + v * b[i], 0);
      };
      const same = Math.abs(single(1, 2) - single(2, 1)) < 1e-12;
      const distinct = Math.abs(axial(1, 2) - axial(2, 1)) > 1e-6;
      return all([fact(l('单个指数：(1,2) 与 (2,1)', 'single exponent: (1,2) vs (2,1)'), l('能区分位置', 'distinguishes positions'), same ? l('分数相同', 'same score') : l('不同', 'different'), !same), fact(l('轴向：(1,2) 与 (2,1)', 'axial: (1,2) vs (2,1)'), '—', distinct ? l('分数不同', 'different scores') : l('相同', 'same'), true)]);
    },
  },
  {
    id: 'e004-rope-type',
    doc: '004',
    location: '§3',
    kind: 'claim',
    verdict: 'erratum',
    severity: 'misleading',
    chapter: 'comparison',
    title: l('相对位置编码的存储并不是 O(n²)', 'Relative encodings do not store O(n²)'),
    says: l('对比表：相对位置编码"存储开销：需要存储相对位置信息 (O(n²))"，RoPE "无额外存储"', 'Comparison table: relative PE "storage: needs to store relative position information (O(n²))", RoPE "no extra storage"'),
    right: l('T5 的偏置每个头只有 num_buckets 个参数，与长度无关；n×n 的偏置矩阵是计算时展开的，与注意力分数本身同阶。', "T5's bias has num_buckets parameters per head whatever the length; the n × n bias matrix is expanded at compute time, the same order as the attention scores themselves."),
    check: (pe) => {
      const n = 2048;
      const offsets = Array.from({ length: 2 * n - 1 }, (_, i) => i - (n - 1));
      const used = new Set(pe.t5RelativeBucket(offsets)).size;
      return all([fact(l(`每个头存储的偏置，n = ${n}`, `stored biases per head, n = ${n}`), `O(n²) = ${n * n}`, String(used), used >= n)]);
    },
  },
  {
    id: 'e004-sin-relative',
    doc: '004',
    location: '§3',
    kind: 'claim',
    verdict: 'erratum',
    severity: 'misleading',
    chapter: 'comparison',
    title: l('正弦编码"无法编码相对位置"', 'The sinusoidal encoding "cannot encode relative position"'),
    says: l('对比表："正弦-余弦位置编码 … 是否编码相对位置 ❌ 否"', 'Comparison table: "sinusoidal PE … encodes relative position ❌ no"'),
    right: l('PPᵀ 只依赖位置差（001 式 6.1.9）：相对位置隐含在编码中，只是经过投影后不再显式。', 'PPᵀ depends only on the offset (001 eq. 6.1.9): relative position is there implicitly, just not explicit after the projections.'),
    check: (pe) => {
      const t = table64(pe, 40, 16);
      const dot = (a: number, b: number) => {
        let s = 0;
        for (let c = 0; c < 16; c++) s += t.data[a * 16 + c] * t.data[b * 16 + c];
        return s;
      };
      const d = Math.abs(dot(3, 8) - dot(30, 35));
      return all([fact('p₃·p₈ vs p₃₀·p₃₅', l('没有相对位置信息', 'no relative information'), l(`相等（${d.toExponential(1)}）`, `equal (${d.toExponential(1)})`), d > 1e-9)]);
    },
  },
];
