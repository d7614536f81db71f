import { css, html, nothing } from 'lit';
import { property } from 'lit/decorators.js';

import '../colorbar/colorbar.js';
import '../heatmap/heatmap-view.js';
import { sharedScale, type ColorScale } from '../heatmap/heatmap-view.js';
import '../plot/plot.js';
import type { Series } from '../plot/plot.js';
import { fill } from '../shared/figure.js';
import { fmt } from '../shared/format.js';
import { l } from '../shared/i18n.js';
import { figureHost, tokens } from '../shared/theme.js';
import { LabFigure } from './lab-figure.js';
import type { TableEntry } from './lab-types.js';

const T = {
  position: l('位置', 'position'),
  dim: l('维度', 'dimension'),
  value: l('数值', 'value'),
  sharedValue: l('数值（三张图同一色标）', 'value (one colour scale for the three maps)'),
  start: l('训练前（随机初始化）', 'before training (random start)'),
  trained: l('训练后', 'after training'),
  sinusoids: l('正弦编码（同样大小）', 'sinusoids (same size)'),
  distance: l('两行相隔的位置数', 'positions apart'),
  similarity: l('平均余弦相似度', 'mean cosine similarity'),
  untrained: l(
    '勾选“可学习表”并训练这个任务，才能看到它学到的表。',
    'Tick “learned table” and train this task to see the table it learns.',
  ),
  table: l('数值表', 'Values as a table'),
  waveShare: l('波形占比', 'wave share'),
};

/**
 * The learned position table of a trained model (rows: positions, columns: dimensions) beside
 * its random start and the sinusoids of the same size, with each one's profile from the core
 * (lab.tableProfile): the mean cosine similarity of rows k apart, and the share of each column's
 * variance in its strongest frequency (the "wave share": 1 for a pure wave). In a predict block it
 * reports whether training moved the table towards waves: "waves" when the trained table's mean wave
 * share is closer to the sinusoids' than to its start's, else "no-waves".
 *
 * @fires posenc-answer - { value: 'waves' | 'no-waves' }
 */
export class PosencLabTable extends LabFigure {
  static styles = [
    tokens,
    figureHost,
    css`
      .grid {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(min(100%, 16rem), 1fr));
        gap: 0.6rem 1rem;
      }
      .note {
        font-size: 0.9rem;
        margin: 0.4rem 0;
      }
    `,
  ];

  /** Sentence under the figure; {trained}, {start}, {sinusoids} (mean wave shares) filled in. */
  @property() summary = '';
  /** Caption of the similarity-by-distance plot. */
  @property() caption = '';

  private last = '';

  private entries(): { trained?: TableEntry; start?: TableEntry; sinusoids?: TableEntry } {
    const run = this.run;
    const m = run?.encodings.learned;
    return { trained: m?.table, start: m?.initialTable, sinusoids: run?.sinusoids };
  }

  protected updated(): void {
    const { trained, start, sinusoids } = this.entries();
    if (!trained || !start || !sinusoids) return;
    const w = trained.profile.meanWaveShare;
    const answer = Math.abs(w - sinusoids.profile.meanWaveShare) < Math.abs(w - start.profile.meanWaveShare) ? 'waves' : 'no-waves';
    if (answer !== this.last) {
      this.last = answer;
      this.emitAnswer(answer);
    }
  }

  private heatmap(id: string, title: string, e: TableEntry, scale: ColorScale) {
    return html`<posenc-heatmap-view
      id=${id}
      .matrix=${{ rows: e.rows, cols: e.cols, data: e.data }}
      caption=${`${title} · ${this.t(T.waveShare)} ${fmt(e.profile.meanWaveShare, 2)}`}
      colormap="diverging"
      .scale=${scale}
      hide-legend
      rowAxis=${this.t(T.position)}
      colAxis=${this.t(T.dim)}
      legend-label=${this.t(T.value)}
      tableLabel=${this.t(T.table)}
      digits="3"
      size="260"
    ></posenc-heatmap-view>`;
  }

  render() {
    const { trained, start, sinusoids } = this.entries();
    if (!trained || !start || !sinusoids) return html`<p class="note">${this.t(T.untrained)}</p>`;
    const curve = (label: string, e: TableEntry, color: string, dash = false): Series => ({
      label,
      x: Array.from(e.profile.byDistance, (_, k) => k),
      y: e.profile.byDistance,
      color,
      dash,
    });
    const series = [
      curve(this.t(T.start), start, 'muted', true),
      curve(this.t(T.trained), trained, 'accent'),
      curve(this.t(T.sinusoids), sinusoids, 'accent2'),
    ];
    // one colour scale for the three, so their magnitudes compare (the random start is faint beside the sinusoids)
    const scale = sharedScale('diverging', start, trained, sinusoids);
    return html`<div class="grid">
        ${this.heatmap('lab-table-start', this.t(T.start), start, scale)} ${this.heatmap('lab-table-trained', this.t(T.trained), trained, scale)}
        ${this.heatmap('lab-table-sinusoids', this.t(T.sinusoids), sinusoids, scale)}
      </div>
      <posenc-colorbar id="lab-table-scale" colormap="diverging" .scale=${scale} label=${this.t(T.sharedValue)}></posenc-colorbar>
      <posenc-plot
        id="lab-table-similarity"
        .series=${series}
        caption=${this.caption}
        xLabel=${this.t(T.distance)}
        yLabel=${this.t(T.similarity)}
        digits="3"
        height="220"
      ></posenc-plot>
      ${
        this.summary
          ? html`<p class="note" id="lab-table-summary">
              ${fill(this.summary, { trained: fmt(trained.profile.meanWaveShare, 2), start: fmt(start.profile.meanWaveShare, 2), sinusoids: fmt(sinusoids.profile.meanWaveShare, 2) })}
            </p>`
          : nothing
      }`;
  }
}
