/** The chapters in reading order (DESIGN.md, "Page: chapters and the seeds they walk through"). */
import type { Chapter } from '../components/chapter/chapter-types.js';
import { sinusoidal } from './sinusoidal.js';

export const chapters: Chapter[] = [sinusoidal];
