import { css } from 'lit';

import { tokens } from '../components/shared/theme.js';

export const appStyles = [
  tokens,
  css`
    :host {
      display: block;
      min-height: 100vh;
      background: var(--_bg);
    }
    header {
      display: flex;
      flex-wrap: wrap;
      align-items: center;
      justify-content: space-between;
      gap: 0.6rem 1.2rem;
      padding: 0.8rem 1.2rem;
      border-bottom: 1px solid var(--_line);
    }
    .skip {
      position: absolute;
      left: -999px;
    }
    .skip:focus {
      left: 1rem;
      top: 0.5rem;
      background: var(--_bg);
      padding: 0.3rem 0.6rem;
      z-index: 10;
    }
    .brand {
      display: flex;
      gap: 0.7rem;
      align-items: center;
      min-width: 0;
    }
    .logo {
      font-size: 2rem;
      color: var(--_accent);
    }
    h1 {
      font-size: 1.15rem;
      margin: 0;
    }
    .tagline {
      margin: 0;
      color: var(--_muted);
      font-size: 0.85rem;
    }
    .tools {
      display: flex;
      gap: 0.6rem;
      align-items: center;
    }
    button {
      font: inherit;
      font-size: 0.9rem;
      color: var(--_fg);
      background: var(--_panel);
      border: 1px solid var(--_line);
      border-radius: 6px;
      padding: 0.3rem 0.7rem;
      cursor: pointer;
    }
    .langs {
      display: flex;
    }
    .langs button {
      border-radius: 0;
    }
    .langs button:first-child {
      border-radius: 6px 0 0 6px;
    }
    .langs button:last-child {
      border-radius: 0 6px 6px 0;
    }
    button[aria-pressed='true'] {
      background: var(--_accent);
      border-color: var(--_accent);
      color: var(--_bg);
    }
    .layout {
      display: grid;
      grid-template-columns: 15.5rem minmax(0, 1fr);
      gap: 2rem;
      max-width: 82rem;
      margin: 0 auto;
      padding: 1.2rem;
    }
    .menu {
      display: none;
    }
    .sidebar nav {
      position: sticky;
      top: 1rem;
    }
    nav ol {
      list-style: none;
      padding: 0;
      margin: 0;
      counter-reset: ch;
    }
    nav li {
      counter-increment: ch;
    }
    nav a {
      display: block;
      padding: 0.35rem 0.6rem;
      border-radius: 6px;
      color: var(--_fg);
      text-decoration: none;
      font-size: 0.93rem;
    }
    nav a::before {
      content: counter(ch) '. ';
      color: var(--_muted);
    }
    nav a:hover {
      background: var(--_panel);
    }
    nav a[aria-current='page'] {
      background: var(--_panel);
      color: var(--_accent);
      font-weight: 600;
    }
    main {
      min-width: 0;
      outline: none;
    }
    main.embed {
      padding: 0.8rem;
    }
    .full {
      font-size: 0.85rem;
    }
    a {
      color: var(--_accent);
    }
    .status {
      color: var(--_muted);
    }
    .pager {
      display: flex;
      justify-content: space-between;
      gap: 1rem;
      margin-top: 3rem;
      padding-top: 1rem;
      border-top: 1px solid var(--_line);
      flex-wrap: wrap;
    }
    @media (max-width: 960px) {
      .layout {
        grid-template-columns: minmax(0, 1fr);
        gap: 0.8rem;
        padding: 0.8rem;
      }
      .sidebar {
        display: none;
      }
      .menu {
        display: block;
        border: 1px solid var(--_line);
        border-radius: 8px;
        padding: 0.4rem 0.7rem;
      }
      summary {
        cursor: pointer;
        font-weight: 600;
      }
    }
    @media print {
      header .tools,
      .sidebar,
      .menu,
      .pager {
        display: none;
      }
      .layout {
        display: block;
      }
    }
  `,
];
