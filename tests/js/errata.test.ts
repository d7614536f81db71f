// The audit of the seed documents as tests: every computable entry is recomputed with the installed
// package, and its verdict must follow from the numbers (an erratum must still disagree, a confirmed
// entry must still agree). Erratum markers in the chapters must point at entries that exist.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

import { AUDIT } from '../../web/src/chapters/errata-audit.js';
import type { PosencFull as Posenc } from '../../web/src/lib/internal.js';
import { loadInternal } from './load-internal.js';

let pe: Posenc;
beforeAll(async () => {
  pe = await loadInternal();
});

describe('audit of the seed documents', () => {
  it('covers all five documents, with errata and confirmed entries, ids unique', () => {
    for (const doc of ['000', '001', '002', '003', '004']) expect(AUDIT.some((e) => e.doc === doc), doc).toBe(true);
    expect(new Set(AUDIT.map((e) => e.id)).size).toBe(AUDIT.length);
    expect(AUDIT.filter((e) => e.verdict === 'erratum').length).toBeGreaterThan(10);
    expect(AUDIT.filter((e) => e.verdict === 'confirmed').length).toBeGreaterThan(10);
    for (const e of AUDIT) if (e.verdict === 'erratum') expect(e.severity, e.id).toBeDefined();
  });

  for (const entry of AUDIT) {
    it(`${entry.id} (${entry.doc} ${typeof entry.location === 'string' ? entry.location : entry.location.en}): ${entry.verdict}`, () => {
      const check = entry.check(pe);
      expect(check.rows.length).toBeGreaterThan(0);
      if (entry.computable === false) {
        expect(entry.source, 'an entry arithmetic cannot settle names its source').toBeTruthy();
        return;
      }
      expect(check.agrees, JSON.stringify(check.rows.filter((r) => r.agrees === (entry.verdict === 'erratum')), null, 1)).toBe(entry.verdict === 'confirmed');
    });
  }

  it('every erratum marker in a chapter names an audit entry of verdict "erratum"', () => {
    const dir = resolve(__dirname, '../../web/src/chapters');
    const ids = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => [...readFileSync(join(dir, f), 'utf8').matchAll(/kind: 'erratum',\s*id: '([^']+)'/g)].map((m) => m[1]));
    expect(ids.length).toBeGreaterThan(5);
    for (const id of ids) expect(AUDIT.find((e) => e.id === id)?.verdict, id).toBe('erratum');
  });
});
