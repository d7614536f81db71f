/**
 * JSON text from a reader's paste: parsed by the platform, and when it is not JSON, the first place
 * where it stops being JSON, as "line L, column C" (engines word and place their own messages
 * differently, so the position is found here).
 */
import { rangeError } from '../checks.js';

/** Index of the first character where `text` stops being valid JSON (text.length if it ends early). */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i])) i++;
  };
  const fail = (): never => {
    throw i;
  };
  const literal = (word: string) => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i++;
    }
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length && text[i] !== '"') {
      const c = text.charCodeAt(i);
      if (c < 0x20) fail();
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          for (let k = 1; k <= 4; k++) {
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
              i += k;
              fail();
            }
          }
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? 'x')) fail();
      }
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail();
    i += m![0].length;
  };
  /** A scalar value (string, literal or number) at i. */
  const scalar = () => {
    const c = text[i];
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    return number();
  };
  /** An object's key and its colon, from the next non-space at i. */
  const key = () => {
    ws();
    if (text[i] !== '"') fail();
    string();
    ws();
    if (text[i] !== ':') fail();
    i++;
  };
  // Iterative, with the open containers on a stack: a text nested deeper than the call stack could
  // follow is still read to its first error (JSON.parse reads any depth).
  const value = (): void => {
    const open: string[] = [];
    for (;;) {
      ws();
      // At the start of a value.
      const c = text[i];
      if (c === '{' || c === '[') {
        i++;
        ws();
        if (text[i] === (c === '{' ? '}' : ']')) i++;
        else {
          open.push(c);
          if (c === '{') key();
          continue;
        }
      } else scalar();
      // After a value: close containers until one takes another value.
      for (;;) {
        if (open.length === 0) return;
        ws();
        const top = open[open.length - 1];
        if (text[i] === ',') {
          i++;
          if (top === '{') key();
          break;
        }
        if (text[i] === (top === '{' ? '}' : ']')) {
          i++;
          open.pop();
          continue;
        }
        fail();
      }
    }
  };
  try {
    value();
    ws();
    if (i < text.length) fail();
  } catch (at) {
    if (typeof at === 'number') return Math.min(at, text.length);
    throw at;
  }
  return text.length;
}

/** Line and column (from 1) of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** JSON.parse, or a RangeError "<fn>: config: invalid JSON at line L, column C: …". */
export function parseJson(fn: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const at = jsonErrorOffset(text);
    const { line, column } = lineColumn(text, at);
    const near = text.slice(at, at + 20).split('\n')[0];
    rangeError(
      `${fn}: config: invalid JSON at line ${line}, column ${column}${at >= text.length ? ': the text ends too early' : `, near "${near}"`}`,
    );
  }
}
