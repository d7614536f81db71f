/**
 * One instance of the package: the friendly API over the raw module. Each part lives with its
 * topic (encodings, relative, scores, config); memory handling is in wasm.ts, type checks in
 * checks.ts, and every range check in C++ (its messages come back as RangeError).
 */
import { config } from './config.js';
import { encodings } from './encodings.js';
import { register } from './internal.js';
import { createKernels } from './kernels.js';
import { readLimits } from './limits.js';
import { recent } from './recent.js';
import type { PosencModule } from './module-types.js';
import { relative } from './relative.js';
import { scoresApi } from './scores.js';
import { NO_LAB } from './lab/lab.js';
import type { Backend, Lab, Posenc } from './types.js';
import { guardAllocations, Wasm } from './wasm.js';

export function createPosenc(mod: PosencModule, backend: Backend, lab?: Lab): Posenc {
  // Not the per-block _posenc_rope_rows_apply, nor the memory pass: they allocate nothing.
  guardAllocations(mod, 4 * 2 ** 20, [
    '_posenc_sinusoidal',
    '_posenc_sinusoidal_into',
    '_posenc_sinusoidal_range_into',
    '_posenc_alibi_bias',
    '_posenc_scores',
    '_posenc_scores_into',
    '_posenc_colormap',
    '_posenc_rope_apply',
    '_posenc_rope_rows_begin',
    '_posenc_t5_buckets',
    '_posenc_decode_begin',
  ]);
  const w = new Wasm(mod, readLimits(mod));
  const models = config(w);
  const pe = {
    backend,
    ...encodings(w, models.inverseFrequencies),
    ropeFromConfig: models.ropeFromConfig,
    ropeForLayer: models.ropeForLayer,
    positionalScheme: models.positionalScheme,
    ...relative(w),
    ...recent(w),
    ...scoresApi(w),
    memoryBytes: () => mod.HEAPU8.length,
    lab: lab ?? NO_LAB,
  } as Posenc;
  register(pe, { kernels: createKernels(w) });
  return pe;
}
