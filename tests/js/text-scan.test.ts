// The errata checks' text scans (web/src/components/errata/text-scan.ts): lines from 1, how a line
// ends, $$ pairing, inline $ followed by a space, headings outside code fences.
import { describe, expect, it } from 'vitest';

import { displayMathScan, inlineMathScan, lineInfo, markdownHeadings, textFind } from '../../web/src/components/errata/text-scan.js';

const TEXT = [
  '# Title',
  'a line with needle',
  '',
  '其中:',
  '',
  '优点:',
  '$$ x $$ and $$$$ then $$',
  '```',
  '# not a heading',
  '```',
  'cut off，',
  'ok $a$ and $ b$ here',
  '',
].join('\n');

describe('text scans', () => {
  it('find the lines that hold a phrase', () => {
    expect(Array.from(textFind(TEXT, 'needle'))).toEqual([2]);
    expect(Array.from(textFind(TEXT, 'other'))).toEqual([]);
    expect(Array.from(textFind('a\r\nb needle\r\n', 'needle'))).toEqual([2]);
    expect(() => textFind(TEXT, '')).toThrow(RangeError);
    expect(() => textFind(TEXT, 'a\nb')).toThrow(/needle must be a non-empty string without a line break/);
  });

  it('read how a line ends and what follows it', () => {
    expect(lineInfo(TEXT, 4)).toMatchObject({
      text: '其中:',
      endsWithColon: true,
      nextNonEmpty: 6,
      nextText: '优点:',
      nextEndsWithColon: true,
    });
    expect(lineInfo(TEXT, 11).endsSentence).toBe(false);
    expect(lineInfo('见上文。）', 1).endsSentence).toBe(true);
    expect(lineInfo('so it is "done."', 1).endsSentence).toBe(true);
    expect(lineInfo(TEXT, 2).fields).toBe(4);
    expect(lineInfo(TEXT, 12).nextNonEmpty).toBe(0);
    expect(() => lineInfo(TEXT, 99)).toThrow(/line must be an integer from 1 to 13, got 99/);
    expect(() => lineInfo(TEXT, 0.5)).toThrow(RangeError);
  });

  it('pair $$ in order, and find the one left open', () => {
    const d = displayMathScan(TEXT);
    expect(d.count).toBe(5);
    expect(d.empty).toEqual([false, true]);
    expect(Array.from(d.openLine)).toEqual([7, 7]);
    expect(d.unclosedLine).toBe(7);
    const e = displayMathScan('a $$x$$ b\n$$\n\n$$');
    expect(e.empty).toEqual([false, true]);
    expect(Array.from(e.closeLine)).toEqual([1, 4]);
    expect(e.unclosedLine).toBe(0);
  });

  it('flag an opening $ followed by a space, not \\$ nor $$', () => {
    expect(Array.from(inlineMathScan(TEXT))).toEqual([12]);
    expect(Array.from(inlineMathScan('cost \\$ 5 and $x$'))).toEqual([]);
    expect(Array.from(inlineMathScan('$a$ then $\tb$'))).toEqual([1]);
  });

  it('find headings outside code fences', () => {
    const h = markdownHeadings(TEXT);
    expect(Array.from(h.lines)).toEqual([1]);
    expect(h.fences).toBe(2);
    const g = markdownHeadings('# a\n```\n# b\n```\n## c\n####### d\n#e');
    expect(Array.from(g.lines)).toEqual([1, 5]);
    expect(Array.from(g.levels)).toEqual([1, 2]);
  });
});
