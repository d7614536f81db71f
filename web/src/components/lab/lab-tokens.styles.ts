import { css } from 'lit';

/**
 * A sequence drawn as a row of token cells (position above, token, answer below, green when right
 * and red when wrong), as the lab's
 * examples and its playground draw it: one look for the reader's input and the saved examples.
 */
export const tokenCells = css`
  .seq {
    display: flex;
    flex-wrap: wrap;
    gap: 2px;
    margin: 0.3rem 0 0.8rem;
  }
  .tok {
    display: inline-flex;
    flex-direction: column;
    align-items: center;
    min-width: 1.9rem;
    font-family: var(--_mono);
    font-size: 0.85rem;
    border: 1px solid var(--_line);
    border-radius: 4px;
    padding: 1px 2px;
  }
  .tok.past {
    border-style: dashed;
  }
  .pos {
    font-size: 0.65rem;
    color: var(--_muted);
  }
  .ans.right {
    color: var(--_good);
  }
  .ans.wrong {
    color: var(--_accent-2);
    font-weight: 600;
  }
`;
