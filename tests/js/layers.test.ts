// DESIGN.md's layering, checked on the source: a chapter is content (data), so it imports no
// rendering library, no other chapter, nothing from bench/, and holds no render functions; the
// library (web/src/lib) imports nothing from the page's layers.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const chaptersDir = join(root, 'web/src/chapters');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Every module a file reaches: static and side-effect imports, re-exports, import(), import.meta.glob patterns. */
function imports(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  const globs = [...src.matchAll(/import\.meta\.glob\(\s*(\[[^\]]*\]|['"][^'"]+['"])/g)].flatMap((m) =>
    [...m[1].matchAll(/['"]([^'"]+)['"]/g)].map((g) => g[1]),
  );
  return [
    ...src.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm),
    ...src.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm),
    ...src.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ]
    .map((m) => m[1])
    .concat(globs);
}

const chapterFiles = files(chaptersDir);
const chapterIds = readdirSync(chaptersDir)
  .filter((f) => f.endsWith('.ts') && !['index.ts', 'glossary.ts'].includes(f))
  .map((f) => f.replace(/\.ts$/, ''));

describe('chapters are content', () => {
  it('finds the chapters (the scan itself works)', () => {
    expect(chapterIds).toEqual(expect.arrayContaining(['why', 'rope', 'contexts', 'errata']));
  });

  for (const file of chapterFiles) {
    const name = relative(root, file);
    it(`${name}: no lit, no bench/, no other chapter, no render functions`, () => {
      const src = readFileSync(file, 'utf8');
      const deps = imports(file);
      expect(deps.filter((d) => d === 'lit' || d.startsWith('lit/'))).toEqual([]);
      expect(deps.filter((d) => d.includes('bench/'))).toEqual([]);
      // index.ts is the registry: it names each chapter's loader. Every other file stays apart.
      if (!file.endsWith('chapters/index.ts')) {
        const chapterImports = deps.filter((d) => {
          const target = resolve(file, '..', d).replace(/\.js$/, '');
          return chapterIds.some((id) => target === join(chaptersDir, id) && target !== file.replace(/\.ts$/, ''));
        });
        expect(chapterImports).toEqual([]);
      }
      expect(src).not.toMatch(/kind:\s*['"]view['"]/);
      expect(src).not.toMatch(/\bhtml`/);
    });
  }
});

describe('the library stands alone', () => {
  for (const file of files(join(root, 'web/src/lib'))) {
    it(`${relative(root, file)} imports nothing from components/, chapters/, page/ or elements/`, () => {
      const bad = imports(file).filter((d) =>
        /(^|\/)(components|chapters|page|elements)\//.test(resolve(file, '..', d).slice(root.length)),
      );
      expect(bad).toEqual([]);
    });
  }
});

describe('the shipped code stands on its own', () => {
  const webSrc = join(root, 'web/src');
  const all = files(webSrc);
  const outside = (file: string, spec: string) => {
    if (!spec.startsWith('.')) return false;
    const to = relative(root, resolve(dirname(file), spec));
    return to.startsWith('tests/') || to.startsWith('docs/') || to.startsWith('bench/') || to.startsWith('scripts/');
  };

  it('the scan sees static, dynamic and glob imports (a file that reached out would be caught)', () => {
    const probe = join(webSrc, 'components/errata/run.ts');
    expect(imports(probe).some((d) => d.includes('data/seeds'))).toBe(true);
    expect(outside(probe, '../../../../tests/hf/x.json')).toBe(true);
    expect(outside(probe, '../../../data/seeds/*.txt')).toBe(false);
  });

  for (const file of all) {
    const name = relative(root, file);
    it(`${name}: nothing from tests/, docs/, bench/ or scripts/ (data the page ships is under web/)`, () => {
      expect(imports(file).filter((d) => outside(file, d))).toEqual([]);
    });
  }

  for (const file of all.filter((f) => f.includes('/components/'))) {
    it(`${relative(root, file)}: a component reaches no chapter`, () => {
      expect(
        imports(file).filter((d) => d.startsWith('.') && relative(root, resolve(dirname(file), d)).startsWith('web/src/chapters')),
      ).toEqual([]);
    });
  }
});

describe("a component's words sit in one table", () => {
  const components = files(join(root, 'web/src/components')).filter((f) => f.endsWith('.component.ts'));
  it('finds the components', () => expect(components.length).toBeGreaterThan(60));
  for (const file of components) {
    it(`${relative(root, file)}: no bilingual string literal inside the class (they belong in its table)`, () => {
      const src = readFileSync(file, 'utf8');
      const body = src.slice(Math.max(0, src.search(/^export class/m)));
      expect(body.match(/(?<![\w.])l\(\s*['"`]/g) ?? []).toEqual([]);
    });
  }
});
