import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inject } from 'vitest';

import type { InitOptions, Posenc } from '../../web/src/lib/types.js';

/** init() of the installed tarball (not of the source tree). */
export async function loadPosenc(options?: InitOptions): Promise<Posenc> {
  const mod = await import(pathToFileURL(join(inject('consumerDir'), 'entry.mjs')).href);
  return mod.init(options);
}
