// posenc/elements as editors and course-site tools see it: dist/elements/custom-elements.json is
// generated from the element classes (scripts/build-page.sh) and describes the public elements
// only; the shipped .d.ts (written by hand) declares exactly those tags and attributes.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = resolve(__dirname, '../..');
const manifestFile = resolve(repo, 'dist/elements/custom-elements.json');
const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

interface Decl {
  tagName?: string;
  name: string;
  customElement?: boolean;
  attributes?: { name: string }[];
}

describe('custom-elements.json and posenc-elements.d.ts', () => {
  it('the manifest is built, small, and lists the public elements only', () => {
    expect(existsSync(manifestFile)).toBe(true);
    expect(statSync(manifestFile).size).toBeLessThan(100 * 1024);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { modules: { declarations?: Decl[] }[] };
    const tags = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName);
    const defined = [...readFileSync(resolve(repo, 'web/src/elements/define.ts'), 'utf8').matchAll(/define\('(posenc-[a-z-]+)'/g)].map(
      (m) => m[1],
    );
    expect(tags.map((t) => t.tagName).sort()).toEqual(defined.sort());
  });

  it('the .d.ts declares every tag of the manifest, with each attribute as a property', () => {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { modules: { declarations?: Decl[] }[] };
    const dts = readFileSync(resolve(repo, 'web/src/elements/posenc-elements.d.ts'), 'utf8');
    for (const d of manifest.modules.flatMap((m) => m.declarations ?? []).filter((x) => x.tagName)) {
      const mapped = new RegExp(`'${d.tagName}': (\\w+);`).exec(dts);
      expect(mapped, `${d.tagName} in HTMLElementTagNameMap`).not.toBeNull();
      const body = new RegExp(`export interface ${mapped![1]} extends HTMLElement \\{([^}]*)\\}`).exec(dts);
      expect(body, `interface ${mapped![1]}`).not.toBeNull();
      // lang is HTMLElement's own property; every other attribute is the element's.
      for (const a of (d.attributes ?? []).filter((x) => x.name !== 'lang')) {
        expect(body![1], `${d.tagName}: attribute ${a.name}`).toMatch(new RegExp(`\\b${camel(a.name)}: string \\| null;`));
      }
      const props = [...body![1].matchAll(/(\w+): /g)].map((m) => m[1]);
      expect(props.sort(), `${d.tagName}: no property the element lacks`).toEqual(
        (d.attributes ?? [])
          .filter((x) => x.name !== 'lang')
          .map((x) => camel(x.name))
          .sort(),
      );
    }
  });
});
