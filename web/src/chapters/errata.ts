/** Errata: where the documents and the computation disagree (issue 6 completes it). */
import type { Chapter } from '../components/chapter/chapter-types.js';
import { l } from './shared.js';

export const errata: Chapter = {
  id: 'errata',
  title: l('勘误', 'Errata'),
  summary: l(
    '讲义里的数字与说法，逐条与计算对照。各章中的勘误标记链接到这里；完整的列表正在整理。',
    'The documents\' numbers and claims, checked one by one against the computation. The erratum markers in the chapters link here; the full list is being compiled.',
  ),
  seeds: '000 · 001 · 002 · 003 · 004',
  params: [],
  sections: [],
};
