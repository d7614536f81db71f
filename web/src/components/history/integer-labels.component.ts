import { html, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';

import type { Analysis } from '../../lib/internal-types.js';
import '../plot/plot.js';
import { fill } from '../shared/figure.js';
import { VisibleFigure } from '../shared/visible-figure.js';
import { fmt } from '../shared/format.js';
import type { PlotAnnotation as Annotation } from '../plot/plot.js';
import { l } from '../shared/i18n.js';
import { rich } from '../shared/text.js';
import { figureHost, tokens } from '../shared/theme.js';

/**
 * Integer labels: the label pos added to two different token vectors. Plotted over the positions,
 * the cosine similarity of "cat + pos" and "dog + pos" climbs to 1: the label drowns the content.
 * Positions at or past the training length are shaded (labels never seen in training).
 */

/** The words of this figure, zh and en. */
const T = {
  sameDirection: l('方向相同', 'same direction'),
  positionPosInteger: l('位置 pos（加到每个分量上的整数标签，对数轴）', 'position pos (the integer label added to every entry; log axis)'),
  cosineSimilarity: l('余弦相似度', 'cosine similarity'),
};

export class PosencIntegerLabels extends VisibleFigure {
  static styles = [tokens, figureHost];

  @property({ type: Number }) length = 512;
  @property({ type: Number }) trainLength = 64;
  @property({ type: Number }) seed = 3;
  @property({ type: Number }) dim = 8;
  @property() caption = '';
  /** The two words compared, "cat|dog". */
  @property() words = 'cat|dog';
  /**
   * Sentence under the plot, the one the numbers make true: `sentence` when the two words end
   * nearly in the same direction (cosine ≥ 0.9 at the last position), `sentenceApart` otherwise;
   * then `unseenText` when some labels were never seen in training, `seenText` when all were.
   * {last} {sim} {first} (position 1, the first point on the log axis) {sim1} {seen} {unseen}
   * {typical} are filled.
   */
  @property() sentence = '';
  @property() sentenceApart = '';
  @property() unseenText = '';
  @property() seenText = '';
  @property() unseenLabel = '';

  @state() private r?: ReturnType<Analysis['integerLabels']>;

  protected willUpdate(changed: PropertyValues) {
    if (!this.changedAny(changed, 'length', 'trainLength', 'seed', 'dim')) return;
    const a = this.pe.analysis;
    this.r = a.integerLabels({
      tokens: a.randomNormal({ seed: this.seed, rows: 2, cols: this.dim }),
      length: this.length,
      trainLength: this.trainLength,
    });
  }

  render() {
    const r = this.r;
    if (!r) return nothing;
    const [w0, w1] = this.words.split('|');
    const last = this.length - 1;
    // Log axis from pos 1: the climb happens in the first few dozen positions.
    const xs = Array.from({ length: this.length - 1 }, (_, i) => i + 1);
    const ys = r.similarity.subarray(1);
    const ann: Annotation[] = [
      { kind: 'point', x: 1, y: r.similarity[1], label: `pos 1: ${fmt(r.similarity[1], 3)}`, color: 'good' },
      { kind: 'point', x: last, y: r.similarityLast, label: `pos ${last}: ${fmt(r.similarityLast, 5)}`, color: 'warn' },
      { kind: 'y', at: 1, label: this.t(T.sameDirection), color: 'muted' },
    ];
    if (this.length < 2) return nothing;
    const drowned = r.similarityLast >= 0.9;
    const values = {
      last,
      sim: fmt(r.similarityLast, 5),
      sim1: fmt(r.similarity[1], 2),
      seen: r.largestSeen,
      unseen: r.unseen,
      typical: fmt(r.typicalEntry, 2),
    };
    if (this.length > this.trainLength)
      ann.unshift({ kind: 'x-range', from: this.trainLength, to: last, label: this.unseenLabel, color: 'warn' });
    return html`<posenc-plot
        id="integer-plot"
        .series=${[{ label: `cos(${w0} + pos, ${w1} + pos)`, x: xs, y: ys }]}
        x-scale="log"
        .annotations=${ann}
        .yRange=${[-1, 1.05]}
        caption=${this.caption}
        xLabel=${this.t(T.positionPosInteger)}
        yLabel=${this.t(T.cosineSimilarity)}
        .digits=${4}
      ></posenc-plot>
      <p id="integer-status" data-claim="integer" data-last=${r.similarityLast} data-sim1=${r.similarity[1]} data-verdict=${drowned ? 'drowned' : 'apart'}>
        ${rich(fill(`${drowned ? this.sentence : this.sentenceApart} ${r.unseen > 0 ? this.unseenText : this.seenText}`, values))}
      </p>`;
  }
}
