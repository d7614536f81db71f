import { css } from 'lit';

/** Side-by-side plots that stack on narrow screens, and the sentences under them. */
export const modulationStyles = css`
  .pair {
    display: flex;
    flex-wrap: wrap;
    gap: 0 1.2rem;
  }
  .pair > * {
    flex: 1 1 34rem;
    margin: 0.3rem 0;
  }
  .note {
    font-size: 0.92rem;
    max-width: 46rem;
    margin: 0.3rem 0;
  }
`;
