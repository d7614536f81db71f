/** Longer contexts: beyond the seeds (issue 7 fills it in). */
import type { Chapter } from '../components/chapter/chapter-types.js';
import { l } from './shared.js';

export const contexts: Chapter = {
  id: 'contexts',
  title: l('更长的上下文', 'Longer contexts'),
  summary: l(
    'ALiBi、位置插值、NTK 与动态缩放、YaRN、Llama 3：模型如何把上下文拉长。本章正在编写。',
    'ALiBi, Position Interpolation, NTK-aware and dynamic scaling, YaRN, Llama 3: how models stretch their context. This chapter is being written.',
  ),
  seeds: l('讲义之外', 'beyond the seeds'),
  params: [],
  sections: [],
};
