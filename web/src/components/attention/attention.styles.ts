import { css } from 'lit';

/** Figures of the attention topic: rows of heatmaps that stack on narrow screens, notes under them. */
export const attentionStyles = css`
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0 1.1rem;
    align-items: flex-start;
  }
  .row > * {
    margin: 0.3rem 0;
  }
  .note {
    font-size: 0.92rem;
    max-width: 46rem;
    margin: 0.3rem 0;
  }
  .scale {
    display: flex;
    align-items: center;
    flex-wrap: wrap;
    gap: 0.4rem;
    font-size: 0.85rem;
    margin: 0.2rem 0 0.4rem;
  }
  .bar {
    display: inline-block;
    width: 10rem;
    height: 0.7rem;
    border: 1px solid var(--_line);
  }
  .mono {
    font-family: var(--_mono);
  }
`;
