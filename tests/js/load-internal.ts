import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import type { PosencFull } from '../../web/src/lib/internal.js';

/**
 * The build's own modules (dist/lib), with the internal measurements the page uses: what the
 * errata checks and the internal hostile-input tests run on. The public API is tested on the
 * installed tarball instead (load-posenc.ts).
 */
export async function loadInternal(options?: { simd?: boolean }): Promise<PosencFull> {
  const dist = resolve(__dirname, '../../dist/lib');
  const { init } = await import(pathToFileURL(join(dist, 'node.js')).href);
  const { full } = await import(pathToFileURL(join(dist, 'internal.js')).href);
  return await full(await init(options));
}
