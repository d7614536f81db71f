/**
 * The lab's encodings and tasks by name, in both languages: one table the lab chapter's figures,
 * the chapter Since 2023 and the Errata's lab evidence all read (never the identifiers: "none 0.21 /
 * alibi 0.23" was English code on the Chinese page). A module of its own, without the lab's store,
 * so that naming an encoding does not bring the training worker with it.
 */
import { l, type L10n } from '../shared/i18n.js';
import type { LabEncoding } from '../../lib/lab/info.generated.js';

/** Each encoding's name on the page: one entry per encoding of the core's list (a missing one is a type error). */
export const ENCODING_NAMES: Record<LabEncoding, L10n> = {
  none: l('无位置编码（NoPE）', 'none (NoPE)'),
  sinusoidal: l('正弦', 'sinusoidal'),
  learned: l('可学习表', 'learned table'),
  t5: l('T5 相对偏置', 'T5 bias'),
  alibi: l('ALiBi', 'ALiBi'),
  rope: l('RoPE', 'RoPE'),
  xpos: l('xPos', 'xPos'),
  'p-rope': l('p-RoPE', 'p-RoPE'),
  kerple: l('Kerple（对数核）', 'Kerple (log)'),
  fire: l('FIRE', 'FIRE'),
  cope: l('CoPE（上下文位置）', 'CoPE (contextual)'),
  irope: l('iRoPE（交错）', 'iRoPE (interleaved)'),
};

export const TASK_NAMES: Record<string, L10n> = {
  recall: l('联想回忆', 'associative recall'),
  offset: l('固定偏移', 'fixed offset'),
  copy: l('复制', 'copy'),
  reverse: l('倒序', 'reverse'),
  induction: l('归纳头', 'induction'),
  sort: l('排序', 'sort'),
  flipflop: l('触发器（Flip-Flop）', 'flip-flop'),
  'selective-copy': l('选择性复制', 'selective copy'),
};

/** The task parameter's choices of a chapter, in the core's order. */
export const TASK_CHOICES = Object.entries(TASK_NAMES).map(([value, label]) => ({ value, label }));
