/** The chapters in reading order (docs/DESIGN.md, "Page: chapters and the seeds they walk through"). */
import type { Chapter } from '../components/chapter/chapter-types.js';
import { comparison } from './comparison.js';
import { contexts } from './contexts.js';
import { errata } from './errata.js';
import { history } from './history.js';
import { learned } from './learned.js';
import { modulation } from './modulation.js';
import { relative } from './relative.js';
import { rope } from './rope.js';
import { scores } from './scores.js';
import { sinusoidal } from './sinusoidal.js';
import { speed } from './speed.js';
import { why } from './why.js';

export const chapters: Chapter[] = [why, history, sinusoidal, scores, learned, relative, rope, modulation, comparison, contexts, errata, speed];
