/** The page's own words (chrome, controls, markers). Chapter prose lives in chapters/. */
import { l } from './i18n.js';

export const ui = {
  title: l('posenc：看见位置编码', 'posenc: seeing position encodings'),
  tagline: l(
    '五篇中文讲义的推导，每个数字都由 WebAssembly 核心实时计算。',
    'The derivations of five teaching documents, every number computed live by a WebAssembly core.',
  ),
  chapters: l('章节', 'Chapters'),
  controls: l('参数', 'Parameters'),
  language: l('语言', 'Language'),
  theme: l('主题', 'Theme'),
  light: l('浅色', 'Light'),
  dark: l('深色', 'Dark'),
  seedRef: l('讲义：', 'Seed document:'),
  erratum: l('勘误：', 'Erratum:'),
  seeErratum: l('查看勘误', 'see the erratum'),
  loading: l('正在加载 WebAssembly 核心…', 'Loading the WebAssembly core…'),
  loadFailed: l('WebAssembly 核心加载失败：', 'The WebAssembly core failed to load:'),
  backend: l('计算后端', 'Compute backend'),
  skip: l('跳到正文', 'Skip to content'),
  menu: l('目录', 'Contents'),
  comingSoon: l('本章正在编写中。', 'This chapter is being written.'),
  prev: l('上一章', 'Previous'),
  next: l('下一章', 'Next'),
  openFull: l('在完整页面中打开', 'Open in the full page'),
  notFound: l('没有这一章，已打开第一章。', 'No such chapter; showing the first one.'),
};
