/**
 * What the errata checks read in a seed document as text: lines (numbered from 1) holding a phrase,
 * how a line ends, `$$` pairs, inline `$` followed by a space, Markdown headings. Text is not a
 * number the core computes, so it is scanned here; every number a check states still comes from
 * the core (analysis).
 */

/** The lines of a text without their line break (nor a trailing '\r'). */
function lines(text: string): string[] {
  return text.split('\n').map((s) => (s.endsWith('\r') ? s.slice(0, -1) : s));
}

const trim = (s: string) => s.replace(/^[ \t]+|[ \t]+$/g, '');
const blank = (s: string) => /^[ \t]*$/.test(s);
const endsWithColon = (s: string) => /[:：]$/.test(trim(s));

/** Does the line end a sentence? Closing brackets and quotes after the mark count too. */
function endsSentence(s: string): boolean {
  const bare = trim(s).replace(/[)）”’"'」*`]+$/u, '');
  return /[。！？.!?…:：$]$/u.test(bare);
}

/** Whitespace-separated fields (spaces and tabs). */
const fields = (s: string) => s.split(/[ \t]+/).filter(Boolean).length;

/** Lines (from 1) containing `needle`. */
export function textFind(text: string, needle: string): Int32Array {
  if (typeof needle !== 'string' || needle === '' || needle.includes('\n')) {
    throw new RangeError('textFind: needle must be a non-empty string without a line break');
  }
  return Int32Array.from(lines(text).flatMap((s, i) => (s.includes(needle) ? [i + 1] : [])));
}

export interface LineInfo {
  text: string;
  fields: number;
  endsSentence: boolean;
  endsWithColon: boolean;
  /** The next line that is not blank (0 when none), its text and whether it ends with a colon. */
  nextNonEmpty: number;
  nextText: string;
  nextEndsWithColon: boolean;
}

/** How line `line` (from 1) reads, and the next non-blank line after it. */
export function lineInfo(text: string, line: number): LineInfo {
  const all = lines(text);
  if (!Number.isInteger(line) || line < 1 || line > all.length) {
    throw new RangeError(`lineInfo: line must be an integer from 1 to ${all.length}, got ${line}`);
  }
  const s = all[line - 1];
  const next = all.findIndex((t, i) => i >= line && !blank(t));
  return {
    text: s,
    fields: fields(s),
    endsSentence: endsSentence(s),
    endsWithColon: endsWithColon(s),
    nextNonEmpty: next < 0 ? 0 : next + 1,
    nextText: next < 0 ? '' : all[next],
    nextEndsWithColon: next >= 0 && endsWithColon(all[next]),
  };
}

/** Every `$$`, paired in order: the lines of each display, which are empty, and an unpaired one (0: none). */
export function displayMathScan(text: string): {
  count: number;
  openLine: Int32Array;
  closeLine: Int32Array;
  empty: boolean[];
  unclosedLine: number;
} {
  const at: { line: number; start: number; after: number }[] = [];
  let line = 1;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\n') line++;
    else if (text[i] === '$' && text[i + 1] === '$') {
      at.push({ line, start: i, after: i + 2 });
      i++;
    }
  }
  const openLine: number[] = [],
    closeLine: number[] = [],
    empty: boolean[] = [];
  for (let k = 0; k + 1 < at.length; k += 2) {
    openLine.push(at[k].line);
    closeLine.push(at[k + 1].line);
    empty.push(/^[ \t\r\n]*$/.test(text.slice(at[k].after, at[k + 1].start)));
  }
  return {
    count: at.length,
    openLine: Int32Array.from(openLine),
    closeLine: Int32Array.from(closeLine),
    empty,
    unclosedLine: at.length % 2 ? at[at.length - 1].line : 0,
  };
}

/** Lines where an inline `$` that opens a formula is followed by a space or tab (`\$` is a literal dollar). */
export function inlineMathScan(text: string): Int32Array {
  const out: number[] = [];
  lines(text).forEach((s, li) => {
    let open = false,
      flagged = false;
    for (let i = 0; i < s.length; i++) {
      if (s[i] !== '$') continue;
      if (s[i + 1] === '$') {
        i++; // part of $$: not inline math
        continue;
      }
      if (i > 0 && s[i - 1] === '\\') continue;
      if (!open && (s[i + 1] === ' ' || s[i + 1] === '\t')) flagged = true;
      open = !open;
    }
    if (flagged) out.push(li + 1);
  });
  return Int32Array.from(out);
}

/** Markdown ATX headings outside code fences (their lines and levels), and the number of fence lines. */
export function markdownHeadings(text: string): { lines: Int32Array; levels: Int32Array; fences: number } {
  const at: number[] = [],
    levels: number[] = [];
  let fenced = false,
    fences = 0;
  lines(text).forEach((s, i) => {
    if (s.startsWith('```')) {
      fences++;
      fenced = !fenced;
      return;
    }
    const m = fenced ? null : /^(#{1,6}) /.exec(s);
    if (m) {
      at.push(i + 1);
      levels.push(m[1].length);
    }
  });
  return { lines: Int32Array.from(at), levels: Int32Array.from(levels), fences };
}
