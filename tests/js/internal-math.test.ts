// A display formula's statements (web/src/components/math/statements.ts): split only at a \quad or
// \qquad outside braces, environments and \left…\right, each piece parses alone in KaTeX, and the
// pieces put back together are the formula.
import katex from 'katex';
import { describe, expect, it } from 'vitest';

import { statements } from '../../web/src/components/math/statements.js';

const parses = (tex: string) => katex.renderToString(tex, { displayMode: true, throwOnError: true, strict: 'ignore', trust: true });
/** The formula without separators and spaces: what the pieces must add up to. */
const squeeze = (tex: string) => tex.replace(/\\q?quad(?![a-zA-Z])/g, '').replace(/\s+/g, '');

describe('statements', () => {
  const cases: [string, string[]][] = [
    ['a=b,\\qquad c=d', ['a=b,', 'c=d']],
    ['x\\quad y\\qquad z', ['x', 'y', 'z']],
    ['\\text{a\\qquad b}=c', ['\\text{a\\qquad b}=c']],
    [
      'f=\\begin{cases}1, & x\\quad\\text{if}\\\\ 0\\end{cases}\\qquad g',
      ['f=\\begin{cases}1, & x\\quad\\text{if}\\\\ 0\\end{cases}', 'g'],
    ],
    ['\\left(a\\quad b\\right)\\qquad c', ['\\left(a\\quad b\\right)', 'c']],
    ['\\htmlData{term=x}{a\\qquad b}\\qquad c', ['\\htmlData{term=x}{a\\qquad b}', 'c']],
    ['\\quadrature\\qquad x', ['\\quadrature', 'x']],
    ['a\\{\\qquad b', ['a\\{', 'b']],
    ['\\qquad', ['\\qquad']],
    ['a\\', ['a\\']],
  ];
  for (const [tex, want] of cases) {
    it(JSON.stringify(tex), () => {
      const got = statements(tex);
      expect(got).toEqual(want);
      if (got.length > 1) expect(squeeze(got.join(''))).toBe(squeeze(tex));
    });
  }

  it('every piece of a split formula parses on its own', () => {
    const page = [
      "S'=\\frac{(\\Pi Q)(\\Pi K)^\\top}{\\sqrt{d_k}}=\\Pi S\\Pi^\\top,\\qquad A'=\\operatorname{softmax}_{\\text{row}}(\\Pi S\\Pi^\\top)=\\Pi A\\Pi^\\top,\\qquad Y'=A'V'",
      '\\text{block } l:\\ \\begin{cases}\\text{RoPE}, & (l+1)\\bmod 4\\neq 0\\\\ \\text{NoPE}, & \\text{else}\\end{cases}\\qquad \\tau=1',
      '\\left(\\frac{a}{b}\\quad c\\right)\\quad d=e',
    ];
    for (const tex of page) {
      const pieces = statements(tex);
      expect(pieces.length, tex).toBeGreaterThan(1);
      for (const p of pieces) expect(() => parses(p), p).not.toThrow();
    }
  });
});
