/**
 * Colours as CSS custom properties (--posenc-*): they inherit through shadow roots, so the page's
 * dark theme and a host page's own colours reach every element. Fallbacks are the light theme.
 */
import { css } from 'lit';

export const tokens = css`
  :host {
    --_fg: var(--posenc-fg, #1d2330);
    --_muted: var(--posenc-muted, #5b6475);
    --_bg: var(--posenc-bg, #ffffff);
    --_panel: var(--posenc-panel, #f4f6fa);
    --_line: var(--posenc-line, #d5dae3);
    --_accent: var(--posenc-accent, #2f62d8);
    --_accent-2: var(--posenc-accent-2, #b23a10);
    --_good: var(--posenc-good, #197a42); /* 5.4:1 on white, 5.0:1 on the panel: AA for small text */
    --_warn: var(--posenc-warn, #a35500); /* 5.5:1 on white, 5.0:1 on the panel */
    --_focus: var(--posenc-focus, #ff9d00);
    --_mono: var(--posenc-mono, ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace);
    --_sans: var(--posenc-sans, system-ui, 'Noto Sans CJK SC', 'PingFang SC', 'Microsoft YaHei', sans-serif);
    color: var(--_fg);
    font-family: var(--_sans);
  }
  :focus-visible {
    outline: 3px solid var(--_focus);
    outline-offset: 2px;
  }
`;

/** A block-level figure or table inside prose: may shrink in flex rows, never widens the page. */
export const figureHost = css`
  :host {
    display: block;
    min-width: 0;
    max-width: 100%;
    contain: content;
    margin: 0.8rem 0;
  }
`;
