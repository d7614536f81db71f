/**
 * A display formula's statements: the pieces between `\quad` or `\qquad` written outside any
 * braces, environment or `\left…\right` ("a = b,\qquad c = d"). On a phone a display formula
 * wider than the screen scrolled sideways (at 360 px, 30 of the page's 33); set side by side,
 * statements that do not fit go one under another, and a statement still too wide breaks where
 * TeX would (after a top-level relation or operator). One piece: the formula as it is.
 */
export function statements(tex: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < tex.length; i++) {
    const c = tex[i];
    if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    if (c !== '\\') continue;
    const word = /^\\[a-zA-Z]+|^\\./.exec(tex.slice(i))?.[0] ?? c;
    if (word === '\\begin' || word === '\\left') depth++;
    else if (word === '\\end' || word === '\\right') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (word === '\\quad' || word === '\\qquad')) {
      out.push(tex.slice(start, i));
      start = i + word.length;
    }
    i += word.length - 1;
  }
  out.push(tex.slice(start));
  const pieces = out.map((p) => p.trim()).filter((p) => p !== '');
  return pieces.length ? pieces : [tex];
}
