/**
 * The lab run that the extrapolation claims of 000, 001 and 004 wait for: every encoding of the lab
 * (the core's list, cpp/include/posenc/lab_config.hpp) on the three length tasks, at six lengths
 * relative to the training length, three seeds each.
 */
import { LAB_ENCODINGS } from '../../lib/lab/info.generated.js';

export const LAB_RUN = {
  tasks: ['copy', 'offset', 'recall'],
  encodings: [...LAB_ENCODINGS],
  lengths: [0.5, 1, 1.25, 1.5, 2, 4],
  seeds: 3,
};
