// Documents that cannot drift: every repository path named in the README, the docs and any source
// file (its comments included) exists. Placeholders (<topic>, *, {a,b}, 00N) name families of files
// and are skipped; generated files are built before this runs (npm test builds, then tests).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = resolve(__dirname, '../..');
const PATH = /(?<![\w./-])((?:cpp|web|tests|scripts|bench|docs)\/[\w.\-/<>*{},]+)/g;
// Made by a run (a benchmark, the e2e suite, a longer fuzz), never committed.
const RUN_OUTPUTS = ['bench/results.json', 'bench/frames.json', 'tests/e2e/screenshots', 'tests/fuzz/corpus-new'];
// Paths inside a course site's own tree (README's VitePress lines; the sites test builds one).
const A_SITES_TREE = ['docs/.vitepress', 'docs/index.md', 'docs/js'];

function named(file: string): string[] {
  return [...readFileSync(join(repo, file), 'utf8').matchAll(PATH)]
    .map((m) => m[1].replace(/[.,;:)/]+$/, ''))
    .filter((p) => !/[<>*{}]|00N/.test(p))
    .filter((p) => !RUN_OUTPUTS.some((o) => p.startsWith(o)))
    .filter((p) => !(A_SITES_TREE.some((o) => p.startsWith(o)) && /README\.md$|sites\.test\.ts$|paths\.test\.ts$/.test(file)));
}

describe('every repository path a document or a source names exists', () => {
  const files = execFileSync('git', ['ls-files'], { cwd: repo })
    .toString()
    .split('\n')
    .filter((f) => /\.(md|ts|mjs|cpp|hpp|sh|py|html)$/.test(f) && !f.startsWith('web/data/'));

  it('the scan reads the files (and would catch a wrong path)', () => {
    expect(files.length).toBeGreaterThan(200);
    expect(named('README.md').length).toBeGreaterThan(10);
    expect(named('cpp/include/posenc/rope.hpp')).toContain('cpp/kernels/rope_kernel.hpp');
  });

  it('no file names a path that is not there', () => {
    const missing = files.flatMap((f) =>
      named(f)
        .filter((p) => !existsSync(join(repo, p)))
        .map((p) => `${f}: ${p}`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });
});
