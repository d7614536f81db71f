import { css } from 'lit';

/** What the SVG figures share: caption, axes, annotations, readout, legend. */
export const figureStyles = css`
  figure {
    margin: 0;
  }
  figcaption {
    font-size: 0.85rem;
    color: var(--_muted);
    margin-bottom: 0.25rem;
  }
  svg.chart {
    display: block;
    overflow: visible;
    touch-action: pan-y;
    font-family: var(--_mono);
  }
  svg.chart:focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
  .axis line,
  .axis path,
  line.axis {
    stroke: var(--_muted);
    stroke-width: 1;
  }
  .grid line {
    stroke: var(--_line);
    stroke-dasharray: 2 3;
  }
  .axis text,
  text.tick {
    fill: var(--_muted);
    font-size: 12px;
  }
  text.axis-label {
    fill: var(--_fg);
    font-size: 12.5px;
    font-family: var(--_sans);
  }
  .annotation text,
  text.halo {
    font-size: 12px;
    font-family: var(--_sans);
    fill: var(--_fg);
    paint-order: stroke;
    stroke: var(--_bg);
    stroke-width: 3px;
    stroke-linejoin: round;
  }
  .annotation .leader {
    stroke-width: 1;
    opacity: 0.7;
  }
  .annotation .ref {
    stroke-width: 1.5;
    stroke-dasharray: 5 4;
  }
  .annotation .band {
    opacity: 0.13;
  }
  .annotation .marker {
    stroke: var(--_bg);
    stroke-width: 1.5;
  }
  .hover line {
    stroke: var(--_fg);
    stroke-width: 1;
    opacity: 0.55;
  }
  .hover circle {
    stroke: var(--_bg);
    stroke-width: 1.5;
  }
  .legend {
    display: flex;
    flex-wrap: wrap;
    gap: 0.25rem 1rem;
    font-size: 0.8rem;
    margin-top: 0.3rem;
  }
  .swatch {
    display: inline-block;
    width: 1.2rem;
    height: 0.25rem;
    vertical-align: middle;
    margin-right: 0.3rem;
    border-radius: 1px;
  }
  .swatch.dot {
    width: 0.5rem;
    height: 0.5rem;
    border-radius: 50%;
    margin: 0 0.35rem 0 0.35rem;
  }
  .swatch.dash {
    background-image: linear-gradient(to right, transparent 55%, var(--_bg) 55%);
    background-size: 0.45rem 100%;
  }
  .swatch.thin {
    height: 1px;
  }
  /* A shaded range's key: the band's own 13 % opacity is too faint for a swatch this small. */
  .swatch.band {
    height: 0.8rem;
    opacity: 0.35;
  }
  .readout {
    font-family: var(--_mono);
    font-size: 0.8rem;
    min-height: 1.3em;
    margin-top: 0.2rem;
    overflow-wrap: anywhere;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
`;

/** Named tones for annotations, so chapters need not pick CSS colours. */
export const TONES: Record<string, string> = {
  accent: 'var(--_accent)',
  accent2: 'var(--_accent-2)',
  good: 'var(--_good)',
  warn: 'var(--_warn)',
  muted: 'var(--_muted)',
  fg: 'var(--_fg)',
};

/** A tone name or any CSS colour. */
export const toneColor = (c: string | undefined, fallback = 'var(--_fg)') => (c ? (TONES[c] ?? c) : fallback);

/** Series colours in order; readable on both themes. */
export const PALETTE = [
  'var(--_accent)',
  'var(--_accent-2)',
  'var(--_good)',
  'var(--_warn)',
  'var(--posenc-series-5, #8a5cd1)',
  'var(--posenc-series-6, #0f8fa0)',
];
