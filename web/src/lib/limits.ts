/**
 * The core's size limits (cpp/include/posenc/limits.hpp), read once from the module: the wrapper's
 * own checks (shapes it must know before allocating) use these, so they never drift from C++.
 */
import type { PosencModule } from './module-types.js';

export interface Limits {
  /** The module's memory ceiling in bytes (-sMAXIMUM_MEMORY). */
  maxMemory: number;
  maxDim: number;
  maxResultBytes: number;
  maxPositions: number;
  maxHeads: number;
  maxScoreSide: number;
  maxListLength: number;
  maxLutSize: number;
  maxAlibiHeads: number;
  maxAlibiLength: number;
  maxMatrixSide: number;
  maxTableRows: number;
  maxOffsets: number;
  maxSeed: number;
}

export function readLimits(mod: PosencModule): Limits {
  return mod.limits();
}
