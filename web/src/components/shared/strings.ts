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
  openControls: l('调整', 'change'),
  foldControls: l('收起', 'fold'),
  language: l('语言', 'Language'),
  theme: l('主题', 'Theme'),
  light: l('浅色', 'Light'),
  dark: l('深色', 'Dark'),
  seedRef: l('讲义：', 'Teaching documents:'),
  /** Once per chapter, after its header's document numbers: a newcomer does not know what 000–004 are. */
  seedAbout: l('（000–004 是本页讲解的五篇中文讲义，', '(000–004 are the five Chinese teaching documents this page walks through; '),
  seedList: l('“勘误”一章列出了它们', 'the Errata chapter lists them'),
  seedAboutEnd: l('）', ')'),
  /** Brackets around a note in the reader's language. */
  open: l('（', ' ('),
  close: l('）', ')'),
  erratum: l('勘误：', 'Erratum:'),
  seeErratum: l('查看勘误', 'see the erratum'),
  /** Before the buttons of a formula's linked terms. */
  pointTerm: l('指向公式的一项，图中对应的部分会亮起：', 'Point at a term of the formula and what it draws lights up:'),
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
  question: l('本章要回答的问题', 'The question'),
  takeaways: l('要点', 'Takeaways'),
  references: l('参考文献与代码', 'References'),
  glossary: l('记号', 'Notation'),
  note: l('提示：', 'Note:'),
  predict: l('先猜一猜', 'Predict first'),
  reveal: l('揭晓', 'Reveal'),
  yourGuess: l('你的猜测：', 'Your guess: '),
  computed: l('按当前参数计算：', 'Computed at the current parameters: '),
  /** Ends a sentence: Chinese has its own full stop and no space after it. */
  stop: l('。', '. '),
  right: l('猜对了。', 'Right.'),
  wrong: l('和计算结果不同。', 'Not what the computation shows.'),
  chooseFirst: l('先选一个答案，再揭晓。', 'Pick an answer, then reveal.'),
  skipGuess: l('不猜，直接看', 'Skip the guess and show it'),
  /** The figure answers nothing at these settings (a run without the model asked about). */
  noAnswer: l('这张图在当前设置下给不出答案，见图下的说明。', 'The figure has no answer at these settings: see the note below it.'),
  loadingChapter: l('正在加载本章…', 'Loading the chapter…'),
};
