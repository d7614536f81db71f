/**
 * One heatmap per head of one block's attention weights ([layers, heads, n, n], rows: queries,
 * columns: keys, on 0 … 1), as the lab's attention figure and its playground both draw them.
 */
import { html, type TemplateResult } from 'lit';

import '../heatmap/heatmap-view.js';
import type { HeatmapAnnotation } from '../heatmap/heatmap-view.js';
import { l, type L10n } from '../shared/i18n.js';

const T = {
  query: l('查询位置 i', 'query position i'),
  key: l('键位置 j', 'key position j'),
  weight: l('注意力权重 p(i, j)', 'attention weight p(i, j)'),
  head: l('头', 'head'),
  layer: l('层', 'layer'),
  table: l('数值表', 'Values as a table'),
};

export function headMaps(o: {
  attention: ArrayLike<number>;
  layer: number;
  heads: number;
  n: number;
  /** Each position's label ("3 K₁₆"), on both axes. */
  labels: string[];
  t: (text: L10n) => string;
  /** The marks over head h's map. */
  marks?: (h: number) => HeatmapAnnotation[];
}): TemplateResult[] {
  const { n, t } = o;
  return Array.from({ length: o.heads }, (_, h) => {
    const start = (o.layer * o.heads + h) * n * n;
    const data = Float32Array.from({ length: n * n }, (_, k) => o.attention[start + k]);
    return html`<posenc-heatmap-view
      data-head=${h}
      .matrix=${{ rows: n, cols: n, data }}
      caption=${`${t(T.layer)} ${o.layer + 1} · ${t(T.head)} ${h + 1}`}
      colormap="sequential"
      .lo=${0}
      .hi=${1}
      rowAxis=${t(T.query)}
      colAxis=${t(T.key)}
      .rowLabels=${o.labels}
      .colLabels=${o.labels}
      .annotations=${o.marks?.(h) ?? []}
      legend-label=${t(T.weight)}
      tableLabel=${t(T.table)}
      digits="3"
      size="300"
    ></posenc-heatmap-view>`;
  });
}

/**
 * Where each scored row's answer is in the input (sources[i] = j, −1: none) as outlined cells, the
 * first one labelled. Not "the key holding the answer": the tasks have keys of their own (K₁₆), and
 * the answer sits on a value.
 */
export function sourceMarks(sources: readonly number[], t: (text: L10n) => string): HeatmapAnnotation[] {
  const label = t(l('答案所在位置', 'where the answer is'));
  const marks: HeatmapAnnotation[] = [];
  sources.forEach((j, i) => {
    if (j >= 0) marks.push({ kind: 'cell', row: i, col: j, color: 'accent2', ...(marks.length ? {} : { label }) });
  });
  return marks;
}
