// Docs that run: every `js` example of docs/API.md and the README's Node example, executed as written
// in Node against the installed tarball (each in its own process), every `// →` line checked against
// what that line printed; every exported function has an example; the tarball ships the docs.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, inject, it } from 'vitest';

import { loadPosenc } from './load-posenc.js';

const repo = resolve(__dirname, '../..');
const apiMd = readFileSync(join(repo, 'docs/API.md'), 'utf8');
const readme = readFileSync(join(repo, 'README.md'), 'utf8');

interface Block {
  title: string;
  lang: string;
  code: string;
}

/** Fenced blocks with the nearest heading (or marker comment) above each. */
export function blocks(markdown: string): Block[] {
  const out: Block[] = [];
  let title = '';
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const heading = /^#{2,4} (.*)/.exec(lines[i]);
    if (heading) title = heading[1];
    const marker = /^<!-- example: (\w+)/.exec(lines[i]);
    if (marker) title = `example: ${marker[1]}`;
    const fence = /^```(\w*)\s*$/.exec(lines[i]);
    if (!fence) continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end] !== '```') end++;
    out.push({ title, lang: fence[1], code: lines.slice(start, end).join('\n') });
    i = end;
  }
  return out;
}

/**
 * The block with a check after each `// →` line: what the last console.log printed (its arguments
 * as String() joins them with spaces) must equal the text after the arrow.
 */
function checked(code: string): string {
  const prelude = `const __printed = [];
const __log = console.log;
console.log = (...a) => { __printed.push(a.map(String).join(' ')); __log(...a); };
const __reached = new Set();
const __expect = (want, line) => {
  const got = __printed[__printed.length - 1];
  if (got !== want) throw new Error('line ' + line + ': printed ' + JSON.stringify(got) + ', the docs say ' + JSON.stringify(want));
  __printed.length = 0;
  __reached.add(line);
};
`;
  const lines = code.split('\n').map((l, i) => {
    const m = /\/\/ → (.*)$/.exec(l);
    return m ? `${l}\n__expect(${JSON.stringify(m[1].trim())}, ${i + 1});` : l;
  });
  // Every `// →` line must have run (one inside a catch that never ran would check nothing).
  const all = code.split('\n').flatMap((l, i) => (/\/\/ → /.test(l) ? [i + 1] : []));
  const epilogue = `\nconst __missed = ${JSON.stringify(all)}.filter((l) => !__reached.has(l));
if (__missed.length) throw new Error('lines never reached: ' + __missed.join(', '));\n`;
  return prelude + lines.join('\n') + epilogue;
}

function run(code: string, name: string): string {
  const dir = inject('consumerDir');
  const file = join(dir, `${name.replace(/[^\w]+/g, '-')}.mjs`);
  writeFileSync(file, checked(code));
  try {
    return execFileSync(process.execPath, [file], { cwd: dir, stdio: 'pipe', timeout: 120_000 }).toString();
  } catch (e) {
    const err = e as { stderr?: Buffer; stdout?: Buffer };
    throw new Error(`${name}:\n${err.stderr?.toString() ?? ''}${err.stdout?.toString() ?? ''}`);
  }
}

const apiExamples = blocks(apiMd).filter((b) => b.lang === 'js');

describe('docs/API.md: every example runs as written', () => {
  it('has examples', () => expect(apiExamples.length).toBeGreaterThanOrEqual(10));
  it.each(apiExamples.map((b, i) => [b.title, i] as const))('%s', (title, i) => {
    run(apiExamples[i].code, `api-${i}-${title}`);
  });
});

describe("README.md's npm example", () => {
  it('runs as written in Node, reading config.json with readFileSync', () => {
    const node = blocks(readme).find((b) => b.title === 'example: node');
    expect(node?.lang).toBe('js');
    expect(node!.code).toContain("readFileSync('config.json'");
    copyFileSync(join(repo, 'web/data/configs/llama-3.1-8b-instruct.json'), join(inject('consumerDir'), 'config.json'));
    run(node!.code, 'readme-node');
  });
});

describe('every exported function has an example in docs/API.md', () => {
  const examples = blocks(apiMd)
    .filter((b) => b.lang === 'js' || b.lang === 'html')
    .map((b) => b.code)
    .join('\n');
  const used = (name: string) => new RegExp(`(?:\\.|\\b)${name}\\(`).test(examples) || new RegExp(`\\b${name}\\b`).test(examples);

  it("the package's exports, an instance's functions, the lab's and a model's methods", async () => {
    const mod = await import(pathToFileURL(join(inject('consumerDir'), 'entry.mjs')).href);
    const pe = await loadPosenc();
    const names = new Set<string>();
    for (const [k, v] of Object.entries(mod)) if (typeof v === 'function') names.add(k);
    for (const [k, v] of Object.entries(pe)) if (typeof v === 'function') names.add(k);
    for (const [k, v] of Object.entries(pe.lab)) if (typeof v === 'function') names.add(k);
    const model = await pe.lab.train({ encoding: 'none', steps: 0 });
    for (const k of Object.getOwnPropertyNames(Object.getPrototypeOf(model))) if (k !== 'constructor') names.add(k);
    model.dispose();
    const elements = await import(pathToFileURL(join(inject('consumerDir'), 'node_modules/posenc/dist/elements/posenc-elements.js')).href);
    for (const [k, v] of Object.entries(elements)) if (typeof v === 'function' && !/^Posenc/.test(k)) names.add(k);
    expect(names.size).toBeGreaterThan(25);
    const missing = [...names].filter((n) => !used(n));
    expect(missing, `functions without an example in docs/API.md: ${missing.join(', ')}`).toEqual([]);
  });
});

describe('the tarball ships the docs the README points to', () => {
  it('npm pack lists README.md, docs/API.md and docs/LAB.md, and the installed package has them', () => {
    const [pack] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--silent'], { cwd: repo }).toString());
    const files = (pack.files as { path: string }[]).map((f) => f.path);
    for (const f of ['README.md', 'docs/API.md', 'docs/LAB.md']) expect(files, f).toContain(f);
    for (const f of ['README.md', 'docs/API.md', 'docs/LAB.md'])
      expect(existsSync(join(inject('consumerDir'), 'node_modules/posenc', f)), f).toBe(true);
  });
});
