/**
 * The one module of checks behind the Errata chapter: every entry (chapters/errata/seed-00N.ts)
 * names a check here with its parameters, and runCheck turns the rows it returns into a verdict.
 * Each check is a function of the core (the npm API plus the internal `analysis`) and of the
 * entry's data; the topic files hold the functions, this file only assembles them.
 *
 * Runs in Node (tests/js/errata.test.ts) as in the page: no DOM.
 */
import { l } from '../shared/i18n.js';
import { ATTENTION } from './checks-attention.js';
import { LAB } from './checks-lab.js';
import { RELATIVE } from './checks-relative.js';
import { ROPE } from './checks-rope.js';
import { SINUSOIDAL } from './checks-sinusoidal.js';
import { TEXT } from './checks-text.js';
import { textFind } from './text-scan.js';
import { type CheckContext, type CheckFn, type CheckResult, type CheckRow, row } from './check-kit.js';
import type { EntryData } from './types.js';

export type { CheckContext, CheckResult, CheckRow, LabReference } from './check-kit.js';

export const CHECKS: Readonly<Record<string, CheckFn>> = { ...SINUSOIDAL, ...ATTENTION, ...ROPE, ...RELATIVE, ...TEXT, ...LAB };

/** Every fragment of the entry's quote, found by the core on the line the entry gives. */
function quoteRow(ctx: CheckContext, entry: EntryData): CheckRow {
  const found = entry.quote.filter((q) => Array.from(textFind(ctx.seed, q.text)).includes(q.line)).length;
  const at = [...new Set(entry.quote.map((q) => q.line))];
  const lines = at.join(', ');
  return row(
    l(`引文在讲义 ${entry.doc} 的第 ${lines} 行`, `The quote is on ${at.length > 1 ? 'lines' : 'line'} ${lines} of ${entry.doc}`),
    String(entry.quote.length),
    `${found} / ${entry.quote.length}`,
    found === entry.quote.length,
    true,
  );
}

/** Runs an entry's check: its rows, whether the document agrees with them, and the verdict. */
export function runCheck(entry: EntryData, ctx: CheckContext): CheckResult {
  try {
    const fn = CHECKS[entry.check.name];
    if (!fn) throw new TypeError(`${entry.id}: no check named ${entry.check.name}`);
    const rows = [...fn(ctx, entry.check.args ?? {}, entry), quoteRow(ctx, entry)];
    const deciding = rows.filter((r) => !r.context);
    const agrees = deciding.length > 0 && deciding.every((r) => r.agrees);
    const broken = rows.some((r) => r.context && !r.agrees);
    const waiting = entry.lab !== undefined && rows.some((r) => r.pending);
    const undecided = entry.lab !== undefined && rows.some((r) => r.undecided);
    return { rows, agrees, broken, verdict: waiting ? 'waiting-for-lab' : undecided ? 'undecided' : agrees ? 'confirmed' : 'erratum' };
  } catch (e) {
    const message = (e as Error).message;
    return {
      rows: [row(l('检查出错', 'The check failed'), '—', message, false)],
      agrees: false,
      broken: true,
      verdict: 'erratum',
      error: message,
    };
  }
}
