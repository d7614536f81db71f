/**
 * The audit of the five seed documents, in document order: one data file per document (what it
 * says, verbatim; what is right; the check that decides). The Errata chapter and the tests read it.
 */
import type { EntryData } from '../../components/errata/types.js';
import { SEED_000 } from './seed-000.js';
import { SEED_001 } from './seed-001.js';
import { SEED_002 } from './seed-002.js';
import { SEED_003 } from './seed-003.js';
import { SEED_004 } from './seed-004.js';

export const ENTRIES: readonly EntryData[] = [...SEED_000, ...SEED_001, ...SEED_002, ...SEED_003, ...SEED_004];
