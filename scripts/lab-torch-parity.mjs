// Writes the inputs of the PyTorch parity check (scripts/lab-torch-parity.py): for every encoding
// (RoPE and xPos in both layouts, RoPE stretched by PI, NTK and YaRN at evaluation, and every encoding
// that reads positions with randomized positions, P = 48) a model trained briefly
// through pe.lab, saved with toSafetensors(), and the logits pe.lab computes for test sequences at
// 1× and 4× the training length (learned: within its table).
//
//   node scripts/lab-torch-parity.mjs DIR        (after bash scripts/build-lib.sh)
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { init } from '../dist/lib/node.js';

const dir = process.argv[2] ?? '/tmp/posenc-lab-parity';
mkdirSync(dir, { recursive: true });
const pe = await init();
const lab = pe.lab;
const cases = [];
const variants = [
  ...lab.encodings.map((encoding) => ({ name: encoding, options: { encoding } })),
  { name: 'rope-half', options: { encoding: 'rope', ropeLayout: 'half' } },
  { name: 'xpos-half', options: { encoding: 'xpos', ropeLayout: 'half' } },
  // randomized positions (P = 48) for every encoding that reads positions
  ...lab.encodings
    .filter((e) => e !== 'none' && e !== 'cope')
    .map((encoding) => ({ name: `${encoding}+rand`, options: { encoding, randomPositions: 48 } })),
];
for (const v of variants) {
  const model = await lab.train({ task: 'recall', seed: 11, steps: 300, ...v.options });
  const file = `${v.name}.safetensors`;
  writeFileSync(join(dir, file), model.toSafetensors());
  const lengths = v.options.encoding === 'learned' && !v.options.randomPositions ? [12, 7] : [12, 48];
  const stretches = v.options.encoding === 'rope' && !v.options.randomPositions ? ['none', 'pi', 'ntk', 'yarn'] : ['none'];
  for (const length of lengths) {
    const { tokens } = lab.sample({ task: 'recall', length, index: 1 });
    for (const stretch of stretches) {
      cases.push({
        name: v.name,
        file,
        stretch,
        length,
        tokens: Array.from(tokens),
        logits: Array.from(model.logits(tokens, { stretch })),
      });
    }
  }
  model.dispose();
}
writeFileSync(join(dir, 'cases.json'), JSON.stringify({ backend: pe.backend, cases }));
console.log(`${cases.length} cases, ${variants.length} models in ${dir}`);
