import { css } from 'lit';

export const comparisonStyles = css`
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
  .yes {
    color: var(--_good);
    font-weight: 600;
  }
  .no {
    color: var(--_warn);
    font-weight: 600;
  }
  a {
    color: var(--_accent);
  }
`;
