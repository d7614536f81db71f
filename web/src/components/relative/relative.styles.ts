import { css } from 'lit';

/** Figures of the relative topic: rows that stack on narrow screens, sentences under them. */
export const relativeStyles = css`
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0 1.1rem;
    align-items: flex-start;
  }
  .row > * {
    margin: 0.3rem 0;
  }
  .grow {
    flex: 1 1 18rem;
  }
  .note {
    font-size: 0.92rem;
    max-width: 46rem;
    margin: 0.3rem 0;
  }
  .scale {
    font-size: 0.85rem;
    margin: 0.2rem 0 0.4rem;
  }
  details {
    font-size: 0.9rem;
    margin: 0.3rem 0;
  }
  summary {
    cursor: pointer;
    color: var(--_accent);
  }
  table.pairs {
    border-collapse: collapse;
    font-family: var(--_mono);
    font-size: 0.8rem;
    margin: 0.3rem 0;
  }
  table.pairs caption {
    caption-side: top;
    text-align: left;
    font-family: var(--_sans);
    color: var(--_muted);
    font-size: 0.85rem;
    padding-bottom: 0.3rem;
  }
  table.pairs th,
  table.pairs td {
    border: 1px solid var(--_line);
    padding: 0.15rem 0.35rem;
    text-align: center;
    white-space: nowrap;
  }
  table.pairs td.same {
    background: color-mix(in srgb, var(--_good) 22%, transparent);
    font-weight: 600;
  }
  table.pairs tr > th:first-child {
    position: sticky;
    left: 0;
    background: var(--_panel);
  }
  table.pairs td.self {
    color: var(--_muted);
  }
  .scroll {
    overflow-x: auto;
    max-width: 100%;
  }
`;
