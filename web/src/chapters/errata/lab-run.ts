/**
 * The lab run that the extrapolation claims of 000, 001 and 004 wait for: every encoding of the lab
 * (the core's list, cpp/include/posenc/lab_config.hpp) on the three length tasks, at seven lengths
 * relative to the training length, three seeds each. The lengths are those of the saved reference run
 * (web/data/lab-reference.json, lengths over trainLength; a test holds them equal): the page said
 * 0.5 … 4 without the 3× the run has.
 */
import { LAB_ENCODINGS } from '../../lib/lab/info.generated.js';

export const LAB_RUN = {
  tasks: ['copy', 'offset', 'recall'],
  encodings: [...LAB_ENCODINGS],
  lengths: [0.5, 1, 1.25, 1.5, 2, 3, 4],
  seeds: 3,
};
