// DESIGN.md's layering, checked on the source: a chapter is content (data), so it imports no
// rendering library, no other chapter, nothing from bench/, and holds no render functions; the
// library (web/src/lib) imports nothing from the page's layers.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const chaptersDir = join(root, 'web/src/chapters');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

function imports(file: string): string[] {
  const src = readFileSync(file, 'utf8');
  return [
    ...src.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm),
    ...src.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]);
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
